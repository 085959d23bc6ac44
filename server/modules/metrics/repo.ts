import { and, asc, between, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ORPHAN_CONTAINER_NAME } from '../../../common/profile-names';
import type { Db } from '../../db/client';
import {
  counterRollupRuns,
  organizations,
  profileCounterRollups,
  profileCounters,
  profileVersions,
  profiles,
  type CounterName,
} from '../../db/schema';
import { profileCountIn } from '../counters/repo';
import { daysBefore, type DayWindow } from './window';

const inWindow = (window: DayWindow) => between(profileCounters.day, window.from, window.to);
const summed = sql<number>`coalesce(sum(${profileCounters.count}), 0)::int`;

/**
 * Profiles anyone may see figures of: those with a published version, named by it, outside the
 * orphan container. A profile that only has a draft never joins.
 */
const publishedOnly = (): SQL =>
  and(ne(profileVersions.name, ORPHAN_CONTAINER_NAME), eq(organizations.orphanContainer, false))!;

export interface RankedProfile {
  profileId: string;
  name: string;
  total: number;
}

/**
 * The published profiles with the highest sum of `counters` in the window, highest first: from
 * the window's roll-up and its last two days when the roll-up is there (see `rollupPlan`), else
 * from every day of the window.
 */
export async function topProfiles(
  db: Db,
  counters: CounterName[],
  window: DayWindow,
  limit: number,
): Promise<RankedProfile[]> {
  const plan = rollupPlan(window);
  const [run] = await db
    .select({ throughDay: counterRollupRuns.throughDay })
    .from(counterRollupRuns)
    .where(
      and(
        eq(counterRollupRuns.windowDays, plan.windowDays),
        eq(counterRollupRuns.throughDay, plan.throughDay),
      ),
    )
    .limit(1);
  return run
    ? topProfilesFromRollup(db, counters, window, plan, limit)
    : topProfilesFromDays(db, counters, window, limit);
}

/** A ranking window's roll-up: every day but the last two, summed ahead by the job. */
export interface RollupPlan {
  windowDays: number;
  /** The last day the roll-up covers: the window's end minus two days. */
  throughDay: string;
  /** The days the ranking adds from the day counters: the day after `throughDay` to the end. */
  recentFrom: string;
}

export function rollupPlan(window: DayWindow): RollupPlan {
  return {
    windowDays: window.days,
    throughDay: daysBefore(window.to, 2),
    recentFrom: daysBefore(window.to, 1),
  };
}

async function topProfilesFromRollup(
  db: Db,
  counters: CounterName[],
  window: DayWindow,
  plan: RollupPlan,
  limit: number,
): Promise<RankedProfile[]> {
  const parts = db
    .select({ profileId: profileCounterRollups.profileId, count: profileCounterRollups.total })
    .from(profileCounterRollups)
    .where(
      and(
        eq(profileCounterRollups.windowDays, plan.windowDays),
        eq(profileCounterRollups.throughDay, plan.throughDay),
        inArray(profileCounterRollups.counter, counters),
      ),
    )
    .unionAll(
      db
        .select({ profileId: profileCounters.profileId, count: profileCounters.count })
        .from(profileCounters)
        .where(
          and(
            inArray(profileCounters.counter, counters),
            between(profileCounters.day, plan.recentFrom, window.to),
          ),
        ),
    )
    .as('parts');
  const total = sql<number>`coalesce(sum(${parts.count}), 0)::int`;
  return db
    .select({ profileId: profiles.id, name: profileVersions.name, total })
    .from(parts)
    .innerJoin(profiles, eq(profiles.id, parts.profileId))
    .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(publishedOnly())
    .groupBy(profiles.id, profileVersions.name)
    .having(sql`sum(${parts.count}) > 0`)
    .orderBy(desc(total), asc(sql`lower(${profileVersions.name})`), asc(profiles.id))
    .limit(limit);
}

