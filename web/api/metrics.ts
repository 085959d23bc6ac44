import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CounterRanking,
  GroupUsage,
  MetricWindow,
  MostViewed,
  ProfileTotal,
  Usage,
} from '../../common/metrics';
import { http } from './http';

/** Figures move only when the counters are written (every few minutes): no need to refetch often. */
const STALE_MS = 60_000;

export const metricsKeys = {
  all: ['metrics'] as const,
  ranking: (kind: 'mostViewed' | 'mostExported' | 'mostAPIRetrievals', days: MetricWindow) =>
    ['metrics', kind, days] as const,
  usage: (profileId: string) => ['metrics', 'usage', profileId] as const,
  exportTotal: (profileId: string) => ['metrics', 'exportTotal', profileId] as const,
  group: (organizationId: string) => ['metrics', 'group', organizationId] as const,
};

const ranking = <T>(
  kind: 'mostViewed' | 'mostExported' | 'mostAPIRetrievals',
  days: MetricWindow,
) => ({
  queryKey: metricsKeys.ranking(kind, days),
  queryFn: () => http.get<T>(`/app/metrics/${kind}?days=${days}`),
  staleTime: STALE_MS,
  placeholderData: keepPreviousData,
});

/** The ten most viewed published profiles of the window. */
export function useMostViewed(days: MetricWindow) {
  return useQuery(ranking<MostViewed>('mostViewed', days));
}

/** The ten most exported published profiles, one entry per kind of export. */
export function useMostExported(days: MetricWindow) {
  return useQuery(ranking<CounterRanking>('mostExported', days));
}

/** The profiles most read and written through the public API (site admins only). */
export function useMostApiRetrievals(days: MetricWindow) {
  return useQuery(ranking<CounterRanking>('mostAPIRetrievals', days));
}

/** A profile's views per day of the last 30 days, with their total. */
export function useProfileUsage(profileId: string) {
  return useQuery({
    queryKey: metricsKeys.usage(profileId),
    queryFn: () =>
      http.get<Usage>(`/app/metrics/profile/${encodeURIComponent(profileId)}/usageOverTime`),
    staleTime: STALE_MS,
  });
}

/** A profile's exports of the last 30 days. */
export function useProfileExportTotal(profileId: string) {
  return useQuery({
    queryKey: metricsKeys.exportTotal(profileId),
    queryFn: () =>
      http.get<ProfileTotal>(`/app/metrics/profile/${encodeURIComponent(profileId)}/exportTotal`),
    staleTime: STALE_MS,
  });
}

/** A working group's published profiles with their views and exports of the last 30 days. */
export function useGroupUsage(organizationId: string) {
  return useQuery({
    queryKey: metricsKeys.group(organizationId),
    queryFn: () => http.get<GroupUsage>(`/app/metrics/org/${encodeURIComponent(organizationId)}`),
    staleTime: STALE_MS,
  });
}
