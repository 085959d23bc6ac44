/**
 * Legitimate reads while one client sends the worst body each route takes. Starts the server of
 * this checkout (and, with `--before <checkout>`, of another) on PGlite with the demo content,
 * then for each:
 *
 *   1. quiet: mixed reads at 32 connections for a while, `/health` polled beside them;
 *   2. attack: the same reads while one client sends, at the limit a route allows it, the body
 *      that costs that route the most (a million-element array to `/api/validate_patterns`, a
 *      file of statements with thousands of distinct concepts to the Import Queue and to the
 *      profile upload, bodies over each limit);
 *   3. recovery: idle for a minute, watching the resident memory come back.
 *
 * Prints, side by side: p50/p99 of the reads, the slowest `/health`, the event-loop delay the
 * server reports (where it does), RSS before, at the peak and a minute after, and what the
 * attacking requests were answered. Figures only; never part of the tests.
 *
 * Run: npm run bench:hostile [-- --seconds 20] [-- --before <checkout>]
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser } from './http-client.js';
import { wrkMix, wrkMs } from './wrk-mix.js';
import { BENCH_ADMIN, idleRss, startServer, type ServerProcess } from './server-process.js';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '32' },
    // Only the attacks whose names contain one of these words (comma-separated).
    only: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
/** The public API's default per-address limit: 600 a minute. */
const ANONYMOUS_PER_SECOND = 10;

interface Target {
  base: string;
  readUrls: string[];
  uploadPath: string;
  importPath: string;
  cookie: string;
  csrf: string;
}

interface Answer {
  status: number;
  ms: number;
}

const readAgent = new http.Agent({ keepAlive: true, maxSockets: connections });
const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  base: string,
  method: string,
  url: string,
  options: { agent?: http.Agent; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer & { body: string }> {
  const begin = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${url}`,
      { method, agent: options.agent ?? false, headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < 4096) body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - begin, body }),
        );
        response.on('error', () => resolve({ status: -1, ms: performance.now() - begin, body }));
      },
    );
    // A connection the server closed before answering counts as status 0.
    request.on('error', () => resolve({ status: 0, ms: performance.now() - begin, body: '' }));
    request.setTimeout(120_000, () => request.destroy());
    request.end(options.body);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

interface Phase {
  reads: number;
  readErrors: number;
  readStatuses: Map<number, number>;
  p50: number;
  p99: number;
  healthMax: number;
  loopDelayMax: number | null;
  rssPeak: number;
  attacks: Map<string, Map<number, number>>;
}

/** wrk where installed: the reads come from a client of their own, not from this process. */
const hasWrk =
  process.env.HOSTILE_CLIENT !== 'node' && spawnSync('wrk', ['--version']).error === undefined;

interface WrkFigures {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
}

async function wrkReads(target: Target): Promise<WrkFigures> {
  const figures = await wrkMix({
    base: target.base,
    urls: target.readUrls,
    threads: 1,
    connections,
    seconds,
  });
  return { ...figures, p50: wrkMs(figures.p50), p99: wrkMs(figures.p99) };
}

/** Reads for `seconds`, `/health` every 100 ms, and the attackers while `attack` is set. */
async function phase(server: ServerProcess, target: Target, attack: boolean): Promise<Phase> {
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let readErrors = 0;
  const readStatuses = new Map<number, number>();
  let healthMax = 0;
  let loopDelayMax: number | null = null;
  let rssPeak = server.rssMiB();
  const attacks = new Map<string, Map<number, number>>();
  const count = (name: string, status: number) => {
    const byStatus = attacks.get(name) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    attacks.set(name, byStatus);
  };

  const readers = hasWrk
    ? [wrkReads(target).then((figures) => Object.assign(wrkFigures, figures))]
    : nodeReaders();
  const wrkFigures: Partial<WrkFigures> = {};
  function nodeReaders() {
    return Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i++) {
        const answer = await send(
          target.base,
          'GET',
          target.readUrls[i % target.readUrls.length]!,
          {
            agent: readAgent,
          },
        );
        latencies.push(answer.ms);
        if (answer.status !== 200) {
          readErrors += 1;
          if (!readStatuses.has(answer.status) && process.env.HOSTILE_SHOW_REFUSALS)
            console.log(`read answered ${answer.status}: ${answer.body.slice(0, 300)}`);
          readStatuses.set(answer.status, (readStatuses.get(answer.status) ?? 0) + 1);
        }
      }
    });
  }
  const prober = (async () => {
    while (Date.now() < deadline) {
      const answer = await send(target.base, 'GET', '/health', { agent: healthAgent });
      healthMax = Math.max(healthMax, answer.ms);
      try {
        const health = JSON.parse(answer.body) as { eventLoopDelayMaxMs?: number };
        if (typeof health.eventLoopDelayMaxMs === 'number')
          loopDelayMax = Math.max(loopDelayMax ?? 0, health.eventLoopDelayMaxMs);
      } catch {
        // An answer that is not the health document (a closed connection) says nothing here.
      }
      rssPeak = Math.max(rssPeak, server.rssMiB());
      await sleep(100);
    }
  })();
  const attackers = attack ? startAttackers(target, deadline, count) : [];
  await Promise.all([...readers, prober, ...attackers]);
  latencies.sort((a, b) => a - b);
  return {
    reads: wrkFigures.requests ?? latencies.length,
    readErrors: wrkFigures.non2xx ?? readErrors,
    readStatuses,
    p50: wrkFigures.p50 ?? quantile(latencies, 0.5),
    p99: wrkFigures.p99 ?? quantile(latencies, 0.99),
    healthMax,
    loopDelayMax,
    rssPeak,
    attacks,
  };
}

/** Statements with many distinct concepts each: what makes a harvest (and its answer) big. */
function manyConceptStatements(statements: number, extensions: number): unknown[] {
  const display = 'x'.repeat(500);
  return Array.from({ length: statements }, (_, i) => ({
    actor: { objectType: 'Agent', mbox: 'mailto:learner@example.org' },
    verb: { id: `https://example.org/verbs/v${i}`, display: { 'en-US': display } },
    object: { objectType: 'Activity', id: `https://example.org/activities/a${i}` },
    context: {
      extensions: Object.fromEntries(
        Array.from({ length: extensions }, (_, j) => [`https://example.org/ext/${i}/${j}`, j]),
      ),
    },
  }));
}

