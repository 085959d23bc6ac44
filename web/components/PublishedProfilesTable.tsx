import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ORPHAN_CONTAINER_NAME } from '../../common/profile-names';
import type { ProfileListItem } from '../../common/profiles';
import type { ProfileSort } from '../api/profiles';
import { formatDate } from '../lib/format';
import { groupPath, publicProfilePath } from '../lib/paths';
import { SortableHeader, VerifiedIcon } from './profile-parts';

export const NO_PUBLISHED_PROFILES = 'There are no published profiles';

export type SortColumn = 'name' | 'organization' | 'updated' | 'views' | 'exports';

const SORTS: readonly ProfileSort[] = [
  'name',
  '-name',
  'organization',
  '-organization',
  'updated',
  '-updated',
  'views',
  '-views',
  'exports',
  '-exports',
];

/** A sort read from an address, or the fallback when it is missing or unknown. */
export function parseSort(value: string | null, fallback: ProfileSort = '-updated'): ProfileSort {
  return SORTS.find((s) => s === value) ?? fallback;
}

export function splitSort(sort: ProfileSort): { key: SortColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as SortColumn, descending };
}

/** Clicking the sorted column reverses it; a new column starts A–Z, or newest and most first. */
export function nextSort(current: ProfileSort, column: SortColumn): ProfileSort {
  const { key, descending } = splitSort(current);
  if (key === column) return descending ? column : `-${column}`;
  const startsDescending = column === 'updated' || column === 'views' || column === 'exports';
  return startsDescending ? `-${column}` : column;
}

/** Published profiles with their group, last update and 30-day views and exports. */
export function PublishedProfilesTable({
  profiles,
  sort,
  onSort,
  caption,
}: {
  profiles: ProfileListItem[];
  sort: ProfileSort;
  onSort: (sort: ProfileSort) => void;
  caption: string;
}) {
  const rows = profiles.filter((p) => p.name !== ORPHAN_CONTAINER_NAME);
  const sorted = splitSort(sort);
  const header = (label: string, column: SortColumn, numeric = false) => (
    <SortableHeader
      label={label}
      column={column}
      sort={sorted}
      onSort={(c) => onSort(nextSort(sort, c))}
      numeric={numeric}
    />
  );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {header('Profiles', 'name')}
            {header('Working Group', 'organization')}
            {header('Updated', 'updated')}
            {header('Views', 'views', true)}
            {header('Exports', 'exports', true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="md">
                  {NO_PUBLISHED_PROFILES}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((profile) => (
              <Table.Tr key={profile.uuid}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={publicProfilePath(profile.uuid)} fw={600}>
                      {profile.name}
                    </Anchor>
                    {profile.isVerified && <VerifiedIcon />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={groupPath(profile.organization.uuid)}>
                    {profile.organization.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(profile.updatedOn)}</Table.Td>
                <Table.Td ta="right">{profile.views}</Table.Td>
                <Table.Td ta="right">{profile.exports}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
