import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { DeprecateInput } from '../../common/concepts';
import type {
  ComponentList,
  ComponentType,
  CreatePatternInput,
  EditPatternInput,
  PatternChange,
  PatternList,
  PatternView,
} from '../../common/patterns';
import type { LinkChange } from './concepts';
import { http } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

/** Pattern lists and searches are shown 10 to a page. */
export const PATTERN_PAGE_SIZE = 10;

export type PatternSort = 'name' | '-name' | 'updated' | '-updated';

export interface VersionPatternsParams {
  page: number;
  sort: PatternSort;
}

export interface PatternSearchParams {
  search: string;
  page: number;
  /** Hide what this version already lists, and drafts of other profiles. */
  versionId?: string | undefined;
}

export interface ComponentSearchParams {
  search: string;
  page: number;
  /** The version the pattern is built in: drafts of other profiles are left out. */
  versionId: string;
  componentType: ComponentType;
  /** The pattern being edited, left out of its own components. */
  patternId?: string | undefined;
}

/**
 * Every pattern query sits under `patterns`, so one invalidation refreshes the lists, the detail
 * pages, the side panels, the searches and the component searches after any change.
 */
export const patternKeys = {
  all: ['patterns'] as const,
  versionList: (profileId: string, versionId: string, params: VersionPatternsParams) =>
    ['patterns', 'version', profileId, versionId, 'list', params] as const,
  versionPattern: (profileId: string, versionId: string, patternId: string) =>
    ['patterns', 'version', profileId, versionId, 'pattern', patternId] as const,
  pattern: (patternId: string) => ['patterns', 'pattern', patternId] as const,
  search: (params: PatternSearchParams) => ['patterns', 'search', params] as const,
  components: (params: ComponentSearchParams) => ['patterns', 'components', params] as const,
};

