import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { ProfileVersionRow } from '../../db/schema';

/** One save of an item in a version. */
export interface SaveRow {
  itemId: string;
  kind: 'concept' | 'template' | 'pattern';
  name: string;
  at: Date;
  by: string | null;
  email: string | null;
  restored: boolean;
  /** The item's first revision: the save made it. */
  first: boolean;
}

/** One event a lifecycle command recorded about the version. */
export interface EventRow {
  type: string;
  payload: Record<string, unknown>;
  at: Date;
}

/** One item of the profile deleted while the version was the draft. */
export interface DeletionRow {
  itemId: string;
  kind: 'concept' | 'template' | 'pattern';
  name: string;
  at: Date;
}

/** The most rows of each source one activity page reads. */
export const ACTIVITY_LIMIT = 2000;

/**
 * The saves made in a version: the revisions saved in it, but for the copies a new draft makes
 * of what it carries (which keep the time of the save they copy, from before the draft), the
 * revisions an import wrote (its event stands for them) and the one a deprecation wrote (ditto).
 */
export async function listSaves(db: Db, version: ProfileVersionRow): Promise<SaveRow[]> {
  const rows = await queryRows<{
    item_id: string;
    kind: SaveRow['kind'];
    name: string;
    at: string | Date;
    by: string | null;
    email: string | null;
    restored: boolean;
    first: boolean;
  }>(
    db,
    sql`select r.item_id, p.kind, r.name, r.updated_at as at, r.updated_by as by, u.email,
        r.restored_from_id is not null as restored,
        not exists (select 1 from item_revisions e where e.item_id = r.item_id
          and (e.updated_at, e.created_at) < (r.updated_at, r.created_at)) as first
      from item_revisions r
      join profile_components p on p.id = r.item_id
      left join users u on u.id = r.updated_by
      where r.version_id = ${version.id}
        and r.updated_at >= ${version.createdAt.toISOString()}::timestamptz
        and not coalesce(r.content -> 'deprecated' = 'true'::jsonb, false)
        and not exists (select 1 from outbox_events o where o.aggregate_id = ${version.profileId}
          and o.type = 'profileImported' and o.payload ->> 'versionId' = ${version.id}
          and o.occurred_at = r.created_at)
      order by r.updated_at asc
      limit ${ACTIVITY_LIMIT}`,
  );
  return rows.map((r) => ({
    itemId: r.item_id,
    kind: r.kind,
    name: r.name,
    at: new Date(r.at),
    by: r.by,
    email: r.email,
    restored: r.restored,
    first: r.first,
  }));
}

/** The events recorded about the version, in order. */
export async function listVersionEvents(db: Db, version: ProfileVersionRow): Promise<EventRow[]> {
  const rows = await queryRows<{
    type: string;
    payload: Record<string, unknown>;
    occurred_at: string | Date;
  }>(
    db,
    sql`select type, payload, occurred_at from outbox_events
      where aggregate_id = ${version.profileId} and payload ->> 'versionId' = ${version.id}
      order by position asc
      limit ${ACTIVITY_LIMIT}`,
  );
  return rows.map((r) => ({ type: r.type, payload: r.payload, at: new Date(r.occurred_at) }));
}

/**
 * The profile's items deleted while the version was its draft (between its making and its
 * publication) that it does not list.
 */
export async function listDeletions(db: Db, version: ProfileVersionRow): Promise<DeletionRow[]> {
  const until = version.publishedAt ? version.publishedAt.toISOString() : null;
  const rows = await queryRows<{
    id: string;
    kind: DeletionRow['kind'];
    name: string;
    deleted_at: string | Date;
  }>(
    db,
    sql`select p.id, p.kind, coalesce(r.name, p.iri) as name, p.deleted_at
      from profile_components p
      left join item_revisions r on r.id = p.latest_revision_id
      where p.profile_id = ${version.profileId} and p.deleted_at is not null
        and p.deleted_at >= ${version.createdAt.toISOString()}::timestamptz
        and (${until}::timestamptz is null or p.deleted_at <= ${until}::timestamptz)
        and not exists (select 1 from version_components vc
          where vc.version_id = ${version.id} and vc.component_id = p.id)
      order by p.deleted_at asc
      limit ${ACTIVITY_LIMIT}`,
  );
  return rows.map((r) => ({
    itemId: r.id,
    kind: r.kind,
    name: r.name,
    at: new Date(r.deleted_at),
  }));
}

/** E-mails of accounts by id. */
export async function emailsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from users
      where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}
