/**
 * The large-import row of the benchmark table, which also runs alone: a member publishes a
 * generated profile of 742 KB (1,000 concepts, 100 templates, 100 patterns) through
 * `POST /api/profile` while `/health` is asked every 20 ms and 32 connections read a kept
 * document; it reports the import's time, `/health`'s p99 and worst answer, the longest stall
 * the server reports, and the read's p99 during the import beside the same read quiet and the
 * same read beside a load of nothing but CPU, as many cores as the import alone keeps busy, for as
 * long (`busy-load.ts`): the machine's own share of the ratio, which on two cores is most of it.
 *
 *   node --import tsx bench/large-import.ts [--no-pg | --no-pglite] [--runs 3]
 *
 * Alone, it starts the built server of this checkout on PGlite and, unless `--no-pg`, on a
 * throwaway PostgreSQL database (BENCH_DATABASE_URL, default 127.0.0.1:5432), imports the
 * video profile of the corpus (a generated one without it) as the kept document, and prints a
 * line per run. Needs wrk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { generateProfile } from '../xapi/fixtures/generated-profile.js';
import { Browser, freshCopy, importProfile } from './http-client.js';
import { BENCH_ADMIN, onEachEngine, type ServerProcess } from './server-process.js';
import { busyLoad } from './busy-load.js';
import { machineBusyMicros, untilQuiet } from './process-cpu.js';
import { wrk, wrkUntilStopped } from './wrk.js';

export interface LargeImport {
  importMs: number;
  healthP99: number;
  healthWorst: number;
  /** The longest stall of the event loop any process of the server reports after the import. */
  stallMs: number;
  readQuietP99: number;
  readDuringP99: number;
  readsDuring: number;
  /** The same import with nothing beside it: how long it took, and how many cores it kept busy. */
  aloneMs: number;
  importCores: number;
  /** The read's p99 beside a load of nothing but CPU, as many cores for as long as the import. */
  readBesideLoadP99: number;
}

/** Times of `/health` asked every 20 ms until `stop`. */
function pollHealth(url: string): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
      } catch {
        // A refused or lost answer counts for the time it took.
      }
      const took = performance.now() - start;
      times.push(took);
      await sleep(Math.max(0, 20 - took));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

/** `/health`'s report, asked over a connection of its own (`agent: false`). */
function healthOverNewConnection(url: string): Promise<{ eventLoopDelayMaxMs?: number }> {
  return new Promise((answered, failed) => {
    get(`${url}/health`, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => answered(JSON.parse(text) as { eventLoopDelayMaxMs?: number }));
    }).on('error', failed);
  });
}

/**
 * The longest stall any of the server's processes reports. Each reports its own, and on
 * PostgreSQL a process per core serves; the cluster's primary hands new connections to them in
 * turn, so a few asks over fresh connections reach every one, the one that ran the import
 * included (one ask reached it about every other time).
 */
async function longestStallReported(url: string, asks = 6): Promise<number> {
  let longest = Number.NaN;
  for (let ask = 0; ask < asks; ask++) {
    const reported = (await healthOverNewConnection(url)).eventLoopDelayMaxMs;
    if (reported !== undefined && !(reported <= longest)) longest = reported;
  }
  return longest;
}

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[
    Math.min(samples.length - 1, Math.floor(samples.length * p))
  ] ?? Number.NaN;

/** The generated profile of the large-import row: 1,000 concepts, 100 templates, 100 patterns. */
export const LARGE_PROFILE = generateProfile(20, 'https://bench.example/large');

/**
 * A member imports the large profile (POST /api/profile, published) while `/health` is asked
 * every 20 ms and 32 connections read a kept document; beside it, the same read's p99 quiet.
 */
