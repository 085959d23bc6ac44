import type { Finding, JsonObject } from '../../../../xapi/index';
import type { Db } from '../../../db/client';
import type { ProfileRow, ProfileVersionRow } from '../../../db/schema';
import { conflict } from '../../errors';
import { recordEvents, type DomainEvent } from '../../events/outbox';
import { draftFor } from '../drafts';
import { decomposeDocument, importDocument, replaceDraft, type ImportRequest } from '../import';
import type { VersionTarget } from './target';
import { listVersionItems, type ItemCounts } from '../../item-store/repo';
import { refuseWhileOthersEdit } from '../../locks/service';

type Stored = { profile: ProfileRow; version: ProfileVersionRow };

/** `verificationRequested`, when the request asks for verification. */
function verificationAsked(
  stored: Stored,
  request: { userId: string | null; verificationRequest: Date | null },
): DomainEvent[] {
  if (!request.verificationRequest) return [];
  return [
    {
      type: 'verificationRequested',
      payload: {
        profileId: stored.profile.id,
        versionId: stored.version.id,
        requestedBy: request.userId,
      },
    },
  ];
}

/**
 * Imports a checked document: a new profile, or the next version of one the group owns. Records
 * `profileImported` (after `profileVersionPublished` when it publishes) and, when asked,
 * `verificationRequested`, all in one statement. Runs in the caller's transaction, so a refusal
 * leaves nothing.
 */
export async function importProfile(
  tx: Db,
  request: Omit<ImportRequest, 'events'>,
  now: Date,
): Promise<Stored & { historyFindings: Finding[]; counts: ItemCounts }> {
  return importDocument(
    tx,
    {
      ...request,
      events: (stored) => [
        {
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
        },
        ...verificationAsked(stored, request),
      ],
    },
    now,
  );
}

/** Refuses while someone else edits the version's details or one of its own items. */
async function refuseWhileEdited(
  tx: Db,
  versionId: string,
  editorId: string | null,
  now: Date,
): Promise<void> {
  const own = await listVersionItems(tx, versionId, { ownOnly: true });
  await refuseWhileOthersEdit(tx, { versionId, itemIds: own.map((l) => l.item.id) }, editorId, now);
}

/**
 * Replaces a draft's content with a checked document from a tool (an API key), publishing it
 * when asked. Refused while anyone holds a write lock in the draft: a key speaks for no person.
 */
export async function replaceDraftContent(
  tx: Db,
  target: VersionTarget,
  request: Omit<ImportRequest, 'organization'>,
  now: Date,
): Promise<Stored> {
  await refuseWhileEdited(tx, target.version.id, null, now);
  const stored = await replaceDraft(
    tx,
    { profile: target.profile, draft: target.version, organization: target.organization },
    request,
    now,
  );
  await recordEvents(tx, verificationAsked(stored, request));
  return stored;
}

/**
 * A profile file chosen on the site becomes the content of the profile's next draft: the draft
 * it has, or a new one after the current published version (`versionCreated`, as every new
 * draft records). The document must describe this profile; a version IRI the server stores
 * already (a published version uploaded again to edit it) is not taken over: the draft keeps a
 * fresh IRI of its own. The document may break MUSTs: the caller reads them as findings.
 */
export async function importProfileFile(
  tx: Db,
  target: VersionTarget,
  request: { document: JsonObject; userId: string | null },
  now: Date,
): Promise<Stored> {
  const iri = decomposeDocument(request.document).iri;
  if (iri !== target.profile.iri)
    throw conflict(
      `The file describes the profile ${iri}, but this is the profile ${target.profile.iri}: choose a file of this profile, or import it as a profile of its own.`,
    );
  await refuseWhileEdited(tx, target.version.id, request.userId, now);
  const { profile, draft } = await draftFor(tx, target.profile, target.version, request.userId);
  return replaceDraft(
    tx,
    { profile, draft, organization: target.organization },
    { ...request, published: false, verificationRequest: null, renameTakenVersion: true },
    now,
  );
}
