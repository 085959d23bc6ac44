import type { Db } from '../../../db/client';
import type { ProfileRow, ProfileVersionRow } from '../../../db/schema';
import { recordEvent } from '../../events/outbox';
import { importDocument, replaceDraft, type ImportRequest } from '../import';
import type { VersionTarget } from './target';

type Stored = { profile: ProfileRow; version: ProfileVersionRow };

async function recordVerificationAsked(
  tx: Db,
  stored: Stored,
  request: { userId: string | null; verificationRequest: Date | null },
) {
  if (!request.verificationRequest) return;
  await recordEvent(tx, {
    type: 'verificationRequested',
    payload: {
      profileId: stored.profile.id,
      versionId: stored.version.id,
      requestedBy: request.userId,
    },
  });
}

/**
 * Imports a checked document: a new profile, or the next version of one the group owns. Records
 * `profileImported` (and, through publishing, `profileVersionPublished`). Runs in the caller's
 * transaction, so a refusal leaves nothing.
 */
export async function importProfile(tx: Db, request: ImportRequest, now: Date): Promise<Stored> {
  const stored = await importDocument(tx, request, now);
  await recordEvent(tx, {
    type: 'profileImported',
    payload: {
      profileId: stored.profile.id,
      versionId: stored.version.id,
      versionNumber: stored.version.version,
      versionIri: stored.version.iri,
      profileIri: stored.profile.iri,
      organizationId: request.organization.id,
      published: request.published,
      // The first version is the one that made the profile.
      newProfile: stored.version.version === 1,
    },
  });
  await recordVerificationAsked(tx, stored, request);
  return stored;
}

/** Replaces a draft's content with a checked document, publishing it when asked. */
export async function replaceDraftContent(
  tx: Db,
  target: VersionTarget,
  request: Omit<ImportRequest, 'organization'>,
  now: Date,
): Promise<Stored> {
  const stored = await replaceDraft(
    tx,
    { profile: target.profile, draft: target.version, organization: target.organization },
    request,
    now,
  );
  await recordVerificationAsked(tx, stored, request);
  return stored;
}
