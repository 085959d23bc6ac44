import { Anchor, Badge, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import {
  ITEM_SEGMENTS,
  itemPointer,
  useRemoveFindingValue,
  useVersionFindings,
  type VersionFinding,
} from '../../api/findings';
import { HttpError } from '../../api/http';
import { itemListScope, type VersionPaths } from '../../components/items/ItemsListPage';
import { ConfirmDialog, ErrorAlert } from '../../components/parts';
import { feedback } from '../../lib/feedback-store';
import { fieldOf, findingSubpage } from '../../lib/finding-fields';

const KIND_LABELS: Record<NonNullable<VersionFinding['item']>['kind'], string> = {
  concept: 'concept',
  template: 'statement template',
  pattern: 'pattern',
};

/**
 * The profile's own fields that its details form edits (name and description in every language,
 * and "More information", which the document writes as `seeAlso`): a finding at one of them
 * links to that form, as an item's finding links to the item.
 */
const DETAILS_FIELDS = new Set(['prefLabel', 'definition', 'seeAlso']);

/** The details form a finding without an item can be fixed in, if it is one of its fields. */
export const detailsFieldOf = (path: string) => {
  const field = path.split('/')[1] ?? '';
  return DETAILS_FIELDS.has(field) ? field : null;
};

/** What fixes a finding on the page its link opens, from the table of finding-fields.ts. */
function fixOf(finding: VersionFinding): string | null {
  const field = fieldOf(finding);
  switch (field?.fix) {
    case 'control':
      return `Fix with “${field.control}”`;
    case 'on-save':
      return 'Fixed when the item is saved';
    case 'delete':
      return 'Fixed only by deleting the item';
    case 'remove':
      return 'No form manages this value';
    default:
      return null;
  }
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "2 errors, 1 warning": what the panel's heading counts. */
export function findingsSummary(findings: readonly VersionFinding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return `${plural(errors, 'error')}, ${plural(findings.length - errors, 'warning')}`;
}

/** The value a finding names, when removing it is how the finding is fixed. */
function removableValue(finding: VersionFinding): string | null {
  return finding.item && fieldOf(finding)?.fix === 'remove' ? itemPointer(finding.path) : null;
}

/**
 * "Remove this value" beside a finding no form can fix, and the question before it: the value
 * is taken out of the item in the draft at once, which only a new import would bring back.
 */
function RemoveValueButton({
  finding,
  pointer,
  remove,
}: {
  finding: VersionFinding & { item: NonNullable<VersionFinding['item']> };
  pointer: string;
  remove: ReturnType<typeof useRemoveFindingValue>;
}) {
  const [opened, setOpened] = useState(false);
  const where = `${pointer} of the ${KIND_LABELS[finding.item.kind]} ${finding.item.name}`;
  const close = () => {
    setOpened(false);
    remove.reset();
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={`Remove the value at ${where}`}
      >
        Remove this value
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Remove Value?"
        confirmLabel="Remove value"
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            { finding, pointer },
            {
              onSuccess: () => {
                feedback.showSuccess({
                  subject: 'Value removed',
                  message: `${pointer} was removed from ${finding.item.name}.`,
                });
                setOpened(false);
              },
            },
          )
        }
      >
        <Code>{pointer}</Code> and everything in it will be taken out of the{' '}
        {KIND_LABELS[finding.item.kind]} <strong>{finding.item.name}</strong> in this draft. No form
        of the site manages this value, so only importing the profile again would bring it back.
      </ConfirmDialog>
    </>
  );
}

function FindingRow({
  finding,
  itemPath,
  detailsPath,
  remove,
}: {
  finding: VersionFinding;
  itemPath: (finding: VersionFinding & { item: NonNullable<VersionFinding['item']> }) => string;
  /** The profile details form, where the viewer may edit them. */
  detailsPath: string | null;
  /** Removing a value no form manages, where the viewer may edit the draft. */
  remove: ReturnType<typeof useRemoveFindingValue> | null;
}) {
  const { item } = finding;
  const fix = fixOf(finding);
  const pointer = remove ? removableValue(finding) : null;
  return (
    <List.Item>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Badge
            size="sm"
            variant="light"
            color={finding.severity === 'error' ? 'red' : 'yellow'}
            style={{ flex: 'none' }}
          >
            {finding.severity === 'error' ? 'Error' : 'Warning'}
          </Badge>
          <Code style={{ flex: 'none' }} aria-label="Rule">
            {finding.ruleId}
          </Code>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {finding.message}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {item ? (
            <>
              In the {KIND_LABELS[item.kind]}{' '}
              <Anchor component={Link} to={itemPath({ ...finding, item })} size="xs">
                {item.name}
              </Anchor>
              {' · '}
              {fix && (
                <>
                  {fix}
                  {' · '}
                </>
              )}
            </>
          ) : detailsPath && detailsFieldOf(finding.path) ? (
            <>
              In the{' '}
              <Anchor component={Link} to={detailsPath} size="xs">
                profile details
              </Anchor>
              {' · '}
            </>
          ) : null}
          At <Code>{finding.path || '/'}</Code>
        </Text>
        {item && pointer && remove && (
          <Group>
            <RemoveValueButton finding={{ ...finding, item }} pointer={pointer} remove={remove} />
          </Group>
        )}
      </Stack>
    </List.Item>
  );
}

/**
 * What the check finds in a version's document, for the group's members: errors first, each
 * with its rule and a link to the item to fix. Nothing is shown when there is nothing to fix.
 */
export function VersionFindings({
  profile,
  version,
  paths,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
}) {
  const query = useVersionFindings(profile.uuid, version.uuid);
  const remove = useRemoveFindingValue(profile.uuid, version.uuid);
  if (query.error) {
    // A version the viewer may no longer see is the page's concern, not the panel's.
    if (query.error instanceof HttpError && query.error.status === 404) return null;
    return <ErrorAlert error={query.error} title="The findings could not be read" />;
  }
  const findings = query.data ?? [];
  if (findings.length === 0) return null;
  const ordered = [
    ...findings.filter((f) => f.severity === 'error'),
    ...findings.filter((f) => f.severity !== 'error'),
  ];
  const view = { profile, version };
  const itemPath = (finding: VersionFinding & { item: NonNullable<VersionFinding['item']> }) =>
    itemListScope(view, paths, ITEM_SEGMENTS[finding.item.kind]).itemPath(
      finding.item.id,
      findingSubpage(finding),
    );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="version-findings">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="version-findings">
            Findings
          </Title>
          <Text size="sm" c="dimmed">
            {findingsSummary(findings)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          What the xAPI Profiles specification asks of this version and its document does not yet
          have. Errors must be fixed before it can be published.
        </Text>
        <List spacing="sm" listStyleType="none" aria-label="Findings">
          {ordered.map((finding, index) => (
            <FindingRow
              key={`${finding.ruleId} ${finding.path} ${index}`}
              finding={finding}
              itemPath={itemPath}
              detailsPath={version.state === 'draft' ? paths(version.uuid, 'edit') : null}
              remove={version.state === 'draft' ? remove : null}
            />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
