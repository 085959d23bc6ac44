/**
 * Starts the server of a checkout of this repository as a child process, the way `npm run serve`
 * (and so `npm start`) does, so benchmarks measure a real process (its own memory, its own event loop) and can compare
 * two checkouts in one run. Used by `bench/table.ts` and `bench/rss.ts`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { throwawayDatabase } from '../scripts/throwaway-database.js';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The server's resident memory now, from /proc (MiB). */
  rssMiB(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The checkout to run (its own node_modules and dist/web). */
  root: string;
  /** A PostgreSQL URL; without it the server opens PGlite in a fresh data folder. */
  databaseUrl?: string;
  demoContent?: boolean;
  env?: Record<string, string>;
  /** How long start-up may take, in ms. */
  timeoutMs?: number;
  /** A data folder to open, kept when the server stops; by default a fresh one, removed then. */
  dataDir?: string;
}

export const BENCH_ADMIN = { email: 'bench@example.org', password: 'bench-admin-password' };

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** VmRSS of a process in MiB, or NaN when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([
    new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
    sleep(ms).then(() => false),
  ]);
}

/**
 * The command `npm run serve` runs in a checkout: the compiled server through `scripts/serve.sh`
 * (built first) where there is one, else the sources under the TypeScript loader, as older
 * checkouts did. `serve.sh` ends in `exec node`, so the child's pid is the server's.
 */
function serveCommand(root: string): [string, string[]] {
  if (!existsSync(join(root, 'scripts/serve.sh')))
    return [process.execPath, ['--import', 'tsx', 'server/main.ts']];
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  return ['sh', ['scripts/serve.sh']];
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'xps-bench-'));
  const [command, args] = serveCommand(options.root);
  const child = spawn(command, args, {
    cwd: options.root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      // The node running the benchmark runs the server too.
      PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_CONTENT: options.demoContent === false ? 'false' : 'true',
      // Load tests come from one address; the limits protect a public site, not this run.
      API_RATE_LIMIT_PER_ADDRESS: '100000000',
      API_RATE_LIMIT_PER_KEY: '100000000',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await exited(child, 15_000))) {
        child.kill('SIGKILL');
        await exited(child, 5_000);
      }
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server in ${options.root} stopped during start-up:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server in ${options.root} did not answer /health in time:\n${stderr}`);
    }
    await sleep(250);
  }

  const pid = child.pid ?? 0;
  return { url, pid, rssMiB: () => rssOf(pid), stop };
}

/**
 * Waits until the server's memory stops moving (the demo content's jobs done, the collector run),
 * at most `maxMs`, then answers its resident memory in MiB.
 */
export async function idleRss(server: ServerProcess, maxMs = 30_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let last = server.rssMiB();
  let steady = 0;
  while (Date.now() < deadline && steady < 3) {
    await sleep(1_000);
    const now = server.rssMiB();
    steady = Math.abs(now - last) < 2 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * Runs `measure` on the built server of `root`: on PGlite unless `--no-pglite` is among `args`,
 * then on a throwaway PostgreSQL database (BENCH_DATABASE_URL, default 127.0.0.1:5432) unless
 * `--no-pg`. Each server is stopped, and the database dropped, whatever `measure` does.
 */
export async function onEachEngine(
  root: string,
  args: readonly string[],
  measure: (label: 'PGlite' | 'PostgreSQL', server: ServerProcess) => Promise<void>,
): Promise<void> {
  if (!args.includes('--no-pglite')) {
    const pglite = await startServer({ root, timeoutMs: 300_000 });
    try {
      await measure('PGlite', pglite);
    } finally {
      await pglite.stop();
    }
  }
  if (args.includes('--no-pg')) return;
  const database = await throwawayDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'xps_bench',
  );
  try {
    const server = await startServer({ root, databaseUrl: database.url, timeoutMs: 300_000 });
    try {
      await measure('PostgreSQL', server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
