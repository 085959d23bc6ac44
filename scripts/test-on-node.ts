/**
 * The project on the Node.js that runs this script (`npm test` starts it with each maintained
 * line: `npx -p node@24 -- node --import tsx scripts/test-on-node.ts`): the unit and server tests
 * on the embedded database, the server tests on PostgreSQL, or both, and the README's start
 * command answering `/health` and serving a demo profile. Each step prints its duration; the last
 * line says what passed. `--reports=DIR` also writes each Vitest run's JSON report there, for
 * `npm test`'s totals. The screen and end-to-end suites run on the system's version only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../server/test/started-server';
import { vitestTally, type VitestReport } from './test-reports';

const version = process.version;
const reportsArgument = process.argv.find((a) => a.startsWith('--reports='));
const reports = reportsArgument?.slice('--reports='.length);
const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const results: Array<{ step: string; seconds: number; ok: boolean }> = [];

function timed(step: string, work: () => boolean | Promise<boolean>): Promise<boolean> {
  process.stdout.write(`\n=== ${version}: ${step}\n`);
  const started = Date.now();
  return Promise.resolve(work()).then(
    (ok) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      results.push({ step, seconds, ok });
      process.stdout.write(
        `=== ${version}: ${step}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s\n`,
      );
      return ok;
    },
    (error: unknown) => {
      results.push({ step, seconds: Math.round((Date.now() - started) / 1000), ok: false });
      process.stdout.write(`=== ${version}: ${step}: FAILED: ${String(error)}\n`);
      return false;
    },
  );
}

/**
 * What Vitest prints when one of its worker processes died under a test file rather than a test
 * failing: on Node.js 24, V8 aborts now and then while freeing WebAssembly code after many PGlite
 * instances have been opened and closed in one process (docs/testing.md).
 */
const WORKER_DIED = 'Worker exited unexpectedly';

/** One Vitest run, its output passed through as it comes: whether it passed, and whether a worker died. */
function vitestOnce(
  args: string[],
  env: Record<string, string>,
): Promise<{ ok: boolean; workerDied: boolean }> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let workerDied = false;
  // The marker may be split between two chunks: the end of the last one is kept to look across.
  let tail = '';
  const watch = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) =>
    stream.on('data', (chunk: Buffer) => {
      to.write(chunk);
      const text = tail + chunk.toString('utf8');
      if (text.includes(WORKER_DIED)) workerDied = true;
      tail = text.slice(-WORKER_DIED.length);
    });
  watch(child.stdout, process.stdout);
  watch(child.stderr, process.stderr);
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ ok: code === 0, workerDied })),
  );
}

/**
 * Whether a Vitest JSON report holds a failed test or file, counted as `npm test`'s totals count
 * them (`vitestTally`); a missing report counts as a failure.
 */
function anyTestFailed(report: string): boolean {
  if (!existsSync(report)) return true;
  const read = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  return vitestTally(read, '', process.cwd()).failed > 0;
}

/**
 * Vitest on this very Node.js (`process.execPath`), never the one first on the PATH; with
 * `--reports`, its JSON report is `<reports>/<suite>-<version>.json`. A pass in which a worker
 * process died runs once more, whole, and that second run decides: the files the dead worker
 * held never finished, so their tests were never judged. Only with `--reports`, and only when
 * no test failed in the first run: a failed test fails the pass as before.
 */
async function runVitest(
  suite: string,
  env: Record<string, string>,
  filters: string[] = [],
): Promise<boolean> {
  const args = [vitest, 'run', '--project', 'node', '--project', 'node-mocks', ...filters];
  const report = reports ? path.join(reports, `${suite}-${version}.json`) : null;
  if (report) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const first = await vitestOnce(args, env);
  if (first.ok || !first.workerDied || !report || anyTestFailed(report)) return first.ok;
  process.stdout.write(
    `\n=== ${version}: a Vitest worker process died during the ${suite} pass (above) and no ` +
      'test failed; the files it held never finished, so the pass runs once more and that run ' +
      'decides\n',
  );
  return (await vitestOnce(args, env)).ok;
}

/**
 * The README's first command on a fresh data folder, as a newcomer runs it (`npm start`, with
 * this Node.js first on the PATH): it must answer `/health` and serve a demo profile's document.
 */
