/**
 * The operator's commands over a database of either engine: `backup`, `restore` and `move`
 * (`npm run backup -- FILE`, `npm run restore -- FILE`, `npm run move -- --from A --to B`).
 * A place is a PostgreSQL URL (`postgres://…`) or a data folder (PGlite in `FOLDER/pglite`);
 * without one, the configured database (DATABASE_URL, else DATA_DIR). See docs/operations.md.
 */
import { copyFileSync, createReadStream, createWriteStream, existsSync, rmSync } from 'node:fs';
import { mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import {
  BackupDamaged,
  restoreBackup,
  RestoreRefused,
  writeBackup,
  type BackupJob,
  type BackupSummary,
  type RestoreSummary,
} from './db/backup';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { queueOnlyRunner } from './jobs/queue-only';

/** Where a database is: a PostgreSQL server or a data folder. */
export type Place = { url: string } | { dataDir: string };

export function placeOf(text: string): Place {
  return /^postgres(ql)?:\/\//.test(text) ? { url: text } : { dataDir: path.resolve(text) };
}

export function describePlace(place: Place): string {
  return 'url' in place ? 'PostgreSQL at the URL given' : `the data folder ${place.dataDir}`;
}

/** Opens a place's database; a data folder is locked as the server locks it (one user at once). */
export async function openPlace(
  place: Place,
  options: { existing?: boolean } = {},
): Promise<{ database: Database; release(): Promise<void> }> {
  if ('dataDir' in place && options.existing && !existsSync(path.join(place.dataDir, 'pglite')))
    throw new PlaceMissing(`There is no database in ${place.dataDir} (no pglite folder).`);
  if ('url' in place) {
    const database = await openDatabase({ databaseUrl: place.url });
    return { database, release: () => database.close() };
  }
  const unlock = acquireDataDirLock(place.dataDir);
  try {
    const database = await openDatabase({ pgliteDir: path.join(place.dataDir, 'pglite') });
    return {
      database,
      release: async () => {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Writes a backup of `database` to `file` (through a temporary name, so a half file never stays). */
export async function backupToFile(database: Database, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  try {
    const summary = await writeBackup(database, out);
    renameSync(partial, file);
    return summary;
  } catch (error) {
    // The file goes once the stream has closed (it may still be opening it).
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    rmSync(partial, { force: true });
    throw error;
  }
}

/** A place named as a source that holds no database. */
export class PlaceMissing extends Error {}

/**
 * Queues again, without running them, the jobs a backup held (a webhook delivery waiting for its
 * next attempt, a mail not yet sent): pg-boss makes its schema and queues, takes them, and stops.
 */
export async function requeueJobs(database: Database, jobs: BackupJob[]): Promise<number> {
  const runner = queueOnlyRunner(database);
  await runner.start({ work: false });
  try {
    return await runner.sendSaved(jobs);
  } finally {
    await runner.stop();
  }
}

export async function restoreFromFile(database: Database, file: string): Promise<RestoreSummary> {
  return restoreBackup(database, createReadStream(file), {
    requeue: async (jobs) => {
      await requeueJobs(database, jobs);
    },
  });
}

/**
 * Moves the registry of one place into another, empty one: a backup of the first restored into
 * the second. The source is only read. Development secrets (`secrets.json`) go with a move between
 * data folders, so passwords' unknown-address salts, sessions and webhook secrets still work.
 */
export async function move(from: Place, to: Place, file?: string): Promise<RestoreSummary> {
  const dir = file ? null : mkdtempSync(path.join(tmpdir(), 'xps-move-'));
  const backupFile = file ?? path.join(dir ?? '', 'move.backup.gz');
  try {
    const source = await openPlace(from, { existing: true });
    try {
      await backupToFile(source.database, backupFile);
    } finally {
      await source.release();
    }
    const target = await openPlace(to);
    try {
      const summary = await restoreFromFile(target.database, backupFile);
      if ('dataDir' in from && 'dataDir' in to) {
        const secrets = path.join(from.dataDir, 'secrets.json');
        const copy = path.join(to.dataDir, 'secrets.json');
        if (existsSync(secrets) && !existsSync(copy)) copyFileSync(secrets, copy);
      }
      return summary;
    } finally {
      await target.release();
    }
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const USAGE = `Usage:
  npm run backup -- FILE [--from PLACE]
  npm run restore -- FILE [--to PLACE]
  npm run move -- --from PLACE --to PLACE [--keep FILE]

PLACE is a PostgreSQL URL (postgres://user@host/db) or a data folder (as DATA_DIR).
Without --from or --to, the configured database: DATABASE_URL, else DATA_DIR (./data).`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} needs a value.`);
  args.splice(at, 2);
  return value;
}

class UsageError extends Error {}

function configuredPlace(env: NodeJS.ProcessEnv): Place {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: path.resolve(env.DATA_DIR ?? './data') };
}

const total = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

/** Runs one command; answers the exit code. `say` prints a line for the operator. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [command, ...rest] = argv;
  const args = [...rest];
  try {
    if (command === 'backup') {
      const fromText = option(args, '--from');
      const file = args[0];
      if (!file || args.length > 1) throw new UsageError('backup takes one FILE.');
      const from = fromText ? placeOf(fromText) : configuredPlace(env);
      const started = Date.now();
      const source = await openPlace(from, { existing: true });
      try {
        const { header, trailer } = await backupToFile(source.database, path.resolve(file));
        say(
          `Backed up ${total(trailer.rows)} rows of ${header.tables.length} tables and ${trailer.jobs} waiting jobs (schema ${header.schema.tag}) from ${describePlace(from)} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
      } finally {
        await source.release();
      }
      return 0;
    }
    if (command === 'restore') {
      const toText = option(args, '--to');
      const file = args[0];
      if (!file || args.length > 1) throw new UsageError('restore takes one FILE.');
      const to = toText ? placeOf(toText) : configuredPlace(env);
      const started = Date.now();
      const target = await openPlace(to);
      try {
        const summary = await restoreFromFile(target.database, path.resolve(file));
        say(
          `Restored ${total(summary.rows)} rows (taken with schema ${summary.header.schema.tag}, now ${summary.schema?.tag ?? 'none'}) and queued ${summary.jobs.length} waiting jobs into ${describePlace(to)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
      } finally {
        await target.release();
      }
      return 0;
    }
    if (command === 'move') {
      const fromText = option(args, '--from');
      const toText = option(args, '--to');
      const keep = option(args, '--keep');
      if (!fromText || !toText || args.length > 0)
        throw new UsageError('move takes --from PLACE and --to PLACE.');
      const from = placeOf(fromText);
      const to = placeOf(toText);
      const started = Date.now();
      const summary = await move(from, to, keep ? path.resolve(keep) : undefined);
      say(
        `Moved ${total(summary.rows)} rows from ${describePlace(from)} to ${describePlace(to)} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server on the new place with the same SESSION_SECRET, SALT_SECRET and ALTCHA_HMAC_KEY.`,
      );
      return 0;
    }
    throw new UsageError(command ? `Unknown command ${command}.` : 'Name a command.');
  } catch (error) {
    if (error instanceof UsageError) {
      say(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof RestoreRefused ||
      error instanceof BackupDamaged ||
      error instanceof DataDirLockedError ||
      error instanceof PlaceMissing
    ) {
      say(error.message);
      return 1;
    }
    say(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
