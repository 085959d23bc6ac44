import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import type { ServiceOverrides } from '../services';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './database';

const testSecret = (name: string) => `${name}-for-tests-only-0123456789abcdef`;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: testSecret('session'),
    SALT_SECRET: testSecret('salt'),
    ALTCHA_HMAC_KEY: testSecret('altcha'),
    LOG_LEVEL: 'silent',
    // Mails and events are jobs: tests poll at the fastest pace pg-boss allows.
    JOB_POLL_SECONDS: '0.5',
    SPA_DIR: 'server/test/fixtures/spa',
    // Two suites share two cores: their delays are the machine's, not a node's to refuse work
    // for. The tests of load shedding turn it on.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    // Every app a test builds would start its own SPARQL workers, each loading the engine: one
    // is enough for what a test asks; the tests of the pool ask for more where they need it.
    SPARQL_WORKERS: '1',
    ...overrides,
  });
}

export interface TestApp {
  app: BuiltApp;
  database: Database;
  config: Config;
  /** Every statement the app sent, when the file asked for them (`recordStatements`). */
  statements: string[];
}

/**
 * One app and database for a test file, built before its tests and closed after them. Tests
 * make their own data, so they never depend on each other. With `recordStatements`, every
 * statement sent is kept in `statements` (tests of what a path reads or writes clear it first).
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  services: ServiceOverrides = {},
  options: { recordStatements?: boolean; embeddedInThread?: boolean } = {},
): TestApp {
  const holder = { statements: [] as string[] } as TestApp;
  beforeAll(async () => {
    holder.config = testConfig(overrides);
    holder.database = await createTestDatabase(
      options.recordStatements ? { logQuery: (query) => holder.statements.push(query) } : undefined,
      { inThread: options.embeddedInThread === true },
    );
    holder.app = await buildApp({
      config: holder.config,
      database: holder.database,
      logger: false,
      overrides: services,
    });
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
  });
  return holder;
}
