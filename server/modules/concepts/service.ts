import { conceptContent, contentLabels, similarTermsOf } from '../../../common/concept-content';
import {
  conceptTypeOf,
  DOCUMENT_TYPES,
  EXTENSION_TYPES,
  generatedConceptIri,
  LIMITED_EDIT_MESSAGE,
  type ConceptChange,
  type ConceptList,
  type ConceptType,
  type ConceptValues,
  type ConceptView,
  type DeletedItems,
} from '../../../common/concepts';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { ItemAdoption } from '../items/adoption';
import {
  authorOf,
  editableItem,
  frozenAs,
  isMemberOfGroup,
  listedItem,
} from '../items/access';
import { checkItemInDocument } from '../items/check';
import { linkItems, unlinkItem } from '../items/links';
import { findItemsByIris, insertItem, updateItem } from '../item-store/repo';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { lockResource, type HeldLock, type LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess, type VersionAccess } from '../profiles/access';
import { currentVersionId, draftFor } from '../profiles/drafts';
import { findProfile, findVersion } from '../profiles/repo';
import { presentConceptRow, presentConceptView, presentDeletedItem } from './presenter';
import {
  addEntries,
  findItem,
  findEmail,
  isListedByPublished,
  latestPublished,
  listDeletedItems,
  pageVersionItems,
  removeEntry,
  searchItems,
  type ItemListRow,
  type ItemSort,
} from '../item-store/listing';

export interface ConceptServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

type Json = Record<string, unknown>;

const specTypesOf = (type: ConceptType): string[] =>
  type === 'Document' ? [...DOCUMENT_TYPES] : type === 'Extension' ? [...EXTENSION_TYPES] : [type];

/** The parts of a concept that stop changing once a published version lists it. */
function fixedParts(content: Json): string {
  const labels = contentLabels(content);
  const definition = (content.activityDefinition ?? {}) as Json;
  return JSON.stringify([
    content.type,
    labels.name,
    labels.description,
    content.contentType ?? null,
    content.context ?? null,
    content.schema ?? null,
    content.inlineSchema ?? null,
    definition.type ?? null,
    similarTermsOf(content)
      .map((t) => t.iri)
      .sort(),
  ]);
}

/**
 * Concepts inside profile versions: authored by members of the owning group on the current
 * version, read by everyone where a published version lists them. A change to a published
 * version lands in a new draft; edits need the editor's write lock.
 */
export class ConceptService {
  private readonly now: () => Date;

  private readonly adoption: ItemAdoption;

  constructor(private readonly deps: ConceptServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.adoption = new ItemAdoption(deps);
  }

  private get db(): Db {
    return this.deps.db;
  }

  private access(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    db = this.db,
    forUpdate = false,
  ) {
    return loadVersionAccess(this.deps.organizations, db, user, profileId, versionId, forUpdate);
  }

  private author(access: VersionAccess): UserRow {
    return authorOf(access);
  }

  private isMemberOf(user: UserRow | null, organizationId: string): Promise<boolean> {
    return isMemberOfGroup(this.deps.organizations, user, organizationId);
  }

  private listed(db: Db, access: VersionAccess, conceptId: string) {
    return listedItem(db, access, 'concept', conceptId);
  }

  private editable(db: Db, access: VersionAccess, conceptId: string) {
    return editableItem(db, access, 'concept', conceptId);
  }

