import { Anchor, Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { useVersionFindings, type VersionFinding } from '../../api/findings';
import { HttpError } from '../../api/http';
import { itemListScope, type VersionPaths } from '../../components/items/ItemsListPage';
import { ErrorAlert } from '../../components/parts';
import { fieldOf, findingSubpage } from '../../lib/finding-fields';

const KIND_LABELS: Record<NonNullable<VersionFinding['item']>['kind'], string> = {
  concept: 'concept',
  template: 'statement template',
  pattern: 'pattern',
};

const SEGMENTS: Record<NonNullable<VersionFinding['item']>['kind'], string> = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
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

function FindingRow({
  finding,
  itemPath,
  detailsPath,
}: {
  finding: VersionFinding;
  itemPath: (finding: VersionFinding & { item: NonNullable<VersionFinding['item']> }) => string;
  /** The profile details form, where the viewer may edit them. */
  detailsPath: string | null;
}) {
  const { item } = finding;
  const fix = fixOf(finding);
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
    itemListScope(view, paths, SEGMENTS[finding.item.kind]).itemPath(
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
            />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
