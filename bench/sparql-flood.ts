/**
 * The SPARQL endpoint's fairness, as a client sees it: p50 of the specification's example
 * queries sent one after another with one key, alone and while another key floods the endpoint
 * with heavy queries: 40 connections, each sending a three-way cartesian product with ORDER BY
 * again as soon as it is answered. Three floods: one that waits the Retry-After of a 429 before
 * sending again; one that does not, against the server's default rate limits; and the same with
 * the rate limits off. The table (`bench/table.ts`) shows them as rows; run alone:
 *
 *   node --import tsx bench/sparql-flood.ts
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sparqlExamples } from '../common/sparql-examples.js';
import { Browser, importProfile } from './http-client.js';
import { BENCH_ADMIN, startServer } from './server-process.js';

/** What the flooding key sends: every statement with every pair of statements, sorted. */
export const HEAVY_QUERY = 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?a ?d ?g';
const FLOOD_CONNECTIONS = 40;
/** Rounds of the four examples measured, after one not counted. */
const ROUNDS = 25;
/** Where the flood and the measured client come from, when the server reads X-Forwarded-For. */
const FLOOD_ADDRESS = '198.51.100.1';
const CLIENT_ADDRESS = '198.51.100.2';

type Manner = 'polite' | 'hostile';

interface Figures {
  /** p50 of the example queries alone, and while the flood runs, in ms. */
  quietP50: number;
  floodP50: number;
  /** How the flood's requests were answered while the examples were measured, by status. */
  floodAnswers: Record<string, number>;
  /** Example queries not answered 200 (there should be none). */
  failures: number;
}

const p50 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;

interface Client {
  baseUrl: string;
  key: string;
  address: string;
}

