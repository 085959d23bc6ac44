import { and, asc, count, desc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  itemRevisions,
  profileItems,
  profileVersions,
  versionItems,
  type ItemRow,
  type ProfileVersionRow,
  type VersionItemRow,
} from '../../db/schema';

export type ItemKind = ItemRow['kind'];

/**
 * An item as one place reads it: its identity joined to one of its revisions (see `revisionOf`).
 * Deprecated when the revision read says so, and only then: a deprecation made in a draft is in
 * the draft's revision alone, so the public, who read the published revision, see it once the
 * draft is published, and a published version's own views never gain it. Why, by whom and when
 * are kept on the identity and shown only beside a revision that is deprecated.
 */
export const itemColumns = {
  id: profileItems.id,
  kind: profileItems.kind,
  iri: profileItems.iri,
  profileId: profileItems.profileId,
  deprecationReason: profileItems.deprecationReason,
  deprecationLink: profileItems.deprecationLink,
  deprecatedBy: profileItems.deprecatedBy,
  deprecatedAt: profileItems.deprecatedAt,
  deletedAt: profileItems.deletedAt,
  createdAt: profileItems.createdAt,
  createdBy: profileItems.createdBy,
  revisionId: itemRevisions.id,
  type: itemRevisions.type,
  name: itemRevisions.name,
  content: itemRevisions.content,
  extras: itemRevisions.extras,
  deprecated: sql<boolean>`coalesce(${itemRevisions.content} -> 'deprecated' = 'true'::jsonb, false)`,
  updatedAt: itemRevisions.updatedAt,
  updatedBy: itemRevisions.updatedBy,
};

/**
 * Which revision of an item a read joins, as the id to match `item_revisions.id` against: the one
 * a version lists, the newest published one (what the public reads outside a version), or the
 * newest (a draft's, for its own members, and deleted or orphaned items).
 */
export const revisionOf = {
  version: (versionId: string): SQL =>
    sql`(select rv.revision_id from version_components rv
      where rv.version_id = ${versionId} and rv.component_id = ${profileItems.id})`,
  published: sql`${profileItems.publishedRevisionId}`,
  latest: sql`${profileItems.latestRevisionId}`,
  /** Published when there is one: items nobody published yet are read as they are. */
  publishedElseLatest: sql`coalesce(${profileItems.publishedRevisionId}, ${profileItems.latestRevisionId})`,
};

const withRevision = (revision: SQL) => eq(itemRevisions.id, revision);

const kindOrder = sql`case ${profileItems.kind} when 'concept' then 0 when 'template' then 1 else 2 end`;

/** Items by IRI, each as the public reads it (its newest published revision, else its newest). */
export async function findItemsByIris(db: Db, iris: string[]): Promise<ItemRow[]> {
  if (iris.length === 0) return [];
  // One statement however many there are: the IRIs travel as one JSON array, where a parameter
  // each made large documents take several statements, each planned with hundreds of values.
  return db
    .select(itemColumns)
    .from(profileItems)
    .innerJoin(itemRevisions, withRevision(revisionOf.publishedElseLatest))
    .where(
      sql`${profileItems.iri} in (select jsonb_array_elements_text(${JSON.stringify(iris)}::jsonb))`,
    );
}

/** Whether anything on this server, seen by anyone or not, holds the IRI. */
export async function isIriTaken(db: Db, iri: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(profileItems)
    .where(eq(profileItems.iri, iri))
    .limit(1);
  return rows.length > 0;
}

/** What a new item is made of: its identity and its first revision. */
export interface NewItemRow {
  kind: ItemKind;
  type: string;
  iri: string;
  profileId: string;
  name: string;
  content: Record<string, unknown>;
  extras?: ItemRow['extras'] | undefined;
  createdBy?: string | null;
  updatedBy?: string | null;
  /** The draft it is created in, which owns it until it is published. */
  createdInVersionId?: string | null;
}

