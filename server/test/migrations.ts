/** Migrating a database step by step, to test a migration on data of the schema before it. */
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  migrationsFolder,
  pgliteExtensions,
  wrapPglite,
  wrapPool,
  type Database,
} from '../db/client';
import { databaseUrlFor } from './global-setup';

/** The migrations folder as it was up to `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xps-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** An empty database, migrated by `migrate` (to a chosen folder) and by `migrateAll`. */
export interface Fresh {
  database: Database;
  migrateTo(folder: string): Promise<void>;
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<Fresh> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const client = await PGlite.create({ dataDir: 'memory://', extensions: pgliteExtensions });
    return {
      database: wrapPglite(client),
      migrateTo: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      drop: () => client.close(),
    };
  }
  const name = `xps_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrlFor(baseUrl, name), max: 4 });
  return {
    database: wrapPool(pool),
    migrateTo: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    drop: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
