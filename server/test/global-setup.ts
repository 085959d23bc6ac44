import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { isUpToDate, TARGETS } from '../../scripts/build-when-changed';
import { pgliteExtensions, wrapPglite, wrapPool } from '../db/client';
import { prepareJobQueues } from '../jobs/queue-only';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data folder that each test file loads its own copy of. */
    pgliteTemplateFile: string;
    /** Name of a migrated PostgreSQL database each test file copies, when TEST_DATABASE_URL is set. */
    pgTemplateDatabase: string;
    /**
     * The compiled server (`dist/server/main.js`) when it is made from the sources as they are
     * now, else '': the tests that start a server as a child process run it then.
     */
    builtServer: string;
  }
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates one database before any test runs; each test file then starts from a copy of it
 * (creating and migrating a fresh PGlite per file would cost seconds and most of a gigabyte).
 * The copy also holds pg-boss's schema and the application's queues, as a database does after
 * its server's first start: making them took about 250 ms of each test server's start on
 * PGlite (docs/testing.md). A server's first start, which makes them, is what the start-up
 * tests run (`main.test.ts`, `move-cli.test.ts`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'xps-test-'));
  const cleanups: Array<() => Promise<void>> = [
    async () => rmSync(workDir, { recursive: true, force: true }),
  ];

  // A server started from the sources compiles every module through tsx at each start; the
  // start-up tests start a dozen, and two of their files took 88 s of CPU so against 72 s from
  // the compiled file (docs/testing.md).
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const server = TARGETS.find((t) => t.script === 'build:server');
  project.provide(
    'builtServer',
    server && (await isUpToDate(root, server)) ? path.join(root, server.output) : '',
  );

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const templateName = `xps_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const database = wrapPool(
      new pg.Pool({ connectionString: databaseUrlFor(baseUrl, templateName), max: 1 }),
    );
    await database.migrate();
    await prepareJobQueues(database);
    await database.close();
    project.provide('pgTemplateDatabase', templateName);
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await client.end();
    });
  } else {
    const client = await PGlite.create({ dataDir: 'memory://', extensions: pgliteExtensions });
    const database = wrapPglite(client);
    await database.migrate();
    await prepareJobQueues(database);
    // A copy opened from a checkpoint has no log to replay first (docs/testing.md).
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    const file = path.join(workDir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplateFile', file);
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
