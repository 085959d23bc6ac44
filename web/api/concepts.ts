import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ConceptChange,
  ConceptInput,
  ConceptList,
  ConceptType,
  ConceptView,
  conceptSortSchema,
} from '../../common/concepts';
import type { DeletedItems, MyDeletedItems } from '../../common/items';
import { http } from './http';
import {
  ITEM_PAGE_SIZE,
  itemApi,
  type ItemSearchParams,
  type ToProfile,
  type VersionItemsParams,
} from './items';

export { ITEM_PAGE_SIZE as CONCEPT_PAGE_SIZE, type LinkChange } from './items';

export type ConceptSort = z.infer<typeof conceptSortSchema>;
export type VersionConceptsParams = VersionItemsParams<ConceptSort>;
export type ConceptToProfile = ToProfile<'concept'>;

export interface ConceptSearchParams extends ItemSearchParams {
  conceptType?: ConceptType | undefined;
  /** Only concepts of the version's own profile. */
  scope?: 'all' | 'profile' | undefined;
  /** Include what the version lists (choosing concepts to use in it rather than to add). */
  includeListed?: boolean | undefined;
}

const concepts = itemApi<
  'concept',
  {
    sort: ConceptSort;
    list: ConceptList;
    view: ConceptView;
    change: ConceptChange;
    create: ConceptInput;
    update: ConceptInput;
    search: ConceptSearchParams;
  }
>({
  noun: 'concept',
  plural: 'concepts',
  searchFilters: (params) => ({
    versionId: params.versionId,
    conceptType: params.conceptType,
    scope: params.scope,
    listed: params.includeListed ? 'include' : undefined,
  }),
});

/** Every concept query, deleted items too, sits under `concepts`. */
export const conceptKeys = {
  ...concepts.keys,
  deleted: (profileId: string, versionId: string, page: number) =>
    ['concepts', 'deleted', profileId, versionId, page] as const,
  mine: (page: number) => ['concepts', 'deleted', 'mine', page] as const,
};

export const {
  lockPath: conceptLockPath,
  refresh: refreshConcepts,
  versionListUrl: versionConceptListUrl,
  searchUrl: conceptSearchUrl,
  useVersionItems: useVersionConcepts,
  useVersionItem: useVersionConcept,
  useFetchVersionItem: useFetchVersionConcept,
  useItem: useConcept,
  useSearch: useConceptSearch,
  useCreate: useCreateConcept,
  useUpdate: useUpdateConcept,
  useDeprecate: useDeprecateConcept,
  useDelete: useDeleteConcept,
  useLink: useLinkConcepts,
  useRemoveLink: useRemoveConceptLink,
  useRestore: useRestoreConcept,
  useClaim: useClaimConcept,
} = concepts;

export function deletedItemsUrl(profileId: string, versionId: string, page: number): string {
  const query = new URLSearchParams({ page: String(page), limit: String(ITEM_PAGE_SIZE) });
  const enc = encodeURIComponent;
  return `/app/deleted-items/profile/${enc(profileId)}/version/${enc(versionId)}?${query.toString()}`;
}

/** The profile's deleted items (for its members) and the orphans anyone signed in may claim. */
export function useDeletedItems(profileId: string, versionId: string, page: number) {
  return useQuery({
    queryKey: conceptKeys.deleted(profileId, versionId, page),
    queryFn: () => http.get<DeletedItems>(deletedItemsUrl(profileId, versionId, page)),
    placeholderData: keepPreviousData,
  });
}

export function myDeletedItemsUrl(page: number): string {
  const query = new URLSearchParams({ page: String(page), limit: String(ITEM_PAGE_SIZE) });
  return `/app/deleted-items?${query.toString()}`;
}

/** Deleted Items across profiles: those of every profile of the person's groups. */
export function useMyDeletedItems(page: number) {
  return useQuery({
    queryKey: conceptKeys.mine(page),
    queryFn: () => http.get<MyDeletedItems>(myDeletedItemsUrl(page)),
    placeholderData: keepPreviousData,
  });
}
