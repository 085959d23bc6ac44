/**
 * Mixed-read soak: starts the real server (`server/main.ts`) on a fresh PGlite data folder with
 * the demo content, at the default log level, and loads it for a while with the reads people
 * make most: the home page data, the published list, a profile document and a profile page.
 * Prints requests per second, p50/p99 latency, non-2xx answers, the server's RSS before and after
 * and the bytes of log it wrote. Prints figures only; never part of the tests.
 *
 * Run: npm run bench:soak [-- seconds [connections]]   (defaults: 180 s, 16 connections)
 * `npm run bench` runs it too (`soak`, 180 s at 64 connections) for its soak row.
 * Uses `wrk` when it is installed (apt-get install wrk), else (or with SOAK_CLIENT=node) a
 * keep-alive Node client. LOG_LEVEL=debug shows what the request lines would cost.
 * The machine's other work shows in the figures: compare runs made on the same machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';
import { wrkMix } from './wrk-mix.js';

const here = fileURLToPath(new URL('..', import.meta.url));

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let agent = new http.Agent({ keepAlive: true });
function get(base: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function waitForHealth(base: string, child: { exitCode: number | null }): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const answer = await get(base, '/health').catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() - started > 180_000) throw new Error('the server did not start in 180 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Figures {
  tool: string;
  requests: number;
  perSecond: number;
  p50: string;
  p99: string;
  non2xx: number;
}

/** wrk walking the URL mix, one URL per request. */
async function loadWithWrk(
  base: string,
  urls: string[],
  { seconds, connections }: SoakOptions,
): Promise<Figures> {
  const figures = await wrkMix({ base, urls, threads: 2, connections, seconds });
  return { tool: 'wrk', ...figures };
}

/** A keep-alive Node client: `connections` loops, each walking the URL mix. */
async function loadWithNode(
  base: string,
  urls: string[],
  { seconds, connections }: SoakOptions,
): Promise<Figures> {
  const samples: number[] = [];
  let non2xx = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i++) {
        const begin = performance.now();
        const answer = await get(base, urls[i % urls.length]!).catch(() => ({ status: 0 }));
        samples.push(performance.now() - begin);
        if (answer.status < 200 || answer.status >= 300) non2xx += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    `${(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0).toFixed(2)}ms`;
  return {
    tool: 'node http (keep-alive)',
    requests: samples.length,
    perSecond: samples.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
  };
}

export interface SoakOptions {
  seconds: number;
  connections: number;
  /** The checkout whose server is soaked (default this one). */
  root?: string;
}

export interface SoakResult extends Figures {
  urls: string[];
  rssBefore: number;
  /** A third of the way into the soak. */
  rssWarm: number;
  rssAfter: number;
  logged: number;
  logTotal: number;
}

/** Starts the server on fresh demo content, loads it with the read mix, and stops it. */
export async function soak(options: SoakOptions): Promise<SoakResult> {
  agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const work = mkdtempSync(path.join(tmpdir(), 'xps-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server's output goes to a file, as under a service manager: its size is the log written.
  const logFile = path.join(work, 'server.log');
  const logFd = openSync(logFile, 'a');
  const logBytes = () => statSync(logFile).size;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: options.root ?? here,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO_CONTENT: 'true',
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      SPA_DIR: 'server/test/fixtures/spa',
      // The soak measures reads, not the limits that protect them.
      API_RATE_LIMIT_PER_ADDRESS: '100000000',
      API_RATE_LIMIT_PER_KEY: '100000000',
    },
  });

  try {
    await waitForHealth(base, server);
    const list = await get(base, '/api/profile?limit=10');
    const first = (JSON.parse(list.body) as { metadata: Array<{ profile_url: string }> })
      .metadata[0];
    if (!first) throw new Error('the demo content has no published profile');
    const profileId = first.profile_url.split('/').pop() as string;
    const urls = [
      '/app/home',
      '/api/profile?limit=10',
      `/api/profile/${profileId}`,
      `/app/profile/${profileId}`,
    ];
    for (const url of urls) {
      const answer = await get(base, url);
      if (answer.status !== 200)
        throw new Error(`${url} answered ${answer.status} before the soak`);
    }

    const pid = server.pid as number;
    const rssBefore = rssOf(pid);
    const logBefore = logBytes();
    const hasWrk =
      process.env.SOAK_CLIENT !== 'node' && spawnSync('wrk', ['--version']).error === undefined;
    // Sampled through the soak: once warm (a third of the way in), the resident size should stay
    // where it is, whatever it grew to while the load began.
    const samples: number[] = [];
    const sampling = setInterval(() => samples.push(rssOf(pid)), 1000);
    const figures = await (
      hasWrk ? loadWithWrk(base, urls, options) : loadWithNode(base, urls, options)
    ).finally(() => clearInterval(sampling));
    const rssAfter = rssOf(pid);
    return {
      ...figures,
      urls,
      rssBefore,
      rssWarm: samples[Math.floor(samples.length / 3)] ?? rssBefore,
      rssAfter,
      logged: logBytes() - logBefore,
      logTotal: logBytes(),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve(null);
      }, 10_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    agent.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

const runAlone = process.argv[1] && fileURLToPath(import.meta.url) === resolvePath(process.argv[1]);
if (runAlone) {
  const seconds = Number(process.argv[2] ?? process.env.SOAK_SECONDS ?? 180);
  const connections = Number(process.argv[3] ?? 16);
  console.log(`soak: ${seconds} s, ${connections} connections`);
  const result = await soak({ seconds, connections });
  console.log(`mix                 ${result.urls.join(' ')}`);
  console.log(`load generator      ${result.tool}`);
  console.log(`requests            ${result.requests}`);
  console.log(`requests/s          ${result.perSecond.toFixed(1)}`);
  console.log(`latency p50 / p99   ${result.p50} / ${result.p99}`);
  console.log(`non-2xx answers     ${result.non2xx}`);
  console.log(
    `server RSS          ${mb(result.rssBefore)} before, ${mb(result.rssWarm)} a third in, ${mb(result.rssAfter)} after`,
  );
  console.log(
    `log written         ${result.logged} bytes during the soak, ${result.logTotal} bytes in all`,
  );
}
