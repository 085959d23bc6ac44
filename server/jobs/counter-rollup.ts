import { rollUpCounters } from '../modules/metrics/rollup';
import { defineJob } from './job';

/**
 * Keeps the rankings' roll-ups current (`rollUpCounters`). Queued at every node's start and every
 * minute, a singleton, so it runs within a minute of a day changing wherever a node runs (the
 * roll-ups leave out a window's last two days, which the rankings read from the day counters);
 * when the roll-ups are current it reads one row per window and ends. Safe to run twice: a second
 * run finds them done.
 */
export const counterRollupJob = defineJob<Record<string, never>>({
  name: 'counter-rollup',
  retry: { limit: 5, delaySeconds: 30 },
  expireInSeconds: 600,
  singleton: true,
  repeat: true,
  repeatEverySeconds: 60,
  async handle(_data, context) {
    const summed = await rollUpCounters(context.db, new Date());
    if (summed > 0) context.log.info({ windows: summed }, 'ranking counters rolled up');
  },
});
