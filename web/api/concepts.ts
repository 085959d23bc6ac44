import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ConceptChange,
  ConceptInput,
  ConceptList,
  ConceptType,
  ConceptView,
  DeletedItems,
  DeprecateInput,
} from '../../common/concepts';
import { http } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

/** Concept lists, search results and deleted items are shown 10 to a page. */
export const CONCEPT_PAGE_SIZE = 10;

export type ConceptSort = 'name' | '-name' | 'type' | '-type' | 'updated' | '-updated';

export interface VersionConceptsParams {
  page: number;
  sort: ConceptSort;
}

export interface ConceptSearchParams {
  search: string;
  page: number;
  /** Hide what this version already lists, and drafts of other profiles. */
  versionId?: string | undefined;
  conceptType?: ConceptType | undefined;
  /** Only concepts of the version's own profile. */
  scope?: 'all' | 'profile' | undefined;
  /** Include what the version lists (choosing concepts to use in it rather than to add). */
  includeListed?: boolean | undefined;
}

/**
 * Every concept query sits under `concepts`, so one invalidation refreshes the lists, the
 * detail pages, the side panels, search results and deleted items after any change.
 */
export const conceptKeys = {
  all: ['concepts'] as const,
  ofVersion: (profileId: string, versionId: string) =>
    ['concepts', 'version', profileId, versionId] as const,
  versionList: (profileId: string, versionId: string, params: VersionConceptsParams) =>
    ['concepts', 'version', profileId, versionId, 'list', params] as const,
  versionConcept: (profileId: string, versionId: string, conceptId: string) =>
    ['concepts', 'version', profileId, versionId, 'concept', conceptId] as const,
  concept: (conceptId: string) => ['concepts', 'concept', conceptId] as const,
  search: (params: ConceptSearchParams) => ['concepts', 'search', params] as const,
  deleted: (profileId: string, versionId: string, page: number) =>
    ['concepts', 'deleted', profileId, versionId, page] as const,
};

/** The answer of linking or removing a link: the version the change landed in. */
export interface LinkChange {
  success: true;
  versionId: string;
}

