import { createHash } from 'node:crypto';
import { ErrorCode } from '../../../../common/errors';
import type { Finding, JsonObject } from '../../../../xapi/index';
import type { Db } from '../../../db/client';
import type { ProfileRow, ProfileVersionRow } from '../../../db/schema';
import { AppError, conflict } from '../../errors';
import { recordEvents, type DomainEvent } from '../../events/outbox';
import { draftFor } from '../drafts';
import { decomposeDocument, importDocument, replaceDraft, type ImportRequest } from '../import';
import type { VersionTarget } from './target';
import { listVersionItems, type ItemCounts } from '../../item-store/repo';
import { refuseWhileOthersEdit } from '../../locks/service';
import { versionDocument } from '../publishing';
import { findVersionByIri } from '../repo';

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

/** Refuses a profile file that describes another profile than the one it is imported into. */
function requireSameProfile(target: VersionTarget, document: JsonObject): void {
  const iri = decomposeDocument(document).iri;
  if (iri !== target.profile.iri)
    throw conflict(
      `The file describes the profile ${iri}, but this is the profile ${target.profile.iri}: choose a file of this profile, or import it as a profile of its own.`,
    );
}

/**
 * Names a draft's content as it stands: the SHA-256 of its document, which carries its details
 * and every item, so an edit a file would undo changes it (where `updatedAt` moves with the
 * details only). A confirmation that names it was given for exactly this content.
 */
export async function draftRevision(db: Db, target: VersionTarget): Promise<string> {
  const document = await versionDocument(db, {
    ...target,
    generatedAt: target.version.updatedAt.toISOString(),
  });
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url');
}

/**
 * The draft as it stands and as a profile file would make it, assembled in memory: nothing is
 * stored, so a person can see what the file changes before it replaces the draft. The draft takes
 * the file's header and items as {@link importProfileFile} would, its IRI kept when the file's
 * version IRI is another version's.
 */
export async function draftWithFile(
  db: Db,
  target: VersionTarget,
  document: JsonObject,
): Promise<{ before: JsonObject; after: JsonObject; revision: string }> {
  requireSameProfile(target, document);
  const parts = decomposeDocument(document);
  const [self] = parts.versions;
  const owner = self ? await findVersionByIri(db, self.id) : null;
  const own = self && (owner === null || owner.id === target.version.id) ? self : null;
  const generatedAt = target.version.updatedAt.toISOString();
  const before = await versionDocument(db, { ...target, generatedAt });
  const after = await versionDocument(db, {
    ...target,
    version: {
      ...target.version,
      ...(own ? { iri: own.id } : {}),
      ...parts.header,
      generatedAt: own?.generatedAtTime ?? null,
      revisionOf: own?.wasRevisionOf ?? null,
    },
    generatedAt,
    components: parts.components,
  });
  const revision = createHash('sha256').update(JSON.stringify(before)).digest('base64url');
  return { before, after, revision };
}

/**
 * A file replaces a draft's content only when the person confirmed it, having seen what it
 * changes: the request names the draft's revision as compared, and the draft is still that.
 */
async function requireConfirmedReplacement(
  tx: Db,
  target: VersionTarget,
  replaceDraft: string | undefined,
): Promise<void> {
  if (target.version.state !== 'draft') return;
  const refuse = (message: string) => new AppError(409, ErrorCode.DraftWouldBeReplaced, message);
  if (replaceDraft === undefined)
    throw refuse(
      `The file would replace the content of draft version ${target.version.version}, edits made on the site included: compare the file with the draft, then confirm with the draft's revision in replaceDraft.`,
    );
  if (replaceDraft !== (await draftRevision(tx, target)))
    throw refuse(
      `Draft version ${target.version.version} changed after it was compared with the file: compare them again, then confirm.`,
    );
}

/**
 * A profile file chosen on the site becomes the content of the profile's next draft: the draft
 * it has, or a new one after the current published version (`versionCreated`, as every new
 * draft records). Replacing a draft's content needs `replaceDraft`, the revision of the draft the
 * person compared the file with and confirmed. The document must describe this profile; a
 * version IRI the server stores already (a published version uploaded again to edit it) is not
 * taken over: the draft keeps a fresh IRI of its own. The document may break MUSTs: the caller
 * reads them as findings.
 */
export async function importProfileFile(
  tx: Db,
  target: VersionTarget,
  request: { document: JsonObject; userId: string | null; replaceDraft?: string | undefined },
  now: Date,
): Promise<Stored> {
  requireSameProfile(target, request.document);
  await requireConfirmedReplacement(tx, target, request.replaceDraft);
  await refuseWhileEdited(tx, target.version.id, request.userId, now);
  const { profile, draft } = await draftFor(tx, target.profile, target.version, request.userId);
  return replaceDraft(
    tx,
    { profile, draft, organization: target.organization },
    {
      document: request.document,
      userId: request.userId,
      published: false,
      verificationRequest: null,
      renameTakenVersion: true,
    },
    now,
  );
}
