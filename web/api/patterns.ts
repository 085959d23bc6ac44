import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ComponentList,
  ComponentType,
  CreatePatternInput,
  EditPatternInput,
  PatternChange,
  PatternList,
  PatternView,
} from '../../common/patterns';
import type { itemSortSchema } from '../../common/items';
import { http } from './http';
import {
  ITEM_PAGE_SIZE,
  itemApi,
  type ItemSearchParams,
  type ToProfile,
  type VersionItemsParams,
} from './items';

export { ITEM_PAGE_SIZE as PATTERN_PAGE_SIZE } from './items';

export type PatternSort = z.infer<typeof itemSortSchema>;
export type VersionPatternsParams = VersionItemsParams<PatternSort>;
export type PatternSearchParams = ItemSearchParams;
export type PatternToProfile = ToProfile<'pattern'>;

export interface ComponentSearchParams {
  search: string;
  page: number;
  /** The version the pattern is built in: drafts of other profiles are left out. */
  versionId: string;
  componentType: ComponentType;
  /** The pattern being edited, left out of its own components. */
  patternId?: string | undefined;
}

const patterns = itemApi<
  'pattern',
  {
    sort: PatternSort;
    list: PatternList;
    view: PatternView;
    change: PatternChange;
    create: CreatePatternInput;
    update: EditPatternInput;
    search: PatternSearchParams;
  }
>({ noun: 'pattern', plural: 'patterns' });

/** Every pattern query, the component searches too, sits under `patterns`. */
export const patternKeys = {
  ...patterns.keys,
  components: (params: ComponentSearchParams) => ['patterns', 'components', params] as const,
};

export const {
  lockPath: patternLockPath,
  refresh: refreshPatterns,
  versionListUrl: versionPatternListUrl,
  searchUrl: patternSearchUrl,
  useVersionItems: useVersionPatterns,
  useVersionItem: useVersionPattern,
  useFetchVersionItem: useFetchVersionPattern,
  useItem: usePattern,
  useSearch: usePatternSearch,
  useCreate: useCreatePattern,
  useUpdate: useUpdatePattern,
  useDeprecate: useDeprecatePattern,
  useDelete: useDeletePattern,
  useLink: useLinkPatterns,
  useRemoveLink: useRemovePatternLink,
  useRestore: useRestorePattern,
  useClaim: useClaimPattern,
} = patterns;

export function componentSearchUrl(params: ComponentSearchParams): string {
  const query = new URLSearchParams({
    search: params.search.trim(),
    page: String(params.page),
    limit: String(ITEM_PAGE_SIZE),
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
