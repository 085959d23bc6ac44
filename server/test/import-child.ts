/**
 * A node that imports a large profile through `POST /api/profile` until the test kills it with
 * SIGKILL. Arguments: a PostgreSQL URL or a PGlite data folder, and a work folder where it
 * writes `setup.json` (the profile IRI and item count) before the import starts and `inside`
 * once the import's transaction has written its first items. It stops there, holding the
 * transaction open: a process killed mid-import, at a known point, on either database.
 */
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generateProfile } from '../../xapi/fixtures/generated-profile';
import { buildApp } from '../app';
import { pgliteExtensions, wrapPglite, wrapPool } from '../db/client';
import { loadConfig } from '../config';
import { makePerson } from './people';

const [target = '', work = ''] = process.argv.slice(2);

/**
 * Item inserts the import makes before the child stops it. Items are written up to 1,000 rows a
 * statement, so the first one holds every item of the profile while its version entries and
 * publication are still to come: the transaction is well under way.
 */
const INSERTS_BEFORE_STOP = 1;

/** Runs after each query of the import's transaction; never returns once enough items are in. */
let inserts = 0;
async function afterQuery(text: unknown): Promise<void> {
  if (typeof text !== 'string' || !/insert into "profile_components"/.test(text)) return;
  inserts += 1;
  if (inserts === INSERTS_BEFORE_STOP) {
    writeFileSync(path.join(work, 'inside'), String(process.pid));
    await new Promise<never>(() => {});
  }
}

async function openPglite() {
  const client = await PGlite.create({ dataDir: target, extensions: pgliteExtensions });
  // drizzle runs a transaction's queries on the handle PGlite passes to it.
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: Parameters<typeof transaction>[0]) =>
    transaction(async (tx) => {
      const query = tx.query.bind(tx);
      tx.query = (async (...args: Parameters<typeof query>) => {
        const result = await query(...args);
        await afterQuery(args[0]);
        return result;
      }) as typeof tx.query;
      return run(tx);
    })) as typeof client.transaction;
  return wrapPglite(client);
}

function openPostgres() {
  const pool = new pg.Pool({ connectionString: target, max: 4 });
  // drizzle runs a transaction's queries on a client checked out of the pool.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = (async (...args: unknown[]) => {
      const result = await query(...args);
      const config = args[0];
      await afterQuery(typeof config === 'string' ? config : (config as { text?: string }).text);
      return result;
    }) as unknown as typeof client.query;
  });
  return wrapPool(pool);
}

const database = target.startsWith('postgres') ? openPostgres() : await openPglite();
await database.migrate();
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'session-for-crash-tests-only-0123456789abcdef',
    SALT_SECRET: 'salt-for-crash-tests-only-0123456789abcdef',
    ALTCHA_HMAC_KEY: 'altcha-for-crash-tests-only-0123456789abcdef',
    LOG_LEVEL: 'silent',
  }),
  database,
  logger: false,
});
await app.ready();

const { user } = await makePerson(database.db, app.services.sessions);
const group = await app.services.organizations.create(user, {
  name: `Crash ${randomUUID().slice(0, 8)}`,
  collaborationLink: 'https://example.org/group',
  description: '',
});
const key = randomUUID();
await app.services.apiKeys.create(user, group.uuid, {
  uuid: key,
  description: 'import',
  readPermission: true,
  writePermission: true,
  isEnabled: true,
});
const iri = `https://example.org/crash/${randomUUID()}`;
// 10 units: 500 concepts, 50 templates, 50 patterns.
const document = JSON.parse(generateProfile(10, iri)) as Record<string, unknown[]>;
const count = ['concepts', 'templates', 'patterns'].reduce(
  (sum, key) => sum + (document[key]?.length ?? 0),
  0,
);
writeFileSync(path.join(work, 'setup.json'), JSON.stringify({ iri, items: count, key }));
const response = await app.inject({
  method: 'POST',
  url: '/api/profile',
  headers: { 'x-api-key': key, 'content-type': 'application/json' },
  payload: JSON.stringify({ profile: document }),
});
// Reached only when the kill came too late; the test reads this and says so.
writeFileSync(path.join(work, 'finished'), String(response.statusCode));
