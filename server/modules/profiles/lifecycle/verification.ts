import type { VerifyDecision } from '../../../../common/profiles';
import type { Db } from '../../../db/client';
import type { ProfileVersionRow } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { findVersion, updateVersion } from '../repo';

/**
 * Asks the site admins to verify a published version. A draft or an already verified version is
 * a state conflict (409) on every edge. Runs in the caller's transaction.
 */
export async function requestVerification(
  tx: Db,
  version: ProfileVersionRow,
  requesterId: string | null,
  now: Date,
): Promise<ProfileVersionRow> {
  if (version.state !== 'published')
    throw conflict('Publish the profile before asking for verification.');
  if (version.isVerified) throw conflict('This version is already verified.');
  const updated = await updateVersion(tx, version.id, {
    verificationRequestedAt: now,
    verificationRequestedBy: requesterId,
    verificationDenyReason: null,
  });
  await recordEvent(tx, {
    type: 'verificationRequested',
    payload: { profileId: version.profileId, versionId: version.id, requestedBy: requesterId },
  });
  return updated;
}

async function publishedVersion(tx: Db, versionId: string): Promise<ProfileVersionRow> {
  const version = await findVersion(tx, versionId);
  if (!version || version.state !== 'published') throw notFound('No such published version.');
  return version;
}

/** A site admin's answer to a pending request; the requester hears it through the events. */
export function decideVerification(
  db: Db,
  versionId: string,
  decision: VerifyDecision,
  adminId: string,
  now: Date,
): Promise<void> {
  return db.transaction(async (tx) => {
    const version = await publishedVersion(tx, versionId);
    if (!version.verificationRequestedAt || version.isVerified)
      throw badRequest('This version has no pending verification request.');
    const approved = decision.approval === 'approve';
    await updateVersion(tx, version.id, {
      isVerified: approved,
      verificationDecidedAt: now,
      verificationRequestedAt: approved ? version.verificationRequestedAt : null,
      verificationDenyReason: approved ? null : (decision.reason ?? ''),
    });
    const about = {
      profileId: version.profileId,
      versionId: version.id,
      requestedBy: version.verificationRequestedBy,
      decidedBy: adminId,
    };
    await recordEvent(
      tx,
      approved
        ? { type: 'verificationApproved', payload: about }
        : { type: 'verificationDenied', payload: { ...about, reason: decision.reason ?? '' } },
    );
  });
}

/** A site admin withdraws a verification, with the reason the requester is told. */
export function revokeVerification(
  db: Db,
  versionId: string,
  reason: string,
  adminId: string,
  now: Date,
): Promise<void> {
  return db.transaction(async (tx) => {
    const version = await publishedVersion(tx, versionId);
    if (!version.isVerified) throw badRequest('This version is not verified.');
    await updateVersion(tx, version.id, {
      isVerified: false,
      verificationRequestedAt: null,
      verificationDenyReason: reason,
      verificationDecidedAt: now,
    });
    await recordEvent(tx, {
      type: 'verificationRevoked',
      payload: {
        profileId: version.profileId,
        versionId: version.id,
        requestedBy: version.verificationRequestedBy,
        decidedBy: adminId,
        reason,
      },
    });
  });
}
