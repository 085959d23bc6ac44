import { availableParallelism } from 'node:os';
import { defineConfig, type TestUserConfig } from 'vitest/config';

/**
 * Two kinds of test file: everything that runs in Node (server, xapi, common, bin, scripts) and
 * the React components under jsdom. They must stay apart: the jsdom setup touches `window`.
 *
 * A worker per core: Vitest's default leaves one core to its own process, which mostly waits, so
 * on a two-core machine it ran every file one after another (docs/testing.md). Files share no
 * data (each has its own database copy), so they run side by side. `VITEST_MAX_WORKERS` overrides
 * it, e.g. for the PostgreSQL suite, whose database work runs in the server's own processes.
 *
 * The files of a worker share the modules they import (`isolate: false`): importing the server or
 * the app again for every file, and setting up a fresh environment module graph, was a third of
 * the suite's time. A file that replaces a module with `vi.mock` would leak its stand-in into the
 * files after it, so those files run isolated, in the `…-mocks` projects (`MOCKING_TESTS`; a test
 * in scripts/ checks the list against the files).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(availableParallelism(), 2);

export const NODE_TESTS = [
  'server/**/*.test.ts',
  'xapi/**/*.test.ts',
  'common/**/*.test.ts',
  'bin/**/*.test.ts',
  'scripts/**/*.test.ts',
];
export const WEB_TESTS = ['web/**/*.test.{ts,tsx}'];
export const MOCKING_TESTS = [
  'server/http/app/account-existence.test.ts',
  'web/pages/account/AccountPage.test.tsx',
  'web/pages/account/CreateAccountPage.test.tsx',
  'web/pages/account/LoginPage.test.tsx',
  'web/pages/account/ResetPasswordPage.test.tsx',
  'web/pages/account/UsernamePage.test.tsx',
  'web/pages/account/ValidatePage.test.tsx',
];

const node: TestUserConfig = {
  environment: 'node',
  globalSetup: ['server/test/global-setup.ts'],
  // A limit catches a hang, not slowness: on a two-core host busy with other work, tests that
  // start workers or wait for jobs took over 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};
const web: TestUserConfig = {
  environment: 'jsdom',
  setupFiles: ['web/test/setup.ts'],
  globals: true,
  // The longest form tests type into many fields; on a two-core host busy with other work they
  // took over 20 s. A limit catches a hang, not slowness.
  testTimeout: 45_000,
};

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          ...node,
          name: 'node',
          include: NODE_TESTS,
          exclude: MOCKING_TESTS,
          isolate: false,
        },
      },
      {
        test: {
          ...node,
          name: 'node-mocks',
          include: MOCKING_TESTS.filter((f) => !f.startsWith('web/')),
        },
      },
      { test: { ...web, name: 'web', include: WEB_TESTS, exclude: MOCKING_TESTS, isolate: false } },
      {
        test: {
          ...web,
          name: 'web-mocks',
          include: MOCKING_TESTS.filter((f) => f.startsWith('web/')),
        },
      },
    ],
  },
});
