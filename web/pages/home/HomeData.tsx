import {
  Anchor,
  Badge,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Home } from '../../../common/profiles';
import {
  PROFILE_PAGE_SIZE,
  useHomeData,
  usePublishedProfiles,
  type ProfileSort,
} from '../../api/profiles';
import { formatDate } from '../../lib/format';
import { groupPath, publicProfilePath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';
import { Pager, VerifiedBadge } from '../../components/profile-parts';
import { PublishedProfilesTable } from '../../components/PublishedProfilesTable';

// The charts and their drawing library arrive after the first page, in a file of their own.
const HomeCharts = lazy(async () => ({ default: (await import('./HomeCharts')).HomeCharts }));

export const NO_PROFILES_YET = 'No Profiles Yet';
export const NO_CONCEPTS_YET = 'No Concepts Yet';

function LatestProfiles({ profiles }: { profiles: Home['latestProfiles'] | undefined }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="latest-profiles">
      <Title order={2} size="h4" id="latest-profiles" mb="sm">
        Latest Profiles
      </Title>
      {profiles === undefined ? null : profiles.length === 0 ? (
        <Text c="dimmed">{NO_PROFILES_YET}</Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {profiles.map((profile) => (
            <li key={profile.uuid}>
              <Group gap="xs" wrap="nowrap" align="center">
                <Anchor
                  component={Link}
                  to={publicProfilePath(profile.uuid)}
                  fw={600}
                  lineClamp={1}
                >
                  {profile.name}
                </Anchor>
                {profile.isVerified && <VerifiedBadge size="sm" />}
              </Group>
              <Text size="sm" c="dimmed">
                {/* The author is the working group: named once, as a link to it. */}
                by{' '}
                <Anchor component={Link} to={groupPath(profile.organization.uuid)} inherit>
                  {profile.organization.name}
                </Anchor>{' '}
                · {formatDate(profile.updatedOn)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function LatestConcepts({ concepts }: { concepts: Home['latestConcepts'] | undefined }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="latest-concepts">
      <Title order={2} size="h4" id="latest-concepts" mb="sm">
        Latest Concepts
      </Title>
      {concepts === undefined ? null : concepts.length === 0 ? (
        <Text c="dimmed">{NO_CONCEPTS_YET}</Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {concepts.map((concept) => (
            <li key={concept.uuid}>
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={publicProfilePath(concept.parentProfile.uuid, `concepts/${concept.uuid}`)}
                  fw={600}
                  lineClamp={1}
                >
                  {concept.name}
                </Anchor>
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {concept.type}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                in{' '}
                <Anchor component={Link} to={publicProfilePath(concept.parentProfile.uuid)} inherit>
                  {concept.parentProfile.name}
                </Anchor>
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function AllPublishedProfiles() {
  const [sort, setSort] = useState<ProfileSort>('-updated');
  const [page, setPage] = useState(1);
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const list = usePublishedProfiles({ page, sort, verifiedOnly });
  const data = list.data;
  return (
    <section aria-labelledby="all-published-profiles">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h3" id="all-published-profiles">
              All Published Profiles
            </Title>
            <Text size="sm" c="dimmed">
              Views and exports count the last 30 days.
            </Text>
          </div>
          <Checkbox
            label="Show Verified Only"
            checked={verifiedOnly}
            onChange={(event) => {
              setVerifiedOnly(event.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
        <ErrorAlert error={list.error} title="Could not load the published profiles" />
        {data?.profiles && (
          <>
            <PublishedProfilesTable
              profiles={data.profiles}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              caption="All published profiles"
            />
            <Pager
              page={page}
              total={data.total}
              limit={data.limit || PROFILE_PAGE_SIZE}
              onChange={setPage}
            />
          </>
        )}
      </Stack>
    </section>
  );
}

/**
 * The home page's data: the newest profiles and concepts, the most viewed and exported ones, and
 * every published profile.
 */
export function HomeData() {
  const home = useHomeData();
  return (
    <Stack gap="xl">
      <ErrorAlert error={home.error} title="Could not load the latest profiles" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LatestProfiles profiles={home.data?.latestProfiles} />
        <LatestConcepts concepts={home.data?.latestConcepts} />
      </SimpleGrid>
      {/* Holds the charts' height while they load, so the table below does not jump. */}
      <Suspense fallback={<div style={{ minHeight: 420 }} />}>
        <HomeCharts />
      </Suspense>
      <AllPublishedProfiles />
    </Stack>
  );
}
