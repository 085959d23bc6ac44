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
