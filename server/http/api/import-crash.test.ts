import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateProfile } from '../../../xapi/fixtures/generated-profile';
import { buildApp } from '../../app';
import { pgliteExtensions, queryRows, wrapPglite, type Database } from '../../db/client';
import { profileItems, profileVersions, profiles } from '../../db/schema';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { databaseUrlFor } from '../../test/global-setup';
import { eventually } from '../../test/jobs';

const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * A node killed with SIGKILL in the middle of a large import (`POST /api/profile`, 600 items,
 * stopped inside its transaction once its items were written) leaves no trace of the profile
 * once the database is opened again: an import is stored whole or not at all, and the same
 * document imports cleanly afterwards.
 */
describe('a node killed during a large import', () => {
  async function crashDuringImport(target: string, reopen: () => Promise<Database>) {
    const work = mkdtempSync(path.join(tmpdir(), 'xps-import-crash-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/import-child.ts', target, work],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    let exited = false;
    const exit = new Promise((resolve) =>
      child.once('exit', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    try {
      await eventually(
        'the child to stop inside the import',
        async () => {
          if (exited || existsSync(path.join(work, 'finished')))
            throw new Error(`the child ended before the kill: ${stderr}`);
          return existsSync(path.join(work, 'inside'));
        },
        120_000,
      );
      child.kill('SIGKILL');
      await exit;
      const setup = JSON.parse(readFileSync(path.join(work, 'setup.json'), 'utf8')) as {
        iri: string;
        items: number;
        key: string;
      };
      expect(setup.items).toBe(600);

      const restarted = await reopen();
      try {
        const { db } = restarted;
        const stored = await db.select().from(profiles).where(eq(profiles.iri, setup.iri));
        const items = await db
          .select({ id: profileItems.id })
          .from(profileItems)
          .where(like(profileItems.iri, `${setup.iri}/%`));
        const versions = await db
          .select({ id: profileVersions.id })
          .from(profileVersions)
          .where(like(profileVersions.iri, `${setup.iri}/%`));
        expect({ profiles: stored.length, items: items.length, versions: versions.length }).toEqual(
          { profiles: 0, items: 0, versions: 0 },
        );

        // Nothing half-written stands in the way: the same document imports whole.
        const app = await buildApp({ config: testConfig(), database: restarted, logger: false });
        await app.ready();
        try {
          const response = await app.inject({
            method: 'POST',
            url: '/api/profile',
            headers: { 'x-api-key': setup.key, 'content-type': 'application/json' },
            payload: `{"profile":${generateProfile(10, setup.iri)}}`,
          });
          expect(response.statusCode, response.body).toBe(200);
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${profileItems} where ${profileItems.iri} like ${`${setup.iri}/%`}`,
          );
          expect(row?.n).toBe(setup.items);
        } finally {
          await app.close();
        }
      } finally {
        await restarted.close();
      }
    } finally {
      child.kill('SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  }

  it.skipIf(!!baseUrl)(
    'leaves nothing of the profile on PGlite on disk',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-import-crash-db-'));
      try {
        await crashDuringImport(dataDir, async () =>
          wrapPglite(await PGlite.create({ dataDir, extensions: pgliteExtensions })),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it.skipIf(!baseUrl)(
    'leaves nothing of the profile on PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      try {
        const { rows } = (await database.db.execute(sql`select current_database() as name`)) as {
          rows: Array<{ name: string }>;
        };
        const url = databaseUrlFor(baseUrl ?? '', rows[0]!.name);
        // The server rolls back the killed node's transaction when it sees the connection drop.
        await crashDuringImport(url, async () => {
          await eventually('the killed connection to go', async () => {
            const active = await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and pid <> pg_backend_pid()
                  and backend_xid is not null`,
            );
            return active[0]?.n === 0;
          });
          return { ...database, close: async () => {} };
        });
      } finally {
        await database.close();
      }
    },
    240_000,
  );
});
