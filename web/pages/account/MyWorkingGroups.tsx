import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyOrganizations } from '../../../common/organizations';
import { useCancelJoinRequest, useMyOrganizations, useRemoveMember } from '../../api/organizations';
import { useSession } from '../../api/session';
import { feedback } from '../../lib/feedback-store';
import { groupPath, organizationsPath } from '../../lib/paths';
import { ErrorAlert, HiddenHeader, LeaveGroupDialog, LevelBadge } from '../../components/parts';

export const NO_WORKING_GROUPS = 'You are not a member of any working groups.';

type MyGroup = MyOrganizations['organizations'][number];

/** My Account's list of the user's groups and pending requests (spec §2.3). */
export function MyWorkingGroups() {
  const { user } = useSession();
  const groups = useMyOrganizations(user !== null);
  const cancel = useCancelJoinRequest();
  const leave = useRemoveMember();
  const [leaving, setLeaving] = useState<MyGroup | null>(null);

  const closeLeave = () => {
    setLeaving(null);
    leave.reset();
  };
  const confirmLeave = () => {
    if (!leaving || !user) return;
    const group = leaving;
    leave.mutate(
      { organizationId: group.uuid, userId: user.uuid, leaving: true },
      {
        onSuccess: () => {
          closeLeave();
          feedback.showSuccess({
            subject: 'You left the working group',
            message: `You are no longer a member of ${group.name}.`,
          });
        },
      },
    );
  };

  const list = groups.data;
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            My Working Groups
          </Title>
          <Button component={Link} to={organizationsPath()} variant="light">
            Join Working Group
          </Button>
        </Group>
        <ErrorAlert error={groups.error} title="Could not load your working groups" />
        <ErrorAlert error={cancel.error} title="Request not cancelled" />
        <Table striped verticalSpacing="sm" aria-label="My working groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={150}>Role</Table.Th>
              <HiddenHeader w={200} label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.isPending && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Center py="md">
                    <Loader role="progressbar" size="sm" aria-label="Loading your working groups" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="md">
                    {NO_WORKING_GROUPS}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.map((group) => (
              <Table.Tr key={group.uuid}>
                <Table.Td>
                  <Anchor component={Link} to={groupPath(group.uuid)} fw={500}>
                    {group.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {group.membership === 'pending' ? (
                    <LevelBadge level={null} />
                  ) : group.membership ? (
                    <LevelBadge level={group.membership} />
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {group.membership === 'pending' ? (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        loading={cancel.isPending && cancel.variables === group.uuid}
                        onClick={() => cancel.mutate(group.uuid)}
                        aria-label={`Cancel Request to Join ${group.name}`}
                      >
                        Cancel Request to Join
                      </Button>
                    ) : (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => setLeaving(group)}
                      >
                        Leave Working Group
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <LeaveGroupDialog
        name={leaving?.name ?? ''}
        opened={leaving !== null}
        onClose={closeLeave}
        onConfirm={confirmLeave}
        busy={leave.isPending}
        error={leave.error}
      />
    </Paper>
  );
}
