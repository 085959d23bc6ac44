import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileItems, versionItems, type ItemRow, type VersionItemRow } from '../../db/schema';

export type ItemKind = ItemRow['kind'];

const kindOrder = sql`case ${profileItems.kind} when 'concept' then 0 when 'template' then 1 else 2 end`;

export async function findItemsByIris(db: Db, iris: string[]): Promise<ItemRow[]> {
  if (iris.length === 0) return [];
  const found: ItemRow[] = [];
  // Bounded batches keep the parameter list of one statement small for very large documents.
  for (let i = 0; i < iris.length; i += 500) {
    const batch = iris.slice(i, i + 500);
    found.push(...(await db.select().from(profileItems).where(inArray(profileItems.iri, batch))));
  }
  return found;
}

export async function insertItem(db: Db, row: typeof profileItems.$inferInsert): Promise<ItemRow> {
  const [created] = await db.insert(profileItems).values(row).returning();
  if (!created) throw new Error('insert into profile_components returned no row');
  return created;
}

/** Inserts many items, returning them in the order given. */
export async function insertItems(
  db: Db,
  rows: Array<typeof profileItems.$inferInsert>,
): Promise<ItemRow[]> {
  const created: ItemRow[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const inserted = await db.insert(profileItems).values(batch).returning();
    const byIri = new Map(inserted.map((r) => [r.iri, r]));
    for (const row of batch) created.push(byIri.get(row.iri) as ItemRow);
  }
  return created;
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

/** Replaces what a version lists. */
export async function setVersionItems(
  db: Db,
  versionId: string,
  entries: Array<{ componentId: string; position: number; linked: boolean }>,
): Promise<void> {
  await db.delete(versionItems).where(eq(versionItems.versionId, versionId));
  for (let i = 0; i < entries.length; i += 500) {
    const batch = entries.slice(i, i + 500).map((e) => ({ ...e, versionId }));
    if (batch.length > 0) await db.insert(versionItems).values(batch);
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
