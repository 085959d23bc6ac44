import { Anchor, Button, EmptyState, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ORPHAN_CONTAINER_NAME } from '../../common/profiles';
import { useMyOrganizations } from '../api/organizations';
import { PROFILE_PAGE_SIZE, useGroupProfiles } from '../api/profiles';
import { useSession } from '../api/session';
import { formatDate, isMembership } from '../lib/format';
import { groupCreateProfilePath, groupVersionPath, publicProfilePath } from '../lib/paths';
import { ErrorAlert } from './parts';
import { Pager, StateBadge, VerifiedIcon } from './profile-parts';

export const NO_GROUP_PROFILES = 'There are no profiles in this working group yet.';

/**
 * A working group's profiles (drafts too, for its members), with Create xAPI Profile for members.
 * Membership is read from the viewer's own groups unless the page already knows it.
 */
export function GroupProfiles({
  organizationId,
  isMember,
}: {
  organizationId: string;
  isMember?: boolean;
}) {
  const [page, setPage] = useState(1);
  const { loggedIn } = useSession();
  const list = useGroupProfiles(organizationId, page);
  const groups = useMyOrganizations(loggedIn && isMember === undefined);
  const membership = groups.data?.find((g) => g.uuid === organizationId)?.membership ?? null;
  const member = isMember ?? isMembership(membership);
  const createPath = groupCreateProfilePath(organizationId);
  const data = list.data;
  const rows = (data?.profiles ?? []).filter((p) => p.name !== ORPHAN_CONTAINER_NAME);

  if (list.error) return <ErrorAlert error={list.error} title="Could not load the profiles" />;
  if (!data) return null;

  if (rows.length === 0 && page === 1) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          title={NO_GROUP_PROFILES}
          description={
            member
              ? 'Create the first xAPI Profile of this working group.'
              : 'Profiles appear here once the group publishes them.'
          }
        >
          {member && (
            <EmptyState.Actions>
              <Button component={Link} to={createPath}>
                Create xAPI Profile
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data.total} {data.total === 1 ? 'profile' : 'profiles'}
        </Text>
        {member && (
          <Button component={Link} to={createPath}>
            Create xAPI Profile
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Profiles of this working group"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Verified</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((profile) => (
              <Table.Tr key={profile.uuid}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    fw={600}
                    to={
                      member
                        ? groupVersionPath(organizationId, profile.uuid, profile.versionUuid)
                        : publicProfilePath(profile.uuid)
                    }
                  >
                    {profile.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{profile.version}</Table.Td>
                <Table.Td>
                  <StateBadge state={profile.state} />
                </Table.Td>
                <Table.Td>
                  {profile.isVerified ? (
                    <Group gap={6} wrap="nowrap">
                      <VerifiedIcon />
                      <span>Yes</span>
                    </Group>
                  ) : (
                    'No'
                  )}
                </Table.Td>
                <Table.Td>{formatDate(profile.updatedOn)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        page={page}
        total={data.total}
        limit={data.limit || PROFILE_PAGE_SIZE}
        onChange={setPage}
      />
    </Stack>
  );
}
