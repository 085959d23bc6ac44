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
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

/**
 * The embedded database as the server reaches it: PGlite itself (tests, which load a copy of a
 * migrated template per file) or PGlite in a thread of its own (the server; see pglite-thread.ts).
 */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'listen' | 'close'> | PGliteThread;

export type Schema = typeof schema;
/** The drizzle handle every repository takes; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `folder` (by default the release's own) not yet applied. */
  migrate(folder?: string): Promise<void>;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /** Hears NOTIFY on `channel` from every node sharing this database (see notifications.ts). */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>;
  close(): Promise<void>;
  /**
   * When the embedded database in its own thread last finished a statement (ms since the epoch):
   * how `/health` tells a database busy with a long transaction from one that stopped answering.
   */
  lastAnswerAt?(): number;
  /** Collects garbage where the database keeps its own heap (the embedded database's thread). */
  releaseMemory?(): Promise<void>;
  /** PostgreSQL's connection pool now (PGlite has one connection and no pool). */
  poolUse?(): { total: number; idle: number; waiting: number };
}

/** The extensions the migrations create; PGlite needs them loaded before `CREATE EXTENSION`. */
export const pgliteExtensions = { pg_trgm };

/**
 * Set on every connection. A search's fuzzy second try (`server/modules/search.ts`) finds names
 * within this trigram word similarity of the text: pg_trgm's default, 0.6, missed one-letter
 * slips in short words ("vidoe" for "video" is 0.5).
 */
export const SESSION_SETTING = { name: 'pg_trgm.word_similarity_threshold', value: '0.45' };
const SESSION_SETTINGS = `SET ${SESSION_SETTING.name} = ${SESSION_SETTING.value}`;

/** `logger` sees every statement the app sends (tests use it to prove a path writes nothing). */
export function wrapPglite(embedded: EmbeddedClient, logger?: Logger): Database {
  // PGlite runs its statements one after another: this one comes before any the app sends.
  void embedded.exec(SESSION_SETTINGS).catch(() => {});
  // The thread answers the calls drizzle makes of PGlite, with the same results.
  const client = embedded as PGlite;
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    ping: () => ping(db),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close: () => client.close(),
    ...(embedded instanceof PGliteThread
      ? { lastAnswerAt: () => embedded.lastAnswerAt, releaseMemory: () => embedded.releaseMemory() }
      : {}),
  };
}

/**
 * Gives back to the pool a client whose connection ends while it is lent out. drizzle's
 * transaction takes a client and sends BEGIN before the `try` whose `finally` gives it back: a
 * connection ended between the two (a terminated backend, a restart) kept its client lent out for
 * good, one slot of the pool lost each time, until requests waited for a client for ever and
 * `pool.end()` never returned. Giving a client back twice is then harmless, as the owner that
 * survives such a loss gives it back too.
 */
function giveBackClientsWhoseConnectionEnds(pool: pg.Pool): void {
  const guarded = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (guarded.has(client)) return;
    guarded.add(client);
    let giveBack: ((error?: Error | boolean) => void) | undefined;
    let lent = false;
    // The pool sets `release` each time it lends the client out, just after this event.
    Object.defineProperty(client, 'release', {
      configurable: true,
      set(release: (error?: Error | boolean) => void) {
        giveBack = release;
        lent = true;
      },
      get() {
        return (error?: Error | boolean) => {
          if (!lent) return;
          lent = false;
          giveBack?.(error);
        };
      },
    });
    client.on('end', () => {
      if (lent) client.release(new Error('The connection ended while its client was lent out.'));
    });
  });
}

export function wrapPool(pool: pg.Pool, logger?: Logger): Database {
  giveBackClientsWhoseConnectionEnds(pool);
  // An idle client that loses its server (a restart, a dropped test database) must not crash the
  // process; the next query through the pool reports the problem.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A client lent out when its server goes (a terminated backend, a restart) fails the query
    // under way and then emits 'error', which the pool listens for only while the client is idle:
    // unheard, it would end the process. The failed query already tells its caller, and the pool
    // drops the client when it comes back, as it no longer takes queries.
    client.on('error', () => {});
  });
  // Sent with each new connection's start-up message rather than as a first query: a query sent
  // from the 'connect' event ran beside the one the pool had just handed the client out for,
  // which pg deprecates (and pg 9 refuses).
  const startupOptions = [
    pool.options.options,
    `-c ${SESSION_SETTING.name}=${SESSION_SETTING.value}`,
  ];
  pool.options.options = startupOptions.filter(Boolean).join(' ');
  const pgDb = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) });
  const db = pgDb as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: (folder = migrationsFolder) => migratePg(pgDb, { migrationsFolder: folder }),
    ping: () => ping(db),
    listen: (channel, handlers) => listenPostgres(pool.options, channel, handlers),
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

/** PGlite's cache of table pages when nothing else is set (`PGLITE_SHARED_BUFFERS_MB`). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/**
 * Memory settings for the embedded database. PGlite runs PostgreSQL's defaults, sized for a server
 * with many connections (128 MB of shared buffers, 64 MB for index builds); its WebAssembly memory
 * only ever grows, so whatever a moment needs stays held for the life of the process. One
 * connection and a catalogue of profiles need far less: see
 * docs/decisions/memory-of-the-embedded-database-and-weight-of-the-web-app.md.
 */
export function pgliteSettings(sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): string[] {
  return [
    ['shared_buffers', `${sharedBuffersMb}MB`],
    ['maintenance_work_mem', '16MB'],
    ['work_mem', '2MB'],
    ['temp_buffers', '2MB'],
  ].flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** Everything PGlite starts PostgreSQL with: its own defaults, then `pgliteSettings`. */
export function pgliteStartParams(sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, ...pgliteSettings(sharedBuffersMb)];
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir/pglite`: in
 * this thread, or with `inThread` in a worker thread of its own (`PGLITE_IN_THREAD`).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string;
  pgliteSharedBuffersMb?: number;
  inThread?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    return wrapPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  }
  const dataDir = options.pgliteDir ?? 'memory://';
  const startParams = pgliteStartParams(options.pgliteSharedBuffersMb);
  if (!options.inThread) {
    const client = await PGlite.create({ dataDir, extensions: pgliteExtensions, startParams });
    return wrapPglite(client);
  }
  return wrapPglite(await PGliteThread.create({ dataDir, startParams }));
}