const enc = encodeURIComponent;
const versionConceptsUrl = (profileId: string, versionId: string, rest = '') =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/concepts${rest}`;
const conceptUrl = (profileId: string, versionId: string, conceptId: string, rest = '') =>
  versionConceptsUrl(profileId, versionId, `/${enc(conceptId)}${rest}`);

/** The write lock of a concept in a version: POST takes or renews it, DELETE releases it. */
export const conceptLockPath = (profileId: string, versionId: string, conceptId: string) =>
  conceptUrl(profileId, versionId, conceptId, '/lock');

/** Counts, drafts and lists change with every concept change: refresh concepts and profiles. */
export function refreshConcepts(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conceptKeys.all }),
    refreshProfiles(queryClient),
  ]);
}

// --- reads ------------------------------------------------------------------------------------

export function versionConceptListUrl(
  profileId: string,
  versionId: string,
  params: VersionConceptsParams,
): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(CONCEPT_PAGE_SIZE),
    sort: params.sort,
  });
  return `${versionConceptsUrl(profileId, versionId)}?${query.toString()}`;
}

/** The version's own and linked concepts, sorted and paged on the server. */
export function useVersionConcepts(
  profileId: string,
  versionId: string,
  params: VersionConceptsParams,
) {
  return useQuery({
    queryKey: conceptKeys.versionList(profileId, versionId, params),
    queryFn: () => http.get<ConceptList>(versionConceptListUrl(profileId, versionId, params)),
    placeholderData: keepPreviousData,
  });
}

/** A concept as listed by a version, with what the viewer may do with it there. */
export function useVersionConcept(profileId: string, versionId: string, conceptId: string) {
  return useQuery({
    queryKey: conceptKeys.versionConcept(profileId, versionId, conceptId),
    queryFn: () => http.get<ConceptView>(conceptUrl(profileId, versionId, conceptId)),
  });
}

/** A concept on its own (side panels, public reading); claimable orphans say so. */
export function useConcept(conceptId: string, enabled = true) {
  return useQuery({
    queryKey: conceptKeys.concept(conceptId),
    queryFn: () => http.get<ConceptView>(`/app/concept/${enc(conceptId)}`),
    enabled: enabled && conceptId !== '',
  });
}

export function conceptSearchUrl(params: ConceptSearchParams): string {
  const query = new URLSearchParams({
    search: params.search.trim(),
    page: String(params.page),
    limit: String(CONCEPT_PAGE_SIZE),
  });
  if (params.versionId) query.set('versionId', params.versionId);
  if (params.conceptType) query.set('conceptType', params.conceptType);
  if (params.scope) query.set('scope', params.scope);
  if (params.includeListed) query.set('listed', 'include');
  return `/app/concepts/search?${query.toString()}`;
}

/** Concepts matching a search; with a version, what it lists and other profiles' drafts are left out. */
export function useConceptSearch(params: ConceptSearchParams, enabled = true) {
  return useQuery({
    queryKey: conceptKeys.search(params),
    queryFn: () => http.get<ConceptList>(conceptSearchUrl(params)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function deletedItemsUrl(profileId: string, versionId: string, page: number): string {
  const query = new URLSearchParams({ page: String(page), limit: String(CONCEPT_PAGE_SIZE) });
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

// --- changes ----------------------------------------------------------------------------------

function useConceptMutation<V, T extends { success: boolean }>(call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => succeeded(call(variables)),
    onSuccess: () => refreshConcepts(queryClient),
  });
}

/**
 * Creates a concept in the version. For a published version the server makes the next draft and
 * adds it there: the answer's `versionId` is where it landed.
 */
export function useCreateConcept(profileId: string, versionId: string) {
  return useConceptMutation((input: ConceptInput) =>
    http.post<ConceptChange>(versionConceptsUrl(profileId, versionId), input),
  );
}

/** Saves a concept; the caller holds its write lock. */
export function useUpdateConcept(profileId: string, versionId: string, conceptId: string) {
  return useConceptMutation((input: ConceptInput) =>
    http.put<ConceptChange>(conceptUrl(profileId, versionId, conceptId), input),
  );
}

/** Deprecates a concept with a reason and an optional link; the caller holds its write lock. */
export function useDeprecateConcept(profileId: string, versionId: string, conceptId: string) {
  return useConceptMutation((input: DeprecateInput) =>
    http.post<ConceptChange>(conceptUrl(profileId, versionId, conceptId, '/deprecate'), input),
  );
}

/**
 * Deletes a concept (the server refuses with a message when a published version lists it). The
 * caller leaves its page first; the lists refresh on the next tick, so the deleted concept is not
 * asked for again while its page is still mounted.
 */
export function useDeleteConcept(profileId: string, versionId: string, conceptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      succeeded(http.delete<ConceptChange>(conceptUrl(profileId, versionId, conceptId))),
    onSuccess: () => {
      setTimeout(() => {
        queryClient.removeQueries({
          queryKey: conceptKeys.versionConcept(profileId, versionId, conceptId),
        });
        queryClient.removeQueries({ queryKey: conceptKeys.concept(conceptId) });
        void refreshConcepts(queryClient);
      }, 0);
    },
  });
}

/** Lists concepts of other profiles in the version (a new draft when it was published). */
export function useLinkConcepts(profileId: string, versionId: string) {
  return useConceptMutation((conceptIds: string[]) =>
    http.post<LinkChange>(versionConceptsUrl(profileId, versionId, '/link'), { conceptIds }),
  );
}

/** Stops listing a linked concept in the version; the caller leaves the concept's page first. */
export function useRemoveConceptLink(profileId: string, versionId: string, conceptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      succeeded(http.delete<LinkChange>(conceptUrl(profileId, versionId, conceptId, '/link'))),
    onSuccess: () => {
      setTimeout(() => {
        queryClient.removeQueries({
          queryKey: conceptKeys.versionConcept(profileId, versionId, conceptId),
        });
        void refreshConcepts(queryClient);
      }, 0);
    },
  });
}

export interface ConceptToProfile {
  conceptId: string;
  profileId: string;
}

/** Brings a deleted concept back into its profile. */
export function useRestoreConcept() {
  return useConceptMutation(({ conceptId, profileId }: ConceptToProfile) =>
    http.post<ConceptChange>(`/app/concept/${enc(conceptId)}/restore`, { profileId }),
  );
}

/** Gives an orphaned concept a new home: a profile of one of the user's groups. */
export function useClaimConcept() {
  return useConceptMutation(({ conceptId, profileId }: ConceptToProfile) =>
    http.post<ConceptChange>(`/app/concept/${enc(conceptId)}/claim`, { profileId }),
  );
}
