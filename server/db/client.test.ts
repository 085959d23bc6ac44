import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

describe('openDatabase on PGlite', () => {
  // A first open runs initdb: slow on a busy machine, so this one test gets more time.
  it(
    'opens with the memory settings of a one-connection server',
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'xps-client-'));
      const database = await openDatabase({ pgliteDir: dir, pgliteSharedBuffersMb: 8 });
      try {
        const show = async (name: string) => {
          const [row] = await queryRows<Record<string, string>>(
            database.db,
            sql.raw(`show ${name}`),
          );
          return row?.[name];
        };
        expect(await show('shared_buffers')).toBe('8MB');
        expect(await show('maintenance_work_mem')).toBe('16MB');
        expect(await show('work_mem')).toBe('2MB');
        expect(await show('temp_buffers')).toBe('2MB');
      } finally {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('openDatabase on PostgreSQL', () => {
  it('sets the search threshold on every connection of the pool, before its first query', async () => {
    const database = await openDatabase({ databaseUrl: postgresUrl });
    const warnings: string[] = [];
    const hear = (warning: Error) => warnings.push(warning.message);
    process.on('warning', hear);
    try {
      // Ten at once: each is a new connection of the pool, lent out as soon as it connects.
      const thresholds = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const [row] = await queryRows<{ value: string }>(
            database.db,
            sql`select current_setting('pg_trgm.word_similarity_threshold') as value, pg_sleep(0.05)`,
          );
          return row?.value;
        }),
      );
      expect(thresholds).toEqual(Array.from({ length: 10 }, () => '0.45'));
      expect(database.poolUse?.().total).toBeGreaterThan(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', hear);
      await database.close();
    }
  });
});
