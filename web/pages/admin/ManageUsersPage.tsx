import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUserRow } from '../../../common/admin';
import { useAdminUsers } from '../../api/admin';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import { adminUserPath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';

export const NO_USERS = 'There are no users';

export type SortKey = 'name' | 'email' | 'admin' | 'created';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export const sortName = (user: Pick<AdminUserRow, 'firstname' | 'lastname'>) =>
  [user.lastname, user.firstname].filter((part) => part !== '').join(', ');

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compareBy: Record<SortKey, (a: AdminUserRow, b: AdminUserRow) => number> = {
  name: (a, b) => collator.compare(sortName(a), sortName(b)),
  email: (a, b) => collator.compare(a.email, b.email),
  // Admins first when ascending.
  admin: (a, b) => Number(b.type === 'admin') - Number(a.type === 'admin'),
  // Unknown dates sort before every known one.
  created: (a, b) => (a.createdOn ?? '').localeCompare(b.createdOn ?? ''),
};

/** Sorted on the client; ties keep the name order so the table never jumps about. */
export function sortUsers(users: AdminUserRow[], sort: Sort): AdminUserRow[] {
  const direction = sort.descending ? -1 : 1;
  return [...users].sort((a, b) => direction * compareBy[sort.key](a, b) || compareBy.name(a, b));
}

function SortableHeader({
  label,
  column,
  sort,
  onSort,
  width,
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (column: SortKey) => void;
  width?: number;
}) {
  const active = sort.key === column;
  const ariaSort = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort} w={width}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Text span c={active ? undefined : 'dimmed'} fz="xs" aria-hidden>
            {active ? (sort.descending ? '▼' : '▲') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Starts from the search being listed; a new one (back, forward, Clear) remounts it. */
function UserSearchForm({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Search users" style={{ maxWidth: 640 }}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search users"
          placeholder="Search by name, username or email"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light">
          Search Users
        </Button>
      </Group>
    </form>
  );
}

/** /admin/users: every account, searchable on the server and sorted here. */
export function ManageUsersPage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const users = useAdminUsers(search);
  const [sort, setSort] = useState<Sort>({ key: 'name', descending: false });

  const onSort = (key: SortKey) =>
    setSort((current) => ({
      key,
      descending: current.key === key ? !current.descending : false,
    }));

  const data = users.data;
  const rows = data ? sortUsers(data.users, sort) : [];

  return (
    <>
      <PageHeading>Manage Users</PageHeading>
      <Stack gap="md">
        <UserSearchForm
          key={search}
          initial={search}
          onSearch={(value) => setParams(value === '' ? {} : { search: value })}
        />
        <ErrorAlert error={users.error} title="Could not load the users" />
        {data && (
          <Group justify="space-between" gap="xs" mih={30}>
            <Text size="sm" c="dimmed">
              {data.users.length < data.total
                ? `Showing ${data.users.length} of ${data.total} users`
                : `${data.total} ${data.total === 1 ? 'user' : 'users'}`}
              {search !== '' && (
                <>
                  {' for '}
                  <Text span fw={600} c="dark">
                    {search}
                  </Text>
                </>
              )}
            </Text>
            {search !== '' && (
              <Button variant="subtle" size="compact-sm" onClick={() => setParams({})}>
                Clear search
              </Button>
            )}
          </Group>
        )}
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <SortableHeader label="Name" column="name" sort={sort} onSort={onSort} />
                  <SortableHeader label="Email" column="email" sort={sort} onSort={onSort} />
                  <SortableHeader
                    label="Admin"
                    column="admin"
                    sort={sort}
                    onSort={onSort}
                    width={110}
                  />
                  <SortableHeader
                    label="Date Added"
                    column="created"
                    sort={sort}
                    onSort={onSort}
                    width={150}
                  />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Center py="lg">
                        <Loader role="progressbar" size="sm" aria-label="Loading the users" />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data && rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text ta="center" c="dimmed" py="lg">
                        {NO_USERS}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((user) => (
                  <Table.Tr key={user.uuid}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={adminUserPath(user.uuid)} fw={500}>
                          {sortName(user) || user.username || user.email}
                        </Anchor>
                        {!user.validated && (
                          <Badge size="xs" color="yellow" variant="light">
                            Not validated
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      {user.type === 'admin' ? (
                        <Badge color="grape" variant="light">
                          Yes
                        </Badge>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          No
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(user.createdOn)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
    </>
  );
}
