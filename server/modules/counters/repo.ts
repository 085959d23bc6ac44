import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { CounterName } from '../../db/schema';

/**
 * A profile's sum of `counters` over the days `from` to `to` (both included, `YYYY-MM-DD`), for a
 * query over profiles: the one way a list of profiles counts their views and exports, so a list
 * and a ranking of the same window show the same figure for a profile.
 */
export const profileCountIn = (
  profileId: AnyColumn | SQL,
  counters: readonly CounterName[],
  window: { from: string; to: string },
) =>
  sql<number>`coalesce((select sum(c.count) from profile_counters c where c.profile_id = ${profileId} and c.counter in (${sql.join(
    counters.map((c) => sql`${c}`),
    sql`, `,
  )}) and c.day between ${window.from}::date and ${window.to}::date), 0)::int`;

export interface ProfileCount {
  profileId: string;
  counter: CounterName;
  day: string;
  count: number;
}

export interface KeyCount {
  keyId: string;
  counter: 'apiRead' | 'apiWrite';
  day: string;
  count: number;
}

export interface ProfileView {
  profileId: string;
  day: string;
  visitor: string;
}

/** PostgreSQL takes at most 65535 parameters per statement; 4 per row leaves room to spare. */
const ROWS_PER_STATEMENT = 5000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

const valuesOf = (rows: SQL[]) => sql.join(rows, sql`, `);

/*
 * Each statement joins its rows to the owning table, so a profile or key deleted since it was
 * counted drops its counts instead of failing the whole batch on the foreign key. Rows are
 * written in key order, so two nodes writing the same rows at once wait for each other rather
 * than deadlock.
 */

/**
 * Adds counts to the daily profile counters: one statement for the whole batch. Counts of a day
 * the rankings' roll-ups already summed (a seed of past days, a late batch) drop those roll-ups
 * in the same transaction, so the rankings read the days themselves until the next roll-up:
 * a ranking never shows a profile fewer views than its page and the lists do.
 */
export async function addProfileCounts(db: Db, counts: ProfileCount[]): Promise<void> {
  if (counts.length === 0) return;
  const earliest = counts.reduce((day, c) => (c.day < day ? c.day : day), counts[0]!.day);
  await db.transaction(async (tx) => {
    await writeProfileCounts(tx, counts);
    // A batch of today's counts (every batch but a seed's or a late one) finds no roll-up to drop.
    const stale = await queryRows(
      tx,
      sql`select 1 from counter_rollup_runs where through_day >= ${earliest}::date limit 1`,
    );
    if (stale.length === 0) return;
    await tx.execute(sql`
      delete from profile_counter_rollups r
      using counter_rollup_runs run
      where run.window_days = r.window_days and run.through_day >= ${earliest}::date`);
    await tx.execute(sql`delete from counter_rollup_runs where through_day >= ${earliest}::date`);
  });
}

async function writeProfileCounts(db: Db, counts: ProfileCount[]): Promise<void> {
  for (const rows of chunks(counts)) {
    await db.execute(sql`
      insert into profile_counters (profile_id, counter, day, count)
      select v.profile_id, v.counter, v.day, v.count
      from (values ${valuesOf(
        rows.map((r) => sql`(${r.profileId}::uuid, ${r.counter}, ${r.day}::date, ${r.count}::int)`),
      )}) as v(profile_id, counter, day, count)
      join profiles p on p.id = v.profile_id
      order by v.profile_id, v.counter, v.day
      on conflict (profile_id, counter, day)
      do update set count = profile_counters.count + excluded.count`);
  }
}

/** Adds counts to the daily API key counters: one statement for the whole batch. */
export async function addKeyCounts(db: Db, counts: KeyCount[]): Promise<void> {
  for (const rows of chunks(counts)) {
    await db.execute(sql`
      insert into api_key_counters (key_id, counter, day, count)
      select v.key_id, v.counter, v.day, v.count
      from (values ${valuesOf(
        rows.map((r) => sql`(${r.keyId}::uuid, ${r.counter}, ${r.day}::date, ${r.count}::int)`),
      )}) as v(key_id, counter, day, count)
      join api_keys k on k.id = v.key_id
      order by v.key_id, v.counter, v.day
      on conflict (key_id, counter, day)
      do update set count = api_key_counters.count + excluded.count`);
  }
}

/**
 * Records viewers and adds one view per viewer not yet recorded that day, in one statement: the
 * insert skips visitors another node (or an earlier batch) already recorded, and only the rows
 * it really inserted are counted.
 */
export async function addViews(db: Db, views: ProfileView[]): Promise<void> {
  for (const rows of chunks(views)) {
    await db.execute(sql`
      with fresh as (
        insert into profile_view_visitors (day, profile_id, visitor)
        select v.day, v.profile_id, v.visitor
        from (values ${valuesOf(
          rows.map((r) => sql`(${r.day}::date, ${r.profileId}::uuid, ${r.visitor})`),
        )}) as v(day, profile_id, visitor)
        join profiles p on p.id = v.profile_id
        order by v.day, v.profile_id, v.visitor
        on conflict do nothing
        returning profile_id, day
      )
      insert into profile_counters (profile_id, counter, day, count)
      select profile_id, 'view', day, count(*)::int from fresh
      group by profile_id, day order by profile_id, day
      on conflict (profile_id, counter, day)
      do update set count = profile_counters.count + excluded.count`);
  }
}

/** Viewers of days before `day` can no longer match anyone: their salt is gone. */
export async function forgetViewersBefore(db: Db, day: string): Promise<void> {
  await db.execute(sql`delete from profile_view_visitors where day < ${day}::date`);
}
