/**
 * `npm test`: every suite the project has, in one command.
 *
 *   1. on the Node.js that runs it: the library's, the command line's and the scripts' tests and
 *      the screens' component tests;
 *   2. the web and server builds (each checks its byte budgets) and the end-to-end tests in the
 *      system Chromium against them, each spec on one of the two databases
 *      (playwright.config.ts), the two halves side by side; then the README's start command;
 *   3. on each maintained Node.js line (24 and 22, from the npm registry's `node` package), the
 *      unit and server tests on the embedded database (PGlite), the server tests on PostgreSQL
 *      (TEST_DATABASE_URL, else 127.0.0.1:5432) and the start command (scripts/test-on-node.ts).
 *      `TEST_NODE_VERSIONS=current` runs them on this Node.js instead, with nothing fetched
 *      (docs/decisions/node-versions.md).
 *
 * Outside CI a missing PostgreSQL server, Chromium or registry skips that part with a note; under
 * CI=true it fails. The last line totals every runner's results.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  playwrightTally,
  vitestTally,
  type PlaywrightReport,
  type Tally,
  type VitestReport,
} from './test-reports';
import { throwawayDatabase } from './throwaway-database';

const strict = process.env.CI === 'true';
const work = mkdtempSync(path.join(tmpdir(), 'xps-test-all-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, named again under the last line: a long run's log is often read from its end. */
const failures: string[] = [];
let failedSteps = 0;

function run(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  process.stdout.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) {
    failedSteps += 1;
    process.stdout.write(`=== ${label}: FAILED (exit ${result.status ?? result.signal})\n`);
  }
  return ok;
}

/** Like `run`, but alongside others: each line it prints is marked with `tag`. */
function runAlongside(
  label: string,
  tag: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<boolean> {
  process.stdout.write(`\n=== ${label} (lines marked [${tag}])\n`);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const mark = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`[${tag}] ${line}\n`);
    });
    stream.on('end', () => {
      if (rest) to.write(`[${tag}] ${rest}\n`);
    });
  };
  mark(child.stdout, process.stdout);
  mark(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!ok) {
        failedSteps += 1;
        process.stdout.write(`=== ${label}: FAILED (exit ${code ?? signal})\n`);
      }
      resolve(ok);
    });
  });
}

/** Adds one runner's report, when it was written, to the totals and the failures. */
function add<Report>(file: string, tally: (report: Report) => Tally): void {
  if (!existsSync(file)) return;
  const counted = tally(JSON.parse(readFileSync(file, 'utf8')) as Report);
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
  failures.push(...counted.failures);
}

function addVitest(file: string, pass: string): void {
  add(file, (report: VitestReport) => vitestTally(report, pass, process.cwd()));
}

function addPlaywright(file: string, pass: string): void {
  add(file, (report: PlaywrightReport) => playwrightTally(report, pass));
}

