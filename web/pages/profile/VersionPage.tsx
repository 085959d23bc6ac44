import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import type { Profile, ProfileVersion, ProfileView } from '../../../common/profiles';
import { HttpError } from '../../api/http';
import { useHarvestQueue } from '../../api/harvest';
import { useProfileView } from '../../api/profiles';
import { useSession } from '../../api/session';
import { NotFoundPage } from '../../components/NotFoundPage';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { CompareVersions, defaultOther } from './CompareVersions';
import { EditProfileDetails } from './EditProfileDetails';
import {
  groupPath,
  ITEM_SEGMENTS,
  groupVersionPath,
  profilesPath,
  publicProfilePath,
  publicVersionPath,
} from '../../lib/paths';
import { isCurrentVersion, isMemberOf, latestVersionUuid } from '../../lib/profiles';
import { ErrorAlert } from '../../components/parts';
import { STATE_LABELS, VerifiedBadge } from '../../components/profile-parts';
import { ProfileDetails } from './ProfileDetails';
import { VersionActions } from './VersionActions';
import { VersionActivity } from './VersionActivity';
import { VersionBanners } from './VersionBanners';
import { useVersionSections } from './version-sections';
import { VersionFindings } from './VersionFindings';
import { ReviewPanel } from '../../components/reviews/ReviewPanel';
import { Threads } from '../../components/reviews/Threads';

// The usage chart brings the drawing library: fetched only when a published profile is shown.
const ProfileUsage = lazy(async () => ({ default: (await import('./ProfileUsage')).ProfileUsage }));
// Feedback and watching are only for published versions: fetched when one is first shown.
const FeedbackPanel = lazy(async () => ({
  default: (await import('../../components/feedback/FeedbackPanel')).FeedbackPanel,
}));
const WatchButton = lazy(async () => ({
  default: (await import('../../components/feedback/WatchButton')).WatchButton,
}));

const TABS = ['', 'templates', 'patterns', 'concepts', 'queue', 'activity'] as const;
type Tab = (typeof TABS)[number];
type Sub = Tab | 'edit' | 'test' | 'generate' | 'compare' | 'import';

/** The tab or screen a sub-path opens; the item tabs have screens of their own under them. */
function subOf(path: string): Sub | null {
  const first = path.split('/')[0] ?? '';
  if (first === 'concepts' || first === 'templates' || first === 'patterns') return first;
  if (first !== path) return null;
  return path === 'edit' ||
    path === 'test' ||
    path === 'generate' ||
    path === 'compare' ||
    path === 'import' ||
    (TABS as readonly string[]).includes(path)
    ? (path as Sub)
    : null;
}

/** Where each version and tab of the page lives: inside the group, or on the public page. */
export type { VersionPaths };

function CountBadge({ value }: { value: number }) {
  return (
    <Badge size="sm" variant="light" color="gray" circle={value < 10}>
      {value}
    </Badge>
  );
}

