import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, wrapPool, type Database, type Db } from '../db/client';
import { createTestDatabase } from '../test/database';
import { databaseUrlFor } from '../test/global-setup';
import { crashTestJob, eventually, jobsOf, testRunner } from '../test/jobs';
import { executorFor } from './executor';
import { defineJob, type JobDefinition } from './job';

const baseUrl = process.env.TEST_DATABASE_URL;

async function databaseName(database: Database): Promise<string> {
  const { rows } = await executorFor(database).executeSql('select current_database() as name');
  return (rows[0] as { name: string }).name;
}

/**
 * The database as seen through a connection the PostgreSQL server ends under the first `times`
 * statements matching `statement`, and what went unheard meanwhile: `unheard` collects every
 * unhandled rejection until `stopListening`.
 */
function connectionEndedUnder(database: Database, statement: RegExp, times: number) {
  const client = (database.db as unknown as { $client: Pick<PGlite, 'query' | 'exec'> }).$client;
  const state = { refused: 0, unheard: [] as unknown[] };
  const failingClient = {
    query: (text: string, values?: unknown[]) => {
      if (state.refused < times && statement.test(text)) {
        state.refused += 1;
        return Promise.reject(new Error('terminating connection due to administrator command'));
      }
      return client.query(text, values);
    },
    exec: (text: string) => client.exec(text),
  };
  const db = Object.create(database.db, { $client: { value: failingClient } }) as Db;
  const hear = (reason: unknown) => state.unheard.push(reason);
  process.on('unhandledRejection', hear);
  return {
    database: { ...database, db },
    state,
    stopListening: () => process.off('unhandledRejection', hear),
  };
}

/** A singleton job queued again on every poll (or as `options` say), calling `counted` per run. */
function countedRepeatedJob(
  name: string,
  counted: () => void,
  options: Pick<JobDefinition, 'repeatEverySeconds' | 'onlyOn'> = {},
) {
  return defineJob<Record<string, never>>({
    name,
    retry: { limit: 0, delaySeconds: 0 },
    expireInSeconds: 30,
    singleton: true,
    repeat: true,
    ...options,
    handle: async () => {
      counted();
    },
  });
}

