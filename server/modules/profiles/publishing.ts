import { ErrorCode } from '../../../common/errors';
import type { JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';
import { listVersionItems } from '../item-store/repo';
import { knownProfilesFor } from '../item-store/known-items';
import { AppError } from '../errors';
import { exampleFindings } from './example-gate';
import { recordEvents, type DomainEvent } from '../events/outbox';
import { assembleDocument, checkDocument, type DocumentParts } from './document';
import { publishedBefore, updateProfile, updateVersion } from './repo';

export interface VersionDocumentInput {
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
  /** generatedAtTime to show for a version that has none yet. */
  generatedAt: string;
  /**
   * The items the version defines, when the caller has just stored them (an import), in the
   * normal form `serialize` writes: reading hundreds of them back would cost more than storing
   * them did.
   */
  components?: DocumentParts['components'] | undefined;
  /** The profile's versions published before this one, when the caller knows them already. */
  history?: DocumentParts['history'] | undefined;
}

/** The current document of a version, assembled from its stored parts. */
export async function versionDocument(db: Db, input: VersionDocumentInput) {
  const history =
    input.history ?? (await publishedBefore(db, input.profile.id, input.version.version));
  const components =
    input.components ??
    (await listVersionItems(db, input.version.id, { ownOnly: true })).map((l) => l.item);
  // Components handed over by an import come from its normalized document.
  return assembleDocument({
    ...input,
    history,
    components,
    componentsNormal: input.components !== undefined,
  });
}

/** A version about to be published, with what its document is assembled from. */
export interface PublicationInput {
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
  components?: DocumentParts['components'];
  history?: DocumentParts['history'];
}

/**
 * The document a version is published with: assembled from its parts, and refused with the
 * findings when it has errors. Writes nothing, so an import can make it before it stores the
 * version, and store the version published at once.
 */
export async function publicationDocument(
  tx: Db,
  input: PublicationInput,
  now: Date,
  mode: 'authoring' | 'import',
): Promise<{ document: JsonObject; generatedAt: string }> {
  const generatedAt = input.version.generatedAt ?? now.toISOString();
  const version = { ...input.version, generatedAt };
  const document = await versionDocument(tx, { ...input, version, generatedAt });
  // Items of other profiles that this one reuses resolve against what the server has. The same
  // bytes checked with the same known profiles are not validated again (an import's document,
  // checked as it arrived): see checkDocument.
  const { errors } = checkDocument(document, mode, await knownProfilesFor(tx, document));
  // An author's example statement must follow its own template; an import cannot fix the
  // examples (the document does not carry them), so there it would only be a warning.
  if (mode === 'authoring') {
    const listed = await listVersionItems(tx, version.id, { ownOnly: true });
    const templates = listed.map((l) => l.item).filter((c) => c.kind === 'template');
    errors.push(...exampleFindings(document, templates, 'error'));
  }
  if (errors.length > 0) {
    throw new AppError(
      400,
      ErrorCode.ValidationFailed,
      'The profile has problems that must be fixed before it can be published.',
      { findings: errors },
    );
  }
  return { document, generatedAt };
}

/**
 * Makes a version that is stored published the profile's current one, and records
 * `profileVersionPublished` (then `alsoRecord`, events of the same change) in one statement.
 * Every way of publishing (site, API status, import) ends here, so each records the same event.
 */
export async function announcePublication(
  tx: Db,
  input: { profile: ProfileRow; version: ProfileVersionRow; alsoRecord?: DomainEvent[] },
): Promise<{ profile: ProfileRow; version: ProfileVersionRow }> {
  const { version } = input;
  const profile = await updateProfile(tx, input.profile.id, {
    currentPublishedVersionId: version.id,
    currentDraftVersionId: null,
  });
  await recordEvents(tx, [
    {
      type: 'profileVersionPublished',
      payload: {
        profileId: profile.id,
        versionId: version.id,
        versionNumber: version.version,
        versionIri: version.iri,
        profileIri: profile.iri,
        organizationId: profile.organizationId,
      },
    },
    ...(input.alsoRecord ?? []),
  ]);
  return { profile, version };
}

/**
 * Publishes a stored draft: assembles its document, refuses it with the findings when it has
 * errors, and freezes the document as the version's snapshot, which every reader gets from then on.
 */
export async function freezeVersion(
  tx: Db,
  input: PublicationInput & {
    /** Events of the same change, recorded after the publication's in the same statement. */
    alsoRecord?: DomainEvent[];
  },
  now: Date,
  mode: 'authoring' | 'import',
): Promise<{ profile: ProfileRow; version: ProfileVersionRow }> {
  const { document, generatedAt } = await publicationDocument(tx, input, now, mode);
  const published = await updateVersion(tx, input.version.id, {
    state: 'published',
    snapshot: document,
    publishedAt: now,
    generatedAt,
  });
  return announcePublication(tx, {
    profile: input.profile,
    version: published,
    ...(input.alsoRecord ? { alsoRecord: input.alsoRecord } : {}),
  });
}