function skip(what: string, why: string): void {
  if (strict) {
    failedSteps += 1;
    process.stdout.write(`\n=== ${what}: FAILED: ${why}\n`);
  } else {
    process.stdout.write(`\n=== ${what}: skipped: ${why}\n`);
  }
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const vitest = 'node_modules/.bin/vitest';

// What never opens a database (the library, the command line, the scripts) and the screens: the
// server's files run on each maintained line below, on both databases.
const unitReport = path.join(work, 'unit.json');
run(
  `unit and screen tests (Node.js ${process.version})`,
  vitest,
  [
    'run',
    'xapi/',
    'common/',
    'bin/',
    'scripts/',
    'web/',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ],
  { TEST_DATABASE_URL: '' },
);
addVitest(unitReport, `Node.js ${process.version}`);

const pgUrl = await postgresUrl();
if (!pgUrl)
  skip('server tests on PostgreSQL', 'no server answers at TEST_DATABASE_URL or 127.0.0.1:5432');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  // Built as `npm start` builds them (only when a source changed since the last build), with
  // their byte budgets checked: the end-to-end servers run the compiled server, the one that
  // ships, and so do the server suites' start-up tests below, once it is made from these sources.
  const built = run('web and server builds', process.execPath, [
    '--import',
    'tsx',
    'scripts/build-when-changed.ts',
  ]);
  if (built) {
    // Each spec runs on one database (playwright.config.ts): the two halves run side by side,
    // each with its own server, ports and mailbox. They mostly wait on the browser and the
    // server, so together they take about as long as the longer one alone.
    const playwright = 'node_modules/.bin/playwright';
    const args = ['test', '--reporter=list,json'];
    const pgliteReport = path.join(work, 'e2e.json');
    process.env.E2E_BUILT_SERVER = 'true';
    const halves: Array<Promise<unknown>> = [
      runAlongside('end-to-end tests in Chromium (PGlite)', 'pglite', playwright, args, {
        PLAYWRIGHT_JSON_OUTPUT_NAME: pgliteReport,
      }).then(() => addPlaywright(pgliteReport, 'end-to-end, PGlite')),
    ];
    let database: { url: string; drop: () => Promise<void> } | null = null;
    if (pgUrl) {
      database = await throwawayDatabase(pgUrl, 'xps_e2e');
      const pgReport = path.join(work, 'e2e-postgres.json');
      halves.push(
        runAlongside('end-to-end tests in Chromium (PostgreSQL)', 'postgres', playwright, args, {
          PLAYWRIGHT_JSON_OUTPUT_NAME: pgReport,
          E2E_DATABASE_URL: database.url,
          E2E_PORT: '3101',
          E2E_SMTP_PORT: '2526',
        }).then(() => addPlaywright(pgReport, 'end-to-end, PostgreSQL')),
      );
    } else {
      skip('end-to-end tests on PostgreSQL', 'no PostgreSQL server');
    }
    try {
      await Promise.all(halves);
    } finally {
      await database?.drop();
    }
  }
} else {
  skip('end-to-end tests', `no Chromium at ${chromium} (apt-get install -y chromium)`);
}

// The README's first command on this Node.js, as a newcomer runs it.
run(`npm start serves the demo content (Node.js ${process.version})`, process.execPath, [
  '--import',
  'tsx',
  'scripts/test-on-node.ts',
  '--suites=',
]);

/**
 * The maintained lines the server's suites run on: `TEST_NODE_VERSIONS` (a comma-separated list
 * of majors, or `current` for this Node.js), else 24 and 22.
 */
const versions = (process.env.TEST_NODE_VERSIONS ?? '24,22').split(',').filter(Boolean);
const suites = pgUrl ? 'embedded,postgres' : 'embedded';
for (const major of versions) {
  const onThis = major === 'current';
  const label = onThis ? `Node.js ${process.version}` : `Node.js ${major}`;
  // `npx -p node@<major>` fetches that line's newest release from the registry once and keeps it
  // in npm's cache; asking it for its version first tells a missing registry from a failed suite.
  const command = onThis ? process.execPath : 'npx';
  const prefix = onThis ? [] : ['-y', '-p', `node@${major}`, '--', 'node'];
  if (!onThis && spawnSync(command, [...prefix, '--version'], { stdio: 'inherit' }).status !== 0) {
    skip(
      `server tests (${label})`,
      'the npm registry did not give that Node.js; TEST_NODE_VERSIONS=current runs them on this one',
    );
    continue;
  }
  const reports = mkdtempSync(path.join(work, 'node-'));
  run(
    `server tests (${label})`,
    command,
    [
      ...prefix,
      '--import',
      'tsx',
      'scripts/test-on-node.ts',
      `--suites=${suites}`,
      `--reports=${reports}`,
    ],
    { TEST_DATABASE_URL: pgUrl ?? '' },
  );
  for (const report of readdirSync(reports))
    addVitest(
      path.join(reports, report),
      `${report.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'}, ${label}`,
    );
}

process.stdout.write(
  `\nall suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
for (const failure of failures) process.stdout.write(`failed: ${failure}\n`);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