/** Creates an item with its first revision, which becomes its newest. */
export async function insertItem(db: Db, row: NewItemRow): Promise<ItemRow> {
  const [identity] = await db
    .insert(profileItems)
    .values({
      kind: row.kind,
      iri: row.iri,
      profileId: row.profileId,
      createdBy: row.createdBy ?? null,
      createdInVersionId: row.createdInVersionId ?? null,
    })
    .returning();
  if (!identity) throw new Error('insert into profile_components returned no row');
  const [revision] = await db
    .insert(itemRevisions)
    .values({
      itemId: identity.id,
      type: row.type,
      name: row.name,
      content: row.content,
      extras: row.extras ?? {},
      updatedBy: row.updatedBy ?? null,
      versionId: row.createdInVersionId ?? null,
    })
    .returning();
  if (!revision) throw new Error('insert into item_revisions returned no row');
  await db
    .update(profileItems)
    .set({ latestRevisionId: revision.id })
    .where(eq(profileItems.id, identity.id));
  const {
    publishedRevisionId: _p,
    latestRevisionId: _l,
    createdInVersionId: _v,
    ...rest
  } = identity;
  return {
    ...rest,
    revisionId: revision.id,
    type: revision.type,
    name: revision.name,
    content: revision.content,
    extras: revision.extras,
    deprecated: revision.content.deprecated === true,
    updatedAt: revision.updatedAt,
    updatedBy: revision.updatedBy,
  };
}

/** What an import writes about an item: its document form and who stored it. */
export interface ImportedItem {
  kind: ItemKind;
  type: string;
  iri: string;
  name: string;
  content: Record<string, unknown>;
  profileId: string;
  userId: string | null;
}

/** Rows per statement: the whole batch travels as one JSON parameter. */
const BATCH = 1000;

/**
 * Gives each item (by id) a new revision holding its imported content, which becomes its newest,
 * and answers the revisions' ids in the order given. A kept item's extras (never in a document)
 * go with it into the new revision.
 */
async function insertRevisions(
  db: Db,
  ids: string[],
  items: ImportedItem[],
  versionId: string,
): Promise<string[]> {
  const out = new Map<string, string>();
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = JSON.stringify(
      items.slice(i, i + BATCH).map((item, j) => ({
        item_id: ids[i + j],
        type: item.type,
        name: item.name,
        content: item.content,
        user_id: item.userId,
      })),
    );
    const rows = await queryRows<{ id: string; item_id: string }>(
      db,
      sql`with made as (
          insert into ${itemRevisions} (item_id, type, name, content, extras, updated_by, version_id)
          select x.item_id, x.type, x.name, x.content,
            coalesce((select r.extras from ${itemRevisions} r join ${profileItems} p
              on r.id = p.latest_revision_id where p.id = x.item_id), '{}'::jsonb), x.user_id,
            ${versionId}::uuid
          from jsonb_to_recordset(${batch}::jsonb) as x(item_id uuid, type text, name text, content jsonb, user_id uuid)
          returning id, item_id)
        update ${profileItems} as p set latest_revision_id = made.id from made
        where p.id = made.item_id
        returning made.id, made.item_id`,
    );
    for (const row of rows) out.set(row.item_id, row.id);
  }
  return ids.map((id) => out.get(id) as string);
}

/**
 * Inserts many items with a first revision each and answers their ids and revisions in the order
 * given. One statement per thousand rows, the rows sent as one JSON parameter: building a
 * statement of thousands of parameters costs more than the database's work.
 */
export async function insertItems(
  db: Db,
  items: ImportedItem[],
  versionId: string,
): Promise<{ ids: string[]; revisionIds: string[] }> {
  const byIri = new Map<string, string>();
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = JSON.stringify(
      items.slice(i, i + BATCH).map((item) => ({
        kind: item.kind,
        iri: item.iri,
        profile_id: item.profileId,
        user_id: item.userId,
      })),
    );
    const rows = await queryRows<{ id: string; iri: string }>(
      db,
      sql`insert into ${profileItems} (kind, iri, profile_id, created_by, created_in_version_id)
        select x.kind, x.iri, x.profile_id, x.user_id, ${versionId}::uuid
        from jsonb_to_recordset(${batch}::jsonb) as x(kind text, iri text, profile_id uuid, user_id uuid)
        returning id, iri`,
    );
    for (const row of rows) byIri.set(row.iri, row.id);
  }
  const ids = items.map((item) => byIri.get(item.iri) as string);
  return { ids, revisionIds: await insertRevisions(db, ids, items, versionId) };
}

/**
 * Gives existing items (by id, in the order of `ids`) a new revision with their imported content,
 * their profile, and restores them; answers the revisions' ids.
 */
