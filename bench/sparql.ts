/**
 * The SPARQL store: how long it takes to fill and what it holds in memory with every importable
 * profile of the corpus, and with 100 copies of each; p50/p95 of the specification's four example
 * queries on the kept store, against building a store from every profile for each query. The
 * store is filled from the N-Triples stored once per version after it is published; what that
 * conversion costs is printed apart. Prints figures only. Run: node --import tsx bench/sparql.ts [copies] [--json]
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import jsonld from 'jsonld';
import oxigraph, { type Quad } from 'oxigraph';
import { sparqlExamples } from '../common/sparql-examples.js';
import { openDatabase } from '../server/db/client.js';
import { withInferences } from '../server/modules/sparql/inference.js';
import { backfillVersionGraphs } from '../server/modules/sparql/stored.js';
import {
  BINDINGS,
  type FillEntry,
  type WorkerReply,
  type WorkerRequest,
} from '../server/modules/sparql/protocol.js';
import { offlineDocumentLoader, validate } from '../xapi/index.js';
import { benchApp, benchPublisher } from './in-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const authored = resolve(repoRoot, '../shared/corpus/authored');
const copies = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100);
/** Ends with one line of JSON holding the fill's figures, for `bench/table.ts`. */
const json = process.argv.includes('--json');
if (!existsSync(authored)) {
  const why = 'the corpus is not here (../shared/corpus/authored)';
  console.log(json ? JSON.stringify({ skipped: why }) : `Nothing to measure: ${why}.`);
  process.exit(0);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.json(ld)?$/.test(name) ? [full] : [];
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const collect = () => (globalThis as { gc?: () => void }).gc?.();
const rss = () => {
  collect();
  return process.memoryUsage().rss;
};
const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// 1. A server holding every importable corpus profile.
const database = await openDatabase({});
await database.migrate();
const app = await benchApp(database, { LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
const key = await benchPublisher(app, database);
const hosted: Array<Record<string, unknown> & { id: string; templates?: unknown[] }> = [];
for (const file of files(authored).sort()) {
  const text = readFileSync(file, 'utf8');
  if (validate(text).some((f) => f.severity === 'error')) continue;
  const response = await app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { 'x-api-key': key },
    payload: { profile: JSON.parse(text) as unknown },
  });
  if (response.statusCode === 200) hosted.push(JSON.parse(text) as (typeof hosted)[number]);
}
const corpusBytes = hosted.reduce((n, d) => n + JSON.stringify(d).length, 0);
console.log(
  `${hosted.length} corpus profiles hosted (${(corpusBytes / 1024).toFixed(0)} KB of JSON-LD)`,
);

// What the jobs do after each publish: every version's N-Triples stored once.
let storedVersions = 0;
const storing = await timed(async () => {
  for (;;) {
    const { stored, failed } = await backfillVersionGraphs(database.db, 50, (document, iri) =>
      app.services.graphConverter.toNTriples(document, iri),
    );
    if (failed.length > 0) throw new Error(`${failed.length} versions not converted`);
    storedVersions += stored;
    if (stored === 0) return;
  }
});
console.log(`N-Triples stored once for ${storedVersions} versions in ${storing.toFixed(0)} ms`);

const before = rss();
const fill = await timed(async () => {
  app.services.sparql.start();
  await app.services.sparql.settled();
});
console.log(
  `store filled from the database in ${fill.toFixed(0)} ms (${app.services.sparql.stats().graphs} graphs); process RSS ${mb(before)} before, ${mb(rss())} after`,
);

const subject = [...hosted].sort(
  (a, b) => (b.templates?.length ?? 0) - (a.templates?.length ?? 0),
)[0]!;
const examples = sparqlExamples(subject.id);

// 2. The four example queries on the kept store, through the service (worker round trip).
const kept: Record<string, number[]> = {};
for (const example of examples) {
  kept[example.id] = [];
  for (let i = 0; i < 220; i++) {
    const ms = await timed(() =>
      app.services.sparql.query(example.query, () => BINDINGS, { keyId: 'bench' }),
    );
    if (i >= 20) kept[example.id]!.push(ms);
  }
}

// 3. The same queries, each on a store built from every profile (conversion and inference too).
async function quadsOf(document: unknown): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(document as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
    documentLoader: offlineDocumentLoader as never,
  })) as unknown as string;
  return oxigraph.parse(nquads, { format: 'application/n-quads' });
}
const rebuilt: Record<string, number[]> = {};
for (const example of examples) {
  rebuilt[example.id] = [];
  for (let i = 0; i < 5; i++) {
    rebuilt[example.id]!.push(
      await timed(async () => {
        const store = new oxigraph.Store();
        for (const document of hosted)
          for (const quad of withInferences(await quadsOf(document), oxigraph.defaultGraph()))
            store.add(quad);
        store.query(example.query, { results_format: 'json' });
      }),
    );
  }
}
console.log(`\nexample queries about ${subject.id}`);
console.log('query       kept p50   kept p95   rebuilt p50   rebuilt p95   speed-up (p50)');
for (const example of examples) {
  const k = kept[example.id]!;
  const r = rebuilt[example.id]!;
  console.log(
    `${example.id.padEnd(10)} ${percentile(k, 50).toFixed(2).padStart(7)} ms ${percentile(k, 95)
      .toFixed(2)
      .padStart(7)} ms ${percentile(r, 50).toFixed(0).padStart(9)} ms ${percentile(r, 95)
      .toFixed(0)
      .padStart(9)} ms ${(percentile(r, 50) / percentile(k, 50)).toFixed(0).padStart(10)}×`,
  );
}
await app.close();
await database.close();

