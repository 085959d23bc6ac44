/**
 * Every SQL statement of one published import (`POST /api/profile`) on PGlite, in order, with its
 * time: the client is wrapped here, for this run only. The first import warms the app up; the
 * second is traced. Prints figures only.
 * Run: node --import tsx bench/import-statements.ts [video|154]
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteExtensions, wrapPglite } from '../server/db/client.js';
import { generateProfile } from '../xapi/fixtures/generated-profile.js';
import { benchApp, benchPublisher } from './in-process.js';
import { freshCopy } from './http-client.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const which = process.argv[2] ?? 'video';
const source =
  which === '154'
    ? generateProfile(30)
    : readFileSync(resolve(repoRoot, '../shared/corpus/authored/video/video.jsonld'), 'utf8');

let trace: Array<{ ms: number; sql: string }> | null = null;
type Query = (...args: unknown[]) => Promise<unknown>;
/** `query` of a client or transaction, timed into the trace while one is open. */
function timeQueries(target: { query: unknown }): void {
  const query = (target.query as Query).bind(target);
  target.query = async (...args: unknown[]) => {
    const start = process.hrtime.bigint();
    try {
      return await query(...args);
    } finally {
      trace?.push({ ms: Number(process.hrtime.bigint() - start) / 1e6, sql: String(args[0]) });
    }
  };
}

const client = await PGlite.create({ dataDir: 'memory://', extensions: pgliteExtensions });
timeQueries(client);
const transaction = client.transaction.bind(client);
client.transaction = <T>(run: (tx: Transaction) => Promise<T>) =>
  transaction((tx) => {
    trace?.push({ ms: 0, sql: 'begin' });
    timeQueries(tx);
    return run(tx);
  });

const database = wrapPglite(client);
await database.migrate();
const app = await benchApp(database);
const key = await benchPublisher(app, database);
const post = () =>
  app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { 'x-api-key': key },
    payload: { profile: freshCopy(source) },
  });
await post();
trace = [];
const start = process.hrtime.bigint();
const response = await post();
const total = Number(process.hrtime.bigint() - start) / 1e6;
if (response.statusCode !== 200) throw new Error(response.body);
const statements = trace;
trace = null;
for (const [i, s] of statements.entries())
  console.log(
    `${String(i + 1).padStart(3)} ${s.ms.toFixed(2).padStart(8)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
  );
const sum = statements.reduce((a, s) => a + s.ms, 0);
console.log(
  `${statements.filter((s) => s.sql !== 'begin').length} statements, ${sum.toFixed(1)} ms of ${total.toFixed(1)} ms`,
);
await app.close();
await database.close();
