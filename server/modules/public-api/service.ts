import { createHash } from 'node:crypto';
import { PROFILE_CONTEXT_IRI, type Finding, type JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { ProfileVersionRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import type { CounterService } from '../counters/service';
import { countVersionItems, findItemWithVersions, type ItemCounts } from '../item-store/repo';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { findOrganization } from '../organizations/repo';
import type { VersionFinding } from '../../../common/harvest';
import { versionFindings } from '../profiles/findings';
import {
  checkImport,
  invalidProfile,
  readCheckedImport,
  readDraftDocument,
} from '../profiles/import';
import { deleteDraft } from '../profiles/lifecycle/deletion';
import { importProfile, replaceDraftContent } from '../profiles/lifecycle/import';
import { publishDraft } from '../profiles/lifecycle/publish';
import { requestVerification } from '../profiles/lifecycle/verification';
import { documentEtag, normalizeDocument } from '../profiles/document';
import { versionDocument } from '../profiles/publishing';
import {
  findProfile,
  findProfileByIri,
  findVersion,
  findVersionByIri,
  listPublished,
} from '../profiles/repo';
import {
  authorizeRead,
  authorizeWrite,
  notAllowed,
  ownsProfile,
  preconditionFailed,
  preconditionRequired,
  requireKey,
  type ApiCaller,
  type Target,
} from './access';
import { presentMetadata, presentStatus, type ProfileMetadata } from './metadata';
import { toTurtle } from './turtle';
import type { ReadCache, Snapshot, Ticket } from '../read-cache/cache';
import { encodeBody, type BodyEncoding } from '../read-cache/encoding';

export interface StatusInput {
  published?: boolean | undefined;
  verificationRequest?: string | null | undefined;
}

export interface ImportInput {
  profile: unknown;
  status?: StatusInput | undefined;
}

/** A document answer: the body and what conditional requests compare against. */
/**
 * How long others may keep an answer: `immutable`, a published version named by its own uuid or
 * IRI, whose bytes never change; `current`, what a profile's uuid or IRI (or an item's IRI)
 * means now, which a publication or deprecation moves; `private`, a draft, for its group only.
 */
export type Freshness = 'immutable' | 'current' | 'private';

export interface DocumentAnswer {
  /** The exact JSON-LD sent, so the ETag names these bytes. */
  body: Buffer;
  freshness: Freshness;
  etag: string;
  lastModified: Date;
  /** The same document as Turtle, converted on first use. */
  turtle(): Promise<string>;
  /**
   * The body compressed, made once and kept with the answer: present only for answers kept in
   * memory (published versions); others are compressed per request by the HTTP edge.
   */
  encoded?(encoding: BodyEncoding): Buffer;
}

export interface PublishedMetadataList {
  success: true;
  metadata: ProfileMetadata[];
  page: number;
  limit: number;
  total: number;
}

export interface MetadataAnswer {
  metadata: ProfileMetadata;
  lastModified: Date;
  /** False for a draft's metadata, which only its group may read. */
  published: boolean;
}

/** What an import or edit answers: the metadata and what the check found in the document. */
export interface WriteAnswer extends Omit<MetadataAnswer, 'published'> {
  findings: VersionFinding[];
}

/**
 * The document a write stores, with what it already tells about it. Published at once, it must
 * pass the import check (its warnings come along); kept as a draft, it only needs to be
 * storable, and its findings are read from the stored draft afterwards.
 */
async function readWrittenDocument(
  input: unknown,
  published: boolean,
): Promise<{ document: JsonObject; notes: VersionFinding[] }> {
  if (published) {
    const { document, warnings } = await readCheckedImport(input);
    return { document, notes: warnings.map((f) => ({ ...f, item: null })) };
  }
  const { document, dropped } = readDraftDocument(input);
  return { document, notes: dropped.map((f) => ({ ...f, item: null })) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A change that lost a race for an IRI or a version number to a concurrent one (the database's
 * unique constraints decide) is a conflict, as it would have been a moment later.
 */
async function orConflict<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        'Another request stored the same profile, version or item at the same moment; read it again and retry.',
      );
    throw error;
  }
}

/** HTTP dates have whole seconds; comparisons use the same precision. */
export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Verification is for published versions; a document that stays a draft cannot ask for it. */
function refuseDraftVerification(status: StatusInput | undefined, publishedByDefault: boolean) {
  const published = status?.published ?? publishedByDefault;
  if (status?.verificationRequest && !published)
    throw badRequest(
      'Only a published version can be verified: publish it ("published": true) or leave verificationRequest out.',
    );
}

/**
 * The public API's commands: what tools and profile repositories call with an API key. Every
 * change runs in one transaction; reads serve the frozen snapshot of a published version.
 */
export class PublicApiService {
  constructor(
    private readonly db: Db,
    private readonly siteUrl: string,
    private readonly counters: CounterService,
    private readonly cache: ReadCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A profile uuid means its current published version (for changes: its draft); a version uuid
   * itself. `lock`, for a change: the profile's row is locked before its versions are read, so
   * two changes of one profile take turns and the second sees what the first committed (its
   * If-Match is then compared with the document as it is now, never as it was).
   */
  private async resolve(
    db: Db,
    uuid: string,
    prefer: 'published' | 'draft',
    lock = false,
  ): Promise<Target> {
    if (!UUID.test(uuid)) throw notFound('Profile not found.');
    const profileById = await findProfile(db, uuid, lock);
    let version: ProfileVersionRow | null;
    let profile = profileById;
    if (profileById) {
      const first =
        prefer === 'draft'
          ? (profileById.currentDraftVersionId ?? profileById.currentPublishedVersionId)
          : (profileById.currentPublishedVersionId ?? profileById.currentDraftVersionId);
      version = first ? await findVersion(db, first) : null;
    } else {
      version = await findVersion(db, uuid);
      profile = version ? await findProfile(db, version.profileId, lock) : null;
      // Read again under the lock: the version may have changed while it was being taken.
      if (version && lock) version = await findVersion(db, uuid);
    }
    const organization = profile ? await findOrganization(db, profile.organizationId) : null;
    if (!profile || !version || !organization) throw notFound('Profile not found.');
    return { profile, version, organization };
  }

  /**
   * Counted in memory and written in batches, so a read never writes to the database. A draft
   * read through its group's key counts for the key only: no figure of the profile comes from it.
   */
  private countRead(caller: ApiCaller, profileId: string, asExport: boolean, published = true) {
    if (published) {
      this.counters.profile(profileId, 'apiRead');
      if (asExport) this.counters.profile(profileId, 'apiExport');
    }
    this.countKey(caller, 'apiRead');
  }

  /** A change is counted once its transaction has committed: a refused one is not a write. */
  private countKey(caller: ApiCaller, counter: 'apiRead' | 'apiWrite') {
    if (caller.key) this.counters.key(caller.key.id, counter);
  }

  /** `db` is the transaction when one is open: PGlite serves nothing else until it ends. */
  private async documentOf(target: Target, db: Db = this.db): Promise<DocumentAnswer> {
    const document = target.version.snapshot
      ? normalizeDocument(target.version.snapshot as JsonObject)
      : await versionDocument(db, {
          ...target,
          generatedAt: target.version.updatedAt.toISOString(),
        });
    const body = Buffer.from(JSON.stringify(document));
    const etag = documentEtag(body);
    return {
      body,
      etag,
      lastModified: target.version.updatedAt,
      // Only what readDocument keeps is known to be a published version's fixed bytes.
      freshness: target.version.state === 'published' ? 'current' : 'private',
      turtle: () => toTurtle(document),
    };
  }

  /** `kept`: the snapshot is in memory, so compressed copies are worth making and keeping. */
  private answerOf(snapshot: Snapshot, ticket: Ticket | null, kept: boolean): DocumentAnswer {
    const answer: DocumentAnswer = {
      body: snapshot.body,
      etag: snapshot.etag,
      lastModified: snapshot.lastModified,
      freshness: snapshot.pinned ? 'immutable' : 'current',
      turtle: async () => {
        if (snapshot.turtle !== null) return snapshot.turtle;
        const turtle = await toTurtle(JSON.parse(snapshot.body.toString('utf8')));
        this.cache.keepTurtle(ticket, snapshot, turtle);
        return turtle;
      },
    };
    if (!kept) return answer;
    answer.encoded = (encoding) => {
      const made = snapshot.encoded?.[encoding];
      if (made) return made;
      const bytes = encodeBody(snapshot.body, encoding);
      this.cache.keepEncoded(ticket, snapshot, encoding, bytes);
      return bytes;
    };
    return answer;
  }

  /**
   * A published version's answer never changes: it is served from memory until a change to its
   * profile is announced (publication, deletion, verification — which moves Last-Modified). Drafts
   * depend on the caller and are always read afresh. A kept answer is returned as it is, not in a
   * promise: most reads are of kept answers, and the HTTP edge sends them without waiting a turn.
   */
  private readDocument(
    caller: ApiCaller,
    key: string,
    find: () => Promise<Target>,
  ): DocumentAnswer | Promise<DocumentAnswer> {
    const kept = this.cache.published(key);
    if (kept) {
      this.countRead(caller, kept.profileId, true);
      return this.answerOf(kept, this.cache.ticket(), true);
    }
    return this.readAndKeep(caller, key, find);
  }

  private async readAndKeep(
    caller: ApiCaller,
    key: string,
    find: () => Promise<Target>,
  ): Promise<DocumentAnswer> {
    const ticket = this.cache.ticket();
    const target = await find();
    authorizeRead(caller, target);
    this.countRead(caller, target.profile.id, true, target.version.state === 'published');
    const answer = await this.documentOf(target);
    if (target.version.state !== 'published' || !target.version.snapshot) return answer;
    const snapshot: Snapshot = {
      profileId: target.profile.id,
      versionId: target.version.id,
      pinned: key === target.version.id || key === `iri:${target.version.iri}`,
      body: answer.body,
      etag: answer.etag,
      lastModified: answer.lastModified,
      turtle: null,
    };
    this.cache.keepPublished(ticket, key, snapshot);
    return this.answerOf(snapshot, ticket, this.cache.published(key) === snapshot);
  }

  /** `counts`: the version's item counts when the caller knows them, else read. */
  private async metadataOf(target: Target, counts?: ItemCounts): Promise<ProfileMetadata> {
    return presentMetadata(
      this.siteUrl,
      target.profile,
      target.version,
      target.organization,
      counts ?? (await countVersionItems(this.db, [target.version.id])).get(target.version.id),
    );
  }

  /** Published versions only, whoever asks: the same answer for everyone, so it is kept. */
  async list(
    caller: ApiCaller,
    query: { workinggroup?: string | undefined; page: number; limit: number },
  ) {
    this.countKey(caller, 'apiRead');
    const key = `api:${JSON.stringify([query.workinggroup ?? '', query.page, query.limit])}`;
    const kept = this.cache.list<PublishedMetadataList>(key);
    if (kept) return kept;
    const ticket = this.cache.ticket();
    const { rows, total } = await listPublished(this.db, {
      verifiedOnly: false,
      sort: 'name',
      page: query.page,
      limit: query.limit,
      today: this.now(),
      ...(query.workinggroup ? { organizationId: query.workinggroup } : {}),
    });
    const counts = await countVersionItems(
      this.db,
      rows.map((r) => r.version.id),
    );
    const answer: PublishedMetadataList = {
      success: true as const,
      metadata: rows.map((r) =>
        presentMetadata(
          this.siteUrl,
          r.profile,
          r.version,
          r.organization,
          counts.get(r.version.id),
        ),
      ),
      page: query.page,
      limit: query.limit,
      total,
    };
    this.cache.keepList(ticket, key, answer);
    return answer;
  }

  /** A profile IRI means its current published version; a version IRI that version. */
  byIri(caller: ApiCaller, iri: string): DocumentAnswer | Promise<DocumentAnswer> {
    return this.readDocument(caller, `iri:${iri}`, async () => {
      const missing = () => notFound(`No published profile has the IRI ${iri}.`);
      const profile = await findProfileByIri(this.db, iri);
      const version = profile ? null : await findVersionByIri(this.db, iri);
      const uuid = profile?.currentPublishedVersionId ?? version?.id;
      if (!uuid) throw missing();
      const target = await this.resolve(this.db, uuid, 'published');
      // A draft version the caller may not read has the words of an IRI nothing has.
      if (target.version.state !== 'published' && !ownsProfile(caller, target.profile))
        throw missing();
      return target;
    });
  }

  /**
   * What an IRI names, as data: a profile or version's document, else a concept, template or
   * pattern as its newest published version carries it, standing alone (its own `@context`,
   * `inScheme`, and `deprecated: true` once deprecated). Items only in drafts are not found.
   */
  async dereference(caller: ApiCaller, iri: string): Promise<DocumentAnswer> {
    try {
      return await this.byIri(caller, iri);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
    }
    const found = await findItemWithVersions(this.db, iri);
    const version = found?.versions.find((v) => v.state === 'published' && v.snapshot);
    if (!found || !version?.snapshot) throw notFound(`Nothing published here has the IRI ${iri}.`);
    const snapshot = normalizeDocument(version.snapshot as JsonObject);
    const list = snapshot[`${found.item.kind}s`];
    const inDocument = Array.isArray(list)
      ? (list as JsonObject[]).find((entry) => entry.id === iri)
      : undefined;
    const content = { ...(inDocument ?? (found.item.content as JsonObject)) };
    delete content['@context'];
    const document: JsonObject = {
      '@context': PROFILE_CONTEXT_IRI,
      ...content,
      inScheme: (content.inScheme as string | undefined) ?? version.iri,
    };
    if (found.item.deprecated) document.deprecated = true;
    const body = Buffer.from(JSON.stringify(document));
    return {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
      // A deprecation reaches this answer only with the version that publishes it.
      lastModified: version.updatedAt,
      // An item as its newest published version carries it: a publication changes it.
      freshness: 'current',
      turtle: () => toTurtle(document),
    };
  }

  /** Throws at once, not in a promise, for a uuid that cannot name a profile. */
  byUuid(caller: ApiCaller, uuid: string): DocumentAnswer | Promise<DocumentAnswer> {
    if (!UUID.test(uuid)) throw notFound('Profile not found.');
    return this.readDocument(caller, uuid.toLowerCase(), () =>
      this.resolve(this.db, uuid, 'published'),
    );
  }

  async metadata(caller: ApiCaller, uuid: string): Promise<MetadataAnswer> {
    const target = await this.resolve(this.db, uuid, 'published');
    authorizeRead(caller, target);
    this.countRead(caller, target.profile.id, false, target.version.state === 'published');
    return {
      metadata: await this.metadataOf(target),
      lastModified: target.version.updatedAt,
      published: target.version.state === 'published',
    };
  }

  private verificationTime(input: StatusInput | undefined): Date | null {
    return input?.verificationRequest ? this.now() : null;
  }

  async import(caller: ApiCaller, input: ImportInput): Promise<WriteAnswer> {
    const key = requireKey(caller, 'write');
    refuseDraftVerification(input.status, true);
    const published = input.status?.published ?? true;
    const { document, notes } = await readWrittenDocument(input.profile, published);
    const organization = await findOrganization(this.db, key.organizationId);
    if (!organization) throw notFound('The working group of this key no longer exists.');
    const { profile, version, findings, counts } = await orConflict(
      this.db.transaction(async (tx) => {
        const now = this.now();
        const imported = await importProfile(
          tx,
          {
            document,
            organization,
            userId: key.createdBy,
            published,
            verificationRequest: this.verificationTime(input.status),
          },
          now,
        );
        const history = imported.historyFindings.map((f) => ({ ...f, item: null }));
        const stored = published
          ? []
          : await versionFindings(tx, { ...imported, organization }, now);
        return { ...imported, findings: [...history, ...notes, ...stored] };
      }),
    );
    this.countKey(caller, 'apiWrite');
    this.counters.profile(profile.id, 'apiWrite');
    return {
      // The import knows what it listed: no read after its commit.
      metadata: await this.metadataOf({ profile, version, organization }, counts),
      lastModified: version.updatedAt,
      findings,
    };
  }

  /**
   * Replaces a draft's content. The caller proves it saw the latest state with If-Match (the
   * ETag of its last GET or POST), If-Unmodified-Since (its Last-Modified), or both; one is
   * required, and each one sent must hold.
   */
  async update(
    caller: ApiCaller,
    uuid: string,
    input: ImportInput,
    preconditions: { ifUnmodifiedSince: Date | undefined; ifMatch: string | undefined },
  ): Promise<WriteAnswer> {
    const answer = await orConflict(
      this.db.transaction(async (tx) => {
        const target = await this.resolve(tx, uuid, 'draft', true);
        const key = authorizeWrite(caller, target);
        const { ifUnmodifiedSince, ifMatch } = preconditions;
        if (!ifUnmodifiedSince && ifMatch === undefined) throw preconditionRequired();
        if (target.version.state !== 'draft')
          throw conflict('Only a draft can be edited; import a new version instead.');
        const lastModified = target.version.updatedAt;
        if (ifUnmodifiedSince && toSeconds(lastModified) > toSeconds(ifUnmodifiedSince))
          throw preconditionFailed(lastModified.toUTCString());
        if (preconditions.ifMatch !== undefined) {
          const current = await this.documentOf(target, tx);
          const tags = preconditions.ifMatch.split(',').map((t) => t.trim());
          if (!tags.includes('*') && !tags.includes(current.etag))
            throw preconditionFailed(lastModified.toUTCString());
        }
        refuseDraftVerification(input.status, false);
        const published = input.status?.published === true;
        const { document, notes } = await readWrittenDocument(input.profile, published);
        const now = this.now();
        const replaced = await replaceDraftContent(
          tx,
          target,
          {
            document,
            userId: key.createdBy,
            published,
            verificationRequest: this.verificationTime(input.status),
          },
          now,
        );
        const stored = { ...replaced, organization: target.organization };
        const findings = published ? [] : await versionFindings(tx, stored, now);
        return { ...stored, findings: [...notes, ...findings] };
      }),
    );
    this.countKey(caller, 'apiWrite');
    this.counters.profile(answer.profile.id, 'apiWrite');
    return {
      metadata: await this.metadataOf(answer),
      lastModified: answer.version.updatedAt,
      findings: answer.findings,
    };
  }

  async deleteDraft(caller: ApiCaller, uuid: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.resolve(tx, uuid, 'draft', true);
      authorizeWrite(caller, target);
      if (target.version.state !== 'draft')
        throw notAllowed('Not Allowed: only drafts can be deleted.');
      await deleteDraft(tx, target.profile, target.version.id);
    });
    this.countKey(caller, 'apiWrite');
  }

  /**
   * Publishes a draft and/or asks for verification. `verified` is the site admins' decision and
   * cannot be set here; unpublishing is not possible.
   */
  async status(caller: ApiCaller, uuid: string, input: StatusInput & { verified?: unknown }) {
    if (input.verified !== undefined)
      throw badRequest('verified cannot be set through the API; site admins verify profiles.');
    const answer = await this.db.transaction(async (tx) => {
      let target = await this.resolve(tx, uuid, 'draft', true);
      authorizeWrite(caller, target);
      if (input.published === false && target.version.state === 'published')
        throw conflict('A published version cannot be unpublished.');
      // `published: true` states the wanted state: for a version already published it is no change.
      if (input.published === true && target.version.state === 'draft')
        target = await publishDraft(tx, target, this.now(), 'import');
      if (input.verificationRequest) {
        const updated = await requestVerification(
          tx,
          target.version,
          caller.key?.createdBy ?? null,
          this.now(),
        );
        target = { ...target, version: updated };
      }
      return { success: true as const, status: presentStatus(target.version) };
    });
    this.countKey(caller, 'apiWrite');
    return answer;
  }

  /** The spec check alone; an import may still be refused (an IRI already taken, say). */
  validate(input: unknown): { warnings: Finding[] } {
    const { errors, warnings } = checkImport(input);
    if (errors.length > 0) throw invalidProfile(errors);
    return { warnings };
  }
}
