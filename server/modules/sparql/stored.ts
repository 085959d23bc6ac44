import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileVersionGraphs, profileVersions } from '../../db/schema';

/**
 * The conversion that the stored N-Triples come from (`rdf.ts`, `inference.ts`). Raise it when
 * either changes what a document converts to: rows of a lower format are then converted again,
 * from the stored document, by whoever fills a store, and replaced by the backfill job.
 */
export const GRAPH_FORMAT = 1;

/**
 * Converts a published document (its JSON text; version IRI `iri`) to its graph's N-Triples. The
 * server passes the converter's thread (`GraphConverter.toNTriples`): converting the video
 * profile holds a thread for 40 to 130 ms without a break, which no request should wait behind.
 * Text, not the parsed document, because text is what the thread is sent: a large document read
 * as JSON and written out again held the request thread for milliseconds for nothing.
 */
export type ConvertGraph = (documentJson: string, iri: string) => Promise<string>;

/**
 * Converts a published version and stores its N-Triples, unless they are there already in this
 * format (or a later one, written by a newer release): a version's graph is written once. Safe
 * to run twice or on two nodes at once. False when the version is not published (yet).
 */
export async function storeVersionGraph(
  db: Db,
  versionId: string,
  convert: ConvertGraph,
): Promise<boolean> {
  const [row] = await db
    .select({
      iri: profileVersions.iri,
      snapshot: sql<string | null>`${profileVersions.snapshot}::text`,
      format: profileVersionGraphs.format,
    })
    .from(profileVersions)
    .leftJoin(profileVersionGraphs, eq(profileVersionGraphs.versionId, profileVersions.id))
    .where(and(eq(profileVersions.id, versionId), eq(profileVersions.state, 'published')));
  if (!row?.snapshot) return false;
  if (row.format !== null && row.format >= GRAPH_FORMAT) return true;
  const ntriples = await convert(row.snapshot, row.iri);
  await db
    .insert(profileVersionGraphs)
    .values({ versionId, format: GRAPH_FORMAT, ntriples })
    .onConflictDoUpdate({
      target: profileVersionGraphs.versionId,
      // The text once, not twice: its 2.6 MB for the largest profile crossed to the database
      // again for the update, in one piece of the request thread's time.
      set: { format: GRAPH_FORMAT, ntriples: sql`excluded.ntriples`, storedAt: sql`now()` },
      // Only an older conversion is replaced: two releases running side by side never undo
      // each other's rows.
      setWhere: lt(profileVersionGraphs.format, GRAPH_FORMAT),
    });
  return true;
}

/** Published versions whose N-Triples are missing or of an older format, at most `limit`. */
export async function versionsWithoutGraph(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: profileVersions.id })
    .from(profileVersions)
    .leftJoin(profileVersionGraphs, eq(profileVersionGraphs.versionId, profileVersions.id))
    .where(
      and(
        eq(profileVersions.state, 'published'),
        isNotNull(profileVersions.snapshot),
        or(isNull(profileVersionGraphs.versionId), lt(profileVersionGraphs.format, GRAPH_FORMAT)),
      ),
    )
    .orderBy(profileVersions.publishedAt, profileVersions.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Stores the N-Triples of up to `limit` published versions that have none in this format, one
 * at a time. A version that fails to convert is reported and left for the next run; the others
 * are stored all the same.
 */
export async function backfillVersionGraphs(
  db: Db,
  limit: number,
  convert: ConvertGraph,
): Promise<{ stored: number; failed: Array<{ versionId: string; error: unknown }> }> {
  const failed: Array<{ versionId: string; error: unknown }> = [];
  let stored = 0;
  for (const versionId of await versionsWithoutGraph(db, limit)) {
    try {
      if (await storeVersionGraph(db, versionId, convert)) stored += 1;
    } catch (error) {
      failed.push({ versionId, error });
    }
  }
  return { stored, failed };
}

/** The stored N-Triples of these versions in this format; versions without them are absent. */
export async function findStoredGraphs(
  db: Db,
  versionIds: readonly string[],
): Promise<Map<string, string>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .select({ versionId: profileVersionGraphs.versionId, ntriples: profileVersionGraphs.ntriples })
    .from(profileVersionGraphs)
    .where(
      and(
        inArray(profileVersionGraphs.versionId, [...versionIds]),
        eq(profileVersionGraphs.format, GRAPH_FORMAT),
      ),
    );
  return new Map(rows.map((r) => [r.versionId, r.ntriples]));
}
