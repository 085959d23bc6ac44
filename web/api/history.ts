import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionActivity } from '../../common/activity';
import type { ItemHistory, ItemRevision, RevisionComparison } from '../../common/history';
import { http } from './http';
import { succeeded } from './organizations';

/**
 * An item's history in a version (`itemUrl`: the item's `/app/profile/…/{plural}/{id}`): its
 * revisions, one of them, two compared, and restoring one.
 */
export function useItemHistory(itemUrl: string, enabled = true) {
  return useQuery({
    queryKey: ['item-history', itemUrl],
    queryFn: () => http.get<ItemHistory>(`${itemUrl}/history`),
    enabled,
  });
}

export function useItemRevision(itemUrl: string, revisionId: string | null) {
  return useQuery({
    queryKey: ['item-revision', itemUrl, revisionId],
    queryFn: () => http.get<ItemRevision>(`${itemUrl}/history/${revisionId ?? ''}`),
    enabled: revisionId !== null,
  });
}

export function useRevisionComparison(itemUrl: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['item-revisions-compared', itemUrl, from, to],
    queryFn: () =>
      http.get<RevisionComparison>(
        `${itemUrl}/history/compare?from=${encodeURIComponent(from ?? '')}&to=${encodeURIComponent(to ?? '')}`,
      ),
    enabled: from !== null && to !== null && from !== to,
  });
}

/** Restores a revision as a new one, based on the revision the page shows (If-Match). */
export function useRestoreRevision(itemUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, basedOn }: { revisionId: string; basedOn: string }) =>
      succeeded(
        http.post<{ success: boolean; versionId: string }>(
          `${itemUrl}/history/${revisionId}/restore`,
          {},
          { basedOn },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** What happened to a version, in order (`/app/profile/{p}/version/{v}/activity`). */
export function useVersionActivity(profileId: string, versionId: string) {
  return useQuery({
    queryKey: ['version-activity', profileId, versionId],
    queryFn: () =>
      http.get<VersionActivity>(`/app/profile/${profileId}/version/${versionId}/activity`),
  });
}
