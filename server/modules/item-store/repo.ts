import { and, asc, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  profileItems,
  profileVersions,
  versionItems,
  type ItemRow,
  type ProfileVersionRow,
  type VersionItemRow,
} from '../../db/schema';

export type ItemKind = ItemRow['kind'];

const kindOrder = sql`case ${profileItems.kind} when 'concept' then 0 when 'template' then 1 else 2 end`;

export async function findItemsByIris(db: Db, iris: string[]): Promise<ItemRow[]> {
  if (iris.length === 0) return [];
  // One statement however many there are: the IRIs travel as one JSON array, where a parameter
  // each made large documents take several statements, each planned with hundreds of values.
  return db
    .select()
    .from(profileItems)
    .where(
      sql`${profileItems.iri} in (select jsonb_array_elements_text(${JSON.stringify(iris)}::jsonb))`,
    );
}

export async function insertItem(db: Db, row: typeof profileItems.$inferInsert): Promise<ItemRow> {
  const [created] = await db.insert(profileItems).values(row).returning();
  if (!created) throw new Error('insert into profile_components returned no row');
  return created;
}

/** What an import writes about an item: its document form and who stored it. */
export interface ImportedItem {
  kind: ItemKind;
  type: string;
  iri: string;
  name: string;
  content: Record<string, unknown>;
  deprecated: boolean;
  profileId: string;
  userId: string | null;
}

/** Rows per statement: the whole batch travels as one JSON parameter. */
const BATCH = 1000;

/** The batch as the JSON `jsonb_to_recordset` reads, in the columns' own names. */
const recordsOf = (items: ImportedItem[], ids?: string[]) =>
  JSON.stringify(
    items.map((item, i) => ({
      ...(ids ? { id: ids[i] } : {}),
      kind: item.kind,
      type: item.type,
      iri: item.iri,
      name: item.name,
      content: item.content,
      deprecated: item.deprecated,
      profile_id: item.profileId,
      user_id: item.userId,
    })),
  );

/**
 * Inserts many items and answers their ids in the order given. One statement per thousand rows,
 * the rows sent as one JSON parameter: building a statement of thousands of parameters costs
 * more than the database's work.
 */
export async function insertItems(db: Db, items: ImportedItem[]): Promise<string[]> {
  const ids = new Map<string, string>();
  for (let i = 0; i < items.length; i += BATCH) {
    const rows = await queryRows<{ id: string; iri: string }>(
      db,
      sql`insert into ${profileItems} (kind, type, iri, name, content, deprecated, profile_id, created_by, updated_by)
        select x.kind, x.type, x.iri, x.name, x.content, x.deprecated, x.profile_id, x.user_id, x.user_id
        from jsonb_to_recordset(${recordsOf(items.slice(i, i + BATCH))}::jsonb) as x(kind text, type text, iri text, name text, content jsonb, deprecated boolean, profile_id uuid, user_id uuid)
        returning id, iri`,
    );
    for (const row of rows) ids.set(row.iri, row.id);
  }
  return items.map((item) => ids.get(item.iri) as string);
}

/** Gives existing items (by id, in the order of `ids`) their imported content and restores them. */
export async function replaceItems(db: Db, ids: string[], items: ImportedItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    await db.execute(
      sql`update ${profileItems} as p set kind = x.kind, type = x.type, name = x.name,
          content = x.content, deprecated = x.deprecated, profile_id = x.profile_id,
          updated_by = x.user_id, deleted_at = null, updated_at = now()
        from jsonb_to_recordset(${recordsOf(items.slice(i, i + BATCH), ids.slice(i, i + BATCH))}::jsonb)
          as x(id uuid, kind text, type text, name text, content jsonb, deprecated boolean, profile_id uuid, user_id uuid)
        where p.id = x.id`,
    );
  }
}

export async function updateItem(
  db: Db,
  id: string,
  changes: Partial<typeof profileItems.$inferInsert>,
): Promise<ItemRow> {
  const [updated] = await db
    .update(profileItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profileItems.id, id))
    .returning();
  if (!updated) throw new Error(`item ${id} vanished during an update`);
  return updated;
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
    .select({ item: profileItems, entry: versionItems })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
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
  entries: Array<{ componentId: string; position: number; linked: boolean }>,
  options: { freshVersion?: boolean } = {},
): Promise<void> {
  // A version made in this transaction lists nothing yet.
  if (!options.freshVersion)
    await db.delete(versionItems).where(eq(versionItems.versionId, versionId));
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = JSON.stringify(
      entries.slice(i, i + BATCH).map((e) => ({
        component_id: e.componentId,
        position: e.position,
        linked: e.linked,
      })),
    );
    await db.execute(
      sql`insert into ${versionItems} (version_id, component_id, position, linked)
        select ${versionId}::uuid, x.component_id, x.position, x.linked
        from jsonb_to_recordset(${batch}::jsonb) as x(component_id uuid, position integer, linked boolean)`,
    );
  }
}

/** A new draft starts listing exactly what the version it continues listed. */
export async function copyVersionItems(db: Db, fromId: string, toId: string): Promise<void> {
  await db.execute(sql`
    insert into version_components (version_id, component_id, position, linked)
    select ${toId}, component_id, position, linked from version_components where version_id = ${fromId}`);
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
 * An item (not deleted) by its IRI, with the versions of its own profile that list it, newest
 * first: what dereferencing the IRI and looking it up start from.
 */
export async function findItemWithVersions(
  db: Db,
  iri: string,
): Promise<{ item: ItemRow; versions: ProfileVersionRow[] } | null> {
  const [item] = await db
    .select()
    .from(profileItems)
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
