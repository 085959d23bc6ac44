/**
 * The benchmark table: the same measurements against this checkout ("now"), optionally another
 * checkout ("before", `--before PATH`), nginx serving the same bytes, and the goal, in one run.
 *
 *   npm run bench -- [--before /path/to/checkout] [--seconds 5] [--no-pg] [--soak-seconds 180]
 *                    [--no-scale] [--no-backup] [--no-flood] [--no-bare]
 *
 * Every read row is also measured against a bare Fastify serving the same bytes with the same
 * headers (`bare-fastify.ts`), with the server's CPU per request; the large-import rows publish a
 * 742 KB generated profile while /health is polled and a kept document read (`--no-flood` leaves
 * the SPARQL flood rows out).
 *
 * The scale rows (search at 100,000 concepts, rankings over a year of counts, the SPARQL store at
 * 100× the corpus, backup and restore at 100× the corpus) run the checkout's own `search.ts`,
 * `metrics.ts`, `sparql.ts` and `backup.ts`; `--no-scale` leaves them out, `--no-backup` only the
 * backup rows.
 * Needs wrk (load) and, for the nginx column, nginx on PATH or in /usr/sbin; PostgreSQL rows need
 * a server on 127.0.0.1:5432 (BENCH_DATABASE_URL to change), where a throwaway database is made
 * and dropped. A row that cannot be measured says why instead of a figure. The SPARQL rows
 * (`sparql-flood.ts`) run alone too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { measureBundle } from '../scripts/budgets.js';
import { Browser, freshCopy, importProfile, validateProfile } from './http-client.js';
import { LARGE_PROFILE, measureLargeImports } from './large-import.js';
import { cpuMicros, untilQuiet } from './process-cpu.js';
import { wrk, type WrkResult } from './wrk.js';
import { FLOOD_ROW_LABELS, measureSparqlFlood } from './sparql-flood.js';
import { measureScale, SCALE_ROW_LABELS } from './scale.js';
import { soak, type SoakResult } from './soak.js';
import {
  BENCH_ADMIN,
  freePort,
  idleRss,
  startServer,
  type ServerProcess,
} from './server-process.js';
import { throwawayDatabase } from '../scripts/throwaway-database.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const seconds = Number(option('--seconds') ?? process.env.BENCH_SECONDS ?? 5);
const beforeRoot = option('--before');
const withPg = !args.includes('--no-pg');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const videoFile = resolve(repoRoot, '../shared/corpus/authored/video/video.jsonld');

type Cell = string;
interface Row {
  label: string;
  before?: Cell;
  now?: Cell;
  nginx?: Cell;
  goal: Cell;
}
const rows: Row[] = [];
const notes: string[] = [];

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat('/usr/sbin', '/sbin')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Load before a measured run, so each server is measured warm. */
const WARM_UP_SECONDS = 3;

/** A wrk run with the server's CPU per request (µs) measured over it. */
function wrkWithCpu(
  url: string,
  pid: number,
  connections: number,
  headers: Record<string, string> = {},
): WrkResult & { cpuUs: number } {
  const before = cpuMicros(pid);
  const result = wrk(url, connections, headers, seconds);
  const used = cpuMicros(pid) - before;
  return { ...result, cpuUs: result.requests > 0 ? used / result.requests : Number.NaN };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** nginx serving files from `root` on a loopback port, as a child process. */
async function startNginx(root: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const binary = which('nginx');
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'xps-bench-nginx-'));
  mkdirSync(join(dir, 'logs'));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      // A worker per core, as a real deployment runs it; the server runs a process per core on
      // PostgreSQL (WEB_CONCURRENCY) and one on PGlite.
      'worker_processes auto;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      '  default_type application/json;',
      `  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri $uri.json =404; } }`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 40; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await sleep(200);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One read measured against ours and against a bare Fastify serving its bytes and headers. */
interface ReadFigures {
  rps: number;
  cpuUs: number;
  bareRps: number;
  bareCpuUs: number;
}

interface Measured {
  /** `GET /api/profile/{uuid}`, `… br`, `/app/home`, `/api/profile?limit=10`. */
  reads?: Partial<Record<ReadKey, ReadFigures>>;
  /** The large-import runs, as one line (or why they were not measured). */
  largeImport?: string;
  profileRps?: number;
  profileP50?: number;
  profileP99?: number;
  profileOneMs?: number;
  /** The same document to a client accepting br (as browsers and most HTTP libraries send). */
  profileBrRps?: number;
  homeRps?: number;
  listRps?: number;
  rssIdle?: number;
  importMs?: number;
  validateMs?: number;
  body?: Buffer;
  path?: string;
  error?: string;
}

