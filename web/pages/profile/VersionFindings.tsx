import { Anchor, Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { useVersionFindings, type VersionFinding } from '../../api/findings';
import { HttpError } from '../../api/http';
import { itemListScope, type VersionPaths } from '../../components/items/ItemsListPage';
import { ErrorAlert } from './parts';

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

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "2 errors, 1 warning": what the panel's heading counts. */
export function findingsSummary(findings: readonly VersionFinding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return `${plural(errors, 'error')}, ${plural(findings.length - errors, 'warning')}`;
}

function FindingRow({
  finding,
  itemPath,
}: {
  finding: VersionFinding;
  itemPath: (item: NonNullable<VersionFinding['item']>) => string;
}) {
  const { item } = finding;
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
              <Anchor component={Link} to={itemPath(item)} size="xs">
                {item.name}
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
  const itemPath = (item: NonNullable<VersionFinding['item']>) =>
    itemListScope(view, paths, SEGMENTS[item.kind]).itemPath(item.id);
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
            />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
