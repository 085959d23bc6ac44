import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConceptType } from '../../common/concepts';
import type { ItemResults, ProfileResults, SearchCategory } from '../../common/search';
import { http } from './http';

export interface SearchParams {
  search: string;
  page: number;
  limit: number;
  deprecated: boolean;
  verified: boolean;
  conceptType?: ConceptType | undefined;
}

export type SearchAnswer<C extends SearchCategory> = C extends 'profiles'
  ? ProfileResults
  : ItemResults;

export const searchKeys = {
  all: ['search'] as const,
  category: (category: SearchCategory, params: SearchParams) =>
    ['search', category, params] as const,
};

/** The query string of one search call; flags are sent only when set. */
export function searchQueryString(category: SearchCategory, params: SearchParams): string {
  const query = new URLSearchParams({
    search: params.search,
    page: String(params.page),
    limit: String(params.limit),
  });
  if (params.deprecated) query.set('deprecated', 'true');
  if (params.verified) query.set('verified', 'true');
  if (category === 'concepts' && params.conceptType) query.set('conceptType', params.conceptType);
  return query.toString();
}

/** One page of one category of the search page (published content only). */
export function useSearch<C extends SearchCategory>(
  category: C,
  params: SearchParams,
  enabled = true,
) {
  return useQuery({
    queryKey: searchKeys.category(category, params),
    queryFn: () =>
      http.get<SearchAnswer<C>>(`/app/search/${category}?${searchQueryString(category, params)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}
