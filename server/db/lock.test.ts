import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockHolder } from './lock';

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first runs, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xps-lock-'));
    // A live process other than this one holds the lock: the parent of this test worker.
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another server/);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xps-lock-'));
    writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock that names no process (a write cut short)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xps-lock-'));
    writeFileSync(path.join(dir, 'server.lock'), '');
    const release = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    release();
    expect(lockHolder(dir)).toBeUndefined();
  });
});
