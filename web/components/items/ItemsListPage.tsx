import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ITEM_PAGE_SIZE } from '../../api/items';
import { ITEM_PAGE_SIZES } from '../../../common/items';
import type { Profile, ProfileVersion, ProfileView } from '../../../common/profiles';
import { isCurrentVersion, isMemberOf } from '../../lib/profiles';
import { ErrorAlert } from '../parts';
import { Pager } from '../profile-parts';
import { ItemsTable, type ItemRow, type ItemsTableConfig } from './ItemsTable';
import { parseItemSort, type ItemSort } from './sort';

/** Where each version and tab of the version page lives (the group's or the public page). */
export type VersionPaths = (versionId: string, sub?: string) => string;

/** What a version's item screens know of where they are: may the viewer author, and the list. */
export interface ItemListScope {
  /** A member of the owning group on the current version: may create, add and edit. */
  canAuthor: boolean;
  /** The item list of this version, or of the one given (a new draft after a change). */
  listPath: (versionId?: string) => string;
}

/** What every screen of a kind's tab of a version page works in. */
export interface ItemTabScope extends ItemListScope {
  profile: Profile;
  version: ProfileVersion;
  /** The version page's paths. */
  paths: VersionPaths;
}

/**
 * The scope of one kind's tab of a version page: the profile and version on screen, the page's
 * paths, whether the viewer may author here, the list (`segment`, e.g. 'concepts') and an item's
 * page (`rest` e.g. 'edit'), in this version or the one given.
 */
export function itemListScope(
  { profile, version }: Pick<ProfileView, 'profile' | 'version'>,
  paths: VersionPaths,
  segment: string,
): ItemTabScope & { itemPath: (itemId: string, rest?: string, versionId?: string) => string } {
  const listPath = (versionId = version.uuid) => paths(versionId, segment);
  return {
    profile,
    version,
    paths,
    canAuthor: isMemberOf(profile) && isCurrentVersion(profile, version),
    listPath,
    itemPath: (itemId, rest = '', versionId = version.uuid) =>
      `${listPath(versionId)}/${encodeURIComponent(itemId)}${rest === '' ? '' : `/${rest}`}`,
  };
}

/** How one kind's list reads, beyond its table: its nouns, its orders and its buttons. */
export interface ItemsListConfig<Row, Column extends string> extends ItemsTableConfig<Row, Column> {
  /** The kind in the count above the list: 'concept' and 'concepts'. */
  noun: string;
  nouns: string;
  sorts: readonly ItemSort<Column>[];
  /** The buttons authors get: a label, the screen under the list it opens, and its look. */
  actions: { label: string; to: string; variant?: 'light' }[];
}

/**
 * The page, order, page size and filter of a list, read from the address: A–Z, ten a page, from
 * the first page, unfiltered by default.
 */
export function useItemsListParams<Sort extends string>(sorts: readonly Sort[]) {
  const [params, setParams] = useSearchParams();
  const sort = parseItemSort(sorts, params.get('sort'));
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n >= 1 ? n : 1;
  const size = Number(params.get('size'));
  const limit = (ITEM_PAGE_SIZES as readonly number[]).includes(size) ? size : ITEM_PAGE_SIZE;
  const filter = params.get('filter') ?? '';
  /** Any change but the page starts again at the first page; the address keeps what is not default. */
  const update = (changes: { sort?: Sort; page?: number; limit?: number; filter?: string }) => {
    const next = {
      sort: changes.sort ?? sort,
      page: changes.page ?? 1,
      limit: changes.limit ?? limit,
      filter: changes.filter ?? filter,
    };
    const query: Record<string, string> = {};
    if (next.sort !== 'name') query.sort = next.sort;
    if (next.page !== 1) query.page = String(next.page);
    if (next.limit !== ITEM_PAGE_SIZE) query.size = String(next.limit);
    if (next.filter !== '') query.filter = next.filter;
    setParams(query, { replace: changes.filter !== undefined });
  };
  return { sort, page, limit, filter, update };
}

/** Screens for authors only (members on the current version); anyone else gets the list. */
export function AuthorsOnly({ scope, children }: { scope: ItemListScope; children: ReactNode }) {
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return children;
}

/**
 * {base}/{items}: a version's own and linked items of one kind, sorted and paged on the server,
 * the count above them, the author's buttons, and the side panel the details button opens.
 */
export function ItemsListPage<
  Row extends ItemRow,
  Column extends string,
  List extends { total: number; limit: number },
>({
  config,
  scope,
  params,
  list,
  rows,
  itemPath,
  panel,
}: {
  config: ItemsListConfig<Row, Column>;
  scope: ItemListScope;
  params: ReturnType<typeof useItemsListParams<ItemSort<Column>>>;
  list: UseQueryResult<List>;
  rows: (list: List) => Row[] | undefined;
  itemPath: (itemId: string) => string;
  panel: (itemId: string | null, onClose: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const { sort, page, limit, filter, update } = params;
  const data = list.data;
  const listed = data && rows(data);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={`Filter ${config.nouns}`}
          description="By name, IRI or type"
          placeholder="Type to filter"
          value={filter}
          onChange={(event) => update({ filter: event.currentTarget.value })}
          maxLength={200}
          style={{ flex: '1 1 16rem' }}
        />
        <NativeSelect
          label="Per page"
          data={ITEM_PAGE_SIZES.map(String)}
          value={String(limit)}
          onChange={(event) => update({ limit: Number(event.currentTarget.value) })}
          w="7rem"
        />
      </Group>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} ${data.total === 1 ? config.noun : config.nouns}` : ''}
        </Text>
        {scope.canAuthor && (
          <Group gap="xs">
            {config.actions.map((action) => (
              <Button
                key={action.to}
                component={Link}
                to={scope.listPath() + action.to}
                variant={action.variant}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      <ErrorAlert error={list.error} title={`Could not load the ${config.nouns}`} />
      {data && listed && (
        <>
          <ItemsTable
            config={config}
            rows={listed}
            sort={sort}
            onSort={(next) => update({ sort: next })}
            itemPath={itemPath}
            onInfo={setShown}
          />
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || ITEM_PAGE_SIZE}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
      {panel(shown, () => setShown(null))}
    </Stack>
  );
}
