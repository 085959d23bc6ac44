import { keepTablesUp } from '../db/upkeep';
import { defineJob } from './job';

/**
 * Autovacuum's work on the embedded database, which has no autovacuum (`db/upkeep.ts`): queued at
 * start and every 15 seconds, a singleton. Autovacuum's own pace of a minute let a run of large
 * imports grow slower before it caught up: see
 * docs/decisions/planner-statistics-and-dead-rows-on-the-embedded-database.md. A run with nothing
 * due reads one catalog view and ends. PostgreSQL does this itself, so the job is only for PGlite.
 */
export const databaseUpkeepJob = defineJob<Record<string, never>>({
  name: 'database-upkeep',
  retry: { limit: 3, delaySeconds: 30 },
  expireInSeconds: 600,
  singleton: true,
  repeat: true,
  repeatEverySeconds: 15,
  onlyOn: 'pglite',
  async handle(_data, context) {
    const done = await keepTablesUp(context.db);
    if (done.length > 0)
      context.log.info(
        { tables: done.map((t) => `${t.work} ${t.schema}.${t.table}`) },
        'tables vacuumed or analyzed',
      );
  },
});
