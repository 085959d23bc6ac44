import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app';
import { queryRows } from './client';
import { isConnectionLost } from './errors';

const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * A PostgreSQL server may end any connection at any time (an administrator, a failover, a
 * restart). What was asked on it fails; the process goes on, and the next request gets a new
 * connection.
 */
describe.skipIf(!baseUrl)('connections the PostgreSQL server ends', () => {
  const t = useTestApp();

  async function asAdministrator<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.end();
    }
  }

  /** Ends every connection the app holds to its database now. */
  async function terminateAll(database: string) {
    await asAdministrator((admin) =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      ),
    );
  }

  it('fails the transaction whose connection ends while it waits, and the process lives on', async () => {
    const { db } = t.database;
    let failure: unknown = null;
    try {
      await db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await asAdministrator((admin) =>
          admin.query('select pg_terminate_backend($1)', [row?.pid]),
        );
        // The client is lent out and idle while its server goes: it hears of it as an 'error'
        // event, which nobody but the pool's own listener could hear before.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).not.toBeNull();
    expect(isConnectionLost(failure)).toBe(true);
    // The broken client went back to the pool and was dropped: the next query gets a new one.
    expect(await t.database.ping()).toBe(true);
  });

  it('answers 200 or 503, never 500, to searches whose connections are ended under load, and serves after', async () => {
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select current_database() as name`,
    );
    const statuses = new Map<number, number>();
    let running = true;
    const killer = (async () => {
      while (running) {
        await terminateAll(name);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    const client = async () => {
      for (let i = 0; i < 20; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/app/search/concepts?search=completed${i}`,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 503) {
          expect(response.headers['retry-after']).toBe('1');
          expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        }
      }
    };
    // Four at once: as many as the pool's connections, so each waits on the server, not the pool.
    await Promise.all(Array.from({ length: 4 }, client));
    running = false;
    await killer;
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // The ended connections did cut searches short: otherwise this proved nothing.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    // Every client went back to the pool, none held for good by a transaction whose connection
    // ended before its BEGIN was answered (each such one was a slot of the pool lost).
    await vi.waitFor(
      () => {
        const use = t.database.poolUse?.();
        expect(use && use.total - use.idle).toBe(0);
      },
      { timeout: 10_000 },
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/app/search/concepts?search=completed',
    });
    expect(after.statusCode, after.body).toBe(200);
  });
});
