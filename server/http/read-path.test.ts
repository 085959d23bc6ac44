import { eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { queryRows, type Database } from '../db/client';
import { outboxEvents, profileCounters, profileVersionGraphs } from '../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { testConfig, useTestApp } from '../test/app';
import { makeProfile, publishVersion } from '../test/authoring';
import { createTestDatabase } from '../test/database';
import { eventually } from '../test/jobs';
import { makePerson } from '../test/people';

/** A statement that changes rows (what a read must never send). */
const WRITES = /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|truncate)\b/i;

async function countsOf(database: Database, profileId: string): Promise<Record<string, number>> {
  const rows = await database.db
    .select({
      counter: profileCounters.counter,
      count: sql<number>`sum(${profileCounters.count})::int`,
    })
    .from(profileCounters)
    .where(eq(profileCounters.profileId, profileId))
    .groupBy(profileCounters.counter);
  return Object.fromEntries(rows.map((r) => [r.counter, r.count]));
}

describe('the read path writes nothing to the database', () => {
  // No timed batch during the test: only an explicit flush writes the counts.
  const t = useTestApp({ COUNTER_FLUSH_SECONDS: '300' }, {}, { recordStatements: true });
  let group: KeyedGroup;
  let profile: { id: string; versionId: string; iri: string };
  let reader: string;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Read often');
    const draft = await makeProfile(t.app, group.cookie, group.organizationId);
    const view = await publishVersion(t.app, group.cookie, draft.profile.uuid, draft.version.uuid);
    profile = { id: view.profile.uuid, versionId: view.version.uuid, iri: view.profile.iri };
    reader = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  const get = (url: string, headers: Record<string, string> = {}, ip = '198.51.100.60') =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });

  it('serves documents, metadata, lists and pages to keys, sessions and anonymous readers without writing', async () => {
    const key = group.keys.readOnly;
    // A key records its first use; from then on it is only read (at most every 15 minutes).
    expect((await get('/api/profile', { 'x-api-key': key })).statusCode).toBe(200);
    // Publishing left an event for the job runner; let it be handed over first, and the jobs it
    // starts (storing the version's SPARQL graph) finish what publishing began.
    await eventually('the outbox to be dispatched', async () => {
      const waiting = await t.database.db
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(isNull(outboxEvents.dispatchedAt));
      return waiting.length === 0;
    });
    await eventually('the version graph to be stored', async () => {
      const stored = await t.database.db
        .select({ id: profileVersionGraphs.versionId })
        .from(profileVersionGraphs)
        .where(eq(profileVersionGraphs.versionId, profile.versionId));
      return stored.length === 1;
    });
    await t.app.services.counters.flush();

    t.statements.length = 0;
    const reads = [
      `/api/profile/${profile.id}`,
      `/api/profile/${profile.versionId}`,
      `/api/profile/${profile.id}/meta`,
      `/api/profile?iri=${encodeURIComponent(profile.iri)}`,
      '/api/profile',
      `/app/profile/${profile.id}`,
      `/app/profile/${profile.id}/version/${profile.versionId}`,
      `/app/profile/${profile.id}/version/${profile.versionId}/export`,
      '/app/profiles',
    ];
    const callers: Array<Record<string, string>> = [
      {},
      { 'x-api-key': key },
      { cookie: reader },
      { cookie: group.cookie },
    ];
    for (let round = 0; round < 5; round++) {
      const ip = `198.51.100.${70 + round}`;
      for (const url of reads) {
        for (const headers of callers) {
          // A key belongs to /api only; the site never reads it.
          if ('x-api-key' in headers && !url.startsWith('/api')) continue;
          const response = await get(url, headers, ip);
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        }
      }
      const document = await get(`/profile/${profile.id}`, { accept: 'application/ld+json' }, ip);
      expect(document.statusCode).toBe(200);
    }
    expect(t.statements.length).toBeGreaterThan(0);
    expect(t.statements.filter((s) => WRITES.test(s))).toEqual([]);

    await t.app.services.counters.flush();
    expect(await countsOf(t.database, profile.id)).toEqual({
      // Per round, 4 document reads × 4 callers (a cookie means nothing to /api) + the
      // linked-data document; 3 of those reads are whole documents, so exports too.
      apiRead: 5 * (4 * 4 + 1),
      apiExport: 5 * (3 * 4 + 1),
      // One visitor per address (same address, same browser), the group's admin not counted.
      view: 5,
      // Every download counts, the group's own included.
      uiExport: 5 * 3,
    });
  });
});

describe('a clean stop writes what was counted', () => {
  it('writes the counts of the last interval when the app closes', async () => {
    const database = await createTestDatabase();
    try {
      const app = await buildApp({
        config: testConfig({ COUNTER_FLUSH_SECONDS: '300' }),
        database,
        logger: false,
      });
      const group = await makeKeyedGroup(app, 'Closing');
      const draft = await makeProfile(app, group.cookie, group.organizationId);
      await publishVersion(app, group.cookie, draft.profile.uuid, draft.version.uuid);
      const id = draft.profile.uuid;
      for (const ip of ['198.51.100.80', '198.51.100.81'])
        expect(
          (await app.inject({ method: 'GET', url: `/app/profile/${id}`, remoteAddress: ip }))
            .statusCode,
        ).toBe(200);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/profile/${id}`,
            headers: { 'x-api-key': group.keys.readOnly },
          })
        ).statusCode,
      ).toBe(200);
      expect(await countsOf(database, id)).toEqual({});
      await app.close();
      expect(await countsOf(database, id)).toEqual({ view: 2, apiRead: 1, apiExport: 1 });
      const [keyCount] = await queryRows<{ count: number }>(
        database.db,
        sql`select sum(count)::int as count from api_key_counters`,
      );
      expect(keyCount?.count).toBe(1);
    } finally {
      await database.close();
    }
  });
});