function VersionSelector({
  profile,
  version,
  paths,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
}) {
  const navigate = useNavigate();
  const versions = [...profile.versions].sort((a, b) => b.version - a.version);
  return (
    <Select
      label="Version"
      w={280}
      maw="100%"
      allowDeselect={false}
      value={version.uuid}
      data={versions.map((v) => ({
        value: v.uuid,
        label: `Version ${v.version} · ${STATE_LABELS[v.state]}${v.isVerified ? ' · Verified' : ''}`,
      }))}
      onChange={(value) => {
        if (value !== null && value !== version.uuid) void navigate(paths(value));
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function ProfileHeader({
  profile,
  version,
  paths,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
}) {
  const member = isMemberOf(profile);
  const latest = latestVersionUuid(profile) ?? version.uuid;
  const home = member
    ? groupVersionPath(profile.organization.uuid, profile.uuid, latest)
    : publicProfilePath(profile.uuid);
  useEffect(() => {
    document.title = `${version.name} · xAPI Profile Server`;
  }, [version.name]);
  return (
    <Box>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={profilesPath()} size="sm">
          Profiles
        </Anchor>
        <Anchor component={Link} to={groupPath(profile.organization.uuid)} size="sm">
          {profile.organization.name}
        </Anchor>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              <Anchor component={Link} to={home} inherit c="inherit" underline="hover">
                {version.name}
              </Anchor>
            </Title>
            {version.isVerified && <VerifiedBadge />}
          </Group>
          <Code
            style={{ wordBreak: 'break-all', alignSelf: 'flex-start' }}
            aria-label="Profile IRI"
          >
            {profile.iri}
          </Code>
        </Stack>
        <Stack gap="xs" align="flex-end">
          {/* Only a published profile has anything to watch for. */}
          {profile.currentPublishedVersion && (
            <Suspense fallback={null}>
              <WatchButton profileId={profile.uuid} />
            </Suspense>
          )}
          <VersionSelector profile={profile} version={version} paths={paths} />
        </Stack>
      </Group>
    </Box>
  );
}

function ProfileNotFound() {
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack gap="sm">
        <Title order={1} size="h2">
          Profile not found
        </Title>
        <Text c="dimmed">
          There is no profile at this address, or it is not public. It may have been deleted.
        </Text>
        <Group>
          <Button component={Link} to={profilesPath()} variant="light">
            Explore profiles
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The header, notices, actions and tabs of one version. */
function VersionView({
  view,
  sub,
  paths,
  routePrefix,
}: {
  view: ProfileView;
  sub: Sub;
  paths: VersionPaths;
  /** The part of the address between the page's own route and the tab ('' or 'version/:id/'). */
  routePrefix: string;
}) {
  const { profile, version } = view;
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const { Templates, Patterns, Concepts, ImportQueue, Import, StatementsTest, StatementsGenerate } =
    useVersionSections();
  const here = (s = '') => paths(version.uuid, s);
  const leave = () => void navigate(groupPath(profile.organization.uuid));
  const other = defaultOther(profile, version);
  const canCompare = other !== null;
  const publishable =
    version.state === 'draft' &&
    profile.versions.some((v) => v.uuid === other && v.state === 'published');
  // Only members have a queue, and only on the current version.
  const importer = isMemberOf(profile) && isCurrentVersion(profile, version);
  const queue = useHarvestQueue(profile.uuid, version.uuid, importer);
  const queuedFiles = queue.data?.files.length ?? 0;
  const queuePath = (fileId?: string) =>
    fileId === undefined ? here('queue') : `${here('queue')}?file=${encodeURIComponent(fileId)}`;

  return (
    <Stack gap="md">
      <ProfileHeader profile={profile} version={version} paths={paths} />
      <VersionBanners
        profile={profile}
        version={version}
        isSiteAdmin={isAdmin}
        versionPath={paths}
      />
      {sub === 'compare' ? (
        <CompareVersions
          key={version.uuid}
          profile={profile}
          version={version}
          paths={paths}
          backPath={here()}
        />
      ) : sub === 'import' ? (
        <Import
          profile={profile}
          version={version}
          backPath={here()}
          queuePath={queuePath}
          versionPath={paths}
        />
      ) : sub === 'test' ? (
        <StatementsTest profile={profile} version={version} paths={paths} backPath={here()} />
      ) : sub === 'generate' ? (
        <StatementsGenerate profile={profile} version={version} paths={paths} backPath={here()} />
      ) : sub === 'edit' ? (
        <EditProfileDetails
          key={version.uuid}
          profile={profile}
          version={version}
          backPath={here()}
          onSaved={(id) => void navigate(paths(id))}
          onCancel={() => void navigate(here())}
          onDeleted={leave}
        />
      ) : (
        <>
          <VersionActions
            profile={profile}
            version={version}
            isSiteAdmin={isAdmin}
            onEdit={() => void navigate(here('edit'))}
            onImport={() => void navigate(here('import'))}
            onPublished={(id) => void navigate(paths(id))}
            onDeleted={leave}
          />
          <Group justify="flex-end">
            {canCompare && (
              <Button component={Link} to={here('compare')} variant="subtle" size="compact-sm">
                {publishable ? 'What will this publish?' : 'Compare with…'}
              </Button>
            )}
            <Button component={Link} to={here('test')} variant="subtle" size="compact-sm">
              Test Statements
            </Button>
            <Button component={Link} to={here('generate')} variant="subtle" size="compact-sm">
              Generate Statements
            </Button>
          </Group>
          <Tabs
            value={sub === '' ? 'details' : sub}
            onChange={(value) => {
              if (value) void navigate(here(value === 'details' ? '' : value));
            }}
            keepMounted={false}
          >
            <Tabs.List mb="md" aria-label="Profile sections">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab
                value="templates"
                rightSection={<CountBadge value={version.counts.templates} />}
              >
                Statement Templates
              </Tabs.Tab>
              <Tabs.Tab
                value="patterns"
                rightSection={<CountBadge value={version.counts.patterns} />}
              >
                Patterns
              </Tabs.Tab>
              <Tabs.Tab
                value="concepts"
                rightSection={<CountBadge value={version.counts.concepts} />}
              >
                Concepts
              </Tabs.Tab>
              {importer && queuedFiles > 0 && (
                <Tabs.Tab value="queue" rightSection={<CountBadge value={queuedFiles} />}>
                  Import Queue
                </Tabs.Tab>
              )}
              <Tabs.Tab value="activity">Activity</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <Stack gap="md">
                <ProfileDetails profile={profile} version={version} />
                {isMemberOf(profile) && (
                  <ReviewPanel
                    profileId={profile.uuid}
                    versionId={version.uuid}
                    open={version.state === 'draft' && isCurrentVersion(profile, version)}
                  />
                )}
                {isMemberOf(profile) && (
                  <Threads
                    profileId={profile.uuid}
                    versionId={version.uuid}
                    open={version.state === 'draft' && isCurrentVersion(profile, version)}
                    heading="Discussion of the version"
                  />
                )}
                {isMemberOf(profile) && (
                  <VersionFindings profile={profile} version={version} paths={paths} />
                )}
                {version.state === 'published' && (
                  <Suspense fallback={null}>
                    <FeedbackPanel
                      profileId={profile.uuid}
                      versionId={version.uuid}
                      itemPath={(f) =>
                        f.item ? here(`${ITEM_SEGMENTS[f.item.kind]}/${f.item.uuid}`) : null
                      }
                    />
                  </Suspense>
                )}
                {/* Figures exist only for a published profile, whichever version is shown. */}
                {profile.currentPublishedVersion && (
                  <Suspense fallback={null}>
                    <ProfileUsage profileId={profile.uuid} />
                  </Suspense>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="templates">
              <Routes>
                <Route
                  path={`${routePrefix}templates/*`}
                  element={<Templates view={view} paths={paths} />}
                />
              </Routes>
            </Tabs.Panel>
            <Tabs.Panel value="patterns">
              <Routes>
                <Route
                  path={`${routePrefix}patterns/*`}
                  element={<Patterns view={view} paths={paths} />}
                />
              </Routes>
            </Tabs.Panel>
            <Tabs.Panel value="queue">
              <ImportQueue profile={profile} version={version} paths={paths} />
            </Tabs.Panel>
            <Tabs.Panel value="activity">
              <VersionActivity profileId={profile.uuid} version={version} paths={paths} />
            </Tabs.Panel>
            <Tabs.Panel value="concepts">
              <Routes>
                <Route
                  path={`${routePrefix}concepts/*`}
                  element={<Concepts view={view} paths={paths} />}
                />
              </Routes>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}

/** Loads a version (or the newest visible one) and shows it, its not-found view or its error. */
function LoadedVersion({
  profileId,
  versionId,
  sub,
  makePaths,
  canonical,
  routePrefix,
}: {
  profileId: string;
  versionId: string | undefined;
  sub: Sub;
  routePrefix: string;
  makePaths: (view: ProfileView) => VersionPaths;
  /** Where this version really lives, when the address names it differently. */
  canonical?: (view: ProfileView) => string | null;
}) {
  const query = useProfileView(profileId, versionId);
  if (query.error) {
    if (query.error instanceof HttpError && query.error.status === 404) return <ProfileNotFound />;
    return <ErrorAlert error={query.error} title="Could not load the profile" />;
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Loading the profile" />
      </Center>
    );
  }
  const elsewhere = canonical?.(query.data);
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return (
    <VersionView
      view={query.data}
      sub={sub}
      paths={makePaths(query.data)}
      routePrefix={routePrefix}
    />
  );
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** /organization/{organizationId}/profile/{profileId}/version/{versionId}/*: a version in its group. */
export function GroupVersionPage() {
  const { organizationId = '', profileId = '', versionId = '', '*': rest = '' } = useParams();
  const path = trimSlashes(rest);
  const sub = subOf(path);
  if (sub === null) return <NotFoundPage />;
  return (
    <LoadedVersion
      profileId={profileId}
      versionId={versionId}
      sub={sub}
      routePrefix=""
      makePaths={() =>
        (id, s = '') =>
          groupVersionPath(organizationId, profileId, id, s)
        }
      canonical={(view) =>
        view.profile.organization.uuid === organizationId
          ? null
          : groupVersionPath(view.profile.organization.uuid, profileId, versionId, path)
      }
    />
  );
}

/**
 * /profile/{profileId}/*: the public page. Without a version it shows the newest version the
 * viewer may see; `version/{versionId}` picks one; then the same tabs as in the group.
 */
export function PublicProfilePage() {
  const { profileId = '', '*': rest = '' } = useParams();
  const parts = trimSlashes(rest).split('/');
  let versionId: string | undefined;
  if (parts[0] === 'version') {
    versionId = parts[1];
    parts.splice(0, 2);
    if (!versionId) return <NotFoundPage />;
  }
  const sub = subOf(parts.filter((p) => p !== '').join('/'));
  if (sub === null) return <NotFoundPage />;
  // Without a version in the address, the tabs of the shown version keep it that way.
  const makePaths =
    (view: ProfileView): VersionPaths =>
    (id, s = '') =>
      versionId === undefined && id === view.version.uuid
        ? s === ''
          ? publicProfilePath(profileId)
          : publicProfilePath(profileId, s)
        : publicVersionPath(profileId, id, s);
  return (
    <LoadedVersion
      key={versionId ?? 'latest'}
      profileId={profileId}
      versionId={versionId}
      sub={sub}
      routePrefix={versionId === undefined ? '' : 'version/:versionId/'}
      makePaths={makePaths}
    />
  );
}
