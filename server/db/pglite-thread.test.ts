import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { queryRows, wrapPglite, type Database } from './client';
import { isUniqueViolation } from './errors';
import { PGliteThread } from './pglite-thread';
import { SHARED_TEXT_FROM_CHARS, type SharedTextPool } from './shared-text';

// PGlite only: the thread is how the server runs the embedded database.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite in a thread of its own', () => {
  let thread: PGliteThread;
  let database: Database;

  beforeAll(async () => {
    const template = readFileSync(inject('pgliteTemplateFile'));
    thread = await PGliteThread.create({ loadDataDir: new Uint8Array(template) });
    database = wrapPglite(thread);
    await database.db.execute(sql`create table thread_test (id int primary key, note text)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers statements with their rows, values of every type crossing as PGlite gives them', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select ${42}::int as n, ${'text'}::text as t, ${JSON.stringify({ a: [1, 2] })}::jsonb as j,
          '2026-11-28 12:00:00+00'::timestamptz as at, '\\x0102'::bytea as b, true as yes`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.n).toBe(42);
    expect(row.t).toBe('text');
    expect(row.j).toEqual({ a: [1, 2] });
    expect(row.yes).toBe(true);
    expect(Array.from(row.b as Uint8Array)).toEqual([1, 2]);
    // The drizzle driver keeps timestamps as text; its parsers cross as the types they cover.
    expect(typeof row.at).toBe('string');
  });

  it('carries long texts through shared memory, each intact, reusing the buffers', async () => {
    const long = (unit: string) => unit.repeat(Math.ceil(SHARED_TEXT_FROM_CHARS / unit.length) + 7);
    // One byte, two bytes and four bytes of UTF-8 a character, and a mix with a NUL-free JSON.
    const texts = [long('a'), long('é'), long('📚 x'), JSON.stringify({ s: long('€\\"') })];
    const pool = (thread as unknown as { texts: SharedTextPool }).texts;
    for (const round of [1, 2]) {
      const made = await Promise.all(
        texts.map((text) =>
          queryRows<{ same: boolean; chars: number }>(
            database.db,
            sql`select ${text}::text = ${text}::text as same, length(${text}::text) as chars`,
          ),
        ),
      );
      made.forEach(([row], i) => {
        expect(row!.same).toBe(true);
        expect(row!.chars).toBe([...texts[i]!].length);
      });
      // Back in the row as sent: what a read of the stored text would give.
      const [echo] = await queryRows<{ t: string }>(
        database.db,
        sql`select ${texts[2]}::text as t`,
      );
      expect(echo!.t).toBe(texts[2]);
      expect(pool.kept, `round ${round}`).toBe(2);
    }
    // A buffer given back is the next one lent for a text it can hold.
    const lent = pool.lend(texts[0]!)!;
    pool.giveBack(lent.buffer);
    const again = pool.lend(texts[0]!)!;
    expect(again.buffer).toBe(lent.buffer);
    pool.giveBack(again.buffer);
    // Text that is not well-formed crosses as it is, cloned, as every text did before.
    const lone = `${long('a')}\ud800`;
    expect(pool.lend(lone)).toBeNull();
    await expect(queryRows(database.db, sql`select ${lone}::text as t`)).resolves.toHaveLength(1);
  });

  it('carries a refusal across with its PostgreSQL code and constraint', async () => {
    await database.db.execute(sql`insert into thread_test values (1, 'one')`);
    const error = await database.db
      .execute(sql`insert into thread_test values (1, 'again')`)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { cause?: { constraint?: string } }).cause?.constraint).toBe(
      'thread_test_pkey',
    );
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_test values (10, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_test values (11, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`select id from thread_test where id in (10, 11) order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual([10]);
  });

  it('holds a statement from outside a transaction until the transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_test values (20, 'inside')`);
      order.push('inside');
      await held;
      order.push('commit');
    });
    // Give the transaction time to begin; the outside statement then waits for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from thread_test where id = 20`,
    ).then((rows) => {
      order.push('outside');
      return rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    // It saw the committed row, so it ran after the commit.
    expect(await outside).toBe(1);
    expect(order).toEqual(['inside', 'commit', 'outside']);
  });

  it('hears NOTIFY on a channel, and stops hearing it', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_test_channel', {
      message: (payload) => heard.push(payload),
      live: () => {},
    });
    await database.db.execute(sql`select pg_notify('thread_test_channel', 'hello')`);
    await waitFor(() => heard.length > 0);
    expect(heard).toEqual(['hello']);
    await stop();
    await database.db.execute(sql`select pg_notify('thread_test_channel', 'unheard')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['hello']);
  });

  it('collects its own heap when asked, and answers as before after it', async () => {
    // The thread's heap is not the server's: the collection after start-up must be asked of it
    // (docs/decisions/the-embedded-database-in-a-thread-of-its-own.md has the memory it gives back).
    await thread.releaseMemory();
    expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('fails every call after the thread ended, instead of waiting forever', async () => {
    const template = readFileSync(inject('pgliteTemplateFile'));
    const other = await PGliteThread.create({ loadDataDir: new Uint8Array(template) });
    await other.query('select 1');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}
