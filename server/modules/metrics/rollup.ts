import { and, eq, ne, sql } from 'drizzle-orm';
import { METRIC_WINDOWS } from '../../../common/metric-windows';
import type { Db } from '../../db/client';
import { counterRollupRuns, profileCounterRollups } from '../../db/schema';
import { rollupPlan } from './repo';
import { lastDays } from './window';

/**
 * Sums the day counters of every ranking window ahead of the rankings that read them (see
 * `rollupPlan`): for each window, once a day, every profile's total per counter over the window's
 * days but the last two. The older roll-up of a window is replaced in the same transaction, so a
 * ranking reads one complete roll-up or, until the first, the days themselves. Returns how many
 * windows it summed (0 when all were already current).
 */
export async function rollUpCounters(db: Db, now: Date): Promise<number> {
  let summed = 0;
  for (const days of METRIC_WINDOWS) {
    const window = lastDays(days, now);
    const plan = rollupPlan(window);
    const done = await db
      .select({ windowDays: counterRollupRuns.windowDays })
      .from(counterRollupRuns)
      .where(
        and(
          eq(counterRollupRuns.windowDays, days),
          eq(counterRollupRuns.throughDay, plan.throughDay),
        ),
      )
      .limit(1);
    if (done.length > 0) continue;
    await db.transaction(async (tx) => {
      await tx.delete(profileCounterRollups).where(eq(profileCounterRollups.windowDays, days));
      await tx
        .delete(counterRollupRuns)
        .where(
          and(
            eq(counterRollupRuns.windowDays, days),
            ne(counterRollupRuns.throughDay, plan.throughDay),
          ),
        );
      await tx.execute(sql`
        insert into profile_counter_rollups (window_days, through_day, profile_id, counter, total)
        select ${days}, ${plan.throughDay}::date, profile_id, counter, sum(count)::int
        from profile_counters
        where day between ${window.from}::date and ${plan.throughDay}::date
        group by profile_id, counter
        having sum(count) > 0`);
      await tx
        .insert(counterRollupRuns)
        .values({ windowDays: days, throughDay: plan.throughDay })
        .onConflictDoNothing();
    });
    summed += 1;
  }
  return summed;
}
