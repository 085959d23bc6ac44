import { randomUUID } from 'node:crypto';
import {
  GENERATED_PROFILE_IRI_UUID,
  normalizeExternalIri,
  type CreateProfileInput,
  type Home,
  type ProfileList,
  type ProfileView,
  type PublishInput,
  type UpdateVersionInput,
  type VerifyDecision,
} from '../../../common/profiles';
import type { VersionFinding } from '../../../common/harvest';
import type { Db } from '../../db/client';
import type { ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import { groupPolicy, isGroupAdmin, isMember } from '../organizations/policy';
import { findOrganization } from '../organizations/repo';
import type { OrganizationService } from '../organizations/service';
import { membershipOf } from '../organizations/presenter';
import { latestPublished } from '../item-store/listing';
import { countVersionItems, findItemWithVersions, nameDraftInScheme } from '../item-store/repo';
import { lockResource, type LockService } from '../locks/service';
import type { CounterService } from '../counters/service';
import type { Visitor } from '../counters/visitors';
import type { ReadCache } from '../read-cache/cache';
import { recordEvent } from '../events/outbox';
import { loadProfileAccess, visibleVersion, type ProfileAccess } from './access';
import { draftFor, requireCurrent, versionIri } from './drafts';
import { readVersionDocument } from './publishing';
import { deleteDraft, deleteProfile } from './lifecycle/deletion';
import { publishDraft, requireCurrentDraft } from './lifecycle/publish';
import { importProfileFile } from './lifecycle/import';
import { versionFindings } from './findings';
import { decomposeDocument, readDraftDocument } from './import';
import {
  decideVerification,
  requestVerification,
  revokeVerification,
} from './lifecycle/verification';
import { detailsRevision, presentListItem, presentProfile, presentVersion } from './presenter';
import { refuseStaleSave } from '../edit-conflicts';
import {
  countProfilesByOrganization,
  findProfile,
  findProfileByIri,
  findUser,
  findVersion,
  findVersionByIri,
  insertProfile,
  insertVersion,
  listGroupProfiles,
  listPublished,
  listVerificationRequests,
  listVersions,
  updateProfile,
  updateVersion,
  type PublishedSort,
} from './repo';

export interface ProfileServiceDeps {
  db: Db;
  /** Lists of published profiles are the same for everyone, so they are kept briefly. */
  cache: ReadCache;
  organizations: OrganizationService;
  locks: LockService;
  counters: CounterService;
  rootIri: string;
  now?: () => Date;
}

type Loaded = ProfileAccess;

/** What `resolve` answers for an IRI nothing has, or nothing the viewer may see. */
const missingIri = (iri: string) => notFound(`No profile or item has the IRI ${iri}.`);

/**
 * The life of a profile: create, edit (a published version is never changed: the edit lands in a
 * new draft), publish (validated snapshot), verify, export and delete. Drafts exist only for
 * members of the owning group; to everyone else they are not found.
 */
export class ProfileService {
  private readonly now: () => Date;

  constructor(private readonly deps: ProfileServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get db(): Db {
    return this.deps.db;
  }

  /** Counts for the working group screens. */
  countByOrganization = (organizationIds: string[], includeDrafts: (id: string) => boolean) =>
    countProfilesByOrganization(
      this.db,
      organizationIds,
      new Set(organizationIds.filter((id) => !includeDrafts(id))),
    );

  rootIri(): string {
    return this.deps.rootIri;
  }

  private load(user: UserRow | null, profileId: string, db: Db = this.db, forUpdate = false) {
    return loadProfileAccess(this.deps.organizations, db, user, profileId, { forUpdate });
  }

  private async view(
    loaded: Loaded,
    version: ProfileVersionRow,
    db: Db = this.db,
  ): Promise<ProfileView> {
    const versions = await listVersions(db, loaded.profile.id);
    const requester = await findUser(db, version.verificationRequestedBy);
    const counts = (await countVersionItems(db, [version.id])).get(version.id);
    return {
      success: true,
      profile: presentProfile(
        loaded.profile,
        loaded.organization,
        versions,
        membershipOf(loaded.actor.level),
      ),
      version: presentVersion(version, requester, {
        concepts: counts?.concepts ?? 0,
        templates: counts?.templates ?? 0,
        patterns: counts?.patterns ?? 0,
      }),
    };
  }

  async create(
    user: UserRow | null,
    organizationId: string,
    input: CreateProfileInput,
  ): Promise<ProfileView> {
    const { organization, actor } = await this.deps.organizations.load(user, organizationId);
    const author = groupPolicy.member(actor);
    const iri =
      input.iriType === 'external-iri'
        ? normalizeExternalIri(input.extiri ?? '')
        : this.newGeneratedIri(input.generatedIri);
    try {
      const { profile, version } = await this.db.transaction(async (tx) => {
        if (await findProfileByIri(tx, iri))
          throw conflict('A profile with that IRI already exists.');
        const created = await insertProfile(tx, {
          iri,
          iriType: input.iriType,
          organizationId: organization.id,
          createdBy: author.id,
        });
        const first = await insertVersion(tx, {
          profileId: created.id,
          version: 1,
          iri: versionIri(iri, 1),
          name: input.name,
          description: input.description,
          translations: input.translations ?? [],
          moreInformation: input.moreInformation ?? '',
          tags: input.tags ?? [],
          createdBy: author.id,
        });
        // A new profile's first draft is a draft created like any later one (hooks hear of it).
        await recordEvent(tx, {
          type: 'versionCreated',
          payload: {
            profileId: created.id,
            versionId: first.id,
            versionNumber: first.version,
            versionIri: first.iri,
            basedOnVersionId: null,
          },
        });
        return {
          profile: await updateProfile(tx, created.id, { currentDraftVersionId: first.id }),
          version: first,
        };
      });
      return this.view({ profile, organization, actor, member: true, reviewing: null }, version);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A profile with that IRI already exists.');
      throw error;
    }
  }

  /** The newest version the viewer may see; counts a page view. */
  async latest(user: UserRow | null, profileId: string, visitor: Visitor): Promise<ProfileView> {
    if (!user) return this.publicView(profileId, null, visitor);
    const loaded = await this.load(user, profileId);
    const id = loaded.member
      ? (loaded.profile.currentDraftVersionId ?? loaded.profile.currentPublishedVersionId)
      : loaded.profile.currentPublishedVersionId;
    const version = visibleVersion(loaded, id ? await findVersion(this.db, id) : null);
    this.countView(loaded, version, visitor);
    return this.view(loaded, version);
  }

  async version(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    visitor: Visitor,
  ): Promise<ProfileView> {
    if (!user) return this.publicView(profileId, versionId, visitor);
    const loaded = await this.load(user, profileId);
    const version = visibleVersion(loaded, await findVersion(this.db, versionId));
    this.countView(loaded, version, visitor);
    return this.view(loaded, version);
  }

  /**
   * A profile page as someone signed out sees it (a published version, `versionId` or the
   * newest): the same for every such visitor, so it is kept until the profile or its group
   * changes, as the lists are. Five database reads made it the one public page that queued
   * every other read behind it under load. The view is still counted on every request.
   */
  private async publicView(
    profileId: string,
    versionId: string | null,
    visitor: Visitor,
  ): Promise<ProfileView> {
    const key = `profile-view:${profileId}:${versionId ?? 'newest'}`;
    const kept = this.deps.cache.list<ProfileView>(key);
    if (kept) {
      this.deps.counters.view({ profileId, published: true, member: false, visitor });
      return kept;
    }
    const ticket = this.deps.cache.ticket();
    const loaded = await this.load(null, profileId);
    const id = versionId ?? loaded.profile.currentPublishedVersionId;
    const version = visibleVersion(loaded, id ? await findVersion(this.db, id) : null);
    this.countView(loaded, version, visitor);
    const answer = await this.view(loaded, version);
    this.deps.cache.keepList(ticket, key, answer);
    return answer;
  }

  /** The findings of a version's document, for whoever may see the version. */
  async findings(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<VersionFinding[]> {
    const loaded = await this.load(user, profileId);
    const version = visibleVersion(loaded, await findVersion(this.db, versionId));
    return versionFindings(this.db, { ...loaded, version }, this.now());
  }

  /**
   * A profile file chosen by a member becomes the content of the profile's next draft (the
   * current version's draft, or a new one after it), with the findings of that draft. A draft's
   * content is replaced only with `replaceDraft`, the revision of the draft the member compared
   * the file with (`ChangeService.againstFile`) and confirmed.
   */
  async importFile(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: unknown,
    replaceDraft?: string,
  ): Promise<{ versionId: string; findings: VersionFinding[] }> {
    const { document, dropped } = readDraftDocument(input);
    try {
      return await this.db.transaction(async (tx) => {
        const loaded = await this.load(user, profileId, tx, true);
        // As the Import Queue beside it on the Import screen: nobody but a member learns more.
        if (!loaded.member) throw notFound('No such version of this profile.');
        const author = groupPolicy.member(loaded.actor);
        const version = visibleVersion(loaded, await findVersion(tx, versionId));
        requireCurrent(loaded.profile, version);
        const now = this.now();
        const stored = await importProfileFile(
          tx,
          { ...loaded, version },
          { document, userId: author.id, replaceDraft },
          now,
        );
        const findings = await versionFindings(tx, { ...loaded, ...stored }, now);
        const notes = [...dropped.map((f) => ({ ...f, item: null }))];
        const sent = decomposeDocument(document).versions[0]?.id;
        if (sent !== undefined && sent !== stored.version.iri)
          notes.push({
            ruleId: 'version-iri',
            severity: 'warning',
            path: '/versions/0/id',
            message: `${sent} is a version this server already stores, so the draft keeps a version IRI of its own: ${stored.version.iri}.`,
            item: null,
          });
        return { versionId: stored.version.id, findings: [...notes, ...findings] };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(
          'Another change stored the same profile, version or item at the same moment; read it again and retry.',
        );
      throw error;
    }
  }

  /** Counted in memory and written later with the others: a page view never writes. */
  private countView(loaded: Loaded, version: ProfileVersionRow, visitor: Visitor): void {
    this.deps.counters.view({
      profileId: loaded.profile.id,
      published: version.state === 'published',
      member: loaded.member,
      visitor,
    });
  }

  /**
   * Who may edit a version's details: a member of the owning group, on the current version (the
   * draft, else the published one). Answers the member and the version, or throws the refusal.
   */
  async assertEditable(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<{ user: UserRow; version: ProfileVersionRow }> {
    const loaded = await this.load(user, profileId);
    const member = groupPolicy.member(loaded.actor);
    const version = visibleVersion(loaded, await findVersion(this.db, versionId));
    requireCurrent(loaded.profile, version);
    return { user: member, version };
  }

  /**
   * Saves Edit Profile Details, for the holder of the version's write lock. A draft changes in
   * place; a published version stays as it is and the change goes into the next version, a new
   * draft copied from it (the lock moves to it) — refused while a draft exists.
   */
  async update(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: UpdateVersionInput,
    /** The revision of the details the form was filled from (If-Match). */
    basedOn?: string,
  ): Promise<ProfileView> {
    try {
      return await this.db.transaction(async (tx) => {
        const loaded = await this.load(user, profileId, tx, true);
        const author = groupPolicy.member(loaded.actor);
        const target = visibleVersion(loaded, await findVersion(tx, versionId));
        const { profile } = loaded;
        requireCurrent(profile, target);
        await this.deps.locks.requireHeld(tx, author, lockResource.version(target.id));
        await refuseStaleSave(
          tx,
          basedOn,
          {
            revision: detailsRevision(target),
            savedBy: target.updatedBy,
            savedAt: target.updatedAt,
          },
          'the details of this version',
        );
        const content = {
          name: input.name,
          description: input.description,
          translations: input.translations ?? [],
          moreInformation: input.moreInformation ?? '',
          tags: input.tags ?? [],
        };
        let updatedProfile = profile;
        if (input.iriType !== undefined) {
          const everPublished = profile.currentPublishedVersionId !== null;
          const iri = this.chosenIri(profile, input.iriType, input.extiri);
          if (iri !== profile.iri || input.iriType !== profile.iriType) {
            if (everPublished) throw badRequest('The IRI of a published profile is permanent.');
            updatedProfile = await this.changeIri(tx, profile, iri, input.iriType, target);
          }
        }
        if (target.state === 'draft') {
          if (profile.currentPublishedVersionId) {
            const published = await findVersion(tx, profile.currentPublishedVersionId);
            const removed = published?.tags.filter((t) => !content.tags.includes(t)) ?? [];
            if (removed.length > 0)
              throw badRequest(`Published tags cannot be removed: ${removed.join(', ')}.`);
          }
          const saved = await updateVersion(tx, target.id, { ...content, updatedBy: author.id });
          return this.view({ ...loaded, profile: updatedProfile }, saved, tx);
        }
        const removed = target.tags.filter((t) => !content.tags.includes(t));
        if (removed.length > 0)
          throw badRequest(`Published tags cannot be removed: ${removed.join(', ')}.`);
        const opened = await draftFor(tx, updatedProfile, target, author.id, content);
        await this.deps.locks.transfer(
          tx,
          author,
          lockResource.version(target.id),
          lockResource.version(opened.draft.id),
        );
        return this.view({ ...loaded, profile: opened.profile }, opened.draft, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('This profile already has a draft: publish or delete the draft first.');
      }
      throw error;
    }
  }

  /**
   * Takes one IRI out of the draft's `wasRevisionOf` (versions[0] of its document), as Remove this
   * value does for an item: how a finding about it is fixed (C6: it names the profile's own IRI),
   * since no form edits it. With none left, the document names the previous version here, as for
   * any draft. A change in one call: refused while another member holds the version's lock, or
   * when the details changed since `basedOn`.
   */
  async removeRevisionOf(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    iri: string,
    basedOn?: string,
  ): Promise<ProfileView> {
    return this.db.transaction(async (tx) => {
      const loaded = await this.load(user, profileId, tx, true);
      const author = groupPolicy.member(loaded.actor);
      const target = visibleVersion(loaded, await findVersion(tx, versionId));
      requireCurrent(loaded.profile, target);
      if (target.state !== 'draft')
        throw conflict('A published version never changes: its history stays as it was published.');
      await this.deps.locks.refuseHeldByOthers(tx, author, lockResource.version(target.id));
      await refuseStaleSave(
        tx,
        basedOn,
        {
          revision: detailsRevision(target),
          savedBy: target.updatedBy,
          savedAt: target.updatedAt,
        },
        'the details of this version',
      );
      const listed = target.revisionOf ?? [];
      if (!listed.includes(iri))
        throw badRequest(`"wasRevisionOf" of this version does not name ${iri}.`);
      const left = listed.filter((entry) => entry !== iri);
      const saved = await updateVersion(tx, target.id, {
        revisionOf: left.length > 0 ? left : null,
        updatedBy: author.id,
      });
      return this.view(loaded, saved, tx);
    });
  }

  /**
   * A generated IRI for a new profile: the one the form showed when it is one this server could
   * have minted (its root, a slash, a new UUID), or a new one. One already taken is refused by
   * the uniqueness check of the caller.
   */
  private newGeneratedIri(shown: string | undefined): string {
    const root = this.deps.rootIri;
    if (shown === undefined || shown === '') return `${root}/${randomUUID()}`;
    const uuid = shown.startsWith(`${root}/`) ? shown.slice(root.length + 1) : '';
    if (!GENERATED_PROFILE_IRI_UUID.test(uuid))
      throw badRequest(
        `A generated IRI is ${root}/ followed by a new lowercase UUID; reload the form to get one, or leave it out and the server makes one.`,
      );
    return shown;
  }

  /** The IRI a choice means: an external one as given, or a generated one (kept if it is one). */
  private chosenIri(
    profile: ProfileRow,
    iriType: ProfileRow['iriType'],
    extiri: string | undefined,
  ): string {
    if (iriType === 'external-iri') return normalizeExternalIri(extiri ?? '');
    return profile.iriType === 'generated-iri'
      ? profile.iri
      : `${this.deps.rootIri}/${randomUUID()}`;
  }

  private async changeIri(
    tx: Db,
    profile: ProfileRow,
    iri: string,
    iriType: ProfileRow['iriType'],
    draft: ProfileVersionRow,
  ) {
    const owner = await findProfileByIri(tx, iri);
    if (owner && owner.id !== profile.id) throw conflict('A profile with that IRI already exists.');
    const renamed = await updateVersion(tx, draft.id, { iri: versionIri(iri, draft.version) });
    // The items that named the draft name it under its new IRI.
    await nameDraftInScheme(tx, draft.id, renamed.iri, { from: draft.iri });
    return updateProfile(tx, profile.id, { iri, iriType });
  }

  /** Publishes the current draft: builds the document, refuses it with the findings if invalid. */
  async publish(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: PublishInput,
  ): Promise<ProfileView> {
    try {
      return await this.db.transaction(async (tx) => {
        const loaded = await this.load(user, profileId, tx, true);
        groupPolicy.member(loaded.actor);
        let { profile } = loaded;
        const draft = visibleVersion(loaded, await findVersion(tx, versionId));
        requireCurrentDraft({ profile, version: draft });
        if (!profile.currentPublishedVersionId) {
          if (input.confirmed !== true)
            throw badRequest('Confirm that the IRI is permanent before publishing.');
          if (input.iriType !== undefined) {
            const iri = this.chosenIri(profile, input.iriType, input.extiri);
            if (iri !== profile.iri || input.iriType !== profile.iriType)
              profile = await this.changeIri(tx, profile, iri, input.iriType, draft);
          }
        }
        const current = (await findVersion(tx, draft.id)) as ProfileVersionRow;
        const publisher = groupPolicy.member(loaded.actor);
        const published = await publishDraft(
          tx,
          { profile, version: current, organization: loaded.organization },
          this.now(),
          'authoring',
          input.overrideReason
            ? {
                userId: publisher.id,
                groupAdmin: isGroupAdmin(loaded.actor),
                reason: input.overrideReason,
              }
            : undefined,
        );
        return this.view({ ...loaded, profile: published.profile }, published.version, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another profile already uses that IRI.');
      throw error;
    }
  }

  async deleteDraft(user: UserRow | null, profileId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const loaded = await this.load(user, profileId, tx, true);
      groupPolicy.member(loaded.actor);
      const draftId = loaded.profile.currentDraftVersionId;
      if (!draftId) throw notFound('This profile has no draft.');
      await deleteDraft(tx, loaded.profile, draftId);
    });
  }

  async deleteProfile(user: UserRow | null, profileId: string, confirmName: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const loaded = await this.load(user, profileId, tx, true);
      groupPolicy.member(loaded.actor);
      const shownId =
        loaded.profile.currentPublishedVersionId ?? loaded.profile.currentDraftVersionId;
      const shown = shownId ? await findVersion(tx, shownId) : null;
      if (!shown || shown.name !== confirmName) {
        throw badRequest(
          'Type the name of the profile exactly to confirm that it should be deleted.',
        );
      }
      await deleteProfile(tx, loaded.profile);
    });
  }

  async requestVerification(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<ProfileView> {
    return this.db.transaction(async (tx) => {
      const loaded = await this.load(user, profileId, tx, true);
      const requester = groupPolicy.member(loaded.actor);
      const version = visibleVersion(loaded, await findVersion(tx, versionId));
      const updated = await requestVerification(tx, version, requester.id, this.now());
      return this.view(loaded, updated, tx);
    });
  }

  private requireSiteAdmin(user: UserRow | null): UserRow {
    if (!user) throw unauthorized('Sign in to do this.');
    if (user.type !== 'admin') throw forbidden('You must be an admin to access this page.');
    return user;
  }

  async verificationRequests(user: UserRow | null) {
    this.requireSiteAdmin(user);
    const rows = await listVerificationRequests(this.db);
    return rows.map((r) => ({
      versionUuid: r.version.id,
      name: r.version.name,
      version: r.version.version,
      organization: { uuid: r.organization.id, name: r.organization.name },
      parentProfile: { uuid: r.profile.id },
      requestedBy: r.requester ? `${r.requester.firstname} ${r.requester.lastname}`.trim() : null,
      verificationRequest: (r.version.verificationRequestedAt as Date).toISOString(),
    }));
  }

  /** A site admin approves or denies a request; the requester hears the outcome by e-mail. */
  async decide(user: UserRow | null, versionId: string, decision: VerifyDecision): Promise<void> {
    const admin = this.requireSiteAdmin(user);
    await decideVerification(this.db, versionId, decision, admin.id, this.now());
  }

  async revoke(user: UserRow | null, versionId: string, reason: string): Promise<void> {
    const admin = this.requireSiteAdmin(user);
    await revokeVerification(this.db, versionId, reason, admin.id, this.now());
  }

  /**
   * A person's export of a version's document: counted as a UI export when the version is
   * published (a draft is its authors at work, and no figure the public sees may come from it).
   */
  async exportDocument(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<Record<string, unknown>> {
    const loaded = await this.load(user, profileId);
    const version = visibleVersion(loaded, await findVersion(this.db, versionId));
    const document = await this.documentOf(loaded, version);
    if (version.state === 'published') this.deps.counters.profile(profileId, 'uiExport');
    return document;
  }

  /** A version's document as the viewer may see it, read without counting (tools on the page). */
  async document(
    user: UserRow | null,
    profileId: string,
    versionId: string,
  ): Promise<Record<string, unknown>> {
    const loaded = await this.load(user, profileId);
    const version = visibleVersion(loaded, await findVersion(this.db, versionId));
    return this.documentOf(loaded, version);
  }

  /**
   * The document of the draft an IRI names, for a caller acting for the group `organizationId`
   * (an API key's): a draft version's own IRI, or the IRI of a profile never published, whose
   * draft is all it has. Null for anything else, whoever holds it, so a caller learns nothing of
   * another group's drafts.
   */
  async groupDraftDocument(
    organizationId: string,
    iri: string,
  ): Promise<Record<string, unknown> | null> {
    const byIri = await findProfileByIri(this.db, iri);
    const versionId = byIri
      ? byIri.currentPublishedVersionId
        ? null
        : byIri.currentDraftVersionId
      : (await findVersionByIri(this.db, iri))?.id;
    const version = versionId ? await findVersion(this.db, versionId) : null;
    if (!version || version.state !== 'draft') return null;
    const profile = byIri ?? (await findProfile(this.db, version.profileId));
    if (!profile || profile.organizationId !== organizationId) return null;
    const organization = await findOrganization(this.db, organizationId);
    if (!organization) return null;
    return this.documentOf({ profile, organization }, version);
  }

  /** The JSON-LD of a version: the stored snapshot once published, built on the fly for a draft. */
  private documentOf(
    loaded: Pick<Loaded, 'profile' | 'organization'>,
    version: ProfileVersionRow,
  ): Promise<Record<string, unknown>> {
    return readVersionDocument(this.db, loaded.profile, loaded.organization, version);
  }

  /** Published versions only, whoever asks: the same answer for everyone, so it is kept. */
  async published(query: {
    search?: string | undefined;
    sort: PublishedSort;
    page: number;
    limit: number;
    verified?: 'true' | 'false' | undefined;
  }): Promise<ProfileList> {
    const key = `profiles:${JSON.stringify([query.search || '', query.sort, query.page, query.limit, query.verified === 'true'])}`;
    const kept = this.deps.cache.list<ProfileList>(key);
    if (kept) return kept;
    const ticket = this.deps.cache.ticket();
    const { rows, total } = await listPublished(this.db, {
      search: query.search || undefined,
      verifiedOnly: query.verified === 'true',
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      today: this.now(),
    });
    const answer: ProfileList = {
      success: true,
      profiles: rows.map((r) => presentListItem(r.profile, r.version, r.organization, r)),
      page: query.page,
      limit: query.limit,
      total,
    };
    this.deps.cache.keepList(ticket, key, answer);
    return answer;
  }

  async home(): Promise<Home> {
    const kept = this.deps.cache.list<Home>('home');
    if (kept) return kept;
    const ticket = this.deps.cache.ticket();
    const latest = await this.published({ sort: '-updated', page: 1, limit: 3 });
    const concepts = await latestPublished(this.db, 'concept', 3);
    const answer: Home = {
      success: true,
      latestProfiles: latest.profiles,
      latestConcepts: concepts.map((row) => ({
        uuid: row.item.id,
        name: row.item.name,
        type: row.item.type,
        parentProfile: {
          uuid: row.parent?.id ?? '',
          name: row.parentVersion?.name ?? '',
        },
      })),
    };
    this.deps.cache.keepList(ticket, 'home', answer);
    return answer;
  }

  async groupProfiles(
    user: UserRow | null,
    organizationId: string,
    page: number,
    limit: number,
  ): Promise<ProfileList> {
    const { organization, actor } = await this.deps.organizations.load(user, organizationId);
    const { rows, total } = await listGroupProfiles(
      this.db,
      organization.id,
      isMember(actor),
      page,
      limit,
    );
    return {
      success: true,
      profiles: rows.map((r) =>
        presentListItem(r.profile, r.version, organization, { views: 0, exports: 0 }),
      ),
      page,
      limit,
      total,
    };
  }

  /** A profile or version IRI → where its page is, for anyone who may see it. */
  async resolve(user: UserRow | null, iri: string) {
    const byProfile = await findProfileByIri(this.db, iri);
    const version = byProfile ? null : await findVersionByIri(this.db, iri);
    const profileId = byProfile?.id ?? version?.profileId;
    if (!profileId) return this.resolveItem(user, iri);
    // A profile or version the viewer may not see gets the words of an IRI nothing has.
    const hidden = (error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? missingIri(iri) : error;
    };
    const loaded = await this.load(user, profileId).catch(hidden);
    let target: ProfileVersionRow;
    try {
      target = version
        ? visibleVersion(loaded, version)
        : visibleVersion(
            loaded,
            await findVersion(
              this.db,
              (loaded.profile.currentPublishedVersionId ??
                loaded.profile.currentDraftVersionId) as string,
            ),
          );
    } catch (error) {
      return hidden(error);
    }
    return {
      success: true as const,
      profileUuid: loaded.profile.id,
      versionUuid: target.id,
      organizationUuid: loaded.organization.id,
    };
  }

  /**
   * A concept, template or pattern IRI: the page of the newest version of its profile that lists
   * it and the viewer may see (a published one; any, for members of the owning group).
   */
  private async resolveItem(user: UserRow | null, iri: string) {
    const missing = () => missingIri(iri);
    const found = await findItemWithVersions(this.db, iri);
    if (!found?.item.profileId) throw missing();
    const loaded = await this.load(user, found.item.profileId).catch(() => {
      throw missing();
    });
    const version = found.versions.find((v) => loaded.member || v.state === 'published');
    if (!version) throw missing();
    return {
      success: true as const,
      profileUuid: loaded.profile.id,
      versionUuid: version.id,
      organizationUuid: loaded.organization.id,
      item: { uuid: found.item.id, kind: found.item.kind },
    };
  }
}
