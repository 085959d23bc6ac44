/**
 * A node that takes the crash-test job and blocks in it, until the test kills it with SIGKILL.
 * Arguments: a PostgreSQL URL or a PGlite data folder, and the file it writes once the job runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { wrapPglite, wrapPool } from '../db/client';
import { crashTestJob, testRunner } from './jobs';

const [target = '', marker = ''] = process.argv.slice(2);
const database = target.startsWith('postgres')
  ? wrapPool(new pg.Pool({ connectionString: target, max: 4 }))
  : wrapPglite(await PGlite.create({ dataDir: target }));
const job = crashTestJob(() => {
  writeFileSync(marker, String(process.pid));
  return new Promise<void>(() => {});
});
const runner = testRunner(database, [job]);
await runner.start();
await runner.send(job, { attempt: 'first' });
