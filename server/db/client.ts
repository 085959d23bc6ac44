import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  listenPglite,
  listenPostgres,
  type ChannelHandlers,
  type StopListening,
} from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle every repository takes; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /** Hears NOTIFY on `channel` from every node sharing this database (see notifications.ts). */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

/** The extensions the migrations create; PGlite needs them loaded before `CREATE EXTENSION`. */
export const pgliteExtensions = { pg_trgm };

/** `logger` sees every statement the app sends (tests use it to prove a path writes nothing). */
export function wrapPglite(client: PGlite, logger?: Logger): Database {
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close: () => client.close(),
  };
}

export function wrapPool(pool: pg.Pool, logger?: Logger): Database {
  // An idle client that loses its server (a restart, a dropped test database) must not crash the
  // process; the next query through the pool reports the problem.
  pool.on('error', () => {});
  const pgDb = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) });
  const db = pgDb as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(pgDb, { migrationsFolder }),
    ping: () => ping(db),
    listen: (channel, handlers) => listenPostgres(pool.options, channel, handlers),
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL statement, typed by the caller; the same on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir/pglite`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    return wrapPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  }
  const client = await PGlite.create({
    dataDir: options.pgliteDir ?? 'memory://',
    extensions: pgliteExtensions,
  });
  return wrapPglite(client);
}
