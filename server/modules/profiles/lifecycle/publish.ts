import type { Db } from '../../../db/client';
import { conflict } from '../../errors';
import { freezeVersion } from '../publishing';
import type { ReviewOverride } from '../../reviews';
import type { VersionTarget } from './target';

/** Only the profile's current draft can be published; anything else is a state conflict (409). */
export function requireCurrentDraft(target: Pick<VersionTarget, 'profile' | 'version'>): void {
  const { profile, version } = target;
  if (version.state !== 'draft' || profile.currentDraftVersionId !== version.id)
    throw conflict('Only the current draft can be published.');
}

/**
 * Publishes the current draft, for the site and the public API alike: the version is frozen
 * (refused with the findings when invalid) and `profileVersionPublished` is recorded. Runs in
 * the caller's transaction.
 */
export async function publishDraft(
  tx: Db,
  target: VersionTarget,
  now: Date,
  mode: 'authoring' | 'import',
  reviewOverride?: ReviewOverride,
): Promise<VersionTarget> {
  requireCurrentDraft(target);
  const frozen = await freezeVersion(
    tx,
    reviewOverride ? { ...target, reviewOverride } : target,
    now,
    mode,
  );
  return { ...target, ...frozen };
}
