import type { Db } from '../../db/client';
import type { ItemRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import {
  addEntries,
  findEmail,
  findEntry,
  findItem,
  carriedSaveTime,
  findListedRevision,
  isListedByPublished,
  pageVersionItems,
  removeEntry,
  searchItems,
  type ItemListRow,
  type ItemSort,
  type SearchOptions,
} from '../item-store/listing';
import {
  insertItem,
  isIriTaken,
  nameDraftInScheme,
  reviseItem,
  updateIdentity,
  type ItemKind,
  type RevisionChanges,
} from '../item-store/repo';
import { iriLengthProblem } from '../../../xapi/index';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { lockResource, type HeldLock, type LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess, type VersionAccess } from '../profiles/access';
import { currentVersionId, draftFor } from '../profiles/drafts';
import { findProfile, findVersion } from '../profiles/repo';
import {
  authorOf,
  editableItem,
  frozenAs,
  isMemberOfGroup,
  ITEM_LABELS,
  listedItem,
} from './access';
import { recordEvent } from '../events/outbox';
import { refuseStaleSave, requireBase, revisionTag } from '../edit-conflicts';
import { checkItemInDocument } from './check';
import { withoutValue } from './remove-value';
import { linkItems, unlinkItem } from './links';
import {
  compareRevisions,
  itemHistory,
  revisionsFixedApart,
  presentRevision,
  visibleRevision,
  type HistoryReader,
} from './history';
import type { ItemHistory, ItemRevision, RevisionComparison } from '../../../common/history';

export interface ItemServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

type Json = Record<string, unknown>;
type ItemChanges = RevisionChanges;
export interface PageAnswer {
  page: number;
  limit: number;
  total: number;
}

/** A revision id, as the first part of a revision tag. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the viewer may do with an item in the version of the request (false outside one). */
export interface ItemPermissions {
  edit: boolean;
  delete: boolean;
  removeLink: boolean;
  claim: boolean;
}

/** What every detail answer carries besides the item's own parts. */
export interface ItemViewBasics {
  linked: boolean;
  /** Who deprecated or changed an item is shown to signed-in people only. */
  deprecatedBy: string | null;
  updatedBy: string | null;
  permissions: ItemPermissions;
}

/** What one kind of item brings to the kernel: its presenters, its answers and its checks. */
export interface ItemKindSpec<Row, View, Change, List> {
  kind: ItemKind;
  presentRow: (row: ItemListRow) => Row;
  presentView: (db: Db, row: ItemListRow, basics: ItemViewBasics) => Promise<View>;
  changed: (uuid: string, versionId: string) => Change;
  page: (rows: Row[], page: PageAnswer) => List;
  /**
   * An edit is refused only for the document problems it brings, not for those the stored item
   * already had (an imported item reusing a profile this server does not have, say).
   */
  toleratesStoredProblems: boolean;
  /**
   * What stops changing once a published version lists the item, as comparable text: a restore
   * of an earlier revision may not bring back a different one, as the kind's form may not.
   */
  fixedOncePublished: (content: Json) => string;
  /** Refuses taking the item out of the version while something in it uses the item. */
  refuseDelete?: (tx: Db, versionId: string, row: ItemListRow) => Promise<void>;
  refuseUnlink?: (tx: Db, versionId: string, row: ItemListRow) => Promise<void>;
}

/** The IRI part of a create form. */
export interface IriChoice {
  iriType?: 'generated-iri' | 'external-iri' | undefined;
  extiri?: string | undefined;
  geniri?: string | undefined;
}

/** What one new item is made of, once its draft is known. */
export interface NewItem {
  content: Json;
  type: string;
  extras?: ItemRow['extras'];
}

/** Where a new item lands: the draft (new when the version was published) and its IRI. */
export interface NewItemPlace {
  access: VersionAccess;
  profile: ProfileRow;
  draft: ProfileVersionRow;
  iri: string;
}

/** What one change of an item sees. */
export interface EditContext {
  tx: Db;
  access: VersionAccess;
  author: UserRow;
  row: ItemListRow;
  content: Json;
  extras: ItemRow['extras'];
  /** Listed by a published version of its profile: editing is limited from then on. */
  published: boolean;
}

/** What one change of an item does. */
export interface Edit {
  /** The new content, checked inside the version's document before it is stored. */
  content?: Json;
  /** Other columns: name, type, extras. */
  changes?: ItemChanges;
  /** Items the version should list from now on (as links when of other profiles). */
  alsoList?: ItemRow[];
}

/**
 * Concepts, statement templates and patterns inside profile versions: authored by members of the
 * owning group on the current version, read by everyone where a published version lists them.
 * A change to a published version lands in a new draft; every change needs the editor's write
 * lock. Each kind adds its own form and checks through its spec and its subclass.
 */
export class ItemService<Row, View, Change, List> {
  protected readonly now: () => Date;

  protected readonly label: string;

  constructor(
    protected readonly deps: ItemServiceDeps,
    protected readonly spec: ItemKindSpec<Row, View, Change, List>,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.label = ITEM_LABELS[spec.kind];
  }

  protected get db(): Db {
    return this.deps.db;
  }

  protected access(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    db = this.db,
    forUpdate = false,
  ) {
    return loadVersionAccess(this.deps.organizations, db, user, profileId, versionId, {
      forUpdate,
    });
  }

  /** For reading a version's items: members, the public (published) and the draft's reviewers. */
  private reader(user: UserRow | null, profileId: string, versionId: string) {
    return loadVersionAccess(this.deps.organizations, this.db, user, profileId, versionId, {
      asReviewer: true,
    });
  }

  // --- reading -------------------------------------------------------------------------------

  async list(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    query: { sort: ItemSort; page: number; limit: number; filter?: string },
  ): Promise<List> {
    const access = await this.reader(user, profileId, versionId);
    const { rows, total } = await pageVersionItems(
      this.db,
      access.version.id,
      this.spec.kind,
      query,
    );
    const asPublished = frozenAs(access, this.spec.kind);
    return this.spec.page(
      rows.map((row) => this.spec.presentRow(asPublished(row))),
      { page: query.page, limit: query.limit, total },
    );
  }

  private async view(
    user: UserRow | null,
    row: ItemListRow,
    linked: boolean,
    permissions: ItemPermissions,
  ): Promise<View> {
    return this.spec.presentView(this.db, row, {
      linked,
      deprecatedBy: user ? await findEmail(this.db, row.item.deprecatedBy) : null,
      updatedBy: user ? await findEmail(this.db, row.item.updatedBy) : null,
      permissions,
    });
  }

  async get(user: UserRow | null, profileId: string, versionId: string, id: string): Promise<View> {
    const access = await this.reader(user, profileId, versionId);
    const listed = await listedItem(this.db, access, this.spec.kind, id);
    const { entry } = listed;
    const row = frozenAs(access, this.spec.kind)(listed.row);
    const current = access.member && access.version.id === currentVersionId(access.profile);
    const own = !entry.linked && row.item.profileId === access.profile.id;
    const edit = current && own && !row.item.deprecated;
    return this.view(user, row, entry.linked, {
      edit,
      // The same rule `remove` applies: an item a published version lists may be in use.
      delete: edit && !(await isListedByPublished(this.db, row.item.id)),
      removeLink: current && entry.linked,
      claim: false,
    });
  }

  /** One item wherever it is (side panels): public where a published version lists it. */
  async getPublic(user: UserRow | null, id: string): Promise<View> {
    const row = await findItem(this.db, id);
    if (!row || row.item.kind !== this.spec.kind) throw notFound(`No such ${this.label}.`);
    const orphan = row.item.profileId === null;
    let visible = (await isListedByPublished(this.db, row.item.id)) && !row.item.deletedAt;
    if (!visible && orphan) visible = user !== null;
    if (!visible && row.parent)
      visible = await isMemberOfGroup(this.deps.organizations, user, row.parent.organizationId);
    if (!visible) throw notFound(`No such ${this.label}.`);
    return this.view(user, row, false, {
      edit: false,
      delete: false,
      removeLink: false,
      claim: orphan && user !== null,
    });
  }

  /** The version a search is made for, and whether the viewer may see its profile's drafts. */
  protected async searchContext(
    user: UserRow | null,
    versionId: string | undefined,
  ): Promise<{ version: ProfileVersionRow | undefined; member: boolean }> {
    if (!versionId) return { version: undefined, member: false };
    const version = await findVersion(this.db, versionId);
    if (!version) throw notFound('No such version.');
    const profile = await findProfile(this.db, version.profileId);
    const member = profile
      ? await isMemberOfGroup(this.deps.organizations, user, profile.organizationId)
      : false;
    return { version, member };
  }

  /** One page of items of the kind anyone may find (see `searchItems`). */
  protected async searchPage(options: Omit<SearchOptions, 'kind'>): Promise<List> {
    const { rows, total } = await searchItems(this.db, { ...options, kind: this.spec.kind });
    return this.spec.page(rows.map(this.spec.presentRow), {
      page: options.page,
      limit: options.limit,
      total,
    });
  }

  // --- history -------------------------------------------------------------------------------

  /** The item as a version lists it, and who reads its history there. */
  private async historyAccess(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
  ) {
    const access = await this.access(user, profileId, versionId);
    const { row, entry } = await listedItem(this.db, access, this.spec.kind, id);
    const own = !entry.linked && row.item.profileId === access.profile.id;
    const member = own
      ? access.member
      : row.parent
        ? await isMemberOfGroup(this.deps.organizations, user, row.parent.organizationId)
        : false;
    const reader: HistoryReader = { member, signedIn: user !== null };
    return { access, row, own, reader };
  }

  /** Every revision of the item the caller may see, newest first, with what each changed. */
  async history(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
  ): Promise<ItemHistory> {
    const { access, row, own, reader } = await this.historyAccess(user, profileId, versionId, id);
    const history = await itemHistory(this.db, this.spec.kind, id, reader, row.item.revisionId);
    const current = access.member && access.version.id === currentVersionId(access.profile);
    const canRestore = current && own && !row.item.deprecated;
    // What `restore` would refuse, so the page offers no Restore the server then turns down.
    const unrestorable =
      canRestore && row.published
        ? await revisionsFixedApart(
            this.db,
            id,
            reader.member,
            this.spec.fixedOncePublished,
            row.item.content,
          )
        : [];
    return { success: true, history, canRestore, unrestorable };
  }

  /** One earlier revision of the item, read-only. */
  async revision(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    revisionId: string,
  ): Promise<ItemRevision> {
    const { reader } = await this.historyAccess(user, profileId, versionId, id);
    return presentRevision(await visibleRevision(this.db, id, revisionId, reader), reader);
  }

  /** What changed between two revisions of the item. */
  async compareRevisions(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    fromId: string,
    toId: string,
  ): Promise<RevisionComparison> {
    const { reader } = await this.historyAccess(user, profileId, versionId, id);
    const [from, to] = await Promise.all([
      visibleRevision(this.db, id, fromId, reader),
      visibleRevision(this.db, id, toId, reader),
    ]);
    return compareRevisions(this.spec.kind, from, to);
  }

  /**
   * Brings an earlier revision's content back as a new revision of the draft: a save like any
   * other, based on the revision it replaces (If-Match) and checked in its document.
   */
  restore(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    revisionId: string,
    basedOn?: string,
  ): Promise<Change> {
    return this.edit(
      user,
      profileId,
      versionId,
      id,
      async ({ tx, row, content: current }) => {
        const from = await visibleRevision(tx, id, revisionId, { member: true, signedIn: true });
        const { deprecated: _deprecated, ...content } = from.content;
        const fixed = this.spec.fixedOncePublished;
        if (row.published && fixed(content) !== fixed(current))
          throw badRequest(
            `This ${this.label} has been published and may be in use: that revision differs in what can no longer change (its name, definition or what statements it fixes), so it cannot be restored.`,
          );
        return {
          content,
          changes: {
            name: from.name,
            type: from.type,
            extras: from.extras,
            restoredFromId: from.id,
          },
        };
      },
      basedOn,
      'one-shot',
    );
  }

  // --- creating and changing -----------------------------------------------------------------

  /** Checks an item inside its version's document; findings on it refuse the save. */
  protected checkInDocument(
    tx: Db,
    access: VersionAccess,
    content: Json,
    previous?: Json,
  ): Promise<void> {
    return checkItemInDocument(tx, {
      access,
      kind: this.spec.kind,
      content,
      previous,
      generatedAt: this.now().toISOString(),
      label: this.label,
    });
  }

  /**
   * Creates an own item in the version (in a new draft when it is published) under a fresh IRI:
   * `make` builds it once the draft is known, then it is checked in its document and listed.
   */
  protected createItem(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: IriChoice & { name: string },
    /** The IRI the server makes for the new item from the form's suffix. */
    generatedIri: (profileIri: string, suffix: string) => string,
    make: (tx: Db, at: NewItemPlace) => Promise<NewItem>,
  ): Promise<Change> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const author = authorOf(access);
      if (!input.iriType) throw badRequest('Choose whether the IRI is generated or external.');
      const iri =
        input.iriType === 'external-iri'
          ? (input.extiri ?? '')
          : generatedIri(access.profile.iri, input.geniri ?? '');
      const tooLong = iriLengthProblem(iri);
      if (tooLong)
        throw badRequest(
          `The IRI ${input.iriType === 'external-iri' ? '' : "made from the profile's IRI and the name given "}is too long: ${tooLong}.`,
        );
      if (await isIriTaken(tx, iri))
        throw conflict(`Something on this server already has the IRI ${iri}.`);
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      const made = await make(tx, { access, profile, draft, iri });
      await this.checkInDocument(tx, { ...access, profile, version: draft }, made.content);
      const created = await insertItem(tx, {
        kind: this.spec.kind,
        type: made.type,
        iri,
        profileId: profile.id,
        name: input.name,
        content: made.content,
        extras: made.extras,
        createdBy: author.id,
        updatedBy: author.id,
        createdInVersionId: draft.id,
      });
      await addEntries(tx, draft.id, [{ componentId: created.id, linked: false }]);
      return this.spec.changed(created.id, draft.id);
    });
  }

  /**
   * One change of an own item by a member holding its write lock: `apply` decides it, then it
   * lands in the draft (a new one when the version is published), checked in its document.
   */
  edit(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    apply: (ctx: EditContext) => Edit | Promise<Edit>,
    /** The revision the editor's form was filled from (If-Match); checked when given. */
    basedOn?: string,
    /**
     * `held`: a form's save, by the member holding the item's write lock. `one-shot`: a change
     * made in one call with no form open, refused only while another member holds the lock.
     */
    lock: 'held' | 'one-shot' = 'held',
  ): Promise<Change> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, this.spec.kind, id);
      if (lock === 'held') await this.deps.locks.requireHeld(tx, author, lockResource.item(id));
      else await this.deps.locks.refuseHeldByOthers(tx, author, lockResource.item(id));
      await this.refuseStale(tx, access, id, basedOn);
      const previous = row.item.content;
      const edit = await apply({
        tx,
        access,
        author,
        row,
        content: previous,
        extras: row.item.extras,
        published: row.published,
      });
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      await this.listAlso(tx, draft, profile.id, edit.alsoList ?? []);
      // What the server writes names the version it is written in (the form may have been
      // filled from the published version the edit starts a draft of).
      const content = edit.content && { ...edit.content, inScheme: draft.iri };
      if (content)
        await this.checkInDocument(
          tx,
          { ...access, profile, version: draft },
          content,
          this.spec.toleratesStoredProblems ? previous : undefined,
        );
      // The draft's own revision of the item: the published versions keep theirs.
      await reviseItem(tx, draft.id, id, {
        ...edit.changes,
        ...(content ? { content } : {}),
        updatedBy: author.id,
      });
      return this.spec.changed(id, draft.id);
    });
  }

  /**
   * Removes one value of the item at `pointer` (a JSON Pointer inside the item): how a finding
   * about a property no form manages is fixed (an A4 word no context defines, a key an activity
   * definition does not have). Checked like every edit: refused when the removal brings a problem
   * the item did not have, such as a required property gone.
   */
  removeValue(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    pointer: string,
    basedOn?: string,
  ): Promise<Change> {
    return this.edit(
      user,
      profileId,
      versionId,
      id,
      ({ content }) => ({ content: withoutValue(content, pointer) }),
      basedOn,
      'one-shot',
    );
  }

  /**
   * Refuses a change based on an older revision of the item than the one it would replace: the
   * draft's when the profile has one (someone may have changed it there since the editor opened
   * the form), otherwise the version's.
   */
  private async refuseStale(
    tx: Db,
    access: VersionAccess,
    id: string,
    given: string | undefined,
  ): Promise<void> {
    const basedOn = requireBase(given, `this ${this.label}`);
    const draftId = access.profile.currentDraftVersionId ?? access.version.id;
    const latest =
      (await findListedRevision(tx, draftId, id)) ??
      (await findListedRevision(tx, access.version.id, id));
    if (!latest) return;
    // The draft's copy of the revision the form was filled from, made when the draft carried it,
    // is the same save.
    const [basedOnId] = basedOn.split('.');
    if (basedOnId && UUID.test(basedOnId) && basedOnId !== latest.id) {
      const savedAt = await carriedSaveTime(tx, id, basedOnId, latest.id);
      if (savedAt && revisionTag(basedOnId, savedAt) === basedOn) return;
    }
    await refuseStaleSave(
      tx,
      basedOn,
      {
        revision: revisionTag(latest.id, latest.updatedAt),
        savedBy: latest.updatedBy,
        savedAt: latest.updatedAt,
      },
      `this ${this.label}`,
    );
  }

  /** Lists items in a version that does not list them yet: other profiles' as links. */
  private async listAlso(
    tx: Db,
    draft: ProfileVersionRow,
    profileId: string,
    items: ItemRow[],
  ): Promise<void> {
    const fresh = [];
    for (const item of items)
      if (!(await findEntry(tx, draft.id, item.id)))
        fresh.push({ componentId: item.id, linked: item.profileId !== profileId });
    await addEntries(tx, draft.id, fresh);
    // An own item listed again belongs to the draft's version; a link keeps its profile's scheme.
    const own = fresh.filter((f) => !f.linked).map((f) => f.componentId);
    await nameDraftInScheme(tx, draft.id, draft.iri, { itemIds: own });
  }

  /** Marks an item deprecated for good; the change and its event commit together or not at all. */
  deprecate(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    input: { reason: string; link: string },
    basedOn?: string,
  ): Promise<Change> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, this.spec.kind, id);
      await this.deps.locks.requireHeld(tx, author, lockResource.item(id));
      await this.refuseStale(tx, access, id, basedOn);
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      // Only the deprecated flag of the draft's document form changes (and its inScheme names the
      // draft, as all the server writes does), which no rule of the document refuses; why and by
      // whom is kept beside the revisions, with the item.
      await reviseItem(tx, draft.id, id, {
        content: { ...row.item.content, inScheme: draft.iri, deprecated: true },
        updatedBy: author.id,
      });
      await updateIdentity(tx, id, {
        deprecationReason: input.reason,
        deprecationLink: input.link || null,
        deprecatedBy: author.id,
        deprecatedAt: this.now(),
      });
      await recordEvent(tx, {
        type: 'itemDeprecated',
        payload: {
          profileId: access.profile.id,
          versionId: draft.id,
          itemId: id,
          itemIri: row.item.iri,
          kind: this.spec.kind,
          itemName: row.item.name,
          reason: input.reason,
          link: input.link || null,
        },
      });
      return this.spec.changed(id, draft.id);
    });
  }

  /** Deletes an item no published version lists; it waits in Deleted Items for a restore. */
  remove(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
    basedOn?: string,
  ): Promise<Change> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, this.spec.kind, id);
      await this.deps.locks.requireHeld(tx, author, lockResource.item(id));
      await this.refuseStale(tx, access, id, basedOn);
      if (await isListedByPublished(tx, id))
        throw conflict(
          `This ${this.label} has been published and may be in use, so it cannot be deleted; deprecate it instead.`,
        );
      await this.spec.refuseDelete?.(tx, access.version.id, row);
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await removeEntry(tx, draft.id, id);
      await updateIdentity(tx, id, { deletedAt: this.now() });
      await this.deps.locks.release(author, lockResource.item(id), tx);
      return this.spec.changed(id, draft.id);
    });
  }

  /** Lists items of other profiles (or of this one) in the version. */
  link(user: UserRow | null, profileId: string, versionId: string, ids: string[]) {
    return this.db.transaction(async (tx) =>
      linkItems(tx, await this.access(user, profileId, versionId, tx, true), this.spec.kind, ids),
    );
  }

  /** Takes a linked item out of the version, unless something in it still uses the item. */
  removeLink(user: UserRow | null, profileId: string, versionId: string, id: string) {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const refuse = this.spec.refuseUnlink;
      return unlinkItem(
        tx,
        access,
        this.spec.kind,
        id,
        refuse && ((row) => refuse(tx, access.version.id, row)),
      );
    });
  }

  async lock(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    id: string,
  ): Promise<HeldLock> {
    const access = await this.access(user, profileId, versionId);
    const { user: author } = await editableItem(this.db, access, this.spec.kind, id);
    return this.deps.locks.acquire(author, lockResource.item(id));
  }

  async unlock(user: UserRow | null, id: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.deps.locks.release(user, lockResource.item(id));
  }
}
