import { ErrorCode } from '../../../common/errors';
import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';
import { listVersionItems, nameDraftInScheme, publishRevisions } from '../item-store/repo';
import { knownProfilesFor } from '../item-store/known-items';
import { AppError } from '../errors';
import { requireReviewRule, type ReviewOverride } from '../reviews';
import { exampleFindings } from './example-gate';
import { recordEvents, type DomainEvent } from '../events/outbox';
import type { JsonObject } from '../../../xapi/index';
import { assembleDocument, checkDocument, normalizeDocument, type DocumentParts } from './document';
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

/**
 * The JSON-LD of a version as its readers see it: the stored snapshot once published (which
 * never changes), assembled from its parts for a draft.
 */
export async function readVersionDocument(
  db: Db,
  profile: ProfileRow,
  organization: OrganizationRow,
  version: ProfileVersionRow,
): Promise<Record<string, unknown>> {
  if (version.snapshot) return normalizeDocument(version.snapshot as JsonObject);
  return versionDocument(db, {
    profile,
    version,
    organization,
    generatedAt: version.updatedAt.toISOString(),
  });
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

/**
 * Publishes a draft: assembles its document, refuses it with the findings when it has errors,
 * and freezes the document as the version's snapshot, which every reader gets from then on.
 */
export async function freezeVersion(
  tx: Db,
  input: {
    profile: ProfileRow;
    version: ProfileVersionRow;
    organization: OrganizationRow;
    components?: DocumentParts['components'];
    history?: DocumentParts['history'];
    /** Events of the same change, recorded after the publication's in the same statement. */
    alsoRecord?: DomainEvent[];
    /** A group admin publishing although the group's review rule does not hold. */
    reviewOverride?: ReviewOverride;
  },
  now: Date,
  mode: 'authoring' | 'import',
): Promise<{ profile: ProfileRow; version: ProfileVersionRow }> {
  // Every path that publishes comes through here: the site, the API's status and an import.
  await requireReviewRule(
    tx,
    { organizationId: input.organization.id, versionId: input.version.id },
    input.reviewOverride,
  );
  const generatedAt = input.version.generatedAt ?? now.toISOString();
  const version = { ...input.version, generatedAt };
  // Items carried unchanged into a draft made before drafts named themselves in them still name
  // the version they came from; the published document names this one. An import's items (given
  // as components, or listed at revisions of their own) keep their bytes as uploaded.
  if (!input.components)
    await nameDraftInScheme(tx, version.id, version.iri, { carriedOnly: true });
  const document = await versionDocument(tx, { ...input, version, generatedAt });
  // Items of other profiles that this one reuses resolve against what the server has. The same
  // bytes checked with the same known profiles are not validated again (an import's document,
  // checked as it arrived): see checkDocument.
  const { errors } = await checkDocument(document, mode, await knownProfilesFor(tx, document));
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
  const published = await updateVersion(tx, version.id, {
    state: 'published',
    snapshot: document,
    publishedAt: now,
    generatedAt,
  });
  // From now on the public reads the items as this version lists them.
  await publishRevisions(tx, published.id, input.profile.id);
  const profile = await updateProfile(tx, input.profile.id, {
    currentPublishedVersionId: published.id,
    currentDraftVersionId: null,
  });
  // Every way of publishing (site, API status, import) ends here, so each records the same event.
  await recordEvents(tx, [
    {
      type: 'profileVersionPublished',
      payload: {
        profileId: profile.id,
        versionId: published.id,
        versionNumber: published.version,
        versionIri: published.iri,
        profileIri: profile.iri,
        organizationId: profile.organizationId,
      },
    },
    ...(input.alsoRecord ?? []),
  ]);
  return { profile, version: published };
}