async function post(client: Client, query: string, signal: AbortSignal) {
  const response = await fetch(`${client.baseUrl}/api/sparql`, {
    method: 'POST',
    headers: {
      'x-api-key': client.key,
      'content-type': 'text/plain',
      'x-forwarded-for': client.address,
    },
    body: query,
    signal,
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
}

/** Times every example query, round after round. */
async function examples(client: Client, profileIri: string) {
  const queries = sparqlExamples(profileIri).map((example) => example.query);
  const samples: number[] = [];
  let failures = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    for (const query of queries) {
      const start = performance.now();
      const { status } = await post(client, query, AbortSignal.timeout(120_000)).catch(() => ({
        status: 0,
      }));
      if (status !== 200) failures += 1;
      if (round > 0) samples.push(performance.now() - start);
    }
  }
  return { samples, failures };
}

/**
 * The flooding key runs in a process of its own, as it would on another machine: sharing the
 * measuring client's event loop, its thousands of requests a second delayed the measured answers'
 * arrival in this process and counted as the server's slowness.
 */
function startFlood(flooder: Client, manner: Manner) {
  const child = fork(fileURLToPath(import.meta.url), ['--flood', manner], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FLOOD_CLIENT: JSON.stringify(flooder) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let answers: Record<string, number> = {};
  child.on('message', (message: { answers?: Record<string, number> }) => {
    if (message.answers) answers = message.answers;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    /** Starts counting the flood's answers, from now on. */
    count: () => child.send('count'),
    /** Stops the flood (its connections go away) and gives the answers counted. */
    stop: async () => {
      child.send('stop');
      await Promise.race([exited, sleep(20_000)]);
      child.kill();
      return answers;
    },
  };
}

/** The flood's own process: 40 connections sending the heavy query until told to stop. */
async function flood(flooder: Client, manner: Manner) {
  let stopped = false;
  let counting = false;
  const inFlight = new Set<AbortController>();
  const answers: Record<string, number> = {};
  process.on('message', (message) => {
    if (message === 'count') counting = true;
    if (message === 'stop') stopped = true;
  });
  const connections = Array.from({ length: FLOOD_CONNECTIONS }, async () => {
    while (!stopped) {
      const controller = new AbortController();
      inFlight.add(controller);
      const { status, retryAfter } = await post(flooder, HEAVY_QUERY, controller.signal).catch(
        () => ({ status: 0, retryAfter: 0 }),
      );
      inFlight.delete(controller);
      if (counting && status && !stopped) answers[status] = (answers[status] ?? 0) + 1;
      if (manner === 'polite' && retryAfter > 0 && !stopped)
        await Promise.race([sleep(retryAfter * 1000), until(() => stopped)]);
    }
  });
  await until(() => stopped);
  // Every flood connection goes away: what it had running is stopped.
  for (const controller of inFlight) controller.abort();
  await Promise.race([Promise.all(connections), sleep(15_000)]);
  process.send?.({ answers });
  process.disconnect?.();
}

async function until(done: () => boolean) {
  while (!done()) await sleep(50);
}

async function underFlood(
  flooder: Client,
  measured: Client,
  profileIri: string,
  manner: Manner,
): Promise<Figures> {
  const quiet = await examples(measured, profileIri);
  const running = startFlood(flooder, manner);
  // The flood settles: one of its queries runs, the others wait or are refused.
  await sleep(2_000);
  running.count();
  const flooded = await examples(measured, profileIri);
  const floodAnswers = await running.stop();
  return {
    quietP50: p50(quiet.samples),
    floodP50: p50(flooded.samples),
    floodAnswers,
    failures: quiet.failures + flooded.failures,
  };
}

/** A server of the checkout at `root` with the video profile, and two keys of its first group. */
async function videoServer(root: string, videoFile: string, env: Record<string, string>) {
  const server = await startServer({ root, env });
  try {
    const browser = new Browser(server.url);
    await browser.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const floodKey = await browser.apiKeyOfFirstGroup();
    const measuredKey = await browser.apiKeyOfFirstGroup();
    const video = JSON.parse(readFileSync(videoFile, 'utf8')) as { id: string };
    await importProfile(server.url, floodKey, video);
    return {
      server,
      iri: video.id,
      flooder: { baseUrl: server.url, key: floodKey, address: FLOOD_ADDRESS },
      measured: { baseUrl: server.url, key: measuredKey, address: CLIENT_ADDRESS },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const cell = (figures: Figures) =>
  `${figures.floodP50.toFixed(1)} / ${figures.quietP50.toFixed(1)} ms (${(figures.floodP50 / figures.quietP50).toFixed(1)}×)`;

const answers = (figures: Figures) =>
  Object.entries(figures.floodAnswers)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ') || 'none yet';

/** The three floods against servers of the checkout at `root`: the table's rows and a note. */
export async function measureSparqlFlood(root: string, videoFile: string) {
  const open = await videoServer(root, videoFile, {});
  let polite: Figures;
  let hostileOpen: Figures;
  try {
    polite = await underFlood(open.flooder, open.measured, open.iri, 'polite');
    hostileOpen = await underFlood(open.flooder, open.measured, open.iri, 'hostile');
  } finally {
    await open.server.stop();
  }
  // The server's own rate limits, each client an address of its own.
  const limited = await videoServer(root, videoFile, {
    API_RATE_LIMIT_PER_ADDRESS: '600',
    API_RATE_LIMIT_PER_KEY: '1200',
    TRUST_PROXY: 'true',
  });
  let hostile: Figures;
  try {
    hostile = await underFlood(limited.flooder, limited.measured, limited.iri, 'hostile');
  } finally {
    await limited.server.stop();
  }
  return {
    cells: { polite: cell(polite), hostile: cell(hostile), hostileOpen: cell(hostileOpen) },
    note:
      `The SPARQL rows: p50 of the four example queries about the video profile (PGlite), ${ROUNDS} rounds one after another with one key, alone, then while another key keeps ${FLOOD_CONNECTIONS} connections sending "${HEAVY_QUERY}". ` +
      `Its answers while the examples ran: waiting for Retry-After ${answers(polite)}; at once, default rate limits ${answers(hostile)}; at once, no rate limits ${answers(hostileOpen)}. ` +
      `Example queries not answered 200: ${polite.failures + hostile.failures + hostileOpen.failures}.`,
  };
}

export const FLOOD_ROW_LABELS = {
  polite: 'SPARQL examples p50, one key flooding / none (flood waits for Retry-After)',
  hostile: '  same, flood sends again at once, default API rate limits',
  hostileOpen: '  same, flood sends again at once, API rate limits off',
};

// Run alone: servers of this checkout.
const runAlone = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (runAlone && process.argv[2] === '--flood') {
  await flood(JSON.parse(process.env.FLOOD_CLIENT ?? '{}') as Client, process.argv[3] as Manner);
} else if (runAlone) {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const videoFile = resolve(repoRoot, '../shared/corpus/authored/video/video.jsonld');
  if (!existsSync(videoFile)) {
    console.log(`${videoFile} is absent: nothing to measure.`);
    process.exit(0);
  }
  const { cells, note } = await measureSparqlFlood(repoRoot, videoFile);
  console.log(`${FLOOD_ROW_LABELS.polite}: ${cells.polite}   goal ≤ 2×`);
  console.log(`${FLOOD_ROW_LABELS.hostile}: ${cells.hostile}   goal ≤ 2×`);
  console.log(`${FLOOD_ROW_LABELS.hostileOpen}: ${cells.hostileOpen}`);
  console.log(`Note: ${note}`);
}
