import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveClientKey } from '../../common/client-key';
import { buildApp, type BuiltApp } from '../app';
import { backupToFile, restoreFromFile } from '../operations';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { testConfig } from '../test/app';
import { TestBrowser } from '../test/browser';
import { databaseUrlFor } from '../test/global-setup';
import { eventually, jobsOf } from '../test/jobs';
import { freshDatabase, migrationsUpTo } from '../test/migrations';
import { ApiClient, nextVersion, uniqueProfile, type ApiMetadata } from '../test/public-api';
import { createHook, webhooksSettled } from '../test/webhooks';
import { startReceiver, type Receiver } from '../test/webhook-receiver';
import { callsOf } from '../test/authoring';
import { BackupDamaged, restoreBackup, RestoreRefused, schemaVersion, writeBackup } from './backup';
import { pgliteExtensions, queryRows, wrapPglite, wrapPool, type Database } from './client';

/**
 * A registry with every kind of record, made on one engine while requests run, backed up,
 * restored into an empty database of each engine, and compared: every table's rows, published
 * documents and Turtle byte for byte with their ETags, lists, search, sign-in with a password, a
 * key's use, the webhook log, and webhooks going on with no delivery sent twice.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
type Engine = 'pglite' | 'postgres';

interface Empty {
  database: Database;
  drop(): Promise<void>;
}

async function emptyDatabase(engine: Engine): Promise<Empty> {
  if (engine === 'pglite') {
    const client = await PGlite.create({ dataDir: 'memory://', extensions: pgliteExtensions });
    const database = wrapPglite(client);
    return { database, drop: () => database.close() };
  }
  if (!baseUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
  const name = `xps_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = wrapPool(
    new pg.Pool({ connectionString: databaseUrlFor(baseUrl, name), max: 4 }),
  );
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

let migratedDump: Blob | null = null;

/** An empty PGlite at this release's schema (migrated once per file, then copied). */
async function migratedPglite(): Promise<Empty> {
  if (!migratedDump) {
    const client = await PGlite.create({ dataDir: 'memory://', extensions: pgliteExtensions });
    await wrapPglite(client).migrate();
    migratedDump = await client.dumpDataDir('none');
    await client.close();
  }
  const client = await PGlite.create({ loadDataDir: migratedDump, extensions: pgliteExtensions });
  const database = wrapPglite(client);
  return { database, drop: () => database.close() };
}

const config = testConfig({
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  // The second attempt waits long enough to still be waiting when the backup is taken.
  WEBHOOK_RETRY_SCHEDULE: '10m',
});

