import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client';
import { counterRollupRuns, profileCounters, type CounterName } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { insertPublishedProfiles } from './fixture-rows';
import { topProfiles, topProfilesFromDays } from './repo';
import { rollUpCounters } from './rollup';
import { daysBefore, lastDays } from './window';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00Z');
const TODAY = '2026-06-15';
const back = (n: number) => daysBefore(TODAY, n);

// A database of its own, with no job runner beside it: the roll-up runs only when a test says.
describe('rankings from rolled-up counters', () => {
  let database: Database;
  const ids: string[] = [];

  async function count(profileId: string, counter: CounterName, day: string, n: number) {
    await database.db
      .insert(profileCounters)
      .values({ profileId, counter, day, count: n })
      .onConflictDoUpdate({
        target: [profileCounters.profileId, profileCounters.counter, profileCounters.day],
        set: { count: n },
      });
  }

  const rank = (days: number, counters: CounterName[] = ['view'], now = NOW) =>
    topProfiles(database.db, counters, lastDays(days, now), 10);
  const rankFromDays = (days: number, counters: CounterName[] = ['view'], now = NOW) =>
    topProfilesFromDays(database.db, counters, lastDays(days, now), 10);

  beforeAll(async () => {
    database = await createTestDatabase();
    ids.push(...(await insertPublishedProfiles(database.db, ['Alpha', 'Beta', 'Gamma'])));
    const [alpha, beta, gamma] = ids as [string, string, string];
    // The edges of both windows, the two days read from the counters, and exports beside views.
    await count(alpha, 'view', TODAY, 1);
    await count(alpha, 'view', back(1), 2);
    await count(alpha, 'view', back(2), 4);
    await count(alpha, 'view', back(29), 8);
    await count(alpha, 'view', back(30), 16);
    await count(alpha, 'view', back(364), 32);
    await count(alpha, 'view', back(365), 64);
    await count(beta, 'view', back(10), 20);
    await count(beta, 'uiExport', back(3), 5);
    await count(beta, 'apiExport', back(200), 7);
    await count(gamma, 'uiExport', TODAY, 3);
  });
  afterAll(() => database.close());

  it('ranks from every day of the window until the roll-up exists', async () => {
    expect(await rank(30)).toEqual(await rankFromDays(30));
    expect((await rank(30)).map((r) => [r.name, r.total])).toEqual([
      ['Beta', 20],
      ['Alpha', 15],
    ]);
  });

  it('gives the same rankings from the roll-up as from the days, for each window and counter', async () => {
    expect(await rollUpCounters(database.db, NOW)).toBe(2);
    for (const days of [30, 365])
      for (const counters of [['view'], ['uiExport', 'apiExport']] as CounterName[][])
        expect(await rank(days, counters)).toEqual(await rankFromDays(days, counters));
    expect((await rank(365)).map((r) => [r.name, r.total])).toEqual([
      ['Alpha', 63],
      ['Beta', 20],
    ]);
    expect((await rank(365, ['uiExport', 'apiExport'])).map((r) => [r.name, r.total])).toEqual([
      ['Beta', 12],
      ['Gamma', 3],
    ]);
  });

  it('reads the rolled-up days from the roll-up and the last two from the counters', async () => {
    const [alpha, beta] = ids as [string, string];
    // Counts that change after the roll-up: yesterday's (a late batch) and today's show at once;
    // an older day's, which no batch writes any more, is not read again.
    await count(alpha, 'view', back(1), 102);
    await count(alpha, 'view', TODAY, 1001);
    await count(beta, 'view', back(10), 5000);
    const ranked = await rank(30);
    expect(ranked.find((r) => r.name === 'Alpha')?.total).toBe(1001 + 102 + 4 + 8);
    expect(ranked.find((r) => r.name === 'Beta')?.total).toBe(20);
    expect((await rankFromDays(30)).find((r) => r.name === 'Beta')?.total).toBe(5000);
    await count(beta, 'view', back(10), 20);
  });

  it('sums once a day and replaces the older roll-up of each window', async () => {
    expect(await rollUpCounters(database.db, NOW)).toBe(0);
    const tomorrow = new Date(NOW.getTime() + DAY_MS);
    expect(await rollUpCounters(database.db, tomorrow)).toBe(2);
    const runs = await database.db
      .select()
      .from(counterRollupRuns)
      .where(and(eq(counterRollupRuns.windowDays, 30)));
    expect(runs.map((r) => r.throughDay)).toEqual([back(1)]);
    const rows = await queryRows<{ days: string }>(
      database.db,
      sql`select distinct through_day::text as days from profile_counter_rollups`,
    );
    expect(rows.map((r) => r.days)).toEqual([back(1)]);
    expect(await rank(30, ['view'], tomorrow)).toEqual(await rankFromDays(30, ['view'], tomorrow));
  });
});
