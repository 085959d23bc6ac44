import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  feedback,
  itemRevisions,
  profileItems,
  profileVersions,
  users,
  type FeedbackRow,
} from '../../db/schema';

/** Feedback with what its presenter names: its version, item, author and addressing version. */
export interface FeedbackView {
  row: FeedbackRow;
  versionNumber: number;
  versionName: string;
  /** The profile's versions after the one the feedback is on, oldest first. */
  laterVersions: Array<{ id: string; version: number }>;
  item: { id: string; kind: 'concept' | 'template' | 'pattern'; name: string; iri: string } | null;
  author: {
    firstname: string;
    lastname: string;
    username: string | null;
    publicizeName: boolean;
  } | null;
  addressedIn: { id: string; version: number } | null;
}

/** A reader who may read every piece of feedback (the group, a site admin). */
export const EVERYTHING: unique symbol = Symbol('everything');
/** Who reads: everything, a signed-in person (their own and the public), or anyone (null). */
export type FeedbackReader = string | null | typeof EVERYTHING;

/** The most feedback one list answers. */
export const FEEDBACK_PAGE = 200;

export async function insertFeedback(
  db: Db,
  values: typeof feedback.$inferInsert,
): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error('insert into feedback returned no row');
  return row;
}

export async function findFeedback(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<FeedbackRow | null> {
  const query = db.select().from(feedback).where(eq(feedback.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateFeedback(
  db: Db,
  id: string,
  changes: Partial<typeof feedback.$inferInsert>,
): Promise<void> {
  await db
    .update(feedback)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(feedback.id, id));
}

export async function deleteFeedback(db: Db, id: string): Promise<void> {
  await db.delete(feedback).where(eq(feedback.id, id));
}

/**
 * Feedback matching `where`, newest first, with what its presenter names. `visibleTo` keeps what
 * the caller may read: public and shown, or their own; null reads everything (the group).
 */
export async function listFeedback(
  db: Db,
  where: SQL | undefined,
  visibleTo: FeedbackReader,
): Promise<FeedbackView[]> {
  const visible =
    visibleTo === EVERYTHING
      ? undefined
      : visibleTo === null
        ? sql`${feedback.public} and ${feedback.hiddenAt} is null`
        : sql`((${feedback.public} and ${feedback.hiddenAt} is null) or ${feedback.authorId} = ${visibleTo})`;
  const rows = await db
    .select({
      row: feedback,
      versionNumber: profileVersions.version,
      versionName: profileVersions.name,
      laterVersions: sql<Array<{ id: string; version: number }>>`(select
        coalesce(json_agg(json_build_object('id', l.id, 'version', l.version) order by l.version),
          '[]'::json)
        from ${profileVersions} l
        where l.profile_id = ${feedback.profileId} and l.version > ${profileVersions.version})`,
      itemKind: profileItems.kind,
      itemIri: profileItems.iri,
      itemName: itemRevisions.name,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      publicizeName: users.publicizeName,
      userId: users.id,
      addressedVersion: sql<number | null>`(select a.version from ${profileVersions} a
        where a.id = ${feedback.addressedInVersionId})`,
    })
    .from(feedback)
    .innerJoin(profileVersions, eq(profileVersions.id, feedback.versionId))
    .leftJoin(profileItems, eq(profileItems.id, feedback.itemId))
    .leftJoin(
      itemRevisions,
      eq(
        itemRevisions.id,
        sql`(select vc.revision_id from version_components vc
          where vc.version_id = ${feedback.versionId} and vc.component_id = ${feedback.itemId})`,
      ),
    )
    .leftJoin(users, eq(users.id, feedback.authorId))
    .where(and(where, visible))
    .orderBy(desc(feedback.createdAt))
    .limit(FEEDBACK_PAGE);
  return rows.map((r) => ({
    row: r.row,
    versionNumber: r.versionNumber,
    versionName: r.versionName,
    // Both drivers (pg and PGlite) parse a json value; the feedback tests run on both.
    laterVersions: r.laterVersions,
    item:
      r.row.itemId && r.itemKind && r.itemIri
        ? { id: r.row.itemId, kind: r.itemKind, name: r.itemName ?? r.itemIri, iri: r.itemIri }
        : null,
    author: r.userId
      ? {
          firstname: r.firstname ?? '',
          lastname: r.lastname ?? '',
          username: r.username,
          publicizeName: r.publicizeName ?? false,
        }
      : null,
    addressedIn:
      r.row.addressedInVersionId && r.addressedVersion !== null
        ? { id: r.row.addressedInVersionId, version: Number(r.addressedVersion) }
        : null,
  }));
}

/** How much feedback matching `where` is in each state (what the caller may read of it). */
export async function countFeedback(
  db: Db,
  where: SQL,
  visibleTo: FeedbackReader,
): Promise<Record<FeedbackRow['status'], number>> {
  const visible =
    visibleTo === EVERYTHING
      ? sql`true`
      : visibleTo === null
        ? sql`public and hidden_at is null`
        : sql`((public and hidden_at is null) or author_id = ${visibleTo})`;
  const rows = await queryRows<{ status: FeedbackRow['status']; n: number | string }>(
    db,
    sql`select status, count(*) as n from ${feedback} where ${where} and ${visible} group by status`,
  );
  const counts = { open: 0, answered: 0, addressed: 0, closed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** The ids of a group's members (and admins): who hears of feedback to it. */
export async function memberIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from memberships
      where organization_id = ${organizationId} and level in ('member', 'admin')`,
  );
  return rows.map((r) => r.user_id);
}
