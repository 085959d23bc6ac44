import type { Db } from '../../../db/client';
import type { ProfileRow } from '../../../db/schema';
import { recordEvent } from '../../events/outbox';
import { dropDraftItems, settleRevisions } from '../../item-store/repo';
import { deleteProfile as removeProfile, deleteVersion, updateProfile } from '../repo';

/**
 * Deletes a profile's draft. A profile that was never published is nothing but its draft, so it
 * goes with it. Runs in the caller's transaction, which has authorized the change.
 */
export async function deleteDraft(tx: Db, profile: ProfileRow, draftId: string): Promise<void> {
  const profileRemoved = !profile.currentPublishedVersionId;
  await dropDraftItems(tx, profile.id, draftId);
  if (profileRemoved) {
    await removeProfile(tx, profile.id);
  } else {
    await updateProfile(tx, profile.id, { currentDraftVersionId: null });
    await deleteVersion(tx, draftId);
    // The revisions only the draft listed go with it; its items read as published again.
    await settleRevisions(tx, profile.id);
  }
  await recordEvent(tx, {
    type: 'draftDeleted',
    payload: { profileId: profile.id, versionId: draftId, profileRemoved },
  });
}

/** Deletes a profile with every version. Runs in the caller's transaction. */
export async function deleteProfile(tx: Db, profile: ProfileRow): Promise<void> {
  await removeProfile(tx, profile.id);
  await recordEvent(tx, {
    type: 'profileDeleted',
    payload: {
      profileId: profile.id,
      profileIri: profile.iri,
      organizationId: profile.organizationId,
    },
  });
}