  async list(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    query: { sort: ItemSort; page: number; limit: number },
  ): Promise<ConceptList> {
    const access = await this.access(user, profileId, versionId);
    const { rows, total } = await pageVersionItems(this.db, access.version.id, 'concept', query);
    const asPublished = frozenAs(access, 'concept');
    return {
      success: true,
      concepts: rows.map((row) => presentConceptRow(asPublished(row))),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  private async view(
    user: UserRow | null,
    row: ItemListRow,
    linked: boolean,
    permissions: ConceptView['permissions'],
  ): Promise<ConceptView> {
    const content = row.component.content as Json;
    const iris = [
      ...similarTermsOf(content).map((t) => t.iri),
      ...((content.recommendedVerbs ?? content.recommendedActivityTypes ?? []) as string[]),
    ];
    const found = await findItemsByIris(this.db, iris);
    return presentConceptView(row, {
      linked,
      names: new Map(found.map((c) => [c.iri, { name: c.name, uuid: c.id }])),
      deprecatedBy: user ? await findEmail(this.db, row.component.deprecatedBy) : null,
      updatedBy: user ? await findEmail(this.db, row.component.updatedBy) : null,
      permissions,
    });
  }

  async get(user: UserRow | null, profileId: string, versionId: string, conceptId: string) {
    const access = await this.access(user, profileId, versionId);
    const listed = await this.listed(this.db, access, conceptId);
    const { entry } = listed;
    const row = frozenAs(access, 'concept')(listed.row);
    const current = access.member && access.version.id === currentVersionId(access.profile);
    const own = !entry.linked && row.component.profileId === access.profile.id;
    return this.view(user, row, entry.linked, {
      edit: current && own && !row.component.deprecated,
      removeLink: current && entry.linked,
      claim: false,
    });
  }

  /** One concept wherever it is: public where a published version lists it. */
  async getPublic(user: UserRow | null, conceptId: string): Promise<ConceptView> {
    const row = await findItem(this.db, conceptId);
    if (!row || row.component.kind !== 'concept') throw notFound('No such concept.');
    const orphan = row.component.profileId === null;
    let visible =
      (await isListedByPublished(this.db, row.component.id)) && !row.component.deletedAt;
    if (!visible && orphan) visible = user !== null;
    if (!visible && row.parent) visible = await this.isMemberOf(user, row.parent.organizationId);
    if (!visible) throw notFound('No such concept.');
    return this.view(user, row, false, {
      edit: false,
      removeLink: false,
      claim: orphan && user !== null,
    });
  }

  async search(
    user: UserRow | null,
    query: {
      search: string;
      page: number;
      limit: number;
      versionId?: string | undefined;
      conceptType?: ConceptType | undefined;
      scope: 'all' | 'profile';
      deprecated?: 'true' | 'false' | undefined;
      listed?: 'hide' | 'include' | undefined;
    },
  ): Promise<ConceptList> {
    const version = query.versionId ? await findVersion(this.db, query.versionId) : null;
    if (query.versionId && !version) throw notFound('No such version.');
    let member = false;
    if (version) {
      const profile = await findProfile(this.db, version.profileId);
      if (profile) member = await this.isMemberOf(user, profile.organizationId);
    }
    const { rows, total } = await searchItems(this.db, {
      kind: 'concept',
      search: query.search,
      types: query.conceptType ? specTypesOf(query.conceptType) : undefined,
      version: version ?? undefined,
      memberOfVersion: member,
      onlyProfileId: query.scope === 'profile' && version ? version.profileId : undefined,
      excludeDeprecated: query.deprecated === 'false',
      listed: query.listed ?? 'hide',
      page: query.page,
      limit: query.limit,
    });
    return {
      success: true,
      concepts: rows.map(presentConceptRow),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** Checks a concept inside its version's document; findings on it refuse the save. */
  private checkInDocument(tx: Db, access: VersionAccess, content: Json): Promise<void> {
    return checkItemInDocument(tx, {
      access,
      kind: 'concept',
      content,
      generatedAt: this.now().toISOString(),
      label: 'concept',
    });
  }

  /** Whether IRIs are concepts of the profile (their relations then use the local SKOS terms). */
  private async localIris(db: Db, profileId: string, content: ConceptValues): Promise<Set<string>> {
    if (!('similarTerms' in content)) return new Set();
    const found = await findItemsByIris(
      db,
      content.similarTerms.map((t) => t.iri),
    );
    return new Set(found.filter((c) => c.profileId === profileId).map((c) => c.iri));
  }

  async create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: ConceptValues,
  ): Promise<ConceptChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const author = this.author(access);
      if (!values.iriType) throw badRequest('Choose whether the IRI is generated or external.');
      const iri =
        values.iriType === 'external-iri'
          ? (values.extiri ?? '')
          : generatedConceptIri(access.profile.iri, values.conceptType, values.geniri ?? '');
      if ((await findItemsByIris(tx, [iri])).length > 0)
        throw conflict(`Something on this server already has the IRI ${iri}.`);
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      const local = await this.localIris(tx, profile.id, values);
      const content = conceptContent(values, {
        iri,
        inScheme: draft.iri,
        isLocal: (i) => local.has(i),
      });
      await this.checkInDocument(tx, { ...access, profile, version: draft }, content);
      const created = await insertItem(tx, {
        kind: 'concept',
        type: String(content.type),
        iri,
        profileId: profile.id,
        name: values.name,
        content,
        createdBy: author.id,
        updatedBy: author.id,
      });
      await addEntries(tx, draft.id, [{ componentId: created.id, linked: false }]);
      return { success: true, concept: { uuid: created.id }, versionId: draft.id };
    });
  }

