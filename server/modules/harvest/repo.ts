/** The Import Queue's files, and the stored items their candidates' IRIs name. */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  harvestFiles,
  itemRevisions,
  profileItems,
  profileVersions,
  profiles,
  versionItems,
  type HarvestFileRow,
  type ItemRow,
  type ProfileRow,
} from '../../db/schema';
import { listedPublicly } from '../item-store/listing';
import { itemColumns, revisionOf } from '../item-store/repo';

export async function insertFile(
  db: Db,
  row: typeof harvestFiles.$inferInsert,
): Promise<HarvestFileRow> {
  const [created] = await db.insert(harvestFiles).values(row).returning();
  if (!created) throw new Error('insert into harvest_files returned no row');
  return created;
}

export async function countFiles(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(harvestFiles)
    .where(eq(harvestFiles.profileId, profileId));
  return row?.n ?? 0;
}

/** A profile's files, oldest first, without their harvested data. */
export function listFiles(db: Db, profileId: string) {
  return db
    .select({
      id: harvestFiles.id,
      fileName: harvestFiles.fileName,
      createdAt: harvestFiles.createdAt,
      statementCount: harvestFiles.statementCount,
      skippedCount: harvestFiles.skippedCount,
      candidateCount: sql<number>`jsonb_array_length(${harvestFiles.candidates})::int`,
    })
    .from(harvestFiles)
    .where(eq(harvestFiles.profileId, profileId))
    .orderBy(asc(harvestFiles.createdAt), asc(harvestFiles.id));
}

export async function findFile(
  db: Db,
  profileId: string,
  fileId: string,
): Promise<HarvestFileRow | null> {
  const [row] = await db
    .select()
    .from(harvestFiles)
    .where(and(eq(harvestFiles.id, fileId), eq(harvestFiles.profileId, profileId)));
  return row ?? null;
}

export async function deleteFile(db: Db, profileId: string, fileId: string): Promise<boolean> {
  const deleted = await db
    .delete(harvestFiles)
    .where(and(eq(harvestFiles.id, fileId), eq(harvestFiles.profileId, profileId)))
    .returning({ id: harvestFiles.id });
  return deleted.length > 0;
}

/** A stored item an IRI names, with what deciding its match state needs. */
export interface MatchRow {
  item: ItemRow;
  profile: ProfileRow | null;
  /** The name of its profile's published version, else of its draft. */
  profileName: string | null;
  /** Listed by some published version: anyone may see it. */
  listedPublicly: boolean;
  /** Listed (own or linked) by the version whose queue is read. */
  inVersion: boolean;
}

const shownVersion = alias(profileVersions, 'harvest_shown_version');

/** The items holding any of the IRIs, one query per 500 IRIs. */
export async function findMatchRows(
  db: Db,
  iris: string[],
  versionId: string,
): Promise<MatchRow[]> {
  const found: MatchRow[] = [];
  const unique = [...new Set(iris)];
  // The version's own revision of what it lists; its profile's other items as they are now;
  // anything else as published, else as it is (it then shows as not public).
  const revision = sql`coalesce(${revisionOf.version(versionId)},
    case when ${profileItems.profileId} = (select hp.profile_id from ${profileVersions} hp where hp.id = ${versionId})
      then ${revisionOf.latest} end,
    ${revisionOf.publishedElseLatest})`;
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select({
        item: itemColumns,
        profile: profiles,
        profileName: shownVersion.name,
        listedPublicly,
        inVersion: sql<boolean>`exists (
          select 1 from ${versionItems} hv
          where hv.component_id = ${profileItems.id} and hv.version_id = ${versionId})`,
      })
      .from(profileItems)
      .innerJoin(itemRevisions, eq(itemRevisions.id, revision))
      .leftJoin(profiles, eq(profiles.id, profileItems.profileId))
      .leftJoin(
        shownVersion,
        eq(
          shownVersion.id,
          sql`coalesce(${profiles.currentPublishedVersionId}, ${profiles.currentDraftVersionId})`,
        ),
      )
      .where(inArray(profileItems.iri, unique.slice(i, i + 500)));
    found.push(...rows);
  }
  return found;
}

/** Which of `iris` are versions of a profile on this server (whatever their state). */
export async function profileVersionIris(db: Db, iris: string[]): Promise<Set<string>> {
  if (iris.length === 0) return new Set();
  const rows = await db
    .select({ iri: profileVersions.iri })
    .from(profileVersions)
    .where(inArray(profileVersions.iri, iris));
  return new Set(rows.map((r) => r.iri));
}