const enc = encodeURIComponent;
const versionPatternsUrl = (profileId: string, versionId: string, rest = '') =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/patterns${rest}`;
const patternUrl = (profileId: string, versionId: string, patternId: string, rest = '') =>
  versionPatternsUrl(profileId, versionId, `/${enc(patternId)}${rest}`);

/** The write lock of a pattern in a version: POST takes or renews it, DELETE releases it. */
export const patternLockPath = (profileId: string, versionId: string, patternId: string) =>
  patternUrl(profileId, versionId, patternId, '/lock');

/** Counts, drafts and lists change with every pattern change: refresh patterns and profiles. */
export function refreshPatterns(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: patternKeys.all }),
    refreshProfiles(queryClient),
  ]);
}

// --- reads ------------------------------------------------------------------------------------

export function versionPatternListUrl(
  profileId: string,
  versionId: string,
  params: VersionPatternsParams,
): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(PATTERN_PAGE_SIZE),
    sort: params.sort,
  });
  return `${versionPatternsUrl(profileId, versionId)}?${query.toString()}`;
}

/** The version's own and linked patterns, sorted and paged on the server. */
export function useVersionPatterns(
  profileId: string,
  versionId: string,
  params: VersionPatternsParams,
) {
  return useQuery({
    queryKey: patternKeys.versionList(profileId, versionId, params),
    queryFn: () => http.get<PatternList>(versionPatternListUrl(profileId, versionId, params)),
    placeholderData: keepPreviousData,
  });
}

/** A pattern as listed by a version, with what the viewer may do with it there. */
export function useVersionPattern(profileId: string, versionId: string, patternId: string) {
  return useQuery({
    queryKey: patternKeys.versionPattern(profileId, versionId, patternId),
    queryFn: () => http.get<PatternView>(patternUrl(profileId, versionId, patternId)),
  });
}

/** A pattern on its own (side panels, public reading); claimable orphans say so. */
export function usePattern(patternId: string, enabled = true) {
  return useQuery({
    queryKey: patternKeys.pattern(patternId),
    queryFn: () => http.get<PatternView>(`/app/pattern/${enc(patternId)}`),
    enabled: enabled && patternId !== '',
  });
}

export function patternSearchUrl(params: PatternSearchParams): string {
  const query = new URLSearchParams({
    search: params.search.trim(),
    page: String(params.page),
    limit: String(PATTERN_PAGE_SIZE),
  });
  if (params.versionId) query.set('versionId', params.versionId);
  return `/app/patterns/search?${query.toString()}`;
}

/** Patterns matching a search; with a version, what it lists and other profiles' drafts are left out. */
export function usePatternSearch(params: PatternSearchParams, enabled = true) {
  return useQuery({
    queryKey: patternKeys.search(params),
    queryFn: () => http.get<PatternList>(patternSearchUrl(params)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function componentSearchUrl(params: ComponentSearchParams): string {
  const query = new URLSearchParams({
    search: params.search.trim(),
    page: String(params.page),
    limit: String(PATTERN_PAGE_SIZE),
    versionId: params.versionId,
    componentType: params.componentType,
  });
  if (params.patternId) query.set('patternId', params.patternId);
  return `/app/pattern-components/search?${query.toString()}`;
}

/**
 * Templates or patterns that may become components of a pattern built in the version: never
 * deprecated ones, never drafts of other profiles.
 */
export function useComponentSearch(params: ComponentSearchParams, enabled = true) {
  return useQuery({
    queryKey: patternKeys.components(params),
    queryFn: () => http.get<ComponentList>(componentSearchUrl(params)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// --- changes ----------------------------------------------------------------------------------

function usePatternMutation<V, T extends { success: boolean }>(call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => succeeded(call(variables)),
    onSuccess: () => refreshPatterns(queryClient),
  });
}

/**
 * Creates a pattern in the version. For a published version the server makes the next draft and
 * adds it there: the answer's `versionId` is where it landed.
 */
export function useCreatePattern(profileId: string, versionId: string) {
  return usePatternMutation((input: CreatePatternInput) =>
    http.post<PatternChange>(versionPatternsUrl(profileId, versionId), input),
  );
}

/** Saves a pattern; the caller holds its write lock. */
export function useUpdatePattern(profileId: string, versionId: string, patternId: string) {
  return usePatternMutation((input: EditPatternInput) =>
    http.put<PatternChange>(patternUrl(profileId, versionId, patternId), input),
  );
}

/** Deprecates a pattern with a reason and an optional link; the caller holds its write lock. */
export function useDeprecatePattern(profileId: string, versionId: string, patternId: string) {
  return usePatternMutation((input: DeprecateInput) =>
    http.post<PatternChange>(patternUrl(profileId, versionId, patternId, '/deprecate'), input),
  );
}

/** Forgets a pattern that is gone from a version, then refreshes the lists on the next tick. */
function forgetLater(
  queryClient: QueryClient,
  profileId: string,
  versionId: string,
  patternId: string,
) {
  setTimeout(() => {
    queryClient.removeQueries({
      queryKey: patternKeys.versionPattern(profileId, versionId, patternId),
    });
    queryClient.removeQueries({ queryKey: patternKeys.pattern(patternId) });
    void refreshPatterns(queryClient);
  }, 0);
}

/**
 * Deletes a pattern (the server refuses with a message when a published version lists it, or a
 * pattern of the version uses it). The caller leaves its page first; the lists refresh on the
 * next tick, so the deleted pattern is not asked for again while its page is still mounted.
 */
export function useDeletePattern(profileId: string, versionId: string, patternId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      succeeded(http.delete<PatternChange>(patternUrl(profileId, versionId, patternId))),
    onSuccess: () => forgetLater(queryClient, profileId, versionId, patternId),
  });
}

/** Lists patterns of other profiles in the version (a new draft when it was published). */
export function useLinkPatterns(profileId: string, versionId: string) {
  return usePatternMutation((patternIds: string[]) =>
    http.post<LinkChange>(versionPatternsUrl(profileId, versionId, '/link'), { patternIds }),
  );
}

/** Stops listing a linked pattern in the version; the caller leaves the pattern's page first. */
export function useRemovePatternLink(profileId: string, versionId: string, patternId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      succeeded(http.delete<LinkChange>(patternUrl(profileId, versionId, patternId, '/link'))),
    onSuccess: () => forgetLater(queryClient, profileId, versionId, patternId),
  });
}

export interface PatternToProfile {
  patternId: string;
  profileId: string;
}

/** Brings a deleted pattern back into its profile. */
export function useRestorePattern() {
  return usePatternMutation(({ patternId, profileId }: PatternToProfile) =>
    http.post<PatternChange>(`/app/pattern/${enc(patternId)}/restore`, { profileId }),
  );
}

/** Gives an orphaned pattern a new home: a profile of one of the user's groups. */
export function useClaimPattern() {
  return usePatternMutation(({ patternId, profileId }: PatternToProfile) =>
    http.post<PatternChange>(`/app/pattern/${enc(patternId)}/claim`, { profileId }),
  );
}