/**
 * The attacking bodies, made once before any phase: made when the attack starts, they held this
 * process for a second, and the `/health` prober's figure with it.
 */
const BODIES = {
  million: Buffer.from(
    JSON.stringify({ profile: 'https://w3id.org/xapi/video', statements: Array(1e6).fill(1) }),
  ),
  harvestFile: Buffer.from(JSON.stringify(manyConceptStatements(1000, 50))),
  tenMegabytes: Buffer.from(
    JSON.stringify({ statements: manyConceptStatements(4000, 50).slice(0, 3900) }),
  ),
  oversized: Buffer.alloc(12 * 1024 * 1024, 0x20),
};

function startAttackers(
  target: Target,
  deadline: number,
  count: (name: string, status: number) => void,
): Promise<void>[] {
  const json = { 'content-type': 'application/json' };
  const member = { ...json, cookie: target.cookie, 'x-csrf-token': target.csrf };
  const { million, harvestFile, tenMegabytes, oversized } = BODIES;

  /** Sends `body` at `perSecond` (open loop, at most 8 waiting), or one after another. */
  const wanted = args.only?.split(',') ?? null;
  const loop = async (name: string, perSecond: number | null, call: () => Promise<Answer>) => {
    if (wanted && !wanted.some((word) => name.includes(word))) return;
    const inFlight = new Set<Promise<void>>();
    while (Date.now() < deadline) {
      const sent = call().then((answer) => count(name, answer.status));
      if (perSecond === null) {
        await sent;
        continue;
      }
      const tracked = sent.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      await sleep(1000 / perSecond);
      while (inFlight.size >= 8) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  };

  const attacks = [
    loop('validate_patterns 1M-item array', ANONYMOUS_PER_SECOND, () =>
      send(target.base, 'POST', '/api/validate_patterns', { headers: json, body: million }),
    ),
    loop('Import Queue 1,000×50 extensions', null, () =>
      send(target.base, 'POST', `${target.uploadPath}?fileName=s.json`, {
        headers: member,
        body: harvestFile,
      }),
    ),
    loop('profile upload 10 MB of statements', null, () =>
      send(target.base, 'POST', target.importPath, { headers: member, body: tenMegabytes }),
    ),
    loop('12 MB over a limit', 1, () =>
      send(target.base, 'POST', '/api/validate_patterns', { headers: json, body: oversized }),
    ),
  ];
  return attacks;
}

async function prepare(server: ServerProcess): Promise<Target> {
  const base = server.url;
  const browser = new Browser(base);
  await browser.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const groups = (await browser.request('GET', '/app/org?mine=true')) as {
    organizations: Array<{ uuid: string }>;
  };
  const made = (await browser.request('POST', `/app/org/${groups.organizations[0]!.uuid}/profile`, {
    iriType: 'external-iri',
    extiri: `https://example.org/profiles/hostile-${Date.now()}`,
    name: 'Target',
    description: 'What the attacking member uploads to.',
  })) as { profile: { uuid: string }; version: { uuid: string } };
  const version = `/app/profile/${made.profile.uuid}/version/${made.version.uuid}`;
  const list = JSON.parse((await send(base, 'GET', '/api/profile?limit=10')).body) as {
    metadata: Array<{ profile_url: string }>;
  };
  const profileId = list.metadata[0]!.profile_url.split('/').pop()!;
  const { cookie, csrf } = browser.credentials();
  return {
    base,
    readUrls: [
      '/app/home',
      '/api/profile?limit=10',
      `/api/profile/${profileId}`,
      `/app/profile/${profileId}`,
    ],
    uploadPath: `${version}/harvest`,
    importPath: `${version}/import-profile?fileName=statements.json`,
    cookie,
    csrf,
  };
}

interface Run {
  label: string;
  quiet: Phase;
  attack: Phase;
  rssBefore: number;
  rssAfterMinute: number;
}

async function measure(root: string, label: string): Promise<Run> {
  const server = await startServer({ root, demoContent: true });
  try {
    const target = await prepare(server);
    const rssBefore = await idleRss(server);
    // The longest stall the server reports covers 10 to 20 s: let start-up's leave it.
    await sleep(20_000);
    const quiet = await phase(server, target, false);
    const attack = await phase(server, target, true);
    // A minute of rest: what the server keeps of the burst is what it does not hand back.
    await sleep(60_000);
    return { label, quiet, attack, rssBefore, rssAfterMinute: server.rssMiB() };
  } finally {
    await server.stop();
  }
}

const ms = (n: number | null) => (n === null || Number.isNaN(n) ? 'n/a' : `${n.toFixed(1)} ms`);
const mib = (n: number) => `${n.toFixed(0)} MiB`;

function print(runs: Run[]): void {
  const rows: Array<[string, ...string[]]> = [];
  const header: [string, ...string[]] = [
    '',
    ...runs.flatMap((r) => [`${r.label} quiet`, `${r.label} attacked`]),
  ];
  const row = (name: string, value: (p: Phase) => string) =>
    rows.push([name, ...runs.flatMap((r) => [value(r.quiet), value(r.attack)])]);
  row('reads', (p) => String(p.reads));
  row('reads not 200', (p) => String(p.readErrors));
  row('read p50', (p) => ms(p.p50));
  row('read p99', (p) => ms(p.p99));
  row('/health max', (p) => ms(p.healthMax));
  row('longest event-loop stall', (p) => ms(p.loopDelayMax));
  row('RSS peak', (p) => mib(p.rssPeak));
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
  for (const line of [header, ...rows])
    console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  for (const run of runs) {
    const back = (run.rssAfterMinute / run.rssBefore - 1) * 100;
    console.log(
      `\n${run.label}: RSS ${mib(run.rssBefore)} before, ${mib(run.attack.rssPeak)} at the peak, ${mib(run.rssAfterMinute)} a minute after (${back >= 0 ? '+' : ''}${back.toFixed(0)} %); p99 attacked/quiet ${(run.attack.p99 / run.quiet.p99).toFixed(2)}×`,
    );
    for (const phase of [run.quiet, run.attack])
      if (phase.readStatuses.size > 0)
        console.log(
          `  reads not 200 (${phase === run.quiet ? 'quiet' : 'attacked'}): ${[...phase.readStatuses].map(([status, n]) => `${n}× ${status === 0 ? 'connection closed' : status}`).join(', ')}`,
        );
    for (const [name, byStatus] of run.attack.attacks)
      console.log(
        `  ${name}: ${[...byStatus].map(([status, n]) => `${n}× ${status === 0 ? 'connection closed' : status}`).join(', ')}`,
      );
  }
}

const runs: Run[] = [];
if (args.before) runs.push(await measure(args.before, 'before'));
runs.push(await measure(process.cwd(), args.before ? 'this' : 'server'));
console.log(
  `\nhostile: ${seconds} s per phase, ${connections} read connections (${hasWrk ? 'wrk' : 'node client'}), PGlite with the demo content\n`,
);
print(runs);
readAgent.destroy();
healthAgent.destroy();
