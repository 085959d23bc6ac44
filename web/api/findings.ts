import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionFinding, versionFindingsSchema } from '../../common/harvest';
import type { z } from 'zod';
import { http } from './http';
import { succeeded } from './organizations';
import { profileKeys, refreshProfiles } from './profiles';

export type { VersionFinding };

/** `/app/profile/:id/version/:id/findings`: what the check finds in a version's document. */
export const findingsUrl = (profileId: string, versionId: string) =>
  `/app/profile/${encodeURIComponent(profileId)}/version/${encodeURIComponent(versionId)}/findings`;

/**
 * A version's findings, errors first. Kept under the version's key, so every change to the
 * profile or its items (which refreshes all profile queries) reads them again.
 */
export function useVersionFindings(profileId: string, versionId: string, enabled = true) {
  return useQuery({
    queryKey: [...profileKeys.view(profileId, versionId), 'findings'] as const,
    queryFn: () =>
      http.get<z.infer<typeof versionFindingsSchema>>(findingsUrl(profileId, versionId)),
    select: (answer) => answer.findings,
    enabled,
  });
}

/** The URL segment of each kind of item a finding can be in, as the site's addresses spell it. */
export const ITEM_SEGMENTS = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
} as const;

/**
 * The pointer inside its item of the value a finding names (`/concepts/3/remark` → `/remark`),
 * or null when the finding is at the item itself.
 */
export function itemPointer(path: string): string | null {
  const inside = path.split('/').slice(3);
  return inside.length > 0 && inside.some((s) => s !== '') ? `/${inside.join('/')}` : null;
}

/**
 * Removes the value a finding names from its item (`POST …/{plural}/{id}/remove-value`), then
 * reads the item kind's queries and the profile's, findings included, again.
 */
export function useRemoveFindingValue(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ finding, pointer }: { finding: VersionFinding; pointer: string }) => {
      const item = finding.item;
      if (!item) throw new Error('This finding is not inside an item.');
      const plural = ITEM_SEGMENTS[item.kind];
      const itemUrl = `/app/profile/${encodeURIComponent(profileId)}/version/${encodeURIComponent(versionId)}/${plural}/${encodeURIComponent(item.id)}`;
      // A removal is a save of the item: it names the revision it was based on, the one the
      // item's page shows now (the findings list does not carry it).
      const page = await http.get<Record<string, { revision?: string } | undefined>>(itemUrl);
      return succeeded(
        http.post<{ success: boolean }>(
          `${itemUrl}/remove-value`,
          { pointer },
          { basedOn: page[item.kind]?.revision },
        ),
      );
    },
    onSuccess: (_answer, { finding }) =>
      Promise.all([
        finding.item
          ? queryClient.invalidateQueries({ queryKey: [ITEM_SEGMENTS[finding.item.kind]] })
          : null,
        refreshProfiles(queryClient),
      ]),
  });
}

/**
 * Takes one IRI out of a draft's `wasRevisionOf`: how a finding about it (C6) is fixed, since no
 * form edits it. Based on the version details' revision the page shows.
 */
export function useRemoveRevisionOf(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ iri, basedOn }: { iri: string; basedOn: string }) =>
      succeeded(
        http.post<{ success: boolean }>(
          `/app/profile/${encodeURIComponent(profileId)}/version/${encodeURIComponent(versionId)}/remove-revision-of`,
          { iri },
          { basedOn },
        ),
      ),
    onSuccess: () => refreshProfiles(queryClient),
  });
}
