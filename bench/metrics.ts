/**
 * Cost of a ranking read from the day counters when it is not kept in memory: a site with many
 * published profiles and a year of daily counts. Prints the median time of Most Viewed and Most
 * Exported over 30 and 365 days, summed from every day and from the roll-up the counter-rollup
 * job keeps, and the job's own time, on an in-memory PGlite (or DATABASE_URL):
 *   node --import tsx bench/metrics.ts [profiles=1000] [--json]
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.js';
import { topProfiles } from '../server/modules/metrics/repo.js';
import { insertPublishedProfiles } from '../server/modules/metrics/fixture-rows.js';
import { rollUpCounters } from '../server/modules/metrics/rollup.js';
import { lastDays } from '../server/modules/metrics/window.js';

const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1000);
const json = process.argv.includes('--json');
const rounds = 7;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await database.migrate();
const { db } = database;
// Published profiles, each with a version; then a year of views and exports for each, in SQL.
const ids = await insertPublishedProfiles(
  db,
  Array.from({ length: count }, (_, i) => `Bench profile ${i}`),
);
const [org] = await queryRows<{ id: string }>(
  db,
  sql`select organization_id as id from profiles where id = ${ids[0]!}`,
);
await db.execute(sql`
  insert into profile_counters (profile_id, counter, day, count)
  select p.id, c.counter, (current_date - d)::date, 1 + (random() * 20)::int
  from profiles p
  cross join generate_series(0, 364) d
  cross join (values ('view'), ('uiExport'), ('apiRead')) c(counter)
  where p.organization_id = ${org!.id}`);
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from profile_counters`,
);

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= rounds; i++) {
    const start = process.hrtime.bigint();
    await run();
    if (i > 0) times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

// Before the roll-up job has run, a ranking sums every day of its window; after, it reads the
// roll-up and the window's last two days. Both are printed, side by side.
const results: Record<string, number> = {};
const rankings = async (label: string) => {
  for (const days of [30, 365]) {
    const window = lastDays(days, new Date());
    results[`mostViewed ${days} ${label}`] = await median(() =>
      topProfiles(db, ['view'], window, 10),
    );
    results[`mostExported ${days} ${label}`] = await median(() =>
      topProfiles(db, ['uiExport', 'apiExport'], window, 10),
    );
  }
};
await rankings('(every day)');
const rollupStart = process.hrtime.bigint();
await rollUpCounters(db, new Date());
const rollupMs = Number(process.hrtime.bigint() - rollupStart) / 1e6;
await rankings('(roll-up)');
results['the roll-up job itself'] = rollupMs;
if (json) console.log(JSON.stringify({ profiles: count, counterRows: n, ms: results }));
else {
  console.log(`${count} published profiles, ${n} day counters (${database.kind})`);
  for (const [name, ms] of Object.entries(results))
    console.log(`  ${name.padEnd(32)} ${ms.toFixed(1)} ms`);
}
await database.close();