describe('the job runner', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('retries a failing job with back-off, then marks it failed', async () => {
    let attempts = 0;
    const failing = defineJob<{ what: string }>({
      name: 'always-fails',
      retry: { limit: 2, delaySeconds: 1 },
      expireInSeconds: 30,
      handle: async () => {
        attempts += 1;
        throw new Error('refused');
      },
    });
    const runner = testRunner(database, [failing]);
    await runner.start();
    try {
      await runner.send(failing, { what: 'nothing' });
      const failed = await eventually('the job to fail for good', async () =>
        (await jobsOf(database, 'always-fails')).find((job) => job.state === 'failed'),
      );
      expect(failed.retry_count).toBe(2);
      expect(attempts).toBe(3);
    } finally {
      await runner.stop();
    }
  });

  it('lives on when marking a finished job completed fails, and runs the job again once it expires', async () => {
    // The PostgreSQL server ends the connection under pg-boss's "completed" statement, which
    // pg-boss sends without awaiting it: unheard, that rejection would end the process.
    const ended = connectionEndedUnder(database, /SET completed_on/, 1);
    let runs = 0;
    const once = defineJob<Record<string, never>>({
      name: 'completes-twice',
      retry: { limit: 2, delaySeconds: 0 },
      expireInSeconds: 1,
      handle: async () => {
        runs += 1;
      },
    });
    const runner = testRunner(ended.database, [once]);
    await runner.start();
    try {
      await runner.send(once, {});
      await eventually('the job completed after running again', async () =>
        (await jobsOf(database, 'completes-twice')).some((job) => job.state === 'completed'),
      );
      expect(ended.state.refused).toBe(1);
      expect(runs).toBe(2);
      expect(ended.state.unheard).toEqual([]);
    } finally {
      ended.stopListening();
      await runner.stop();
    }
  });

  it('lives on when a job that threw cannot be marked failed, and fails it once it expires', async () => {
    // The connection ends under the runner's own "failed" statement (heard: the batch throws),
    // then under the one pg-boss sends for the batch without awaiting it (unheard, it would end
    // the process).
    const ended = connectionEndedUnder(
      database,
      /DELETE FROM pgboss\.job\s+WHERE name = \$1 AND id IN/,
      2,
    );
    let runs = 0;
    const throwing = defineJob<Record<string, never>>({
      name: 'cannot-be-failed',
      retry: { limit: 0, delaySeconds: 0 },
      expireInSeconds: 1,
      handle: async () => {
        runs += 1;
        throw new Error('refused');
      },
    });
    const runner = testRunner(ended.database, [throwing]);
    await runner.start();
    try {
      await runner.send(throwing, {});
      // Never marked completed: it stays active until it expires, then fails for good.
      const failed = await eventually('the job to fail once it expired', async () =>
        (await jobsOf(database, 'cannot-be-failed')).find((job) => job.state === 'failed'),
      );
      expect(failed.state).toBe('failed');
      expect(ended.state.refused).toBe(2);
      expect(runs).toBe(1);
      expect(ended.state.unheard).toEqual([]);
    } finally {
      ended.stopListening();
      await runner.stop();
    }
  });

  it('queues a job repeated on every poll each poll, and one repeated every minute at start only', async () => {
    const runs = { everyPoll: 0, everyMinute: 0 };
    // Polls every 0.5 s: over three seconds the first runs about six times, the second once.
    const runner = testRunner(database, [
      countedRepeatedJob('repeated-everyPoll', () => (runs.everyPoll += 1)),
      countedRepeatedJob('repeated-everyMinute', () => (runs.everyMinute += 1), {
        repeatEverySeconds: 60,
      }),
    ]);
    await runner.start();
    try {
      await eventually('the job repeated every minute to run at start', async () =>
        runs.everyMinute === 1 ? true : null,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(runs.everyPoll).toBeGreaterThanOrEqual(3);
      expect(runs.everyMinute).toBe(1);
    } finally {
      await runner.stop();
    }
  });

  it('runs a job made for one kind of database only on that kind', async () => {
    const other = database.kind === 'pglite' ? 'postgres' : 'pglite';
    const runs = { here: 0, elsewhere: 0 };
    const runner = testRunner(database, [
      countedRepeatedJob('only-here', () => (runs.here += 1), { onlyOn: database.kind }),
      countedRepeatedJob('only-elsewhere', () => (runs.elsewhere += 1), { onlyOn: other }),
    ]);
    await runner.start();
    try {
      await eventually('the job for this database to run', async () => runs.here > 1);
      expect(runs.elsewhere).toBe(0);
      expect(await jobsOf(database, 'only-elsewhere')).toEqual([]);
    } finally {
      await runner.stop();
    }
  });

  it.skipIf(!baseUrl)(
    'runs each of N jobs exactly once on two nodes of one PostgreSQL',
    async () => {
      const second = wrapPool(
        new pg.Pool({
          connectionString: databaseUrlFor(baseUrl ?? '', await databaseName(database)),
          max: 4,
        }),
      );
      const seen: Array<{ n: number; node: string }> = [];
      const counted = (node: string) =>
        defineJob<{ n: number }>({
          name: 'count-once',
          retry: { limit: 0, delaySeconds: 0 },
          expireInSeconds: 60,
          handle: async ({ n }) => {
            seen.push({ n, node });
          },
        });
      const nodes = [testRunner(database, [counted('a')]), testRunner(second, [counted('b')])];
      const N = 300;
      try {
        for (const node of nodes) await node.start();
        for (let n = 0; n < N; n++) await nodes[n % 2]!.send(counted('a'), { n });
        await eventually('every job to complete', async () => {
          const jobs = await jobsOf(database, 'count-once');
          return jobs.length === N && jobs.every((job) => job.state === 'completed');
        });
        expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual([...Array(N).keys()]);
      } finally {
        for (const node of nodes) await node.stop();
        await second.close();
      }
    },
    60_000,
  );

  /**
   * Starts a node that takes the crash-test job and blocks in it, kills it with SIGKILL once the
   * job runs, then starts a runner on the same database: the job must complete there.
   */
  async function crashAndRecover(target: string, reopen: () => Promise<Database>) {
    const work = mkdtempSync(path.join(tmpdir(), 'xps-crash-'));
    const marker = path.join(work, 'started');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/job-child.ts', target, marker],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await eventually('the job to start in the child', async () => existsSync(marker), 120_000);
      child.kill('SIGKILL');
      await exited;
      const restarted = await reopen();
      let completed = 0;
      const job = crashTestJob(async () => {
        completed += 1;
      });
      const runner = testRunner(restarted, [job]);
      await runner.start();
      try {
        const done = await eventually(
          'the job to complete after the restart',
          async () => (await jobsOf(restarted, 'crash-test')).find((j) => j.state === 'completed'),
          60_000,
        );
        expect(done.data).toEqual({ attempt: 'first' });
        expect(completed).toBe(1);
      } finally {
        await runner.stop();
        if (restarted !== database) await restarted.close();
      }
    } finally {
      child.kill('SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  }

  it.skipIf(!baseUrl)(
    'completes a job whose node was killed mid-run (PostgreSQL)',
    async () => {
      await crashAndRecover(
        databaseUrlFor(baseUrl ?? '', await databaseName(database)),
        async () => database,
      );
    },
    180_000,
  );

  it.skipIf(!!baseUrl)(
    'completes a job whose node was killed mid-run (PGlite on disk)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-crash-db-'));
      try {
        await crashAndRecover(dataDir, async () => wrapPglite(await PGlite.create({ dataDir })));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