/** The ranking summed over every day of the window (before its roll-up exists). */
export async function topProfilesFromDays(
  db: Db,
  counters: CounterName[],
  window: DayWindow,
  limit: number,
): Promise<RankedProfile[]> {
  return db
    .select({ profileId: profiles.id, name: profileVersions.name, total: summed })
    .from(profileCounters)
    .innerJoin(profiles, eq(profiles.id, profileCounters.profileId))
    .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(and(inArray(profileCounters.counter, counters), inWindow(window), publishedOnly()))
    .groupBy(profiles.id, profileVersions.name)
    .having(sql`sum(${profileCounters.count}) > 0`)
    .orderBy(desc(summed), asc(sql`lower(${profileVersions.name})`), asc(profiles.id))
    .limit(limit);
}

export interface CounterSum {
  profileId: string;
  counter: CounterName;
  total: number;
}

/** The sum of each of `counters` per profile of `profileIds` in the window (non-zero only). */
export async function countersOf(
  db: Db,
  profileIds: string[],
  counters: CounterName[],
  window: DayWindow,
): Promise<CounterSum[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({
      profileId: profileCounters.profileId,
      counter: profileCounters.counter,
      total: summed,
    })
    .from(profileCounters)
    .where(
      and(
        inArray(profileCounters.profileId, profileIds),
        inArray(profileCounters.counter, counters),
        inWindow(window),
      ),
    )
    .groupBy(profileCounters.profileId, profileCounters.counter)
    .having(sql`sum(${profileCounters.count}) > 0`);
}

/** One profile's sum of `counters` in the window. */
export async function profileTotal(
  db: Db,
  profileId: string,
  counters: CounterName[],
  window: DayWindow,
): Promise<number> {
  const [row] = await db
    .select({ total: summed })
    .from(profileCounters)
    .where(
      and(
        eq(profileCounters.profileId, profileId),
        inArray(profileCounters.counter, counters),
        inWindow(window),
      ),
    );
  return row?.total ?? 0;
}

/** One profile's views per day of the window, for the days that have any. */
export async function viewsPerDay(
  db: Db,
  profileId: string,
  window: DayWindow,
): Promise<{ day: string; total: number }[]> {
  return db
    .select({ day: profileCounters.day, total: summed })
    .from(profileCounters)
    .where(
      and(
        eq(profileCounters.profileId, profileId),
        eq(profileCounters.counter, 'view'),
        inWindow(window),
      ),
    )
    .groupBy(profileCounters.day);
}

export interface GroupProfileUsage {
  profileId: string;
  name: string;
  views: number;
  exports: number;
}

/** A group's published profiles with their views and exports in the window, most viewed first. */
export async function groupProfilesUsage(
  db: Db,
  organizationId: string,
  window: DayWindow,
  limit: number,
): Promise<GroupProfileUsage[]> {
  const sumOf = (counters: CounterName[]) => profileCountIn(profiles.id, counters, window);
  const views = sumOf(['view']);
  const exportsCount = sumOf(['uiExport', 'apiExport']);
  return db
    .select({ profileId: profiles.id, name: profileVersions.name, views, exports: exportsCount })
    .from(profiles)
    .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(and(eq(profiles.organizationId, organizationId), publishedOnly()))
    .orderBy(desc(views), desc(exportsCount), asc(sql`lower(${profileVersions.name})`))
    .limit(limit);
}

/** A group's views and exports in the window, over all its published profiles. */
export async function groupTotals(
  db: Db,
  organizationId: string,
  window: DayWindow,
): Promise<{ views: number; exports: number }> {
  const [row] = await db
    .select({
      views: sql<number>`coalesce(sum(${profileCounters.count}) filter (where ${profileCounters.counter} = 'view'), 0)::int`,
      exports: sql<number>`coalesce(sum(${profileCounters.count}) filter (where ${profileCounters.counter} in ('uiExport', 'apiExport')), 0)::int`,
    })
    .from(profileCounters)
    .innerJoin(profiles, eq(profiles.id, profileCounters.profileId))
    .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(and(eq(profiles.organizationId, organizationId), inWindow(window), publishedOnly()));
  return { views: row?.views ?? 0, exports: row?.exports ?? 0 };
}
