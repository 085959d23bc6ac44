import path from 'node:path';
import { buildApp } from './app';
import { isClusterProcess, runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import {
  isPreparingProcess,
  leaveWithTheServer,
  prepareInChildProcess,
  preparesApart,
  preparingRefusal,
} from './prepare-apart';
import { releaseStartUpMemory } from './release-memory';
import type { UserRow } from './db/schema';
import { seedDemoIfWanted, seedFirstStart } from './seed';

/** How long requests in flight may take to finish once a stop is asked for. */
const IN_FLIGHT_GRACE_MS = 10_000;
/** How long a stop may take in all before the process leaves regardless. */
const STOP_LIMIT_MS = 25_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
const openConfigured = (config: Config) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    inThread: config.pgliteInThread,
  });

/**
 * Opens the database, brings its schema up to date and, on a new installation, creates the first
 * admin, returned so the demo content can be made in their name. Done once per start: by the
 * server itself, or by the primary of a cluster before its processes start, so they neither race
 * to migrate nor seed twice.
 */
async function prepare(
  config: Config,
  releaseLock: () => void,
): Promise<{ database: Database; admin: UserRow | null }> {
  let database: Database | undefined;
  try {
    database = await openConfigured(config);
    await database.migrate();
    const admin = await seedFirstStart(database.db, config);
    return { database, admin };
  } catch (error) {
    await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

/** Serves the site: alone, or as one process of a cluster (which its primary prepared). */
async function serve(config: Config): Promise<void> {
  const inCluster = isClusterProcess();
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  // A new embedded database and its demo content are made by a process of their own, which
  // gives back all it used when it ends; this one then opens the folder as on a restart.
  if (!inCluster && preparesApart(config)) {
    await prepareInChildProcess().catch((error: unknown) => {
      releaseLock();
      throw error;
    });
  }
  const { database, admin } = inCluster
    ? { database: await openConfigured(config), admin: null }
    : await prepare(config, releaseLock);

  const app = await buildApp({ config, database });
  await seedDemoIfWanted(app.services, admin);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // New connections are refused at once; requests in flight get IN_FLIGHT_GRACE_MS to finish,
    // then their connections are cut. Jobs under way get as long again (JobRunner.stop), and a
    // node that still has not stopped after STOP_LIMIT_MS leaves anyway: its jobs expire and
    // run again on any node.
    setTimeout(() => app.server.closeAllConnections(), IN_FLIGHT_GRACE_MS).unref();
    setTimeout(() => {
      app.log.error({ signal }, 'stopping took too long; leaving now');
      releaseLock();
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    void app
      .close()
      .then(() => database.close())
      .catch((error: unknown) => app.log.error({ err: error }, 'error while shutting down'))
      .finally(() => {
        releaseLock();
        process.exit(0);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  releaseStartUpMemory();
  await database.releaseMemory?.();
  app.forgetStartUpDelays();
  // With SPARQL_FILL_AT_START the store fills in the background now; otherwise the first query
  // starts the fill (and waits for it), so a server nobody queries keeps no worker and no store
  // in memory (see docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md).
  if (config.sparql.fillAtStart) app.services.sparql.start();
  // A cluster's primary says it is ready once every process listens.
  if (inCluster) return;
  app.log.info(
    { database: database.kind, url: config.publicUrl },
    `xAPI Profile Server ready at ${config.publicUrl}`,
  );
}

/**
 * Prepares the database and, on a new installation, makes the demo content, then closes it: for
 * the primary of a cluster before its processes start, and in the process a server starts to
 * make a new embedded database apart from itself (prepare-apart.ts).
 */
async function prepareAndSeed(config: Config): Promise<void> {
  const { database, admin } = await prepare(config, () => {});
  try {
    if (admin && config.demoContent) {
      // The demo content is made through the services, as the site would make it.
      const app = await buildApp({ config, database });
      await seedDemoIfWanted(app.services, admin)
        .then(() => app.log.info('demo content made'))
        .finally(() => app.close());
    }
  } finally {
    await database.close();
  }
}

/** The primary of a cluster prepares the database once, then starts the serving processes. */
async function startCluster(config: Config): Promise<void> {
  await prepareAndSeed(config);
  runPrimary({ processes: config.webConcurrency, publicUrl: config.publicUrl });
}

/** The process a server starts to make a new embedded database apart from itself, then leave. */
async function prepareApart(config: Config): Promise<void> {
  const refusal = preparingRefusal(config);
  if (refusal) fail(refusal);
  leaveWithTheServer();
  await prepareAndSeed(config);
  process.exit(0);
}

const start = (config: Config) =>
  isPreparingProcess()
    ? prepareApart(config)
    : config.webConcurrency > 1 && !isClusterProcess()
      ? startCluster(config)
      : serve(config);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

start(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`Port ${config.port} is already in use: set PORT to a free port.`);
  if (code === 'ECONNREFUSED') fail('Could not connect to the database at DATABASE_URL.');
  fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
});
