import { useQuery } from '@tanstack/react-query';
import type { SiteComparison } from '../../common/changes';
import { renderChangelog } from '../../xapi/changes/markdown';
import { saveFile } from '../lib/save-file';
import { http } from './http';
import { profileKeys } from './profiles';

export type { SiteComparison };

/** `/app/profile/:id/changes`: what changed from one version to another. */
export const comparisonUrl = (profileId: string, from: string, to: string) =>
  `/app/profile/${encodeURIComponent(profileId)}/changes?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Versions never change once published and a draft is read afresh on each visit of the screen. */
export function useComparison(profileId: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: [...profileKeys.ofProfile(profileId), 'changes', from, to] as const,
    queryFn: () => http.get<SiteComparison>(comparisonUrl(profileId, from!, to!)),
    enabled: from !== null && to !== null && from !== to,
  });
}

/** The Markdown changelog of a comparison, as the public API also gives it. */
export const changelogOf = (comparison: SiteComparison) => renderChangelog(comparison.changes);

/** The file a changelog is saved under: `changelog-v2-v3.md`. */
export const changelogFileName = (comparison: SiteComparison) =>
  `changelog-v${comparison.from.version}-v${comparison.to.version}.md`;

/** Saves a comparison as a Markdown changelog file. */
export function saveChangelog(comparison: SiteComparison) {
  saveFile(
    changelogFileName(comparison),
    new Blob([changelogOf(comparison)], { type: 'text/markdown' }),
  );
}

/** Fetches the comparison of two versions and saves it as a Markdown changelog. */
export async function exportChangelog(profileId: string, from: string, to: string) {
  saveChangelog(await http.get<SiteComparison>(comparisonUrl(profileId, from, to)));
}