export async function replaceItems(
  db: Db,
  ids: string[],
  items: ImportedItem[],
  versionId: string,
): Promise<string[]> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = JSON.stringify(
      items.slice(i, i + BATCH).map((item, j) => ({ id: ids[i + j], profile_id: item.profileId })),
    );
    await db.execute(
      sql`update ${profileItems} as p set profile_id = x.profile_id, deleted_at = null
        from jsonb_to_recordset(${batch}::jsonb) as x(id uuid, profile_id uuid)
        where p.id = x.id`,
    );
  }
  return insertRevisions(db, ids, items, versionId);
}

/** What a change of an item's identity may set: its states beside the revisions. */
export type IdentityChanges = Partial<
  Pick<
    typeof profileItems.$inferInsert,
    | 'profileId'
    | 'deletedAt'
    | 'deprecationReason'
    | 'deprecationLink'
    | 'deprecatedBy'
    | 'deprecatedAt'
  >
>;

export async function updateIdentity(db: Db, id: string, changes: IdentityChanges): Promise<void> {
  await db.update(profileItems).set(changes).where(eq(profileItems.id, id));
}

/** What a change of an item's content may set, in the revision a draft lists. */
export type RevisionChanges = Partial<
  Pick<
    typeof itemRevisions.$inferInsert,
    'type' | 'name' | 'content' | 'extras' | 'updatedBy' | 'restoredFromId'
  >
>;

/**
 * Changes an item in a draft: every save is a new revision, which the draft lists from then on
 * and which becomes the item's newest. The revision it replaces stays as it was: the versions
 * that list it keep it, and one only the draft listed stays as a step of the item's history
 * (saved in the draft, `version_id`), going with the draft if the draft goes.
 */
export async function reviseItem(
  db: Db,
  draftId: string,
  itemId: string,
  changes: RevisionChanges,
): Promise<void> {
  const [entry] = await db
    .select({ revisionId: versionItems.revisionId })
    .from(versionItems)
    .where(and(eq(versionItems.versionId, draftId), eq(versionItems.componentId, itemId)));
  if (!entry) throw new Error(`item ${itemId} is not listed by version ${draftId}`);
  const [from] = await db
    .select()
    .from(itemRevisions)
    .where(eq(itemRevisions.id, entry.revisionId));
  if (!from) throw new Error(`revision ${entry.revisionId} vanished`);
  const [made] = await db
    .insert(itemRevisions)
    .values({
      itemId,
      type: from.type,
      name: from.name,
      content: from.content,
      extras: from.extras,
      updatedBy: from.updatedBy,
      ...changes,
      versionId: draftId,
    })
    .returning({ id: itemRevisions.id });
  if (!made) throw new Error('insert into item_revisions returned no row');
  await db
    .update(versionItems)
    .set({ revisionId: made.id })
    .where(and(eq(versionItems.versionId, draftId), eq(versionItems.componentId, itemId)));
  await db
    .update(profileItems)
    .set({ latestRevisionId: made.id })
    .where(eq(profileItems.id, itemId));
}

/**
 * Makes the own items a draft lists name the draft in `inScheme`, "the IRI of the specific Profile
 * version currently being described" (xAPI Profiles structure): what the server writes into a
 * version's document. A revision the draft shares with another version gets a copy of its own,
 * which the draft lists from then on and which becomes the item's newest; the versions that listed
 * the old one keep it, byte for byte. A revision only the draft lists changes in place. Linked
 * items (other profiles') are left as they are: the document does not carry them.
 */
export async function nameDraftInScheme(
  db: Db,
  draftId: string,
  draftIri: string,
  options: {
    /** Only these items. */
    itemIds?: string[] | undefined;
    /** Only items naming this IRI: the draft's own IRI before it changed. */
    from?: string | undefined;
    /**
     * Only revisions the draft shares with another version: items carried unchanged from an
     * earlier version, never an import's (each imported item gets a revision of its own), whose
     * bytes stay as uploaded.
     */
    carriedOnly?: boolean;
  } = {},
): Promise<void> {
  const { itemIds, from } = options;
  if (itemIds?.length === 0) return;
  const scheme = sql`to_jsonb(${draftIri}::text)`;
  const which = sql`vc.version_id = ${draftId} and not vc.linked
    and r.content -> 'inScheme' is distinct from ${scheme}
    ${itemIds ? sql`and vc.component_id in (select (jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb))::uuid)` : sql``}
    ${from !== undefined ? sql`and r.content -> 'inScheme' = to_jsonb(${from}::text)` : sql``}`;
  const shared = sql`exists (select 1 from version_components o
    where o.revision_id = vc.revision_id and o.version_id <> ${draftId})`;
  if (!options.carriedOnly)
    await db.execute(sql`update ${itemRevisions} r
      set content = jsonb_set(r.content, '{inScheme}', ${scheme}), updated_at = now()
      from version_components vc
      where vc.revision_id = r.id and ${which} and not ${shared}`);
  // The copy keeps who changed the item last and when: only the version it belongs to differs.
  await db.execute(sql`with carried as (
      select vc.component_id, r.type, r.name, r.content, r.extras, r.updated_at, r.updated_by
      from version_components vc join ${itemRevisions} r on r.id = vc.revision_id
      where ${which} and ${shared}
    ), made as (
      insert into ${itemRevisions} (item_id, type, name, content, extras, updated_at, updated_by,
        version_id)
      select component_id, type, name, jsonb_set(content, '{inScheme}', ${scheme}), extras,
        updated_at, updated_by, ${draftId}::uuid
      from carried
      returning id, item_id
    ), listed as (
      update version_components vc set revision_id = made.id from made
      where vc.version_id = ${draftId} and vc.component_id = made.item_id
    )
    update ${profileItems} p set latest_revision_id = made.id from made where p.id = made.item_id`);
}

