import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql, type Logger } from 'drizzle-orm';
import { inject } from 'vitest';
import {
  pgliteExtensions,
  pgliteStartParams,
  wrapPglite,
  wrapPool,
  type Database,
  type Db,
} from '../db/client';
import { PGliteThread } from '../db/pglite-thread';
import { databaseUrlFor } from './global-setup';

/**
 * A migrated database of this test file's own: a copy of the PGlite template, or, when
 * TEST_DATABASE_URL is set, a throwaway PostgreSQL database made from the migrated template.
 * `close()` drops it. `logger` sees every statement the app sends through drizzle. With
 * `inThread`, PGlite runs in a thread of its own, as the server runs it (`PGliteThread`); by
 * default in the test's thread, which starts faster.
 */
export async function createTestDatabase(
  logger?: Logger,
  options: { inThread?: boolean } = {},
): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const template = pgliteTemplate();
    if (options.inThread)
      return wrapPglite(
        await PGliteThread.create({
          loadDataDir: new Uint8Array(await template.arrayBuffer()),
          startParams: pgliteStartParams(),
        }),
        logger,
      );
    const client = await PGlite.create({
      loadDataDir: template,
      extensions: pgliteExtensions,
      // The server's memory settings: with PostgreSQL's own 128 MB of shared buffers a copy
      // took about twice as long to open (docs/testing.md).
      startParams: pgliteStartParams(),
    });
    return wrapPglite(client, logger);
  }

  const name = `xps_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDatabase')}`);
  await admin.end();
  const url = databaseUrlFor(baseUrl, name);
  const database = wrapPool(new pg.Pool({ connectionString: url, max: 4 }), logger);
  const copy: Database = {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
  urls.set(copy, url);
  return copy;
}

const urls = new WeakMap<Database, string>();

/**
 * The migrated template PGlite loads a copy of, read once per worker (its files share modules).
 * PGlite reads it with `arrayBuffer()`, which for a Blob of 42 MB on Node.js 20 gathered it in
 * pieces, about a third of a copy's opening: this one hands over a copy of the bytes it holds.
 */
class TemplateBlob extends Blob {
  constructor(private readonly held: Uint8Array<ArrayBuffer>) {
    super([held]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held.slice().buffer);
  }
}
let template: TemplateBlob | undefined;
function pgliteTemplate(): TemplateBlob {
  template ??= new TemplateBlob(new Uint8Array(readFileSync(inject('pgliteTemplateFile'))));
  return template;
}

/**
 * A second node's connection to the same PostgreSQL test database (closing it leaves the
 * database in place). PGlite is one process, so it has no second node.
 */
export function anotherNode(database: Database): Database {
  const url = urls.get(database);
  if (!url) throw new Error('only a PostgreSQL test database has other nodes');
  return wrapPool(new pg.Pool({ connectionString: url, max: 4 }));
}

/**
 * Runs `change` as a write from outside the application would land, with the database's own
 * guards off (`session_replication_role = replica` disables its triggers, for this transaction
 * only): for tests that need rows no door of the server writes, such as a published version's
 * snapshot from before a check existed, or one changed behind the server's back to prove it is
 * never read again.
 */
export async function behindTheGuards(db: Db, change: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });
}
