import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import type { OrganizationSummary } from '../../../common/organizations';
import { searchTextSchema } from '../../../common/pagination';
import {
  ORGANIZATION_PAGE_SIZE,
  useOrganizationList,
  useRequestToJoin,
} from '../../api/organizations';
import { useSession } from '../../api/session';
import type { ReturnState } from '../../lib/guards';
import { formatDate } from '../../lib/format';
import { createOrganizationPath, groupPath, loginPath } from '../../lib/paths';
import { Pager } from '../../components/Pager';
import { ErrorAlert, HiddenHeader } from '../../components/parts';

export const NO_ORGANIZATIONS = 'There are no organizations.  You need to create one.';
export const NO_RESULTS = 'No results found';
/** How long the list says a join request was sent (spec §9). */
export const JOIN_NOTICE_MS = 5000;

export interface OrganizationTableQuery {
  page: number;
  search: string;
}

export interface OrganizationTableProps {
  /** Page and search owned by the caller (the list page keeps them in the URL). */
  query?: OrganizationTableQuery;
  onQueryChange?: (query: OrganizationTableQuery) => void;
  /** Single-selection mode: a radio per row, names are not links, no Create button. */
  selection?: {
    value: string | null;
    onChange: (organization: OrganizationSummary) => void;
  };
  /** Only the groups the viewer belongs to or asked to join. */
  mine?: boolean;
  /** The text when there is nothing to list (and no search). */
  emptyText?: string;
}

const searchFormSchema = z.object({ search: searchTextSchema.min(1, 'Required') });

function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const form = useForm({
    resolver: zodResolver(searchFormSchema),
    defaultValues: { search },
  });
  const submit = form.handleSubmit((values) => onSearch(values.search));
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      role="search"
      aria-label="Search working groups"
      style={{ flex: '1 1 420px', maxWidth: 640 }}
    >
      <Group gap="xs" align="flex-start">
        <TextInput
          {...form.register('search')}
          aria-label="Search for an existing working group"
          placeholder="Search for an existing working group"
          maxLength={200}
          error={form.formState.errors.search?.message}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="light">
          Search Working Groups
        </Button>
      </Group>
    </form>
  );
}

