import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeprecateInput, linkAnswerSchema } from '../../common/items';
import { http } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

/**
 * A change and the revision it is based on: the `revision` of the item as its screen loaded it
 * (sent as If-Match; see `common/revisions.ts`).
 */
export interface Based<Input> {
  input: Input;
  basedOn: string;
}

/** Item lists, search results and deleted items are shown 10 to a page. */
export const ITEM_PAGE_SIZE = 10;

/** The answer of linking or removing a link: the version the change landed in. */
export type LinkChange = z.infer<typeof linkAnswerSchema>;

export interface VersionItemsParams<Sort extends string> {
  page: number;
  sort: Sort;
  /** Rows per page (10 unless chosen). */
  limit?: number;
  /** Only rows whose name, IRI or type contains this. */
  filter?: string;
}

export interface ItemSearchParams {
  search: string;
  page: number;
  /** Hide what this version already lists, and drafts of other profiles. */
  versionId?: string | undefined;
}

/** Restoring or claiming: the item (`conceptId`, `templateId` or `patternId`) and its new home. */
export type ToProfile<Noun extends string> = { profileId: string } & Record<`${Noun}Id`, string>;

/** The types one kind of item reads and sends. */
export interface ItemTypes {
  sort: string;
  list: unknown;
  view: unknown;
  change: { success: boolean };
  create: unknown;
  update: unknown;
  search: ItemSearchParams;
}

/** What sets one kind of item apart in the app's addresses. */
export interface ItemKind<Noun extends string, Search extends ItemSearchParams> {
  /** `concept`: `/app/concept/{id}`, `{ conceptIds }` and `{ conceptId }`. */
  noun: Noun;
  /** `concepts`: `/app/profile/{p}/version/{v}/concepts` and `/app/concepts/search`. */
  plural: string;
  /** Other queries a change of this kind makes stale (templates list concepts, for one). */
  alsoRefresh?: readonly QueryKey[];
  /** The search's own filters, in the order the address lists them; empty ones are left out. */
  searchFilters?: (params: Search) => Record<string, string | undefined>;
}

const enc = encodeURIComponent;

/**
 * The addresses, query keys and hooks one kind of item shares with the others. Every query of a
 * kind sits under its plural, so one invalidation refreshes the lists, the detail pages, the side
 * panels and the searches after any change.
 */