export async function measureLargeImport(
  server: ServerProcess,
  key: string,
  keptPath: string,
  quietSeconds = 5,
): Promise<LargeImport> {
  // The quiet read is measured once the server is idle: right after an earlier import, its
  // background work (the outbox, the graph job) was still running and the "quiet" p99 of the
  // next run read 6-7 ms against 1.8 ms idle on one machine.
  await untilQuiet(server.pid);
  const quiet = wrk(server.url + keptPath, 32, {}, quietSeconds);
  // The import alone first, for the CPU it keeps busy over the whole machine (its database
  // thread, or PostgreSQL's backend, included): beside reads that already keep both cores busy,
  // what is the import's and what is theirs cannot be told apart.
  await untilQuiet(server.pid);
  const busyAtImport = machineBusyMicros();
  const alone = await importProfile(server.url, key, freshCopy(LARGE_PROFILE));
  const importCores = (machineBusyMicros() - busyAtImport) / 1000 / alone.ms;
  await untilQuiet(server.pid);
  // Rest, so /health's longest stall is the import's own: it reports the longest of the 10-second
  // window under way and of the one before it (server/http/load-shedding.ts), and after ten
  // seconds of rest that was still the server's start-up (route registration, 150–180 ms on
  // PostgreSQL) for the first import after a start, while /health itself never answered slower
  // than 45 ms during the import.
  await sleep(21_000);
  const health = pollHealth(server.url);
  const reads = wrkUntilStopped(server.url + keptPath, 32);
  await sleep(1_000);
  const imported = await importProfile(server.url, key, freshCopy(LARGE_PROFILE));
  const during = await reads.stop();
  const times = await health.stop();
  const stallMs = await longestStallReported(server.url);
  // The yardstick: on two cores, any load beside the reads raises their p99, because the kernel
  // shares the cores between wrk, the request thread and the load. The same reads beside a load
  // that is only CPU, as many cores as the import alone kept busy and as long as it took beside
  // the reads, show how much of the ratio is that.
  await untilQuiet(server.pid);
  const besideLoad = wrkUntilStopped(server.url + keptPath, 32);
  await sleep(1_000);
  await busyLoad(importCores, imported.ms);
  const readBesideLoad = await besideLoad.stop();
  return {
    importMs: imported.ms,
    healthP99: percentile(times, 0.99),
    healthWorst: Math.max(...times),
    stallMs,
    readQuietP99: quiet.p99,
    readDuringP99: during.p99,
    readsDuring: during.requests,
    aloneMs: alone.ms,
    importCores,
    readBesideLoadP99: readBesideLoad.p99,
  };
}

/** One line of figures, as the table shows them. */
export function describeLargeImport(m: LargeImport): string {
  const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
  const ratio = (n: number) => fmt(n / m.readQuietP99, 1);
  return `${fmt(m.importMs)} ms; /health p99 ${fmt(m.healthP99)} ms, worst ${fmt(m.healthWorst)} ms; stall ${fmt(m.stallMs)} ms; read p99 ${fmt(m.readDuringP99, 1)} ms (quiet ${fmt(m.readQuietP99, 1)}, ${ratio(m.readDuringP99)}×); beside ${fmt(m.importCores, 1)} busy cores (the import's, alone ${fmt(m.aloneMs)} ms) ${fmt(m.readBesideLoadP99, 1)} ms (${ratio(m.readBesideLoadP99)}×)`;
}

/**
 * Several runs of the large import on one server, read into one line: the worst `/health` answer
 * and the longest stall of them all (the goals are bounds), and for the read the ratio of each
 * run, during the import and beside the CPU load, with their medians. One run says little on a
 * machine whose quiet p99 moved from 5 to 26 ms between runs a minute apart.
 */
export async function measureLargeImports(
  server: ServerProcess,
  key: string,
  keptPath: string,
  runs: number,
): Promise<string> {
  const measured: LargeImport[] = [];
  for (let run = 0; run < runs; run++)
    measured.push(await measureLargeImport(server, key, keptPath));
  const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[middle] ?? NaN)
      : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  };
  const ratios = (pick: (m: LargeImport) => number) => {
    const each = measured.map((m) => pick(m) / m.readQuietP99);
    return `${each.map((r) => `${fmt(r, 1)}×`).join(', ')} (median ${fmt(median(each), 1)}×)`;
  };
  return [
    `${runs} runs: ${measured.map((m) => fmt(m.importMs)).join(', ')} ms`,
    `/health worst ${fmt(Math.max(...measured.map((m) => m.healthWorst)))} ms`,
    `stall ${fmt(Math.max(...measured.map((m) => m.stallMs)))} ms`,
    `read p99 / quiet ${ratios((m) => m.readDuringP99)}`,
    `beside the import's busy cores alone ${ratios((m) => m.readBesideLoadP99)}`,
  ].join('; ');
}

async function runAlone(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
  const video = resolve(root, '../shared/corpus/authored/video/video.jsonld');
  const kept = existsSync(video) ? readFileSync(video, 'utf8') : generateProfile(2);
  const measure = async (label: string, server: ServerProcess) => {
    const browser = new Browser(server.url);
    await browser.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const key = await browser.apiKeyOfFirstGroup();
    const imported = await importProfile(server.url, key, freshCopy(kept));
    const path = `/api/profile/${imported.versionUuid}`;
    // Not measured: the first seconds of reads, while the read path is compiled. Measured, they
    // were the quiet p99 of the first run (78–450 ms against 4–10 ms after), and its ratio.
    wrk(server.url + path, 32, {}, 5);
    for (let run = 1; run <= runs; run++) {
      const measured = await measureLargeImport(server, key, path);
      console.log(`${label}, run ${run}: ${describeLargeImport(measured)}`);
    }
  };
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ');
  console.log(`Load average ${load()} on start`);
  await onEachEngine(root, args, measure);
  console.log(`Load average ${load()} at the end`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runAlone();
}
