/**
 * What an import costs beyond checking the document: POST /api/validate against POST /api/profile
 * (published) for the video profile of the corpus and a generated profile of 154 templates, on
 * PGlite, and on PostgreSQL too when DATABASE_URL is set. Prints figures only.
 * Run: node --import tsx bench/import.ts [rounds]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../server/db/client.js';
import { benchApp, benchPublisher } from './in-process.js';
import { generateProfile } from '../xapi/fixtures/generated-profile.js';
import { freshCopy } from './http-client.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const videoFile = resolve(repoRoot, '../shared/corpus/authored/video/video.jsonld');
const rounds = Number(process.argv[2] ?? 15);

/** 154 templates: 30 generated units of 5, and 4 more templates on the first unit's concepts. */
function profileOf154Templates(): string {
  const document = JSON.parse(generateProfile(30)) as {
    id: string;
    templates: Array<Record<string, unknown>>;
  };
  const first = document.templates[0] as Record<string, unknown>;
  for (let i = 0; i < 4; i++) {
    document.templates.push({
      ...first,
      id: `${document.id}/templates/extra-${i}`,
      prefLabel: { en: `extra template ${i}` },
    });
  }
  return JSON.stringify(document);
}

const profiles: Array<{ label: string; source: string }> = [
  ...(existsSync(videoFile)
    ? [{ label: 'video (corpus)', source: readFileSync(videoFile, 'utf8') }]
    : []),
  { label: '154 templates (generated)', source: profileOf154Templates() },
];

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timed(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function measure(database: Database) {
  await database.migrate();
  const app = await benchApp(database);
  const key = await benchPublisher(app, database);

  for (const { label, source } of profiles) {
    const validation: number[] = [];
    const imports: number[] = [];
    // Alternating the two calls exposes both to the same load; the first round only warms up.
    for (let round = 0; round <= rounds; round++) {
      const validateBody = freshCopy(source) as object;
      const v = await timed(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/validate',
          payload: validateBody,
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      });
      const importBody = { profile: freshCopy(source) };
      const i = await timed(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/profile',
          headers: { 'x-api-key': key },
          payload: importBody,
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      });
      if (round === 0) continue;
      validation.push(v);
      imports.push(i);
    }
    const v = median(validation);
    const i = median(imports);
    console.log(
      `${database.kind.padEnd(8)} ${label.padEnd(26)} validate ${v.toFixed(1).padStart(6)} ms   import ${i
        .toFixed(1)
        .padStart(6)} ms   ratio ${(i / v).toFixed(2)}×`,
    );
  }
  await app.close();
  await database.close();
}

console.log(`medians of ${rounds} rounds`);
await measure(await openDatabase({}));
if (process.env.DATABASE_URL)
  await measure(await openDatabase({ databaseUrl: process.env.DATABASE_URL }));
