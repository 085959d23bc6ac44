import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

/** The process that holds the data folder's lock, if any process does. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const holder = Number.parseInt(readFileSync(lockFile(dataDir), 'utf8'), 10);
    return Number.isInteger(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite happily opens one folder from two processes and corrupts it; this lock file makes the
 * second server refuse. A lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock its holder removed meanwhile reads as none, and the next attempt takes it.
      const holder = lockHolder(dataDir);
      if (holder !== undefined && holder !== process.pid && processIsAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server (process ${holder}). ` +
            'Stop that server first, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