async function startAsReadme(): Promise<boolean> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-node-start-'));
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  let stopped = false;
  try {
    const until = Date.now() + 240_000;
    let healthy = false;
    while (!healthy && Date.now() < until && child.exitCode === null) {
      healthy = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await sleep(500);
    }
    if (!healthy) throw new Error(`no healthy answer from the started server:\n${output}`);
    const list = (await (await fetch(`${base}/api/profile?limit=10`)).json()) as {
      metadata: Array<{ profile_url: string; name: string }>;
    };
    const demo = list.metadata[0];
    if (!demo) throw new Error('the started server lists no demo profile');
    const uuid = demo.profile_url.split('/').pop() ?? '';
    const document = await fetch(`${base}/api/profile/${uuid}`, {
      headers: { accept: 'application/ld+json' },
    });
    const body = (await document.json()) as { prefLabel?: unknown };
    if (document.status !== 200 || !body.prefLabel)
      throw new Error(`the demo profile ${demo.name} was not served (${document.status})`);
    process.stdout.write(`served the demo profile "${demo.name}" on ${version}\n`);
  } finally {
    // npm ends at once on SIGTERM; the server it started is in the same process group and is
    // still stopping then (closing the database writes to its folder). The folder is removed
    // only once every process of the group has gone: removed under a stopping server, it once
    // left the server hung and the removal failed (ENOTEMPTY).
    stopped = child.pid ? await stopGroup(child.pid) : true;
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  if (!stopped) throw new Error(`the started server did not stop on SIGTERM:\n${output}`);
  return true;
}

/** Whether any process of the group `pgid` is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the process group `pgid`, then waits for all of it to end; after a minute it kills
 * what is left and answers false.
 */
async function stopGroup(pgid: number): Promise<boolean> {
  process.kill(-pgid, 'SIGTERM');
  const until = Date.now() + 60_000;
  while (groupAlive(pgid)) {
    if (Date.now() > until) {
      process.kill(-pgid, 'SIGKILL');
      return false;
    }
    await sleep(100);
  }
  return true;
}

/**
 * Which suites run (`--suites=embedded,postgres`, both by default; `--suites=` for the start
 * alone, as `npm test` asks of the system's Node.js: docs/decisions/node-versions.md).
 */
const suitesArgument = process.argv.find((a) => a.startsWith('--suites='));
const suites = new Set(
  (suitesArgument?.slice('--suites='.length) ?? 'embedded,postgres').split(',').filter(Boolean),
);
for (const suite of suites)
  if (suite !== 'embedded' && suite !== 'postgres') {
    process.stderr.write(`unknown suite "${suite}": use embedded, postgres or both\n`);
    process.exit(2);
  }
/**
 * The published-versions model test's random sequences for one pass: one sequence from a seed
 * of this pass's own (the Node.js line and the database), after the tour of every command that
 * every pass runs. The four passes of `npm test` then walk four different sequences where each
 * walked the same three, and the file takes about two thirds of its time (docs/testing.md).
 */
function modelSequences(suite: 'embedded' | 'postgres'): Record<string, string> {
  const major = Number(process.versions.node.split('.')[0]);
  return { MODEL_SEED: String(major * 10 + (suite === 'embedded' ? 1 : 2)), MODEL_RUNS: '1' };
}

if (suites.has('embedded'))
  await timed('unit and server tests on the embedded database', () =>
    // Three workers on two cores: with two, a file waiting for a job, a child process or a
    // timer left a core idle; with three the pass kept 1.93 cores busy and took 432–452 s
    // where two took 495 s (docs/testing.md).
    runVitest('embedded', {
      TEST_DATABASE_URL: '',
      VITEST_MAX_WORKERS: '3',
      ...modelSequences('embedded'),
    }),
  );
else process.stdout.write(`\n=== ${version}: the embedded database's suite is left out\n`);
const postgres = process.env.TEST_DATABASE_URL;
if (!suites.has('postgres'))
  process.stdout.write(`\n=== ${version}: the PostgreSQL suite is left out\n`);
else if (postgres)
  await timed('server tests on PostgreSQL', () =>
    // The server's files only, as in `npm test`: the rest never opens a database.
    runVitest(
      'postgres',
      { TEST_DATABASE_URL: postgres, VITEST_MAX_WORKERS: '3', ...modelSequences('postgres') },
      ['server/'],
    ),
  );
else process.stdout.write(`\n=== ${version}: server tests on PostgreSQL: no TEST_DATABASE_URL\n`);
await timed('npm start serves the demo content', startAsReadme);

const failed = results.filter((r) => !r.ok);
process.stdout.write(
  `\n=== ${version}: ${results.map((r) => `${r.step} ${r.ok ? 'passed' : 'FAILED'} (${r.seconds} s)`).join('; ')}\n`,
);
const postgresMissing = suites.has('postgres') && !postgres && process.env.CI === 'true';
process.exit(failed.length > 0 || postgresMissing ? 1 : 0);