/** The action column: your level, a pending request, or a way to ask to join. */
function MembershipCell({
  organization,
  onJoin,
  joining,
}: {
  organization: OrganizationSummary;
  onJoin: (organization: OrganizationSummary) => void;
  joining: boolean;
}) {
  const { loggedIn } = useSession();
  const location = useLocation();
  const { membership } = organization;
  if (membership === 'admin' || membership === 'member') {
    return (
      <Text size="sm" c="dimmed" fw={500}>
        ({membership})
      </Text>
    );
  }
  if (membership === 'pending') {
    return (
      <Text size="sm" c="orange.8" fw={500}>
        Membership Requested
      </Text>
    );
  }
  if (!loggedIn) {
    const state: ReturnState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return (
      <Button
        component={Link}
        to={loginPath()}
        state={state}
        size="compact-sm"
        variant="light"
        aria-label={`Join ${organization.name}`}
      >
        Join
      </Button>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={joining}
      onClick={() => onJoin(organization)}
      aria-label={`Join ${organization.name}`}
    >
      Join
    </Button>
  );
}

/** Page and search held here unless the caller owns them. */
function useTableQuery(
  query: OrganizationTableQuery | undefined,
  onQueryChange: ((query: OrganizationTableQuery) => void) | undefined,
) {
  const [own, setOwn] = useState<OrganizationTableQuery>({ page: 1, search: '' });
  return [query ?? own, onQueryChange ?? setOwn] as const;
}

/**
 * The working groups table (spec §2.4), paged on the server. Also used to pick one group (the
 * selection mode) and to list only one's own groups.
 */
export function OrganizationTable({
  query: controlledQuery,
  onQueryChange,
  selection,
  mine = false,
  emptyText = NO_ORGANIZATIONS,
}: OrganizationTableProps) {
  const [query, setQuery] = useTableQuery(controlledQuery, onQueryChange);
  const { page, search } = query;
  const list = useOrganizationList({ page, search, mine });
  const join = useRequestToJoin();
  const [noticeShown, setNoticeShown] = useState(0);

  useEffect(() => {
    if (noticeShown === 0) return;
    const timer = setTimeout(() => setNoticeShown(0), JOIN_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [noticeShown]);

  const data = list.data;
  const organizations = data?.organizations ?? [];
  const total = data?.total ?? 0;
  const limit = data?.limit ?? ORGANIZATION_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const searching = search !== '';

  // A page past the end (an old link, or the last row gone) shows the last page instead.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pageCount) {
      setQuery({ page: pageCount, search });
    }
  }, [data, list.isPlaceholderData, page, pageCount, search, setQuery]);

  const requestToJoin = (organization: OrganizationSummary) => {
    join.mutate(organization.uuid, { onSuccess: () => setNoticeShown(Date.now()) });
  };

  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const columns = selection ? 6 : 5;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        {/* A new search (back, forward, Clear) remounts the form with it. */}
        <SearchForm
          key={search}
          search={search}
          onSearch={(text) => setQuery({ page: 1, search: text })}
        />
        {!selection && (
          <Button component={Link} to={createOrganizationPath()}>
            Create Working Group
          </Button>
        )}
      </Group>

      {noticeShown !== 0 && (
        <Alert
          color="blue"
          variant="light"
          title="Request Sent"
          withCloseButton
          onClose={() => setNoticeShown(0)}
        >
          Your request to the working group was sent.
        </Alert>
      )}
      <ErrorAlert error={join.error} title="Join Working Group" />
      <ErrorAlert error={list.error} title="Could not load the working groups" />

      {data && (
        <Group justify="space-between" gap="xs" mih={30}>
          <Text size="sm" c="dimmed" data-testid="organization-count">
            Showing {first} - {last} of {total} working groups
            {searching && (
              <>
                {' for '}
                <Text span fw={600} c="dark">
                  {search}
                </Text>
              </>
            )}
          </Text>
          {searching && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setQuery({ page: 1, search: '' })}
            >
              Clear search
            </Button>
          )}
        </Group>
      )}

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                {selection && <HiddenHeader w={48} label="Select" />}
                <Table.Th>Name</Table.Th>
                <Table.Th w={100}>Profiles</Table.Th>
                <Table.Th w={100}>Members</Table.Th>
                <Table.Th w={140}>Date Created</Table.Th>
                <HiddenHeader w={190} label="Membership" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!data && list.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Center py="lg">
                      <Loader role="progressbar" size="sm" aria-label="Loading working groups" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {data && organizations.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Text ta="center" c="dimmed" py="lg" style={{ whiteSpace: 'pre-wrap' }}>
                      {searching ? NO_RESULTS : emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {organizations.map((organization) => (
                <Table.Tr key={organization.uuid}>
                  {selection && (
                    <Table.Td>
                      <Radio
                        name="organization"
                        value={organization.uuid}
                        checked={selection.value === organization.uuid}
                        onChange={() => selection.onChange(organization)}
                        aria-label={`Select ${organization.name}`}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    {selection ? (
                      <Text fw={500}>{organization.name}</Text>
                    ) : (
                      <Anchor component={Link} to={groupPath(organization.uuid)} fw={500}>
                        {organization.name}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>{organization.profiles}</Table.Td>
                  <Table.Td>{organization.members}</Table.Td>
                  <Table.Td>{formatDate(organization.createdOn)}</Table.Td>
                  <Table.Td>
                    <MembershipCell
                      organization={organization}
                      onJoin={requestToJoin}
                      joining={join.isPending && join.variables === organization.uuid}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Pager
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
        onChange={(next) => setQuery({ page: next, search })}
      />
    </Stack>
  );
}
