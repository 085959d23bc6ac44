/**
 * Public API throughput on the embedded database: importing a real profile, reading it back
 * (full body, then conditional 304), its metadata and the published list, plus Turtle.
 * Prints figures only. Run: node --import tsx bench/public-api.ts [rounds]
 * Uses ../shared/corpus when present, else a generated profile.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client.js';
import { benchApp, benchPublisher } from './in-process.js';
import { generateProfile } from '../xapi/fixtures/generated-profile.js';
import { freshCopy } from './http-client.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpusFile = resolve(repoRoot, '../shared/corpus/authored/video/video.jsonld');
const rounds = Number(process.argv[2] ?? 20);

const source = existsSync(corpusFile) ? readFileSync(corpusFile, 'utf8') : generateProfile(2);

async function time<T>(label: string, times: number, run: (i: number) => Promise<T>) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] ?? 0;
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`,
  );
}

const database = await openDatabase({});
await database.migrate();
const app = await benchApp(database);
const key = await benchPublisher(app, database);

console.log(`document: ${(source.length / 1024).toFixed(0)} KB, ${rounds} rounds`);
const imported: string[] = [];
await time('POST /api/profile (import)', rounds, async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { 'x-api-key': key },
    payload: { profile: freshCopy(source) },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  imported.push(response.json<{ metadata: { version_uuid: string } }>().metadata.version_uuid);
});
const target = imported[0] as string;
const first = await app.inject({ method: 'GET', url: `/api/profile/${target}` });
const etag = String(first.headers.etag);
await time('GET /api/profile/{uuid}', rounds * 5, () =>
  app.inject({ method: 'GET', url: `/api/profile/${target}` }),
);
await time('GET /api/profile/{uuid} (304)', rounds * 5, () =>
  app.inject({ method: 'GET', url: `/api/profile/${target}`, headers: { 'if-none-match': etag } }),
);
await time('GET /api/profile/{uuid}/meta', rounds * 5, () =>
  app.inject({ method: 'GET', url: `/api/profile/${target}/meta` }),
);
await time('GET /api/profile?limit=100', rounds, () =>
  app.inject({ method: 'GET', url: '/api/profile?limit=100' }),
);
await time('GET /profile/{uuid} as Turtle', rounds, () =>
  app.inject({ method: 'GET', url: `/profile/${target}`, headers: { accept: 'text/turtle' } }),
);
await time('POST /api/validate', rounds, () =>
  app.inject({ method: 'POST', url: '/api/validate', payload: freshCopy(source) as object }),
);
await app.close();
await database.close();