const workDir = mkdtempSync(path.join(tmpdir(), 'xps-backup-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Every table's rows as sorted lines, read back through a backup of the database. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const file = path.join(workDir, `contents-${randomBytes(4).toString('hex')}.gz`);
  await writeBackup(database, createWriteStream(file));
  const tables = contentsOf(file);
  rmSync(file);
  return tables;
}

/** The rows of a backup file by table, each table's as sorted lines. */
function contentsOf(file: string): Record<string, string[]> {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
  const tables: Record<string, string[]> = {};
  for (const line of lines.slice(1, -1)) {
    const value = JSON.parse(line) as { t?: string; r?: unknown; j?: unknown };
    const key = value.t ?? 'pgboss jobs';
    (tables[key] ??= []).push(JSON.stringify(value.r ?? value.j));
  }
  for (const rows of Object.values(tables)) rows.sort();
  return tables;
}

interface Registry {
  group: KeyedGroup;
  published: ApiMetadata[];
  draft: ApiMetadata;
  hookId: string;
  /** The delivery whose second attempt waits in the job queue. */
  waitingDeliveryId: string;
}

/** Everything the public, the group and its admin can read, to compare across a restore. */
async function views(app: BuiltApp, registry: Registry) {
  const api = new ApiClient(app);
  const { group } = registry;
  const seen: Record<string, unknown> = {};
  for (const version of registry.published) {
    for (const accept of ['application/ld+json', 'text/turtle']) {
      const answer = await api.get(`/api/profile/${version.version_uuid}`, {
        headers: { accept },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      seen[`${version.version_uuid} ${accept}`] = {
        body: answer.body,
        etag: answer.headers.etag,
        lastModified: answer.headers['last-modified'],
      };
    }
  }
  const site = callsOf(app, group.cookie);
  for (const url of [
    `/app/org/${group.organizationId}`,
    `/app/org/${group.organizationId}/profiles`,
    '/app/search/concepts?sort=name',
    `/app/search/concepts?search=${encodeURIComponent('experienced')}`,
    `/app/user/hooks/${registry.hookId}/deliveries`,
    '/app/deleted-items',
  ]) {
    const answer = await site.get(url);
    seen[url] = { status: answer.statusCode, body: answer.json<unknown>() };
  }
  const listed = await api.get(`/api/profile/${registry.draft.version_uuid}`, {
    key: group.keys.readWrite,
  });
  seen.draftByKey = { status: listed.statusCode, body: listed.body };
  return seen;
}

async function signIn(app: BuiltApp, email: string) {
  const browser = new TestBrowser(app);
  const salt = (await browser.get(`/app/user/salt?email=${encodeURIComponent(email)}`)).json<{
    salt: string;
  }>().salt;
  return browser.post('/app/user/login', {
    email,
    password: await deriveClientKey('test-password-123', salt),
  });
}

async function buildRegistry(app: BuiltApp, receiver: Receiver): Promise<Registry> {
  const api = new ApiClient(app);
  const group = await makeKeyedGroup(app, 'Backup Group');
  const hook = await createHook(app, group.cookie, { target: receiver.url() });
  const first = uniqueProfile();
  const v1 = (await api.import(group.keys.readWrite, first.doc)).metadata;
  const v3 = (await api.import(group.keys.readWrite, nextVersion(first, 3).doc)).metadata;
  const other = uniqueProfile();
  const draft = (await api.import(group.keys.readWrite, other.doc, { published: false })).metadata;
  const delivered = async () => {
    const rows = await queryRows<{ status: string; error: string | null }>(
      app.services.database.db,
      sql`select status, error from webhook_deliveries order by created_at`,
    );
    return rows;
  };
  await eventually('both publications delivered', async () => {
    const rows = await delivered();
    return rows.length === 2 && rows.every((r) => r.status === 'delivered');
  }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}: ${JSON.stringify(await delivered())}`);
  });
  expect(receiver.received.length).toBe(2);
  // The next event's first attempt fails; its second waits in the job queue.
  receiver.answer([500, 200]);
  const third = (await api.import(group.keys.readWrite, uniqueProfile().doc)).metadata;
  const waiting = await eventually('a delivery waiting for its second attempt', async () => {
    const rows = await queryRows<{ id: string }>(
      app.services.database.db,
      sql`select id from webhook_deliveries where status = 'pending' and attempts = 1`,
    );
    return rows[0]?.id;
  });
  expect(receiver.received.length).toBe(3);
  // Reads count views and API use (written in batches when the app closes).
  await api.get(`/api/profile/${v1.version_uuid}`, { key: group.keys.readOnly });
  return {
    group,
    published: [v1, v3, third],
    draft,
    hookId: hook.id,
    waitingDeliveryId: waiting,
  };
}

const directions: Array<[Engine, Engine]> = [
  ['pglite', 'pglite'],
  ...(baseUrl
    ? ([
        ['pglite', 'postgres'],
        ['postgres', 'pglite'],
      ] as Array<[Engine, Engine]>)
    : []),
];

describe.each(directions)('a registry on %s restored into an empty %s', (from, to) => {
  let source: Empty;
  let target: Empty;
  let receiver: Receiver;
  let registry: Registry;
  let before: Record<string, unknown>;
  let rowsBefore: Record<string, string[]>;
  const file = path.join(workDir, `${from}-${to}.backup.gz`);

  beforeAll(async () => {
    receiver = await startReceiver([200]);
    if (from === 'pglite') source = await migratedPglite();
    else {
      source = await emptyDatabase(from);
      await source.database.migrate();
    }
    const app = await buildApp({ config, database: source.database, logger: false });
    registry = await buildRegistry(app, receiver);
    before = await views(app, registry);

    // The backup is taken while requests run: reads, and writes that may land before or after
    // the moment it reads (either way the file holds one consistent moment).
    const api = new ApiClient(app);
    let requests = 0;
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        const read = await api.get(`/api/profile/${registry.published[0]!.version_uuid}`, {
          key: registry.group.keys.readOnly,
        });
        expect(read.statusCode).toBe(200);
        const site = await callsOf(app, registry.group.cookie).get('/app/search/concepts');
        expect(site.statusCode).toBe(200);
        requests += 2;
        await delay(25);
      }
    })();
    const summary = await backupToFile(source.database, file);
    stop = true;
    await traffic;
    expect(requests).toBeGreaterThan(0);
    expect(summary.trailer.jobs).toBeGreaterThan(0);
    await app.close();
    // What the file holds: jobs that ran after it was taken (a graph stored for SPARQL) are in
    // the source now but not in the backup, and run again on the restored database.
    rowsBefore = contentsOf(file);

    target = await emptyDatabase(to);
    await restoreFromFile(target.database, file);
  }, 600_000);

  afterAll(async () => {
    await receiver?.close();
    await source?.drop();
    await target?.drop();
  });

  it('holds every row of every table, and the waiting jobs, exactly', async () => {
    const after = await contents(target.database);
    const { 'pgboss jobs': jobsBefore, ...tablesBefore } = rowsBefore;
    const { 'pgboss jobs': jobsAfter, ...tablesAfter } = after;
    expect(Object.keys(tablesAfter).sort()).toEqual(Object.keys(tablesBefore).sort());
    for (const table of Object.keys(tablesBefore))
      expect(tablesAfter[table], table).toEqual(tablesBefore[table]);
    // Jobs that repeat are queued by every node at start; the others come back as they were.
    const waitingOf = (jobs: string[] = []) =>
      jobs
        .map((j) => JSON.parse(j) as { name: string; data: unknown; startAfter: string })
        .filter((j) => j.name === 'webhook-deliver')
        .map((j) => JSON.stringify([j.name, j.data, j.startAfter]));
    expect(waitingOf(jobsAfter)).toEqual(waitingOf(jobsBefore));
    expect(waitingOf(jobsBefore)).toHaveLength(1);
    for (const table of ['users', 'api_keys', 'profile_versions', 'webhook_deliveries'])
      expect(rowsBefore[table]?.length, table).toBeGreaterThan(0);
    const waiting = await jobsOf(target.database, 'webhook-deliver');
    expect(waiting.filter((j) => j.state === 'created')).toHaveLength(1);
  });

  it('serves the same registry: documents and Turtle byte for byte, ETags, lists, search, log, key, sign-in', async () => {
    const app = await buildApp({ config, database: target.database, logger: false });
    try {
      expect(await views(app, registry)).toEqual(before);
      const signedIn = await signIn(app, registry.group.admin.email);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const wrong = await new TestBrowser(app).post('/app/user/login', {
        email: registry.group.admin.email,
        password: await deriveClientKey('not-the-password', 'x'.repeat(32)),
      });
      expect(wrong.statusCode).not.toBe(200);
      const write = await new ApiClient(app).import(
        registry.group.keys.readWrite,
        uniqueProfile().doc,
        { published: false },
      );
      expect(write.metadata.status.published).toBe(false);
      const refused = await new ApiClient(app)
        .import(registry.group.keys.readOnly, uniqueProfile().doc)
        .catch(() => 'refused');
      expect(refused).toBe('refused');

      // Webhooks go on: a new event is delivered once, and none delivered before is sent again.
      // The attempt that was waiting runs when it is due: bring it forward.
      await target.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'webhook-deliver' and state = 'created'`,
      );
      const deliveredBefore = receiver.received.length;
      await new ApiClient(app).import(registry.group.keys.readWrite, uniqueProfile().doc);
      await webhooksSettled(target.database);
      await eventually(
        'the new event delivered',
        async () => receiver.received.length > deliveredBefore,
      );
      await eventually('the waiting delivery made', async () => {
        const rows = await queryRows<{ status: string }>(
          target.database.db,
          sql`select status from webhook_deliveries where id = ${registry.waitingDeliveryId}`,
        );
        return rows[0]?.status === 'delivered';
      });
      await webhooksSettled(target.database);
      const ids = receiver.received.map((r) => r.headers['x-webhook-delivery']);
      // Four events were delivered (one of them twice tried, as its first attempt failed).
      expect(ids).toHaveLength(5);
      const counted = new Map<unknown, number>();
      for (const id of ids) counted.set(id, (counted.get(id) ?? 0) + 1);
      expect([...counted.values()].sort()).toEqual([1, 1, 1, 2]);
      expect(counted.get(registry.waitingDeliveryId)).toBe(2);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to restore into a database that holds rows, naming why', async () => {
    await expect(restoreFromFile(target.database, file)).rejects.toThrow(
      /not empty .*restore only into an empty database/,
    );
  });
});