/**
 * A version being published: the revisions it lists of its own profile's items become what the
 * public reads of them, and so do those of items nothing published yet.
 */
export async function publishRevisions(db: Db, versionId: string, profileId: string) {
  await db.execute(sql`update ${profileItems} p set published_revision_id = vc.revision_id
    from version_components vc
    where vc.version_id = ${versionId} and vc.component_id = p.id
      and (p.profile_id = ${profileId} or p.published_revision_id is null)`);
}

/**
 * A draft being deleted takes the items first created in it along (their IRIs are free again),
 * and what else of its profile no version lists any more waits in Deleted Items: an IRI is never
 * held by something nobody can see. Call before the draft's version is deleted.
 */
export async function dropDraftItems(db: Db, profileId: string, draftId: string): Promise<void> {
  await db.execute(sql`delete from ${profileItems} p
    where p.created_in_version_id = ${draftId} and p.published_revision_id is null`);
  await db.execute(sql`update ${profileItems} p set deleted_at = now()
    where p.profile_id = ${profileId} and p.deleted_at is null
      and not exists (select 1 from version_components vc
        where vc.component_id = p.id and vc.version_id <> ${draftId})`);
}

/**
 * After a draft went or had its content replaced: an item's newest revision is the one a version
 * still lists (the draft's, else the published one), a deprecation its newest revision does not
 * carry is undone, and revisions nothing lists or points at are dropped, but for the steps of
 * an item's history saved in a version that is still there.
 */
export async function settleRevisions(db: Db, profileId: string): Promise<void> {
  await db.execute(sql`update ${profileItems} p set latest_revision_id = p.published_revision_id
    where p.profile_id = ${profileId} and p.published_revision_id is not null
      and p.deleted_at is null
      and not exists (select 1 from version_components vc where vc.revision_id = p.latest_revision_id)`);
  // A deprecation is the draft's until it is published: one whose item's newest revision no
  // longer says so went with its draft.
  await db.execute(sql`update ${profileItems} p set deprecation_reason = null,
      deprecation_link = null, deprecated_by = null, deprecated_at = null
    from ${itemRevisions} r
    where r.id = p.latest_revision_id and p.profile_id = ${profileId}
      and p.deprecated_at is not null
      and not coalesce(r.content -> 'deprecated' = 'true'::jsonb, false)`);
  await db.execute(sql`delete from ${itemRevisions} r
    using ${profileItems} p
    where p.id = r.item_id and p.profile_id = ${profileId}
      and not exists (select 1 from version_components vc where vc.revision_id = r.id)
      and r.id is distinct from p.published_revision_id
      and r.id is distinct from p.latest_revision_id
      and not exists (select 1 from ${profileVersions} v where v.id = r.version_id)`);
}

export interface ListedItem {
  item: ItemRow;
  entry: VersionItemRow;
}

/** The items a version lists, concepts then templates then patterns, each in document order. */
export async function listVersionItems(
  db: Db,
  versionId: string,
  options: { ownOnly?: boolean } = {},
): Promise<ListedItem[]> {
  return db
    .select({ item: itemColumns, entry: versionItems })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
    .innerJoin(itemRevisions, eq(itemRevisions.id, versionItems.revisionId))
    .where(
      and(
        eq(versionItems.versionId, versionId),
        options.ownOnly ? eq(versionItems.linked, false) : undefined,
      ),
    )
    .orderBy(kindOrder, asc(versionItems.position));
}

