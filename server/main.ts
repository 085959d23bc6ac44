import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { releaseStartUpMemory } from './release-memory';
import { seedDemoIfWanted, seedFirstStart } from './seed';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function start(config: Config): Promise<void> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: Database | undefined;
  let admin: Awaited<ReturnType<typeof seedFirstStart>> = null;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    });
    await database.migrate();
    admin = await seedFirstStart(database.db, config);
  } catch (error) {
    await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }

  const app = await buildApp({ config, database });
  await seedDemoIfWanted(app.services, admin);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
  // With SPARQL_FILL_AT_START the store fills in the background now; otherwise the first query
  // starts the fill (and waits for it), so a server nobody queries keeps no worker and no store
  // in memory (see docs/decisions.md).
  if (config.sparql.fillAtStart) app.services.sparql.start();
  app.log.info(
    { database: database.kind, url: config.publicUrl },
    `xAPI Profile Server ready at ${config.publicUrl}`,
  );
}

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
