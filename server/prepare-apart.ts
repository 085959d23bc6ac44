import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { lockHolder } from './db/lock';

/** The argument that makes `main` prepare a new embedded database, seed it, and leave. */
export const PREPARE_ONLY_ARGUMENT = '--prepare-new-data-folder';

/** Whether this process was started by `prepareInChildProcess` to do that one job. */
export const isPreparingProcess = (): boolean => process.argv.includes(PREPARE_ONLY_ARGUMENT);

/**
 * Whether a start should make the new embedded database and its demo content in a process of
 * its own: on PGlite, demo content wanted, and no database in the data folder yet. Making them
 * (initdb in a second WebAssembly instance, the migrations, a dozen imports and publications)
 * leaves about 60 MiB in the server's malloc heaps and V8 pages that a full collection does not
 * give back; a process that ends gives all of it back (see
 * docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md).
 */
export function preparesApart(config: Config): boolean {
  if (config.databaseUrl || !config.demoContent) return false;
  const folder = path.join(config.dataDir, 'pglite');
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/** What the preparing process ended with, when it did not end well. */
class PreparingFailedError extends Error {}

/**
 * Runs this same program (same Node.js, same flags, same environment, same terminal) with
 * `PREPARE_ONLY_ARGUMENT`, and waits for it to end. The caller holds the data folder's lock for
 * the whole of it, so no other server can open the folder in between.
 */
export function prepareInChildProcess(): Promise<void> {
  const script = process.argv[1];
  if (!script) return Promise.reject(new PreparingFailedError('no program path to start'));
  // The channel is there to close: it tells the child when this process has gone.
  const child = spawn(process.execPath, [...process.execArgv, script, PREPARE_ONLY_ARGUMENT], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new PreparingFailedError(
            `preparing the new database ended with ${signal ?? `exit status ${String(code)}`}`,
          ),
        );
    });
  });
}

/**
 * In the preparing process: leave as soon as the server that started it has gone (stopped by a
 * signal meant for it alone), so that no orphan goes on writing into a folder whose lock its
 * parent no longer holds.
 */
export function leaveWithTheServer(): void {
  process.once('disconnect', () => process.exit(1));
}

/**
 * Why this process may not prepare the folder: only a server that holds the folder's lock starts
 * it, so a parent that does not hold it means the flag was given by hand, perhaps beside a
 * running server, and two processes must never open one PGlite folder.
 */
export function preparingRefusal(config: Config): string | undefined {
  if (config.databaseUrl) return `${PREPARE_ONLY_ARGUMENT} is for the embedded database only.`;
  if (lockHolder(config.dataDir) !== process.ppid || !process.connected)
    return `${PREPARE_ONLY_ARGUMENT} is given by the server itself, to the process it starts; start the server without it.`;
  return undefined;
}
