import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { ItemExtras } from '../../db/schema';

/** One revision of an item as its history reads it. */
export interface RevisionRow {
  id: string;
  name: string;
  type: string;
  content: Record<string, unknown>;
  extras: ItemExtras;
  savedAt: Date;
  savedBy: string | null;
  /** The e-mail of who saved it, when the account still exists. */
  savedByEmail: string | null;
  restoredFromId: string | null;
  versionId: string | null;
  versionNumber: number | null;
  versionState: 'draft' | 'published' | null;
  /** Listed by a published version: the public may read it. */
  published: boolean;
}

/** The most revisions one history reads: a bound on the work of one request. */
export const HISTORY_LIMIT = 500;

interface RawRevision {
  id: string;
  name: string;
  type: string;
  content: Record<string, unknown>;
  extras: ItemExtras;
  saved_at: string | Date;
  saved_by: string | null;
  email: string | null;
  restored_from_id: string | null;
  version_id: string | null;
  version: number | null;
  state: 'draft' | 'published' | null;
  published: boolean;
}

const toRow = (r: RawRevision): RevisionRow => ({
  id: r.id,
  name: r.name,
  type: r.type,
  content: r.content,
  extras: r.extras,
  savedAt: new Date(r.saved_at),
  savedBy: r.saved_by,
  savedByEmail: r.email,
  restoredFromId: r.restored_from_id,
  versionId: r.version_id,
  versionNumber: r.version === null ? null : Number(r.version),
  versionState: r.state,
  published: r.published,
});

const selectRevisions = sql`select r.id, r.name, r.type, r.content, r.extras,
    r.updated_at as saved_at, r.created_at, r.updated_by as saved_by, u.email, r.restored_from_id,
    r.version_id, v.version, v.state,
    exists (select 1 from version_components pe join profile_versions pv on pv.id = pe.version_id
      where pe.revision_id = r.id and pv.state = 'published') as published
  from item_revisions r
  left join profile_versions v on v.id = r.version_id
  left join users u on u.id = r.updated_by`;

/**
 * The revisions of an item, oldest first (the newest `HISTORY_LIMIT` of them): only those a
 * published version lists unless `withDrafts`.
 */
export async function listRevisions(
  db: Db,
  itemId: string,
  withDrafts: boolean,
): Promise<RevisionRow[]> {
  const rows = await queryRows<RawRevision>(
    db,
    sql`select * from (${selectRevisions}
      where r.item_id = ${itemId}
      order by r.updated_at desc, r.created_at desc
      limit ${HISTORY_LIMIT * 2}) h
    ${withDrafts ? sql`` : sql`where h.published`}
    order by h.saved_at asc, h.created_at asc`,
  );
  return rows.slice(-HISTORY_LIMIT).map(toRow);
}

/** One revision of an item, or null. */
export async function findRevision(
  db: Db,
  itemId: string,
  revisionId: string,
): Promise<RevisionRow | null> {
  const rows = await queryRows<RawRevision>(
    db,
    sql`${selectRevisions} where r.item_id = ${itemId} and r.id = ${revisionId}`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The revisions a version lists of an item: which one is "current" there. */
export async function listedRevisionId(
  db: Db,
  versionId: string,
  itemId: string,
): Promise<string | null> {
  const rows = await queryRows<{ revision_id: string }>(
    db,
    sql`select revision_id from version_components
      where version_id = ${versionId} and component_id = ${itemId}`,
  );
  return rows[0]?.revision_id ?? null;
}
