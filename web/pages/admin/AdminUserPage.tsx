import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  DataList,
  Fieldset,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../../../common/accounts';
import { adminUserUpdateSchema, type AdminUserDetail } from '../../../common/admin';
import { useAdminUser, useUpdateAdminUser } from '../../api/admin';
import { useRemoveMember } from '../../api/organizations';
import { useSession } from '../../api/session';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import {
  editMemberPath,
  groupPath,
  manageUsersPath,
  organizationMembersPath,
} from '../../lib/paths';
import { ConfirmDialog, ErrorAlert, HiddenHeader, LevelBadge } from '../../components/parts';
import { CheckboxField } from '../../components/CheckboxField';

export const ADMIN_CHECKBOX_LABEL = 'Has admin permissions for the server';

type DetailUser = AdminUserDetail['user'];
type UserGroup = AdminUserDetail['organizations'][number];

/** The form holds the admin flag as a checkbox; the server takes a user type. */
const adminEditSchema = adminUserUpdateSchema.omit({ type: true }).extend({ admin: z.boolean() });

const displayName = (user: Pick<DetailUser, 'firstname' | 'lastname' | 'username' | 'email'>) =>
  `${user.firstname} ${user.lastname}`.trim() || user.username || user.email;

function AccountView({ user, onEdit }: { user: DetailUser; onEdit: () => void }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h4">
              Account
            </Title>
            {user.type === 'admin' && (
              <Badge color="grape" variant="light" size="lg" title="Server role">
                Administrator
              </Badge>
            )}
          </Group>
          <Button onClick={onEdit}>Edit Account</Button>
        </Group>
        <DataList labelWidth={140} gap="md">
          <DataList.Item>
            <DataList.ItemLabel>First Name</DataList.ItemLabel>
            <DataList.ItemValue>{user.firstname}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last Name</DataList.ItemLabel>
            <DataList.ItemValue>{user.lastname}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Username</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.username ?? (
                <Text span c="dimmed" fs="italic" size="sm">
                  Not chosen yet
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Email</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap="xs">
                {user.email}
                {!user.validated && (
                  <Badge size="sm" color="yellow" variant="light">
                    Not validated
                  </Badge>
                )}
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Name shown</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.publicizeName ? 'Publicly, with their profiles' : 'Only the username'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Date Added</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(user.createdOn)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Stack>
    </Paper>
  );
}

function AccountEdit({
  user,
  ownAccount,
  onDone,
}: {
  user: DetailUser;
  ownAccount: boolean;
  onDone: () => void;
}) {
  const update = useUpdateAdminUser(user.uuid);
  const form = useForm({
    resolver: zodResolver(adminEditSchema),
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      publicizeName: user.publicizeName,
      admin: user.type === 'admin',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ admin, ...details }) =>
    update.mutate(
      // Admins cannot change their own role, whatever the form says.
      { ...details, type: ownAccount ? user.type : admin ? 'admin' : 'user' },
      {
        onSuccess: () => {
          feedback.showSuccess({ subject: 'Account saved', message: 'The changes were saved.' });
          onDone();
        },
      },
    ),
  );
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2} size="h4" mb="lg">
        Edit Account
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit user">
        <Fieldset variant="unstyled" disabled={update.isPending} p={0} m={0}>
          <Stack gap="md">
            <TextInput
              label="Username"
              value={user.username ?? ''}
              placeholder="Not chosen yet"
              disabled
              readOnly
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                {...form.register('firstname')}
                label="First Name"
                required
                maxLength={ACCOUNT_LIMITS.nameMax}
                error={errors.firstname?.message}
              />
              <TextInput
                {...form.register('lastname')}
                label="Last Name"
                required
                maxLength={ACCOUNT_LIMITS.nameMax}
                error={errors.lastname?.message}
              />
            </SimpleGrid>
            <TextInput
              {...form.register('email')}
              label="Email"
              type="email"
              required
              maxLength={ACCOUNT_LIMITS.emailMax}
              error={errors.email?.message}
            />
            <CheckboxField
              control={form.control}
              name="publicizeName"
              label="Show Your Name"
              description="When checked, the name is public and shown with the profiles this user works on. Otherwise only the username is visible."
            />
            <CheckboxField
              control={form.control}
              name="admin"
              label={ADMIN_CHECKBOX_LABEL}
              description={
                ownAccount
                  ? 'You cannot change the role of your own account.'
                  : 'Admins manage users, verify profiles and see analytics.'
              }
              disabled={ownAccount}
            />
            <ErrorAlert error={update.error} title="Account Not Saved" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}

function UserGroups({ user, groups }: { user: DetailUser; groups: UserGroup[] }) {
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<UserGroup | null>(null);
  const close = () => {
    setRemoving(null);
    remove.reset();
  };
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Working Groups
        </Title>
        <Table striped verticalSpacing="sm" aria-label="Working groups of the user">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={170}>Role</Table.Th>
              <HiddenHeader w={200} label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="md">
                    This user is not a member of any working group.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {groups.map((group) => (
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
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {group.membership === 'pending' ? (
                      <Anchor component={Link} to={organizationMembersPath(group.uuid)} size="sm">
                        Answer request
                      </Anchor>
                    ) : (
                      <>
                        <Anchor
                          component={Link}
                          to={editMemberPath(group.uuid, user.uuid)}
                          size="sm"
                          aria-label={`Edit membership in ${group.name}`}
                        >
                          Edit
                        </Anchor>
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          aria-label={`Remove from ${group.name}`}
                          onClick={() => setRemoving(group)}
                        >
                          Remove
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove from Working Group?"
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() => {
          if (!removing) return;
          const group = removing;
          remove.mutate(
            { organizationId: group.uuid, userId: user.uuid },
            {
              onSuccess: () => {
                close();
                feedback.showSuccess({
                  subject: 'Member removed',
                  message: `${displayName(user)} is no longer a member of ${group.name}.`,
                });
              },
            },
          );
        }}
      >
        <strong>{displayName(user)}</strong> will no longer be a member of{' '}
        <strong>{removing?.name}</strong>.
      </ConfirmDialog>
    </Paper>
  );
}

/** /admin/users/{userId}: one account, its role on the server, and its working groups. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const session = useSession();
  const detail = useAdminUser(userId);
  const [editing, setEditing] = useState(false);
  const data = detail.data;
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={manageUsersPath()} size="sm">
          Manage Users
        </Anchor>
        <Text size="sm" c="dimmed">
          {data ? displayName(data.user) : 'User'}
        </Text>
      </Breadcrumbs>
      <PageHeading>{data ? displayName(data.user) : 'User'}</PageHeading>
      <ErrorAlert error={detail.error} title="Could not load the user" />
      {detail.isPending && (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading the user" />
        </Center>
      )}
      {data && (
        <Stack gap="lg" maw={820}>
          {editing ? (
            <AccountEdit
              key={data.user.uuid}
              user={data.user}
              ownAccount={session.user?.uuid === data.user.uuid}
              onDone={() => setEditing(false)}
            />
          ) : (
            <AccountView user={data.user} onEdit={() => setEditing(true)} />
          )}
          <UserGroups user={data.user} groups={data.organizations} />
        </Stack>
      )}
    </>
  );
}
