import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Each spec runs on one database: PGlite, the embedded one a newcomer starts with, unless its
 * tests carry the `@postgres` tag, which moves them to a PostgreSQL server (E2E_DATABASE_URL).
 * Those are the flows that lean on what differs between the two: background jobs and change
 * notices shared through the server's connections, several sessions at once; and two of the
 * three accessibility sweeps, which draw the same on either engine, so that the two halves take
 * about as long. Every spec says why at its tag; `npm test` runs both halves side by side
 * (docs/testing.md).
 */
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);
const port = Number(process.env.E2E_PORT ?? 3100);
// Every run starts from an empty embedded database, as a newcomer's first start does.
const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-e2e-'));
// The app mails through the SMTP server e2e/global-setup.ts starts, which files every message here.
// Set once in the runner; the workers inherit it, so all of them read the same folder.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'xps-e2e-mail-'));

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // An assertion waits until what it expects shows: a longer limit costs a passing test nothing,
  // and the two halves share two cores with their servers and browsers, where 5 s ran out.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  ...(onPostgres ? { grep: /@postgres/ } : { grepInvert: /@postgres/ }),
  // Apart per database, so the two halves can run at the same time.
  outputDir: onPostgres ? 'test-results/postgres' : 'test-results/pglite',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records a screencast of every test, kept only if it fails: on CI, where nothing
    // of a run is kept but its log, that was the browser's heaviest work (JPEG frames from the
    // compositor) for nothing. A failure there is replayed locally with `--trace on`.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'system-chromium',
      use: {
        ...devices['Desktop Chrome'],
        // The Debian browser: Playwright never downloads one here.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The compiled server when `npm test` has just built it, else the sources.
    command:
      process.env.E2E_BUILT_SERVER === 'true'
        ? 'node dist/server/main.js'
        : 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@example.org',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Cheap proofs of work keep the captcha steps quick.
      ALTCHA_COST: '2000',
      // Mails, webhooks and counts reach the screens sooner than at production's pace.
      JOB_POLL_SECONDS: '0.5',
      COUNTER_FLUSH_SECONDS: '1',
      NOTIFICATION_BATCH_SECONDS: '1',
      // The webhook spec's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // The same flows on a PostgreSQL server when a throwaway database is named.
      // One process: the specs watch one server's mail and jobs; server/cluster.test.ts runs
      // the processes of a cluster.
      ...(onPostgres
        ? { DATABASE_URL: process.env.E2E_DATABASE_URL as string, WEB_CONCURRENCY: '1' }
        : {}),
    },
  },
});
