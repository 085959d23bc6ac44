import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PREPARE_ONLY_ARGUMENT, preparesApart, preparingRefusal } from './prepare-apart';
import { testConfig } from './test/app';

describe('which starts make their new database in a process of their own', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-apart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (overrides: Record<string, string> = {}) =>
    testConfig({ DATA_DIR: dataDir, DEMO_CONTENT: 'true', ...overrides });

  it('a new embedded database with demo content: no folder yet, or an empty one', () => {
    expect(preparesApart(config())).toBe(true);
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    expect(preparesApart(config())).toBe(true);
  });

  it('not a folder that holds a database already: that is a restart', () => {
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(preparesApart(config())).toBe(false);
    rmSync(path.join(dataDir, 'pglite'), { recursive: true });
  });

  it('not without demo content, nor on PostgreSQL', () => {
    expect(preparesApart(config({ DEMO_CONTENT: 'false' }))).toBe(false);
    expect(
      preparesApart(config({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' })),
    ).toBe(false);
  });

  it('the flag is refused unless the parent holds the folder, and on PostgreSQL', () => {
    expect(preparingRefusal(config())).toMatch(/is given by the server itself/);
    writeFileSync(path.join(dataDir, 'server.lock'), '2147483646');
    expect(preparingRefusal(config())).toMatch(/is given by the server itself/);
    expect(
      preparingRefusal(config({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' })),
    ).toBe(`${PREPARE_ONLY_ARGUMENT} is for the embedded database only.`);
  });
});
