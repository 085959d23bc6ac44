import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secrets = {
  SESSION_SECRET: 's'.repeat(32),
  SALT_SECRET: 't'.repeat(32),
  ALTCHA_HMAC_KEY: 'u'.repeat(32),
};

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
}

describe('loadConfig', () => {
  it('names the variable in one line when a value is bad', () => {
    const message = errorOf({ ...secrets, PORT: 'abc' });
    expect(message).toBe('Invalid configuration: PORT must be a number (got "abc").');
    expect(message).not.toContain('\n');
    expect(errorOf({ ...secrets, PORT: '70000' })).toContain('PORT must be between 1 and 65535');
    expect(errorOf({ ...secrets, DATABASE_URL: 'mysql://x' })).toContain(
      'DATABASE_URL must start with postgres://',
    );
    expect(errorOf({ ...secrets, NODE_ENV: 'staging' })).toContain('NODE_ENV must be');
    expect(errorOf({ ...secrets, PUBLIC_URL: 'not a url' })).toContain('PUBLIC_URL');
    expect(errorOf({ ...secrets, SESSION_SECRET: 'short' })).toContain(
      'SESSION_SECRET must be at least 32 characters',
    );
    expect(errorOf({ ...secrets, SPARQL_FILL_AT_START: 'sometimes' })).toContain(
      'SPARQL_FILL_AT_START',
    );
    expect(errorOf({ ...secrets, SNAPSHOT_CACHE_MB: '0' })).toBe(
      'Invalid configuration: SNAPSHOT_CACHE_MB must be at least 1 (got "0").',
    );
    expect(errorOf({ ...secrets, SNAPSHOT_CACHE_MB: 'lots' })).toContain(
      'SNAPSHOT_CACHE_MB must be a number',
    );
  });

  it('applies defaults that run a local server', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.snapshotCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ...secrets, SNAPSHOT_CACHE_MB: '8' }).snapshotCacheBytes).toBe(8388608);
    expect(config.sparql.fillAtStart).toBe(false);
    expect(loadConfig({ ...secrets, SPARQL_FILL_AT_START: 'true' }).sparql.fillAtStart).toBe(true);
    expect(loadConfig({ ...secrets, PUBLIC_URL: 'https://profiles.example.org/' }).publicUrl).toBe(
      'https://profiles.example.org',
    );
  });

  it('sizes the embedded database cache from PGLITE_SHARED_BUFFERS_MB, 16 MB unless set', () => {
    expect(loadConfig({ ...secrets }).pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ ...secrets, PGLITE_SHARED_BUFFERS_MB: '64' }).pgliteSharedBuffersMb).toBe(
      64,
    );
    expect(errorOf({ ...secrets, PGLITE_SHARED_BUFFERS_MB: 'lots' })).toBe(
      'Invalid configuration: PGLITE_SHARED_BUFFERS_MB must be a number (got "lots").',
    );
    expect(errorOf({ ...secrets, PGLITE_SHARED_BUFFERS_MB: '0' })).toContain(
      'PGLITE_SHARED_BUFFERS_MB must be at least 1',
    );
    expect(errorOf({ ...secrets, PGLITE_SHARED_BUFFERS_MB: '2048' })).toContain(
      'PGLITE_SHARED_BUFFERS_MB must be at most 1024',
    );
    expect(errorOf({ ...secrets, PGLITE_SHARED_BUFFERS_MB: '1.5' })).toContain(
      'PGLITE_SHARED_BUFFERS_MB must be a whole number',
    );
  });

  it('runs a process per core on PostgreSQL and one on the embedded database', () => {
    const pg = { ...secrets, DATABASE_URL: 'postgres://db.example.org/xps' };
    expect(loadConfig(pg).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig(secrets).webConcurrency).toBe(1);
    expect(loadConfig({ ...secrets, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(errorOf({ ...secrets, WEB_CONCURRENCY: '2' })).toMatch(
      /WEB_CONCURRENCY must be 1 \(or unset\) on the embedded database/,
    );
    expect(errorOf({ ...pg, WEB_CONCURRENCY: '0' })).toMatch(/WEB_CONCURRENCY/);
  });

  it('refuses to start in production without real secrets', () => {
    const message = errorOf({ NODE_ENV: 'production', SESSION_SECRET: secrets.SESSION_SECRET });
    expect(message).toContain('SALT_SECRET, ALTCHA_HMAC_KEY must be set in production');
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).secrets).toEqual(secrets);
  });

  it('generates development secrets once and keeps them in the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).secrets;
    const second = loadConfig({ DATA_DIR: dataDir }).secrets;
    expect(second).toEqual(first);
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first)).size).toBe(3);
    const file = path.join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