/** Replaces what a version lists, with one statement per thousand entries. */
export async function setVersionItems(
  db: Db,
  versionId: string,
  entries: Array<{ componentId: string; revisionId: string; position: number; linked: boolean }>,
  options: { freshVersion?: boolean } = {},
): Promise<void> {
  // A version made in this transaction lists nothing yet.
  if (!options.freshVersion)
    await db.delete(versionItems).where(eq(versionItems.versionId, versionId));
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = JSON.stringify(
      entries.slice(i, i + BATCH).map((e) => ({
        component_id: e.componentId,
        revision_id: e.revisionId,
        position: e.position,
        linked: e.linked,
      })),
    );
    await db.execute(
      sql`insert into ${versionItems} (version_id, component_id, revision_id, position, linked)
        select ${versionId}::uuid, x.component_id, x.revision_id, x.position, x.linked
        from jsonb_to_recordset(${batch}::jsonb) as x(component_id uuid, revision_id uuid, position integer, linked boolean)`,
    );
  }
}

/**
 * A new draft starts listing exactly what the version it continues listed, the same revisions:
 * it shares them until it changes one (see `reviseItem`).
 */
export async function copyVersionItems(db: Db, fromId: string, toId: string): Promise<void> {
  await db.execute(sql`
    insert into version_components (version_id, component_id, revision_id, position, linked)
    select ${toId}, component_id, revision_id, position, linked from version_components where version_id = ${fromId}`);
}

export interface ItemCounts {
  concepts: number;
  templates: number;
  patterns: number;
  /** Items the version defines itself, i.e. what its document exports. */
  ownConcepts: number;
}

export async function countVersionItems(
  db: Db,
  versionIds: string[],
): Promise<Map<string, ItemCounts>> {
  const counts = new Map<string, ItemCounts>();
  for (const id of versionIds)
    counts.set(id, { concepts: 0, templates: 0, patterns: 0, ownConcepts: 0 });
  if (versionIds.length === 0) return counts;
  const rows = await db
    .select({
      versionId: versionItems.versionId,
      kind: profileItems.kind,
      linked: versionItems.linked,
      n: count(),
    })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
    .where(inArray(versionItems.versionId, versionIds))
    .groupBy(versionItems.versionId, profileItems.kind, versionItems.linked);
  for (const row of rows) {
    const entry = counts.get(row.versionId);
    if (!entry) continue;
    if (row.kind === 'concept') {
      entry.concepts += row.n;
      if (!row.linked) entry.ownConcepts += row.n;
    } else if (row.kind === 'template') entry.templates += row.n;
    else entry.patterns += row.n;
  }
  return counts;
}

/**
 * Removes a profile's items that no version lists any more and that were never deleted on
 * purpose (those stay for Deleted Items). Used when a draft's content is replaced wholesale.
 */
export async function deleteUnlistedItems(db: Db, profileId: string): Promise<void> {
  await db.delete(profileItems).where(
    and(
      eq(profileItems.profileId, profileId),
      isNull(profileItems.deletedAt),
      notExists(
        db
          .select({ one: sql`1` })
          .from(versionItems)
          .where(eq(versionItems.componentId, profileItems.id)),
      ),
    ),
  );
}

/**
 * An item (not deleted) by its IRI, as the public reads it (its newest published revision, or
 * its newest while nothing published it), with the versions of its own profile that list it,
 * newest first: what dereferencing the IRI and looking it up start from.
 */
export async function findItemWithVersions(
  db: Db,
  iri: string,
): Promise<{ item: ItemRow; versions: ProfileVersionRow[] } | null> {
  const [item] = await db
    .select(itemColumns)
    .from(profileItems)
    .innerJoin(itemRevisions, withRevision(revisionOf.publishedElseLatest))
    .where(and(eq(profileItems.iri, iri), isNull(profileItems.deletedAt)));
  if (!item?.profileId) return null;
  const rows = await db
    .select({ version: profileVersions })
    .from(versionItems)
    .innerJoin(profileVersions, eq(profileVersions.id, versionItems.versionId))
    .where(
      and(eq(versionItems.componentId, item.id), eq(profileVersions.profileId, item.profileId)),
    )
    .orderBy(desc(profileVersions.version));
  return { item, versions: rows.map((r) => r.version) };
}
