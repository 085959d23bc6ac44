import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Code,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemChangeDto, ItemLink } from '../../../common/changes';
import type { Profile, ProfileVersion, VersionSummary } from '../../../common/profiles';
import { saveChangelog, useComparison, type SiteComparison } from '../../api/changes';
import { useVersionDocument } from '../../api/profiles';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { isMemberOf } from './format';
import { ErrorAlert, STATE_LABELS } from './parts';

type Impact = 'breaking' | 'additive' | 'editorial';

/** Filled badges in dark shades: their small white text passes WCAG AA contrast (4.5:1). */
const IMPACT_COLORS: Record<Impact, string> = {
  breaking: 'red.9',
  additive: '#1e6b30',
  editorial: 'gray.7',
};

/** Links on white: the theme's blue is a little light for small text. */
const LINK_COLOR = 'blue.9';

export function ImpactBadge({ impact }: { impact: Impact }) {
  return (
    <Badge color={IMPACT_COLORS[impact]} variant="filled" size="sm">
      {impact}
    </Badge>
  );
}

const CHANGE_LABELS: Record<ItemChangeDto['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  renamed: 'Moved to a new IRI',
  deprecated: 'Deprecated',
  undeprecated: 'No longer deprecated',
  changed: 'Changed',
};

const KINDS = [
  { kind: 'concept', title: 'Concepts', segment: 'concepts' },
  { kind: 'template', title: 'Statement templates', segment: 'templates' },
  { kind: 'pattern', title: 'Patterns', segment: 'patterns' },
] as const;

const versionLabel = (v: Pick<VersionSummary, 'version' | 'state'>) =>
  `Version ${v.version} · ${STATE_LABELS[v.state]}`;

/** The versions this viewer may compare with: drafts only for members. */
function comparableVersions(profile: Profile, shown: ProfileVersion): VersionSummary[] {
  const member = isMemberOf(profile);
  return [...profile.versions]
    .filter((v) => v.uuid !== shown.uuid && (member || v.state === 'published'))
    .sort((a, b) => b.version - a.version);
}

/**
 * What a comparison starts with: for a draft, the last published version ("what will this
 * publish?"); for a published version, the one before it; else the newest other version.
 */
export function defaultOther(profile: Profile, shown: ProfileVersion): string | null {
  const others = comparableVersions(profile, shown);
  if (shown.state === 'draft') {
    const published = others.find((v) => v.state === 'published');
    if (published) return published.uuid;
  }
  return (others.find((v) => v.version < shown.version) ?? others[0])?.uuid ?? null;
}

/** The JSON of one item in a version document, or undefined when the version does not have it. */
function itemIn(document: unknown, kind: string, iri: string): unknown {
  if (!document || typeof document !== 'object') return undefined;
  const key = kind === 'concept' ? 'concepts' : kind === 'template' ? 'templates' : 'patterns';
  const list = (document as Record<string, unknown>)[key];
  if (!Array.isArray(list)) return undefined;
  return list.find((i) => i && typeof i === 'object' && (i as { id?: unknown }).id === iri);
}

