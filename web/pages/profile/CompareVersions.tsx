import { Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Profile, ProfileVersion, VersionSummary } from '../../../common/profiles';
import { saveChangelog, useComparison, type SiteComparison } from '../../api/changes';
import { Changelog, type ShownComparison } from '../../components/changes/Changelog';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { isMemberOf, versionName } from '../../lib/profiles';
import { ErrorAlert } from '../../components/parts';
import { STATE_LABELS } from '../../components/profile-parts';

const versionLabel = (v: Pick<VersionSummary, 'version' | 'iri' | 'state'>) =>
  `${versionName(v)} · ${STATE_LABELS[v.state]}`;

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

/** A comparison of two stored versions, as the changelog shows it. */
const shown = (comparison: SiteComparison): ShownComparison => ({
  changes: comparison.changes,
  links: comparison.links,
  from: { kind: 'version', uuid: comparison.from.uuid, version: comparison.from.version },
  to: { kind: 'version', uuid: comparison.to.uuid, version: comparison.to.version },
});

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
  const comparison = query.data;
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
      {comparison && (
        <Changelog
          comparison={shown(comparison)}
          profileId={profile.uuid}
          paths={paths}
          onDownload={() => saveChangelog(comparison)}
        />
      )}
    </Stack>
  );
}