describe('a backup file', () => {
  let source: Empty;
  let file: string;

  beforeAll(async () => {
    source = await migratedPglite();
    const app = await buildApp({ config, database: source.database, logger: false });
    await makeKeyedGroup(app, 'Damage');
    await app.close();
    file = path.join(workDir, 'damage.backup.gz');
    await backupToFile(source.database, file);
  }, 120_000);
  afterAll(() => source?.drop());

  const restoreLines = async (lines: string[]) => {
    const target = await migratedPglite();
    try {
      return await restoreBackup(target.database, Readable.from([gzipSync(lines.join('\n'))]));
    } finally {
      await target.drop();
    }
  };
  const lines = () => gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');

  it('cut short, changed, or not a backup at all is refused and nothing is kept', async () => {
    const all = lines();
    await expect(restoreLines(all.slice(0, -1))).rejects.toThrow(/cut short/);
    const changed = [...all];
    changed[2] = changed[2]!.replace('Damage', 'Damagf');
    await expect(restoreLines(changed)).rejects.toThrow(BackupDamaged);
    await expect(restoreLines(['{"hello":1}'])).rejects.toThrow(/not a backup/);
    const newer = JSON.parse(all[0]!) as { formatVersion: number };
    newer.formatVersion = 99;
    await expect(restoreLines([JSON.stringify(newer), ...all.slice(1)])).rejects.toThrow(
      RestoreRefused,
    );
  }, 240_000);

  it('holds a header, one line a row, and a trailer counting them with their checksum', () => {
    const all = lines();
    const header = JSON.parse(all[0]!) as { schema: { tag: string }; tables: { name: string }[] };
    const trailer = JSON.parse(all.at(-1)!) as { rows: Record<string, number>; sha256: string };
    expect(header.tables.map((t) => t.name)).toContain('users');
    // Referred-to tables come first.
    const names = header.tables.map((t) => t.name);
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('memberships'));
    expect(names.indexOf('organizations')).toBeLessThan(names.indexOf('api_keys'));
    const rows = all.slice(1, -1).filter((l) => l.startsWith('{"t":')).length;
    expect(Object.values(trailer.rows).reduce((a, b) => a + b, 0)).toBe(rows);
    expect(trailer.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a backup taken with an earlier schema', () => {
  const EARLIER = '0024_deprecations_public_once_published';

  it('is restored at its schema and migrated forward to this release', async () => {
    const old = await freshDatabase();
    const folder = migrationsUpTo(EARLIER);
    try {
      await old.migrateTo(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const db = old.database.db;
    await db.execute(sql`insert into organizations (id, name, collaboration_link)
      values ('0b6f1a8e-0000-4000-8000-000000000001', 'Old Group', 'https://example.org/old')`);
    await db.execute(sql`insert into profiles (id, iri, iri_type, organization_id)
      values ('0b6f1a8e-0000-4000-8000-000000000002', 'https://example.org/old/profile',
        'external-iri', '0b6f1a8e-0000-4000-8000-000000000001')`);
    await db.execute(sql`insert into profile_versions (id, profile_id, version, iri, state, name, description)
      values ('0b6f1a8e-0000-4000-8000-000000000003', '0b6f1a8e-0000-4000-8000-000000000002', 1,
        'https://example.org/old/profile/v1', 'draft', 'Old profile', 'Kept across releases.')`);
    expect((await schemaVersion(db))?.tag).toBe(EARLIER);
    const oldFile = path.join(workDir, 'earlier.backup.gz');
    await writeBackup(old.database, createWriteStream(oldFile));
    await old.drop();
    const header = JSON.parse(
      gunzipSync(readFileSync(oldFile)).toString('utf8').split('\n')[0]!,
    ) as { schema: { tag: string } };
    expect(header.schema.tag).toBe(EARLIER);

    for (const engine of baseUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
      const target = await emptyDatabase(engine);
      try {
        const summary = await restoreBackup(
          target.database,
          Readable.from([readFileSync(oldFile)]),
        );
        const newest = JSON.parse(
          readFileSync(
            path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'),
            'utf8',
          ),
        ) as { entries: Array<{ tag: string }> };
        expect(summary.schema?.tag).toBe(newest.entries.at(-1)?.tag);
        const app = await buildApp({ config, database: target.database, logger: false });
        try {
          const version = await queryRows<{ name: string; state: string }>(
            target.database.db,
            sql`select name, state from profile_versions`,
          );
          expect(version).toEqual([{ name: 'Old profile', state: 'draft' }]);
          // The guards of the newer schema hold on the restored rows.
          await target.database.db.execute(
            sql`update profile_versions set state = 'published', snapshot = '{}'::jsonb, published_at = now()`,
          );
          await expect(
            target.database.db.execute(sql`update profile_versions set name = 'Changed'`),
          ).rejects.toThrow();
        } finally {
          await app.close();
        }
      } finally {
        await target.drop();
      }
    }
  }, 600_000);

  it('is refused by a database with a newer schema', async () => {
    const target = await migratedPglite();
    try {
      const oldFile = path.join(workDir, 'earlier.backup.gz');
      await expect(
        restoreBackup(target.database, Readable.from([readFileSync(oldFile)])),
      ).rejects.toThrow(/newer schema .*new, empty database/);
    } finally {
      await target.drop();
    }
  }, 60_000);
});