function JsonColumn({
  title,
  document,
  kind,
  iri,
  loading,
}: {
  title: string;
  document: unknown;
  kind: string;
  iri: string;
  loading: boolean;
}) {
  const item = itemIn(document, kind, iri);
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {loading ? (
        <Loader size="sm" aria-label={`Loading ${title}`} />
      ) : item === undefined ? (
        <Text size="sm">Not in this version.</Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(item, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

/** One item's JSON in both versions, side by side. */
function SideBySide({
  profileId,
  comparison,
  item,
}: {
  profileId: string;
  comparison: SiteComparison;
  item: ItemChangeDto;
}) {
  const older = useVersionDocument(profileId, comparison.from.uuid);
  const newer = useVersionDocument(profileId, comparison.to.uuid);
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="sm"
      aria-label={`JSON of ${item.label} in both versions`}
      role="group"
    >
      <JsonColumn
        title={`Version ${comparison.from.version}`}
        document={older.data}
        kind={item.kind}
        iri={item.previousId ?? item.id}
        loading={older.isPending}
      />
      <JsonColumn
        title={`Version ${comparison.to.version}`}
        document={newer.data}
        kind={item.kind}
        iri={item.id}
        loading={newer.isPending}
      />
    </SimpleGrid>
  );
}

function ItemCard({
  item,
  link,
  comparison,
  profileId,
  paths,
  segment,
}: {
  item: ItemChangeDto;
  link: ItemLink | undefined;
  comparison: SiteComparison;
  profileId: string;
  paths: VersionPaths;
  segment: string;
}) {
  const [showJson, setShowJson] = useState(false);
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      aria-label={`${CHANGE_LABELS[item.change]}: ${item.label}`}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{CHANGE_LABELS[item.change]}</Text>
          <ImpactBadge impact={item.impact} />
          <Text>
            {item.type} “{item.label}”
          </Text>
        </Group>
        <Code style={{ wordBreak: 'break-all', alignSelf: 'flex-start' }}>{item.id}</Code>
        {item.previousId && (
          <Text size="sm">
            Was <Code style={{ wordBreak: 'break-all' }}>{item.previousId}</Code>
          </Text>
        )}
        {item.fields.length > 0 && (
          <List size="sm" spacing={2}>
            {item.fields.map((field, index) => (
              <List.Item key={`${field.field}-${index}`}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <ImpactBadge impact={field.impact} />
                  <Text size="sm">{field.description}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="md">
          {link?.from && (
            <Anchor
              component={Link}
              to={paths(comparison.from.uuid, `${segment}/${link.from}`)}
              size="sm"
              c={LINK_COLOR}
            >
              In version {comparison.from.version}
            </Anchor>
          )}
          {link?.to && (
            <Anchor
              component={Link}
              to={paths(comparison.to.uuid, `${segment}/${link.to}`)}
              size="sm"
              c={LINK_COLOR}
            >
              In version {comparison.to.version}
            </Anchor>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={showJson}
            onClick={() => setShowJson((shown) => !shown)}
          >
            {showJson ? 'Hide JSON' : 'Show JSON side by side'}
          </Button>
        </Group>
        {showJson && <SideBySide profileId={profileId} comparison={comparison} item={item} />}
      </Stack>
    </Paper>
  );
}

/** The changelog between the two versions: summary, warnings, profile changes, items by kind. */
export function Changelog({
  comparison,
  profileId,
  paths,
}: {
  comparison: SiteComparison;
  profileId: string;
  paths: VersionPaths;
}) {
  const { changes } = comparison;
  const links = new Map(comparison.links.map((l) => [`${l.kind} ${l.iri}`, l]));
  if (changes.impact === 'none')
    return <Text>The two versions have the same content: nothing changed.</Text>;
  const bump = changes.suggestedVersion;
  return (
    <Stack gap="md">
      <Group gap="sm" aria-label="Summary" role="group">
        <Badge color={IMPACT_COLORS.breaking} variant="filled">
          {changes.counts.byImpact.breaking} breaking
        </Badge>
        <Badge color={IMPACT_COLORS.additive} variant="filled">
          {changes.counts.byImpact.additive} additive
        </Badge>
        <Badge color={IMPACT_COLORS.editorial} variant="filled">
          {changes.counts.byImpact.editorial} editorial
        </Badge>
        <Button variant="default" size="compact-sm" onClick={() => saveChangelog(comparison)}>
          Download changelog (Markdown)
        </Button>
      </Group>
      <Text size="sm">
        {bump.next
          ? `Suggested version number: ${bump.next} (${bump.part} in MODEL.REVISION.ADDITION). `
          : `Suggested change: the ${bump.part} part of MODEL.REVISION.ADDITION. `}
        {bump.reason}
      </Text>
      {changes.warnings.length > 0 && (
        <Alert color="orange" variant="light" title="Where the specification expects a new IRI">
          <List size="sm" spacing={4}>
            {changes.warnings.map((w, i) => (
              <List.Item key={`${w.id}-${i}`}>{w.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {changes.profile.length > 0 && (
        <Box component="section" aria-labelledby="changes-profile">
          <Title order={3} size="h4" id="changes-profile" mb="xs">
            Profile
          </Title>
          <List size="sm" spacing={2}>
            {changes.profile.map((field, index) => (
              <List.Item key={`${field.field}-${index}`}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <ImpactBadge impact={field.impact} />
                  <Text size="sm">{field.description}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Box>
      )}
      {KINDS.map(({ kind, title, segment }) => {
        const items = changes.items.filter((i) => i.kind === kind);
        if (items.length === 0) return null;
        return (
          <Box component="section" key={kind} aria-labelledby={`changes-${kind}`}>
            <Title order={3} size="h4" id={`changes-${kind}`} mb="xs">
              {title} ({items.length})
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <ItemCard
                  key={`${item.change} ${item.id}`}
                  item={item}
                  link={links.get(`${kind} ${item.id}`)}
                  comparison={comparison}
                  profileId={profileId}
                  paths={paths}
                  segment={segment}
                />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * /…/version/{versionId}/compare: this version against any other the viewer may see (drafts
 * only for members). For a draft it starts with the last published version: what will this publish?
 */
export function CompareVersions({
  profile,
  version,
  paths,
  backPath,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  backPath: string;
}) {
  const others = comparableVersions(profile, version);
  const [other, setOther] = useState<string | null>(() => defaultOther(profile, version));
  const otherVersion = others.find((v) => v.uuid === other) ?? null;
  const olderFirst = otherVersion !== null && otherVersion.version < version.version;
  const from = otherVersion ? (olderFirst ? otherVersion.uuid : version.uuid) : null;
  const to = otherVersion ? (olderFirst ? version.uuid : otherVersion.uuid) : null;
  const query = useComparison(profile.uuid, from, to);
  const publishing = version.state === 'draft' && otherVersion?.state === 'published';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {publishing ? 'What will this publish?' : `Compare version ${version.version}`}
        </Title>
        <Button component={Link} to={backPath} variant="subtle" size="compact-sm">
          Back to the version
        </Button>
      </Group>
      {others.length === 0 ? (
        <Text>This profile has no other version you can compare with.</Text>
      ) : (
        <Select
          label="Compare with"
          w={320}
          maw="100%"
          allowDeselect={false}
          value={other}
          data={others.map((v) => ({ value: v.uuid, label: versionLabel(v) }))}
          onChange={setOther}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {otherVersion && (
        <Text size="sm">
          Changes from version {Math.min(otherVersion.version, version.version)} to version{' '}
          {Math.max(otherVersion.version, version.version)}
          {publishing ? ': what publishing this draft changes for the users of the profile.' : '.'}
        </Text>
      )}
      <ErrorAlert error={query.error} title="Could not compare the versions" />
      {query.isLoading && (
        <Center py="md">
          <Loader aria-label="Comparing the versions" />
        </Center>
      )}
      {query.data && <Changelog comparison={query.data} profileId={profile.uuid} paths={paths} />}
    </Stack>
  );
}
