import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  profileComponents,
  versionComponents,
  type ComponentRow,
  type VersionComponentRow,
} from '../../db/schema';

export type ItemKind = ComponentRow['kind'];

const kindOrder = sql`case ${profileComponents.kind} when 'concept' then 0 when 'template' then 1 else 2 end`;

export async function findItemsByIris(db: Db, iris: string[]): Promise<ComponentRow[]> {
  if (iris.length === 0) return [];
  const found: ComponentRow[] = [];
  // Bounded batches keep the parameter list of one statement small for very large documents.
  for (let i = 0; i < iris.length; i += 500) {
    const batch = iris.slice(i, i + 500);
    found.push(
      ...(await db.select().from(profileComponents).where(inArray(profileComponents.iri, batch))),
    );
  }
  return found;
}

export async function insertItem(
  db: Db,
  row: typeof profileComponents.$inferInsert,
): Promise<ComponentRow> {
  const [created] = await db.insert(profileComponents).values(row).returning();
  if (!created) throw new Error('insert into profile_components returned no row');
  return created;
}

/** Inserts many items, returning them in the order given. */
export async function insertItems(
  db: Db,
  rows: Array<typeof profileComponents.$inferInsert>,
): Promise<ComponentRow[]> {
  const created: ComponentRow[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const inserted = await db.insert(profileComponents).values(batch).returning();
    const byIri = new Map(inserted.map((r) => [r.iri, r]));
    for (const row of batch) created.push(byIri.get(row.iri) as ComponentRow);
  }
  return created;
}

export async function updateItem(
  db: Db,
  id: string,
  changes: Partial<typeof profileComponents.$inferInsert>,
): Promise<ComponentRow> {
  const [updated] = await db
    .update(profileComponents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profileComponents.id, id))
    .returning();
  if (!updated) throw new Error(`component ${id} vanished during an update`);
  return updated;
}

export interface ListedItem {
  component: ComponentRow;
  entry: VersionComponentRow;
}

/** The items a version lists, concepts then templates then patterns, each in document order. */
export async function listVersionItems(
  db: Db,
  versionId: string,
  options: { ownOnly?: boolean } = {},
): Promise<ListedItem[]> {
  return db
    .select({ component: profileComponents, entry: versionComponents })
    .from(versionComponents)
    .innerJoin(profileComponents, eq(profileComponents.id, versionComponents.componentId))
    .where(
      and(
        eq(versionComponents.versionId, versionId),
        options.ownOnly ? eq(versionComponents.linked, false) : undefined,
      ),
    )
    .orderBy(kindOrder, asc(versionComponents.position));
}

/** Replaces what a version lists. */
export async function setVersionItems(
  db: Db,
  versionId: string,
  entries: Array<{ componentId: string; position: number; linked: boolean }>,
): Promise<void> {
  await db.delete(versionComponents).where(eq(versionComponents.versionId, versionId));
  for (let i = 0; i < entries.length; i += 500) {
    const batch = entries.slice(i, i + 500).map((e) => ({ ...e, versionId }));
    if (batch.length > 0) await db.insert(versionComponents).values(batch);
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
      versionId: versionComponents.versionId,
      kind: profileComponents.kind,
      linked: versionComponents.linked,
      n: count(),
    })
    .from(versionComponents)
    .innerJoin(profileComponents, eq(profileComponents.id, versionComponents.componentId))
    .where(inArray(versionComponents.versionId, versionIds))
    .groupBy(versionComponents.versionId, profileComponents.kind, versionComponents.linked);
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
  await db.delete(profileComponents).where(
    and(
      eq(profileComponents.profileId, profileId),
      isNull(profileComponents.deletedAt),
      notExists(
        db
          .select({ one: sql`1` })
          .from(versionComponents)
          .where(eq(versionComponents.componentId, profileComponents.id)),
      ),
    ),
  );
}
