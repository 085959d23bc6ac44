import { useQuery } from '@tanstack/react-query';
import type { VersionFinding, versionFindingsSchema } from '../../common/harvest';
import type { z } from 'zod';
import { http } from './http';
import { profileKeys } from './profiles';

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
