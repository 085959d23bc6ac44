import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUpkeepJob } from '../jobs/database-upkeep';
import { createTestDatabase } from '../test/database';
import { eventually, testRunner } from '../test/jobs';
import { queryRows, type Database } from './client';
import { keepTablesUp, tablesDue } from './upkeep';

interface TableState {
  table: string;
  dead: number;
  analyzed: boolean;
  vacuumed: boolean;
}

// The upkeep is for the embedded database; PostgreSQL's own autovacuum would race these counts.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('upkeep of the embedded database', () => {
  let database: Database;
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  /** The activity counters as they stand, once this backend has reported its own. */
  const stateOf = async (tables: string[]): Promise<TableState[]> => {
    await run('SELECT pg_stat_force_next_flush()');
    await run('SELECT 1');
    return queryRows<TableState>(
      database.db,
      sql`SELECT relname AS "table", n_dead_tup::int AS "dead",
            last_analyze IS NOT NULL AS "analyzed", last_vacuum IS NOT NULL AS "vacuumed"
          FROM pg_stat_user_tables WHERE relname IN ${tables} ORDER BY relname`,
    );
  };
  const dueAmong = async (tables: string[]) => {
    await stateOf(tables);
    return (await tablesDue(database.db)).filter((t) => tables.includes(t.table));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('vacuums a table of dead rows, analyzes a changed one and leaves a quiet one', async () => {
    const tables = ['probe_changed', 'probe_dead', 'probe_quiet'];
    for (const table of tables) await run(`CREATE TABLE ${table} (id int PRIMARY KEY, v text)`);
    const fill = (table: string, from: number, to: number) =>
      run(`INSERT INTO ${table} SELECT g, 'row ' || g FROM generate_series(${from}, ${to}) g`);
    await fill('probe_dead', 1, 400);
    await run('DELETE FROM probe_dead WHERE id > 100');
    await fill('probe_changed', 1, 400);
    await fill('probe_quiet', 1, 20);

    // 300 dead rows against 50 for a table never counted; 400 changed rows against 50; 20 rows.
    expect(await dueAmong(tables)).toEqual([
      { schema: 'public', table: 'probe_changed', work: 'analyze' },
      { schema: 'public', table: 'probe_dead', work: 'vacuum' },
    ]);
    const done = (await keepTablesUp(database.db)).filter((t) => tables.includes(t.table));
    expect(done.map((t) => t.table)).toEqual(['probe_changed', 'probe_dead']);
    expect(await stateOf(tables)).toEqual([
      { table: 'probe_changed', dead: 0, analyzed: true, vacuumed: false },
      { table: 'probe_dead', dead: 0, analyzed: true, vacuumed: true },
      { table: 'probe_quiet', dead: 0, analyzed: false, vacuumed: false },
    ]);
    expect(await dueAmong(tables)).toEqual([]);
  });

  it('asks for more changes of a larger table: 50 rows and a tenth of those it holds', async () => {
    await run('CREATE TABLE probe_growing (id int PRIMARY KEY)');
    await run('INSERT INTO probe_growing SELECT g FROM generate_series(1, 1000) g');
    await stateOf(['probe_growing']);
    await keepTablesUp(database.db);
    expect((await stateOf(['probe_growing']))[0]?.analyzed).toBe(true);
    // 1,000 rows counted: due past 150 changed rows.
    await run('INSERT INTO probe_growing SELECT g FROM generate_series(1001, 1140) g');
    expect(await dueAmong(['probe_growing'])).toEqual([]);
    await run('INSERT INTO probe_growing SELECT g FROM generate_series(1141, 1160) g');
    expect(await dueAmong(['probe_growing'])).toEqual([
      { schema: 'public', table: 'probe_growing', work: 'analyze' },
    ]);
  });

  it('is a job the runner queues at start on PGlite, which analyzes what is due', async () => {
    await run('CREATE TABLE probe_job (id int PRIMARY KEY)');
    await run('INSERT INTO probe_job SELECT g FROM generate_series(1, 300) g');
    await stateOf(['probe_job']);
    const runner = testRunner(database, [databaseUpkeepJob]);
    await runner.start();
    try {
      await eventually('the upkeep job to analyze the table', async () =>
        (await stateOf(['probe_job']))[0]?.analyzed ? true : null,
      );
    } finally {
      await runner.stop();
    }
  });
});
