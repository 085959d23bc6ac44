import type { Db } from '../../db/client';
import type { ProfileRow, ProfileVersionRow } from '../../db/schema';
import { copyVersionItems, nameDraftInScheme } from '../item-store/repo';
import { conflict, forbidden } from '../errors';
import { recordEvent } from '../events/outbox';
import { findVersionByIri, insertVersion, nextVersionNumber, updateProfile } from './repo';

export const versionIri = (profileIri: string, version: number) => `${profileIri}/v${version}`;

/**
 * The IRI of a new version numbered `number`: `{profile}/v{number}`, unless a version already
 * carries it (imported documents name their versions freely, so an imported first version may be
 * `…/v2`); then the first free `{profile}/v{number}-{n}`.
 */
export async function freeVersionIri(tx: Db, profileIri: string, number: number): Promise<string> {
  const usual = versionIri(profileIri, number);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? usual : `${usual}-${n}`;
    if (!(await findVersionByIri(tx, candidate))) return candidate;
  }
}

/** The version members edit: the draft when there is one, else the published version. */
export const currentVersionId = (profile: ProfileRow) =>
  profile.currentDraftVersionId ?? profile.currentPublishedVersionId;

export function requireCurrent(profile: ProfileRow, version: ProfileVersionRow): void {
  if (version.id !== currentVersionId(profile))
    throw forbidden('Only the current version can be edited.');
}

/**
 * The draft a change lands in. A draft is changed in place; a published version never changes,
 * so the change goes into the next version, a new draft copied from it (its details and every
 * item it lists, each naming the draft in `inScheme`) and `versionCreated` is recorded. This is
 * the new-version command of every edge (profile details and item edits); callers run it inside
 * their transaction.
 */
export async function draftFor(
  tx: Db,
  profile: ProfileRow,
  version: ProfileVersionRow,
  userId: string | null,
  changes: Partial<ProfileVersionRow> = {},
): Promise<{ profile: ProfileRow; draft: ProfileVersionRow }> {
  requireCurrent(profile, version);
  if (version.state === 'draft') return { profile, draft: version };
  if (profile.currentDraftVersionId)
    throw conflict('This profile already has a draft: publish or delete the draft first.');
  const number = await nextVersionNumber(tx, profile.id);
  const draft = await insertVersion(tx, {
    profileId: profile.id,
    version: number,
    iri: await freeVersionIri(tx, profile.iri, number),
    name: version.name,
    description: version.description,
    language: version.language,
    translations: version.translations,
    moreInformation: version.moreInformation,
    tags: version.tags,
    author: version.author,
    extras: version.extras,
    createdBy: userId,
    ...changes,
  });
  await copyVersionItems(tx, version.id, draft.id);
  // The new version's document describes the new version: every item it carries names it.
  await nameDraftInScheme(tx, draft.id, draft.iri);
  await recordEvent(tx, {
    type: 'versionCreated',
    payload: {
      profileId: profile.id,
      versionId: draft.id,
      versionNumber: draft.version,
      versionIri: draft.iri,
      basedOnVersionId: version.id,
    },
  });
  const updated = await updateProfile(tx, profile.id, { currentDraftVersionId: draft.id });
  return { profile: updated, draft };
}
