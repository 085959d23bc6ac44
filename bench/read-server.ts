/**
 * A server to load-test reads against: imports the video profile (or a generated one) and a
 * few dozen more published profiles, listens, and prints the URLs to point `wrk` (or any
 * keep-alive client) at. Prints figures only through the load tool; stop it with Ctrl-C.
 * Run: node --import tsx bench/read-server.ts [port]   (DATABASE_URL selects PostgreSQL)
 * e.g. wrk -t2 -c64 -d10s http://127.0.0.1:3999/api/profile/<uuid>
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
const port = Number(process.argv[2] ?? 3999);
const others = 40;

const source = existsSync(corpusFile) ? readFileSync(corpusFile, 'utf8') : generateProfile(2);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await database.migrate();
const app = await benchApp(database, {
  SPA_DIR: 'server/test/fixtures/spa',
  ...(process.env.SNAPSHOT_CACHE_MB ? { SNAPSHOT_CACHE_MB: process.env.SNAPSHOT_CACHE_MB } : {}),
});
const key = await benchPublisher(app, database);

let profileUuid = '';
for (let i = 0; i <= others; i++) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { 'x-api-key': key },
    payload: { profile: freshCopy(source) },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  if (i === 0) {
    const url = response.json<{ metadata: { profile_url: string } }>().metadata.profile_url;
    profileUuid = url.split('/').pop() as string;
  }
}

await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;
console.log(`${database.kind} server ready`);
console.log(`${base}/api/profile/${profileUuid}`);
console.log(`${base}/app/home`);
console.log(`${base}/api/profile?limit=10`);
console.log(`${base}/app/profiles?limit=10`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
