import { Anchor, Badge, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import {
  ITEM_SEGMENTS,
  itemPointer,
  useRemoveFindingValue,
  useRemoveRevisionOf,
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
 * "Remove this value" and the question before it, for any value no form of the site manages:
 * the value is taken out of the draft at once, which only a new import would bring back.
 * `remove` runs the removal and calls `done` once it succeeded; the question closes then.
 */
function RemoveValueButton({
  label,
  pending,
  error,
  reset,
  remove,
  children,
}: {
  /** What the button names for a screen reader: "Remove this value: " and where the value is. */
  label: string;
  pending: boolean;
  error: unknown;
  /** Forgets a failed attempt when the question is closed. */
  reset: () => void;
  remove: (done: () => void) => void;
  /** What the question says will be taken out. */
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    reset();
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={`Remove this value: ${label}`}
      >
        Remove this value
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Remove Value?"
        confirmLabel="Remove value"
        busy={pending}
        error={error}
        onClose={close}
        onConfirm={() => remove(() => setOpened(false))}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

/** Remove this value beside an item's finding that no form can fix. */
function RemoveItemValueButton({
  finding,
  pointer,
  remove,
}: {
  finding: VersionFinding & { item: NonNullable<VersionFinding['item']> };
  pointer: string;
  remove: ReturnType<typeof useRemoveFindingValue>;
}) {
  const kind = KIND_LABELS[finding.item.kind];
  return (
    <RemoveValueButton
      label={`${pointer} of the ${kind} ${finding.item.name}`}
      pending={remove.isPending}
      error={remove.error}
      reset={remove.reset}
      remove={(done) =>
        remove.mutate(
          { finding, pointer },
          {
            onSuccess: () => {
              feedback.showSuccess({
                subject: 'Value removed',
                message: `${pointer} was removed from ${finding.item.name}.`,
              });
              done();
            },
          },
        )
      }
    >
      <Code>{pointer}</Code> and everything in it will be taken out of the {kind}{' '}
      <strong>{finding.item.name}</strong> in this draft. No form of the site manages this value, so
      only importing the profile again would bring it back.
    </RemoveValueButton>
  );
}

/** C6 at the draft's own `wasRevisionOf`: the profile IRI there is what Remove this value takes out. */
const OWN_REVISION_OF = /^\/versions\/0\/wasRevisionOf\/\d+$/;

/** "Remove this value" for the profile IRI a draft names as the version it revises (C6). */
function RemoveRevisionOfButton({
  profile,
  version,
}: {
  profile: Profile;
  version: ProfileVersion;
}) {
  const remove = useRemoveRevisionOf(profile.uuid, version.uuid);
  return (
    <RemoveValueButton
      label={`${profile.iri} from wasRevisionOf of this version`}
      pending={remove.isPending}
      error={remove.error}
      reset={remove.reset}
      remove={(done) =>
        remove.mutate(
          { iri: profile.iri, basedOn: version.revision },
          {
            onSuccess: () => {
              feedback.showSuccess({
                subject: 'Value removed',
                message: `This version no longer names ${profile.iri} as the version it revises.`,
              });
              done();
            },
          },
        )
      }
    >
      <Code style={{ overflowWrap: 'anywhere' }}>{profile.iri}</Code> is the profile&apos;s own IRI,
      not a version of it. It will be taken out of the versions this draft revises (wasRevisionOf);
      the document then names the version published before it here, if any.
    </RemoveValueButton>
  );
}

function FindingRow({
  finding,
  itemPath,
  detailsPath,
  remove,
  revisionFix,
}: {
  finding: VersionFinding;
  itemPath: (finding: VersionFinding & { item: NonNullable<VersionFinding['item']> }) => string;
  /** The profile details form, where the viewer may edit them. */
  detailsPath: string | null;
  /** Removing a value no form manages, where the viewer may edit the draft. */
  remove: ReturnType<typeof useRemoveFindingValue> | null;
  /** The Remove this value of the draft's own wasRevisionOf, where the viewer may edit it. */
  revisionFix: ReactNode;
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
            <RemoveItemValueButton
              finding={{ ...finding, item }}
              pointer={pointer}
              remove={remove}
            />
          </Group>
        )}
        {!item && finding.ruleId === 'C6' && OWN_REVISION_OF.test(finding.path) && revisionFix && (
          <Group>{revisionFix}</Group>
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
              revisionFix={
                version.state === 'draft' ? (
                  <RemoveRevisionOfButton profile={profile} version={version} />
                ) : null
              }
            />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