const IMPORT_ROUNDS = 15;
/** Runs of the large import per engine: one run's read ratio moved threefold from the next. */
const LARGE_IMPORT_RUNS = 3;

const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

/**
 * What an import costs against checking the same document, as a tool sees both: alternating
 * calls so both meet the same load, the first round a warm-up.
 */
async function importRatio(url: string, key: string, source: string) {
  const imports: number[] = [];
  const validations: number[] = [];
  for (let round = 0; round <= IMPORT_ROUNDS; round++) {
    const v = await validateProfile(url, freshCopy(source));
    const i = (await importProfile(url, key, freshCopy(source))).ms;
    if (round === 0) continue;
    validations.push(v);
    imports.push(i);
  }
  return { importMs: median(imports), validateMs: median(validations) };
}

type ReadKey = 'profile' | 'profileBr' | 'home' | 'list';

/** Headers a server sets per connection or per answer, which the bare Fastify sets itself. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** A bare Fastify (`bench/bare-fastify.ts`) serving `body` with `headers` at `path`. */
async function startBareFastify(
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  processes: number,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'xps-bench-bare-'));
  writeFileSync(join(dir, 'body'), body);
  writeFileSync(join(dir, 'headers.json'), JSON.stringify(headers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'bench/bare-fastify.ts'),
      String(port),
      String(processes),
      path.split('?')[0] ?? path,
      join(dir, 'body'),
      join(dir, 'headers.json'),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  // Every process listening: as many answers in a row as there are processes, within 2 minutes.
  const deadline = Date.now() + 120_000;
  let lastProblem = 'no answer yet';
  for (let answered = 0; answered < processes * 3;) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the bare Fastify did not answer in 2 minutes: ${lastProblem}\n${stderr}`);
    }
    try {
      const response = await fetch(url + path, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      answered = response.ok ? answered + 1 : 0;
      if (!response.ok) lastProblem = `answered ${response.status}`;
    } catch (error) {
      answered = 0;
      lastProblem = String((error as Error).cause ?? error);
    }
    await sleep(answered > 0 ? 20 : 250);
  }
  // A cluster's other processes may still be starting: a moment for them.
  if (processes > 1) await sleep(3_000);
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await sleep(300);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One read row: ours at `connections` (req/s, CPU per request), then a bare Fastify serving the
 * bytes and headers ours answered, with as many processes, measured the same way.
 */
async function measureRead(
  server: ServerProcess,
  path: string,
  connections: number,
  requestHeaders: Record<string, string>,
  processes: number,
): Promise<ReadFigures & WrkResult> {
  // As wrk asks: no compression unless the row asks for it (fetch would ask for gzip of its own
  // accord, and the bare server would then send compressed headers over plain bytes).
  const response = await fetch(server.url + path, {
    headers: { 'accept-encoding': 'identity', ...requestHeaders },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  // fetch decodes what it was sent compressed; the bare server sends the bytes as they came.
  const encoded = headers['content-encoding']
    ? Buffer.from(
        execFileSync('curl', [
          '-s',
          ...Object.entries(requestHeaders).flatMap(([n, v]) => ['-H', `${n}: ${v}`]),
          server.url + path,
        ]),
      )
    : body;
  await untilQuiet(server.pid);
  wrk(server.url + path, connections, requestHeaders, WARM_UP_SECONDS);
  const ours = wrkWithCpu(server.url + path, server.pid, connections, requestHeaders);
  if (args.includes('--no-bare')) return { ...ours, bareRps: Number.NaN, bareCpuUs: Number.NaN };
  const bare = await startBareFastify(path, encoded, headers, processes);
  try {
    wrk(bare.url + path, connections, requestHeaders, WARM_UP_SECONDS);
    const yardstick = wrkWithCpu(bare.url + path, bare.pid, connections, requestHeaders);
    return { ...ours, bareRps: yardstick.rps, bareCpuUs: yardstick.cpuUs };
  } finally {
    await bare.stop();
  }
}

/** Everything measured against one running server; the video profile imported first. */
async function measureServer(
  server: ServerProcess,
  withRss: boolean,
  processes: number,
): Promise<Measured> {
  const result: Measured = {};
  if (withRss) result.rssIdle = await idleRss(server);
  const browser = new Browser(server.url);
  await browser.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  if (existsSync(videoFile)) {
    const key = await browser.apiKeyOfFirstGroup();
    const imported = await importProfile(
      server.url,
      key,
      JSON.parse(readFileSync(videoFile, 'utf8')),
    );
    const path = `/api/profile/${imported.versionUuid}`;
    const ratio = await importRatio(server.url, key, readFileSync(videoFile, 'utf8'));
    result.importMs = ratio.importMs;
    result.validateMs = ratio.validateMs;
    const response = await fetch(server.url + path);
    result.body = Buffer.from(await response.arrayBuffer());
    result.path = path;
    // Not measured: the first seconds after the imports, while the read path is compiled and
    // the imports' background work (outbox, jobs) finishes, read a third lower for whichever
    // server went first.
    const many = await measureRead(server, path, 64, {}, processes);
    result.reads = { profile: many };
    result.profileRps = many.rps;
    result.profileP50 = many.p50;
    result.profileP99 = many.p99;
    result.profileOneMs = wrk(server.url + path, 1, {}, seconds).avgMs;
    const br = await measureRead(server, path, 64, { 'accept-encoding': 'gzip, br' }, processes);
    result.reads.profileBr = br;
    result.profileBrRps = br.rps;
    result.largeImport = await measureLargeImports(server, key, path, LARGE_IMPORT_RUNS).catch(
      (error: unknown) => `not measured: ${String(error)}`,
    );
  }
  // A server that refuses part of a load run (an older one shedding load at a lone client's
  // pace) gets no figure for that row and a note saying why, and the table goes on.
  const orRefused =
    (path: string) =>
    (error: unknown): ReadFigures & WrkResult => {
      notes.push(
        `${server.url} ${path}: ${error instanceof Error ? error.message : String(error)}`,
      );
      const none = Number.NaN;
      return {
        rps: none,
        cpuUs: none,
        bareRps: none,
        bareCpuUs: none,
        p50: none,
        p99: none,
        avgMs: none,
        requests: none,
      };
    };
  const home = await measureRead(server, '/app/home', 8, {}, processes).catch(
    orRefused('/app/home'),
  );
  const list = await measureRead(server, '/api/profile?limit=10', 8, {}, processes).catch(
    orRefused('/api/profile?limit=10'),
  );
  result.reads = { ...result.reads, home, list };
  result.homeRps = home.rps;
  result.listRps = list.rps;
  return result;
}

/** A throwaway PostgreSQL database for one server, dropped by the returned function. */

async function measureCheckout(root: string): Promise<{ pglite: Measured; pg?: Measured }> {
  const pglite = await startServer({ root, timeoutMs: 300_000 });
  let onPglite: Measured;
  try {
    onPglite = await measureServer(pglite, true, 1);
  } finally {
    await pglite.stop();
  }
  if (!withPg) return { pglite: onPglite };
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  try {
    database = await throwawayDatabase(adminUrl, 'xps_bench');
  } catch (error) {
    return { pglite: onPglite, pg: { error: `no PostgreSQL at ${adminUrl}: ${String(error)}` } };
  }
  try {
    const server = await startServer({ root, databaseUrl: database.url, timeoutMs: 300_000 });
    try {
      return {
        pglite: onPglite,
        pg: await measureServer(server, false, availableParallelism()),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

function bundleCell(root: string): string {
  const dist = join(root, 'dist/web');
  if (!existsSync(join(dist, 'index.html'))) return 'not built';
  return `${fmt(measureBundle(dist).initialGzip / 1024)} KB`;
}

// ---------------------------------------------------------------------------------------------

if (!which('wrk')) {
  console.error('wrk is not installed (apt-get install -y wrk).');
  process.exit(1);
}
if (!existsSync(videoFile)) {
  notes.push(`${videoFile} is absent: the video profile rows are skipped.`);
}

const loadAtStart = loadavg();
console.error(`Measuring this checkout (${seconds} s per load run)…`);
const now = await measureCheckout(repoRoot);
let before: Awaited<ReturnType<typeof measureCheckout>> | undefined;
if (beforeRoot) {
  console.error(`Measuring ${beforeRoot}…`);
  before = await measureCheckout(resolve(beforeRoot));
}
if (now.pg?.error) notes.push(now.pg.error);

let nginx: { profileRps?: number; profileP50?: number; profileP99?: number; oneMs?: number } = {};
if (now.pglite.body && now.pglite.path) {
  try {
    const root = mkdtempSync(join(tmpdir(), 'xps-bench-www-'));
    mkdirSync(join(root, 'api/profile'), { recursive: true });
    writeFileSync(join(root, now.pglite.path), now.pglite.body);
    const server = await startNginx(root);
    try {
      wrk(server.url + now.pglite.path, 64, {}, WARM_UP_SECONDS);
      const many = wrk(server.url + now.pglite.path, 64, {}, seconds);
      nginx = {
        profileRps: many.rps,
        profileP50: many.p50,
        profileP99: many.p99,
        oneMs: wrk(server.url + now.pglite.path, 1, {}, seconds).avgMs,
      };
    } finally {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    }
  } catch (error) {
    notes.push(`nginx column skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const latency = (m?: { profileP50?: number; profileP99?: number }) =>
  m?.profileP50 === undefined
    ? undefined
    : `${fmt(m.profileP50, 1)} / ${fmt(m.profileP99 ?? NaN, 1)}`;
const ratio = (rps?: number) =>
  rps !== undefined && nginx.profileRps
    ? ` (${fmt((rps / nginx.profileRps) * 100)}% of nginx)`
    : '';
const rpsCell = (rps?: number) => (rps === undefined ? undefined : `${fmt(rps)}${ratio(rps)}`);
const bytes = now.pglite.body ? ` (${fmt(now.pglite.body.length / 1024)} KB)` : '';

rows.push(
  {
    label: `GET /api/profile/{uuid}${bytes}, 64 conn, PGlite (one process): req/s`,
    before: rpsCell(before?.pglite.profileRps),
    now: rpsCell(now.pglite.profileRps),
    nginx: nginx.profileRps === undefined ? undefined : fmt(nginx.profileRps),
    goal: '≥ 40% of nginx',
  },
  {
    label: '  same, PGlite: latency p50 / p99 (ms)',
    before: latency(before?.pglite),
    now: latency(now.pglite),
    nginx: latency(nginx),
    goal: '',
  },
  {
    label: `  same, 64 conn, PostgreSQL (${availableParallelism()} processes): req/s`,
    before: rpsCell(before?.pg?.profileRps),
    now: rpsCell(now.pg?.profileRps),
    nginx: nginx.profileRps === undefined ? undefined : fmt(nginx.profileRps),
    goal: '≥ 60% of nginx',
  },
  {
    label: '  same, PostgreSQL: latency p50 / p99 (ms)',
    before: latency(before?.pg),
    now: latency(now.pg),
    nginx: latency(nginx),
    goal: '',
  },
  {
    label: '  same, 1 conn: ms per request (PGlite / PostgreSQL)',
    before:
      before &&
      `${fmt(before.pglite.profileOneMs ?? NaN, 2)} / ${fmt(before.pg?.profileOneMs ?? NaN, 2)}`,
    now: `${fmt(now.pglite.profileOneMs ?? NaN, 2)} / ${fmt(now.pg?.profileOneMs ?? NaN, 2)}`,
    nginx: nginx.oneMs === undefined ? undefined : fmt(nginx.oneMs, 2),
    goal: '',
  },
  {
    label: '  same, Accept-Encoding: gzip, br, 64 conn, PGlite: req/s',
    before: before && fmt(before.pglite.profileBrRps ?? NaN),
    now: fmt(now.pglite.profileBrRps ?? NaN),
    goal: '',
  },
  {
    label: 'GET /app/home (demo content), 8 conn, PGlite: req/s',
    before: before && fmt(before.pglite.homeRps ?? NaN),
    now: fmt(now.pglite.homeRps ?? NaN),
    goal: '',
  },
  {
    label: 'GET /api/profile?limit=10, 8 conn, PGlite: req/s',
    before: before && fmt(before.pglite.listRps ?? NaN),
    now: fmt(now.pglite.listRps ?? NaN),
    goal: '',
  },
  {
    label: 'Web app, JS the home page loads first (gzip)',
    before: beforeRoot && bundleCell(resolve(beforeRoot)),
    now: bundleCell(repoRoot),
    goal: '≤ 200 KB',
  },
  {
    label: 'Server RSS, PGlite, demo content, idle (MiB)',
    before: before && fmt(before.pglite.rssIdle ?? NaN),
    now: fmt(now.pglite.rssIdle ?? NaN),
    goal: '≤ 300',
  },
);
/** Ours against the bare Fastify of the same run: the ratio of req/s, and CPU per request. */
const bareCell = (measured: Measured | undefined, key: ReadKey) => {
  const read = measured?.reads?.[key];
  if (!read) return undefined;
  return `${fmt(read.rps / read.bareRps, 2)} of ${fmt(read.bareRps)}; CPU ${fmt(read.cpuUs)} / ${fmt(read.bareCpuUs)} µs`;
};
const bareLabel =
  '    ours / bare Fastify (same bytes, headers, processes): req/s; CPU per request';
const readRows: Array<[ReadKey, string, 'pglite' | 'pg']> = [
  ['profile', 'GET /api/profile/{uuid}, 64 conn, PGlite', 'pglite'],
  ['profile', 'GET /api/profile/{uuid}, 64 conn, PostgreSQL', 'pg'],
  ['profileBr', 'same, Accept-Encoding: gzip, br, PGlite', 'pglite'],
  ['profileBr', 'same, Accept-Encoding: gzip, br, PostgreSQL', 'pg'],
  ['home', 'GET /app/home, 8 conn, PGlite', 'pglite'],
  ['home', 'GET /app/home, 8 conn, PostgreSQL', 'pg'],
  ['list', 'GET /api/profile?limit=10, 8 conn, PGlite', 'pglite'],
  ['list', 'GET /api/profile?limit=10, 8 conn, PostgreSQL', 'pg'],
];
for (const [key, label, engine] of readRows) {
  rows.push({
    label: `${label}: ${bareLabel.trim()}`,
    before: bareCell(before?.[engine], key),
    now: bareCell(now[engine], key),
    goal: key === 'profile' ? '≥ 0.6' : '',
  });
}
notes.push(
  'The bare Fastify rows: bench/bare-fastify.ts serves the bytes and headers ours answered, with as many processes (one on PGlite, one per core on PostgreSQL), measured right after ours with the same wrk; ours is measured once the server has used under a tenth of a core for two seconds, so what the imports before it left to do is not counted as reading; CPU per request is user + system time of the server and its processes (/proc/<pid>/stat) over the run, divided by the requests answered.',
);

const largeCell = (measured?: Measured) => measured?.largeImport;
rows.push(
  {
    label: `Large import (${fmt(LARGE_PROFILE.length / 1024)} KB, POST /api/profile), PGlite`,
    before: largeCell(before?.pglite),
    now: largeCell(now.pglite),
    goal: 'stall ≤ 100, /health ≤ 150 ms, read p99 ≤ 2× quiet',
  },
  {
    label: '  same, PostgreSQL',
    before: largeCell(before?.pg),
    now: largeCell(now.pg),
    goal: 'stall ≤ 100, /health ≤ 150 ms, read p99 ≤ 2× quiet',
  },
);
notes.push(
  `The large import, ${LARGE_IMPORT_RUNS} runs per engine: generateProfile(20) (1,000 concepts, 100 templates, 100 patterns) published through POST /api/profile while /health is asked every 20 ms and wrk reads the kept video profile on 32 connections; the worst /health answer and the longest stall are of all runs; "stall" is the longest stall of the event loop any process of the server reports on /health right after (six asks over fresh connections, which reach every process); "read p99 / quiet" is each run's read p99 during the import against the same read alone just before; "beside the import's busy cores alone" is the same read beside processes that only spin, as many cores as the import alone kept busy (/proc/stat) for as long as it took, against the same quiet p99: what any such load does to the read on this machine, to judge the ratio during the import against.`,
);

if (existsSync(videoFile)) {
  const importCell = (measured?: Measured) =>
    measured?.importMs === undefined || measured.validateMs === undefined
      ? undefined
      : `${fmt(measured.importMs, 1)} / ${fmt(measured.validateMs, 1)} ms (${fmt(measured.importMs / measured.validateMs, 1)}×)`;
  rows.push({
    label: 'Import video.jsonld (POST /api/profile) / validate it (POST /api/validate), PGlite',
    before: importCell(before?.pglite),
    now: importCell(now.pglite),
    goal: '≤ 3×',
  });
  notes.push(
    `The import row: medians of ${IMPORT_ROUNDS} alternating POST /api/validate and POST /api/profile (published) of fresh copies of video.jsonld, over HTTP to the running server, after one warm-up round.`,
  );
}

if (existsSync(videoFile) && !args.includes('--no-flood')) {
  console.error('Measuring SPARQL under a flood…');
  const flood = await measureSparqlFlood(repoRoot, videoFile);
  const floodBefore = beforeRoot
    ? await measureSparqlFlood(resolve(beforeRoot), videoFile).catch((error: unknown) => {
        notes.push(`SPARQL rows, before: ${String(error)}`);
        return undefined;
      })
    : undefined;
  rows.push(
    {
      label: FLOOD_ROW_LABELS.polite,
      before: floodBefore?.cells.polite,
      now: flood.cells.polite,
      goal: '≤ 2×',
    },
    {
      label: FLOOD_ROW_LABELS.hostile,
      before: floodBefore?.cells.hostile,
      now: flood.cells.hostile,
      goal: '≤ 2×',
    },
    {
      label: FLOOD_ROW_LABELS.hostileOpen,
      before: floodBefore?.cells.hostileOpen,
      now: flood.cells.hostileOpen,
      goal: '',
    },
  );
  notes.push(flood.note);
}

// What grows with content: search, rankings and the SPARQL store, each at 100× today's content.
if (!args.includes('--no-scale')) {
  console.error('Measuring search, rankings, the SPARQL store and backups at scale…');
  const withBackup = !args.includes('--no-backup');
  const scale = measureScale(repoRoot, { withPg, withBackup });
  const scaleBefore = beforeRoot
    ? measureScale(resolve(beforeRoot), { withPg, withBackup })
    : undefined;
  const goals: Record<keyof typeof SCALE_ROW_LABELS, string> = {
    searchCommon: '≤ 50 / 30 ms',
    searchTypo: '≤ 60 / 40 ms',
    ranking: '≤ 100 ms',
    sparqlFill: '≤ 15 s',
    backupPglite: '',
    backupPg: '',
  };
  for (const row of Object.keys(SCALE_ROW_LABELS) as Array<keyof typeof SCALE_ROW_LABELS>)
    if (withBackup || !row.startsWith('backup'))
      rows.push({
        label: SCALE_ROW_LABELS[row],
        before: scaleBefore?.[row],
        now: scale[row],
        goal: goals[row],
      });
}

// The soak: minutes of mixed public reads on the demo content, PGlite, one process.
const soakSeconds = Number(option('--soak-seconds') ?? 180);
if (soakSeconds > 0) {
  console.error(`Soaking for ${soakSeconds} s…`);
  const soakCell = (r: SoakResult) => {
    const change = ((r.rssAfter - r.rssWarm) / r.rssWarm) * 100;
    return `${r.non2xx} errors, p99 ${r.p99}, RSS ${change >= 0 ? '+' : ''}${change.toFixed(1)} % after warm-up`;
  };
  const measure = (root?: string) =>
    soak({ seconds: soakSeconds, connections: 64, ...(root ? { root } : {}) }).then(soakCell);
  rows.push({
    label: `Soak, ${soakSeconds} s, 64 conn, mixed public reads (PGlite)`,
    now: await measure().catch((error: unknown) => `not measured: ${String(error)}`),
    ...(beforeRoot
      ? {
          before: await measure(resolve(beforeRoot)).catch(
            (error: unknown) => `not measured: ${String(error)}`,
          ),
        }
      : {}),
    goal: '0 errors, p99 ≤ 50 ms, RSS within 10 %',
  });
}

// ---------------------------------------------------------------------------------------------

notes.push(
  `Load average (1, 5, 15 min): ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} at the start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ', ',
    )} at the end, on ${availableParallelism()} cores: ratios within one run are what carry.`,
);

const columns: Array<[string, (row: Row) => Cell | undefined]> = [
  ['', (row) => row.label],
  ...(beforeRoot
    ? [['before', (row: Row) => row.before] as [string, (row: Row) => Cell | undefined]]
    : []),
  ['now', (row) => row.now],
  ['nginx (same bytes, a worker per core)', (row) => row.nginx],
  ['goal', (row) => row.goal],
];
const cells = rows.map((row) => columns.map(([, get]) => get(row) || ''));
const widths = columns.map(([title], i) =>
  Math.max(title.length, ...cells.map((line) => (line[i] ?? '').length)),
);
const line = (values: string[]) =>
  values
    .map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0)))
    .join('  ');
console.log(line(columns.map(([title]) => title)));
for (const values of cells) console.log(line(values));
for (const note of notes) console.log(`Note: ${note}`);