export function itemApi<Noun extends string, T extends ItemTypes>(
  kind: ItemKind<Noun, T['search']>,
) {
  const { noun, plural, alsoRefresh = [] } = kind;
  const searchFilters =
    kind.searchFilters ?? ((params: T['search']) => ({ versionId: params.versionId }));

  const keys = {
    all: [plural] as const,
    ofVersion: (profileId: string, versionId: string) =>
      [plural, 'version', profileId, versionId] as const,
    versionList: (profileId: string, versionId: string, params: VersionItemsParams<T['sort']>) =>
      [plural, 'version', profileId, versionId, 'list', params] as const,
    versionItem: (profileId: string, versionId: string, itemId: string) =>
      [plural, 'version', profileId, versionId, noun, itemId] as const,
    item: (itemId: string) => [plural, noun, itemId] as const,
    search: (params: T['search']) => [plural, 'search', params] as const,
  };

  const listUrl = (profileId: string, versionId: string, rest = '') =>
    `/app/profile/${enc(profileId)}/version/${enc(versionId)}/${plural}${rest}`;
  /** `/app/profile/{p}/version/{v}/{plural}/{id}{rest}` */
  const itemUrl = (profileId: string, versionId: string, itemId: string, rest = '') =>
    listUrl(profileId, versionId, `/${enc(itemId)}${rest}`);
  /** An item on its own: `/app/{noun}/{id}{rest}`. */
  const ownUrl = (itemId: string, rest = '') => `/app/${noun}/${enc(itemId)}${rest}`;

  /**
   * Counts, drafts and lists change with every change: refresh the kind and the profiles, all
   * but the kind's queries `keep` turns down.
   */
  const refresh = (
    queryClient: QueryClient,
    keep: (query: Query) => boolean = () => true,
  ): Promise<unknown> =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all, predicate: keep }),
      ...alsoRefresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      refreshProfiles(queryClient),
    ]);

  const versionListUrl = (
    profileId: string,
    versionId: string,
    params: VersionItemsParams<T['sort']>,
  ): string => {
    const query = new URLSearchParams({
      page: String(params.page),
      limit: String(params.limit ?? ITEM_PAGE_SIZE),
      sort: params.sort,
    });
    const filter = params.filter?.trim() ?? '';
    if (filter !== '') query.set('filter', filter);
    return `${listUrl(profileId, versionId)}?${query.toString()}`;
  };

  const searchUrl = (params: T['search']): string => {
    const query = new URLSearchParams({
      search: params.search.trim(),
      page: String(params.page),
      limit: String(ITEM_PAGE_SIZE),
    });
    for (const [name, value] of Object.entries(searchFilters(params)))
      if (value) query.set(name, value);
    return `/app/${plural}/search?${query.toString()}`;
  };

  /** A change that refreshes the kind (and what it makes stale) once it succeeded. */
  function useItemChange<V, R extends { success: boolean }>(call: (variables: V) => Promise<R>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (variables: V) => succeeded(call(variables)),
      onSuccess: () => refresh(queryClient),
    });
  }

  /**
   * A change after which the item is gone from the version (deleted, or no longer linked). The
   * caller leaves its page, which may stay mounted a moment longer (the next page loading). On
   * the next tick the lists refresh, but never the item's own queries: the server would answer
   * 404. Those nothing shows are forgotten now; one a page still shows keeps its data, unrefreshed,
   * until that page is gone and the cache collects it. (Removing it under a mounted page would
   * only make the page's next render ask for it again.)
   */
  function useLeavingChange<V, R extends { success: boolean }>(
    profileId: string,
    versionId: string,
    itemId: string,
    call: (variables: V) => Promise<R>,
  ) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (variables: V) => succeeded(call(variables)),
      onSuccess: () => {
        setTimeout(() => {
          const leaving = [keys.versionItem(profileId, versionId, itemId), keys.item(itemId)].map(
            (queryKey) => hashKey(queryKey),
          );
          queryClient.removeQueries({
            predicate: (query) =>
              leaving.includes(query.queryHash) && query.getObserversCount() === 0,
          });
          void refresh(queryClient, (query) => !leaving.includes(query.queryHash));
        }, 0);
      },
    });
  }

  /** Restoring or claiming: `/app/{noun}/{id}/{action}` with the profile that takes it. */
  const toProfile = (action: 'restore' | 'claim') => (variables: ToProfile<Noun>) =>
    http.post<T['change']>(
      ownUrl((variables as Record<string, string>)[`${noun}Id`] ?? '', `/${action}`),
      { profileId: variables.profileId },
    );

  /** The version's own and linked items, sorted and paged on the server. */
  function useVersionItems(
    profileId: string,
    versionId: string,
    params: VersionItemsParams<T['sort']>,
  ) {
    return useQuery({
      queryKey: keys.versionList(profileId, versionId, params),
      queryFn: () => http.get<T['list']>(versionListUrl(profileId, versionId, params)),
      placeholderData: keepPreviousData,
    });
  }

  /** An item as listed by a version, with what the viewer may do with it there. */
  function useVersionItem(profileId: string, versionId: string, itemId: string) {
    return useQuery({
      queryKey: keys.versionItem(profileId, versionId, itemId),
      queryFn: () => http.get<T['view']>(itemUrl(profileId, versionId, itemId)),
    });
  }

  /** An item on its own (side panels, public reading); claimable orphans say so. */
  function useItem(itemId: string, enabled = true) {
    return useQuery({
      queryKey: keys.item(itemId),
      queryFn: () => http.get<T['view']>(ownUrl(itemId)),
      enabled: enabled && itemId !== '',
    });
  }

  /** Items matching a search; with a version, what it lists and other profiles' drafts are left out. */
  function useSearch(params: T['search'], enabled = true) {
    return useQuery({
      queryKey: keys.search(params),
      queryFn: () => http.get<T['list']>(searchUrl(params)),
      placeholderData: keepPreviousData,
      enabled,
    });
  }

  /**
   * Creates an item in the version. For a published version the server makes the next draft
   * and adds it there: the answer's `versionId` is where it landed.
   */
  function useCreate(profileId: string, versionId: string) {
    return useItemChange((input: T['create']) =>
      http.post<T['change']>(listUrl(profileId, versionId), input),
    );
  }

  /**
   * The item as the version lists it now, fetched afresh (and kept for the screens showing it):
   * what someone else saved, after a save of this screen ran into theirs.
   */
  function useFetchVersionItem(profileId: string, versionId: string, itemId: string) {
    const queryClient = useQueryClient();
    return () =>
      queryClient.fetchQuery({
        queryKey: keys.versionItem(profileId, versionId, itemId),
        queryFn: () => http.get<T['view']>(itemUrl(profileId, versionId, itemId)),
        staleTime: 0,
      });
  }

  /** Saves an item, based on the revision its form was filled from; the caller holds its lock. */
  function useUpdate(profileId: string, versionId: string, itemId: string) {
    return useItemChange(({ input, basedOn }: Based<T['update']>) =>
      http.put<T['change']>(itemUrl(profileId, versionId, itemId), input, { basedOn }),
    );
  }

  /** Deprecates an item with a reason and an optional link; the caller holds its write lock. */
  function useDeprecate(profileId: string, versionId: string, itemId: string) {
    return useItemChange(({ input, basedOn }: Based<DeprecateInput>) =>
      http.post<T['change']>(itemUrl(profileId, versionId, itemId, '/deprecate'), input, {
        basedOn,
      }),
    );
  }

  /**
   * Deletes an item, based on the revision shown (the server refuses with a message while a
   * published version lists it, or another item of the version uses it).
   */
  function useDelete(profileId: string, versionId: string, itemId: string) {
    return useLeavingChange(profileId, versionId, itemId, (basedOn: string) =>
      http.delete<T['change']>(itemUrl(profileId, versionId, itemId), { basedOn }),
    );
  }

  /** Lists items of other profiles in the version (a new draft when it was published). */
  function useLink(profileId: string, versionId: string) {
    return useItemChange((ids: string[]) =>
      http.post<LinkChange>(listUrl(profileId, versionId, '/link'), { [`${noun}Ids`]: ids }),
    );
  }

  /** Stops listing a linked item in the version. */
  function useRemoveLink(profileId: string, versionId: string, itemId: string) {
    return useLeavingChange<void, LinkChange>(profileId, versionId, itemId, () =>
      http.delete<LinkChange>(itemUrl(profileId, versionId, itemId, '/link')),
    );
  }

  /** Brings a deleted item back into its profile. */
  function useRestore() {
    return useItemChange(toProfile('restore'));
  }

  /** Gives an orphaned item a new home: a profile of one of the user's groups. */
  function useClaim() {
    return useItemChange(toProfile('claim'));
  }

  return {
    keys,
    itemUrl,
    versionListUrl,
    searchUrl,
    refresh,
    useItemChange,
    /** The write lock of an item in a version: POST takes or renews it, DELETE releases it. */
    lockPath: (profileId: string, versionId: string, itemId: string) =>
      itemUrl(profileId, versionId, itemId, '/lock'),
    useVersionItems,
    useVersionItem,
    useFetchVersionItem,
    useItem,
    useSearch,
    useCreate,
    useUpdate,
    useDeprecate,
    useDelete,
    useLink,
    useRemoveLink,
    useRestore,
    useClaim,
  };
}