// 4. The store alone with `copies` copies of every profile (fresh IRIs each), as a node would
// hold them: each copy converted once (as after its publish), then one worker filled from those
// N-Triples in batches, and the graphs' N-Triples kept to refill a replaced worker.
const startWorker = () =>
  new Worker(new URL('../server/modules/sparql/boot.js', import.meta.url), {
    workerData: { entry: new URL('../server/modules/sparql/worker.ts', import.meta.url).href },
  });
let worker = startWorker();
const ask = (request: WorkerRequest) =>
  new Promise<WorkerReply>((done) => {
    worker.once('message', done);
    worker.postMessage(request);
  });
const CONTEXT = 'https://w3id.org/xapi/profiles/context';
const sources = hosted.map((d) => JSON.stringify(d));
const keptTriples: string[] = [];
const graphsToFill: FillEntry[] = [];
const conversion = await timed(async () => {
  for (let copy = 0; copy < copies; copy++) {
    for (const [n, source] of sources.entries()) {
      const text = source
        .replaceAll('https://', `https://c${copy}.`)
        .replaceAll('http://', `http://c${copy}.`)
        .replaceAll(`https://c${copy}.w3id.org/xapi/profiles/context`, CONTEXT);
      const graph = `https://bench.example/${copy}/${n}`;
      const reply = await ask({ type: 'convert', graph, document: text });
      if (!reply.ok) throw new Error(reply.error);
      keptTriples.push(reply.ntriples ?? '');
      graphsToFill.push({ graph, ntriples: reply.ntriples ?? '', currentOf: `${copy}/${n}` });
    }
  }
});
console.log(
  `\n${copies}× the corpus converted once (as at publish, not part of the fill): ${(conversion / 1000).toFixed(1)} s`,
);
// A node's workers convert nothing when every version has its N-Triples: a fresh one is filled.
await worker.terminate();
worker = startWorker();
await ask({ type: 'current', profileId: 'warm-up', graph: null });
const base = rss();
const load = await timed(async () => {
  for (let at = 0; at < graphsToFill.length; at += 64) {
    const reply = await ask({ type: 'fill', graphs: graphsToFill.slice(at, at + 64) });
    if (!reply.ok) throw new Error(reply.error);
  }
  for (let copy = 0; copy < copies; copy++)
    for (const n of sources.keys())
      await ask({
        type: 'current',
        profileId: `${copy}/${n}`,
        graph: `https://bench.example/${copy}/${n}`,
      });
});
const after = rss();
const keptBytes = keptTriples.reduce((n, t) => n + t.length, 0);
const triples = keptTriples.reduce((n, t) => n + t.split('\n').length - 1, 0);
console.log(
  `${copies}× the corpus (${copies * hosted.length} profiles, ${triples} statements in all): filled in ${(load / 1000).toFixed(1)} s; process RSS ${mb(base)} before, ${mb(after)} after; N-Triples kept for refills ${mb(keptBytes)}`,
);
const scaled = sparqlExamples(subject.id.replace('https://', 'https://c0.'));
for (const example of scaled) {
  const samples: number[] = [];
  for (let i = 0; i < 25; i++) {
    const start = process.hrtime.bigint();
    const reply = await ask({
      type: 'query',
      query: example.query,
      format: BINDINGS,
      maxBytes: 1e9,
    });
    if (!reply.ok) throw new Error(reply.error);
    if (i >= 5) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(
    `${example.id.padEnd(10)} p50 ${percentile(samples, 50).toFixed(1)} ms   p95 ${percentile(samples, 95).toFixed(1)} ms`,
  );
}
await worker.terminate();
if (json)
  console.log(
    JSON.stringify({
      profiles: copies * hosted.length,
      fillSeconds: load / 1000,
      addedMb: (after - base) / 1024 / 1024,
    }),
  );