  async update(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    conceptId: string,
    values: ConceptValues,
  ): Promise<ConceptChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await this.editable(tx, access, conceptId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(conceptId));
      const previous = row.component.content as Json;
      if (conceptTypeOf(row.component.type) !== values.conceptType)
        throw badRequest('The kind of a concept cannot change.');
      const local = await this.localIris(tx, access.profile.id, values);
      const content = conceptContent(values, {
        iri: row.component.iri,
        inScheme: typeof previous.inScheme === 'string' ? previous.inScheme : access.version.iri,
        isLocal: (i) => local.has(i),
        previous,
      });
      if (row.published && fixedParts(content) !== fixedParts(previous))
        throw badRequest(
          `${LIMITED_EDIT_MESSAGE} Only translations and the relation or recommended terms can change.`,
        );
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      await this.checkInDocument(tx, { ...access, profile, version: draft }, content);
      await updateItem(tx, conceptId, {
        content,
        type: String(content.type),
        name: values.name,
        updatedBy: author.id,
      });
      return { success: true, concept: { uuid: conceptId }, versionId: draft.id };
    });
  }

  async deprecate(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    conceptId: string,
    input: { reason: string; link: string },
  ): Promise<ConceptChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await this.editable(tx, access, conceptId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(conceptId));
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await updateItem(tx, conceptId, {
        content: { ...row.component.content, deprecated: true },
        deprecated: true,
        deprecationReason: input.reason,
        deprecationLink: input.link || null,
        deprecatedBy: author.id,
        deprecatedAt: this.now(),
        updatedBy: author.id,
      });
      return { success: true, concept: { uuid: conceptId }, versionId: draft.id };
    });
  }

  /** Deletes a concept no published version lists; it waits in Deleted Items for a restore. */
  async remove(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    conceptId: string,
  ): Promise<ConceptChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author } = await this.editable(tx, access, conceptId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(conceptId));
      if (await isListedByPublished(tx, conceptId))
        throw conflict(
          'This concept has been published and may be in use, so it cannot be deleted; deprecate it instead.',
        );
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await removeEntry(tx, draft.id, conceptId);
      await updateItem(tx, conceptId, { deletedAt: this.now(), updatedBy: author.id });
      await this.deps.locks.release(author, lockResource.component(conceptId), tx);
      return { success: true, concept: { uuid: conceptId }, versionId: draft.id };
    });
  }

  /** Lists concepts of other profiles (or of this one) in the version. */
  async link(user: UserRow | null, profileId: string, versionId: string, conceptIds: string[]) {
    return this.db.transaction(async (tx) =>
      linkItems(tx, await this.access(user, profileId, versionId, tx, true), 'concept', conceptIds),
    );
  }

  async removeLink(user: UserRow | null, profileId: string, versionId: string, conceptId: string) {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      return unlinkItem(tx, access, 'concept', conceptId);
    });
  }

  async lock(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    conceptId: string,
  ): Promise<HeldLock> {
    const access = await this.access(user, profileId, versionId);
    const { user: author } = await this.editable(this.db, access, conceptId);
    return this.deps.locks.acquire(author, lockResource.component(conceptId));
  }

  async unlock(user: UserRow | null, conceptId: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.deps.locks.release(user, lockResource.component(conceptId));
  }

  async deletedItems(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    page: number,
    limit: number,
  ): Promise<DeletedItems> {
    if (!user) throw unauthorized();
    const access = await this.access(user, profileId, versionId);
    const { rows, total } = await listDeletedItems(this.db, {
      profileId: access.profile.id,
      includeDeleted: access.member,
      page,
      limit,
    });
    return { success: true, items: rows.map(presentDeletedItem), page, limit, total };
  }

  /** Puts a deleted concept back into its profile's current draft. */
  async restore(
    user: UserRow | null,
    conceptId: string,
    profileId: string,
  ): Promise<ConceptChange> {
    const { uuid, versionId } = await this.adoption.restore(user, 'concept', conceptId, profileId);
    return { success: true, concept: { uuid }, versionId };
  }

  /** Gives an orphaned concept a profile of one of the user's groups. */
  async claim(user: UserRow | null, conceptId: string, profileId: string): Promise<ConceptChange> {
    const { uuid, versionId } = await this.adoption.claim(user, 'concept', conceptId, profileId);
    return { success: true, concept: { uuid }, versionId };
  }

  /** The newest concepts of published profiles, for the home page. */
  async latest(limit: number) {
    const rows = await latestPublished(this.db, 'concept', limit);
    return rows.map((row) => {
      const presented = presentConceptRow(row);
      return {
        uuid: presented.uuid,
        name: presented.name,
        type: presented.type,
        parentProfile: {
          uuid: presented.parentProfile?.uuid ?? '',
          name: presented.parentProfile?.name ?? '',
        },
      };
    });
  }
}
