import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Member, MemberLevel } from '../../../common/organizations';
import {
  useApproveRequest,
  useDenyRequest,
  useMembers,
  useRemoveMember,
} from '../../api/organizations';
import { useSession } from '../../api/session';
import { feedback } from '../../lib/feedback-store';
import { formatDate, isMemberLevel, LEVEL_OPTIONS } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import {
  ConfirmDialog,
  ErrorAlert,
  HiddenHeader,
  LeaveGroupDialog,
  LevelBadge,
} from '../../components/parts';
import { addMemberPath, editMemberPath, organizationAboutPath } from '../../lib/paths';

function Person({ member, you }: { member: Member; you: boolean }) {
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text fw={500} size="sm">
          {member.user.fullname}
        </Text>
        {you && (
          <Badge size="xs" variant="outline" color="gray">
            you
          </Badge>
        )}
      </Group>
      {member.user.username && member.user.username !== member.user.fullname && (
        <Text size="xs" c="dimmed">
          @{member.user.username}
        </Text>
      )}
    </Stack>
  );
}

/** Pending requests, answered with a level or refused. */
function RequestsTable({ requests }: { requests: Member[] }) {
  const { organization } = useGroupArea();
  const approve = useApproveRequest(organization.uuid);
  const deny = useDenyRequest(organization.uuid);
  const [levels, setLevels] = useState<Record<string, MemberLevel>>({});
  const levelOf = (userId: string): MemberLevel => levels[userId] ?? 'member';
  const busyWith = (userId: string) =>
    (approve.isPending && approve.variables.userId === userId) ||
    (deny.isPending && deny.variables === userId);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Requests to Join
          </Title>
          <Badge color="orange" variant="light">
            {requests.length}
          </Badge>
        </Group>
        <ErrorAlert error={approve.error ?? deny.error} title="Request not answered" />
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped verticalSpacing="sm" aria-label="Requests to join">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Requested</Table.Th>
                <HiddenHeader label="Answer" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => {
                const { uuid, fullname } = request.user;
                return (
                  <Table.Tr key={uuid}>
                    <Table.Td>
                      <Person member={request} you={false} />
                    </Table.Td>
                    <Table.Td>{request.user.email ?? ''}</Table.Td>
                    <Table.Td>{formatDate(request.since)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <NativeSelect
                          size="xs"
                          aria-label={`Role for ${fullname}`}
                          data={LEVEL_OPTIONS}
                          value={levelOf(uuid)}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            if (isMemberLevel(value)) setLevels((s) => ({ ...s, [uuid]: value }));
                          }}
                        />
                        <Button
                          size="xs"
                          disabled={busyWith(uuid)}
                          aria-label={`Approve ${fullname}`}
                          onClick={() => approve.mutate({ userId: uuid, level: levelOf(uuid) })}
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={busyWith(uuid)}
                          aria-label={`Deny ${fullname}`}
                          onClick={() => deny.mutate(uuid)}
                        >
                          Deny
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** /members: who is in the group; its managers also answer requests and change members. */
export function MembersTab() {
  const { organization, access, organizationId } = useGroupArea();
  const { user } = useSession();
  const members = useMembers(organization.uuid);
  const remove = useRemoveMember();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const manager = access.canManageMembers;

  const closeDialogs = () => {
    setRemoving(null);
    setLeaving(false);
    remove.reset();
  };

  const leave = () => {
    if (!user) return;
    remove.mutate(
      { organizationId: organization.uuid, userId: user.uuid, leaving: true },
      {
        onSuccess: () => {
          closeDialogs();
          feedback.showSuccess({
            subject: 'You left the working group',
            message: `You are no longer a member of ${organization.name}.`,
          });
          void navigate(organizationAboutPath(organizationId), { replace: true });
        },
      },
    );
  };

  const removeMember = (member: Member) =>
    remove.mutate(
      {
        organizationId: organization.uuid,
        userId: member.user.uuid,
        leaving: member.user.uuid === user?.uuid,
      },
      {
        onSuccess: () => {
          closeDialogs();
          feedback.showSuccess({
            subject: 'Member removed',
            message: `${member.user.fullname} is no longer a member.`,
          });
        },
      },
    );

  const list = members.data;
  const columns = manager ? 5 : 3;

  return (
    <Stack gap="lg">
      {manager && list && list.requests.length > 0 && <RequestsTable requests={list.requests} />}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4">
              Members
            </Title>
            <Group gap="sm">
              {access.isMember && (
                <Button variant="default" color="red" onClick={() => setLeaving(true)}>
                  Leave Working Group
                </Button>
              )}
              {manager && (
                <Button component={Link} to={addMemberPath(organizationId)}>
                  Add Member
                </Button>
              )}
            </Group>
          </Group>
          <ErrorAlert error={members.error} title="Could not load the members" />
          <Table.ScrollContainer minWidth={560} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  {manager && <Table.Th>Email</Table.Th>}
                  <Table.Th w={150}>Role</Table.Th>
                  <Table.Th w={140}>Member Since</Table.Th>
                  {manager && <HiddenHeader w={170} label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Center py="md">
                        <Loader role="progressbar" size="sm" aria-label="Loading the members" />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                )}
                {list?.members.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Text ta="center" c="dimmed" py="md">
                        This working group has no members.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {list?.members.map((member) => (
                  <Table.Tr key={member.user.uuid}>
                    <Table.Td>
                      <Person member={member} you={member.user.uuid === user?.uuid} />
                    </Table.Td>
                    {manager && <Table.Td>{member.user.email ?? ''}</Table.Td>}
                    <Table.Td>
                      <LevelBadge level={member.level} />
                    </Table.Td>
                    <Table.Td>{formatDate(member.since)}</Table.Td>
                    {manager && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={editMemberPath(organizationId, member.user.uuid)}
                            size="sm"
                            aria-label={`Edit ${member.user.fullname}`}
                          >
                            Edit
                          </Anchor>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            aria-label={`Remove ${member.user.fullname}`}
                            onClick={() => setRemoving(member)}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>

      <LeaveGroupDialog
        name={organization.name}
        opened={leaving}
        onClose={closeDialogs}
        onConfirm={leave}
        busy={remove.isPending}
        error={remove.error}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Member?"
        confirmLabel="Remove"
        onClose={closeDialogs}
        onConfirm={() => removing && removeMember(removing)}
        busy={remove.isPending}
        error={remove.error}
      >
        <strong>{removing?.user.fullname}</strong> will no longer be a member of{' '}
        <strong>{organization.name}</strong>.
      </ConfirmDialog>
    </Stack>
  );
}
