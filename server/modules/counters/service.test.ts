import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { apiKeyCounters, apiKeys, organizations, profileCounters, profiles } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { CounterService, type ViewContext } from './service';

const SECRET = 'counter-secret-for-tests-only-0123456789';
const quiet = { error: () => {} };

/** Every statement the app sends, so a test can see what a flush writes. */
const statements: string[] = [];
const WRITES = /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|truncate)\b/i;

describe('counters written in batches', () => {
  let database: Database;
  let organizationId: string;

  beforeAll(async () => {
    database = await createTestDatabase({ logQuery: (query) => statements.push(query) });
    const [org] = await database.db
      .insert(organizations)
      .values({ name: `Counted ${randomUUID()}`, collaborationLink: 'https://example.org' })
      .returning();
    organizationId = org!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const counters = (db: Db = database.db) =>
    new CounterService({ db, secret: SECRET, log: quiet, flushSeconds: 300 });

  async function newProfile(): Promise<string> {
    const [row] = await database.db
      .insert(profiles)
      .values({
        iri: `https://example.org/p/${randomUUID()}`,
        iriType: 'external-iri',
        organizationId,
      })
      .returning();
    return row!.id;
  }

  async function newKey(): Promise<string> {
    const [row] = await database.db
      .insert(apiKeys)
      .values({ organizationId, keyHash: randomUUID(), lastFour: 'abcd', description: 'test' })
      .returning();
    return row!.id;
  }

  async function countOf(profileId: string, counter: 'view' | 'apiRead' | 'uiExport') {
    const rows = await database.db
      .select({ count: profileCounters.count })
      .from(profileCounters)
      .where(and(eq(profileCounters.profileId, profileId), eq(profileCounters.counter, counter)));
    return rows.reduce((sum, r) => sum + r.count, 0);
  }

  const reader = (profileId: string, address = '192.0.2.1'): ViewContext => ({
    profileId,
    published: true,
    member: false,
    visitor: { address, userAgent: 'Mozilla/5.0 Firefox/140.0' },
  });

  it('writes a batch of counts with one statement per table', async () => {
    const service = counters();
    await service.flush(); // the first batch of a day also forgets old visitors
    const [a, b] = [await newProfile(), await newProfile()];
    const key = await newKey();
    for (let i = 0; i < 5; i++) service.profile(a, 'apiRead');
    service.profile(b, 'uiExport');
    service.key(key, 'apiRead');
    service.key(key, 'apiRead');
    service.view(reader(a));
    service.view(reader(b));
    statements.length = 0;
    await service.flush();
    expect(statements.filter((s) => WRITES.test(s))).toHaveLength(3);
    expect(await countOf(a, 'apiRead')).toBe(5);
    expect(await countOf(b, 'uiExport')).toBe(1);
    expect(await countOf(a, 'view')).toBe(1);
    expect(await countOf(b, 'view')).toBe(1);
    const [keyRow] = await database.db
      .select()
      .from(apiKeyCounters)
      .where(eq(apiKeyCounters.keyId, key));
    expect(keyRow?.count).toBe(2);
    // Nothing new counted: nothing written.
    statements.length = 0;
    await service.flush();
    expect(statements).toEqual([]);
  });

  it('does not count a draft, even for a reader outside the group', async () => {
    const service = counters();
    const id = await newProfile();
    service.view({ ...reader(id), published: false });
    await service.flush();
    expect(await countOf(id, 'view')).toBe(0);
  });

  it('counts a visitor once across nodes: the database keeps who was counted that day', async () => {
    const [first, second] = [counters(), counters()];
    const id = await newProfile();
    first.view(reader(id, '192.0.2.2'));
    second.view(reader(id, '192.0.2.2'));
    second.view(reader(id, '192.0.2.3'));
    await Promise.all([first.flush(), second.flush()]);
    expect(await countOf(id, 'view')).toBe(2);
    // A node that restarted has forgotten its visitors; the database has not.
    const restarted = counters();
    restarted.view(reader(id, '192.0.2.2'));
    await restarted.flush();
    expect(await countOf(id, 'view')).toBe(2);
  });

  it('drops the counts of a profile or key deleted before the batch, and writes the rest', async () => {
    const service = counters();
    const [kept, deleted] = [await newProfile(), await newProfile()];
    const key = await newKey();
    service.profile(kept, 'apiRead');
    service.profile(deleted, 'apiRead');
    service.view(reader(deleted));
    service.key(key, 'apiRead');
    await database.db.delete(profiles).where(eq(profiles.id, deleted));
    await database.db.delete(apiKeys).where(eq(apiKeys.id, key));
    await service.flush();
    expect(await countOf(kept, 'apiRead')).toBe(1);
    expect(await countOf(deleted, 'apiRead')).toBe(0);
  });

  it('keeps the counts of a failed write for the next batch', async () => {
    let failures = 1;
    // The database going away for one batch, which cannot be staged on a live connection.
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'transaction' && failures > 0) {
          failures -= 1;
          return () => Promise.reject(new Error('connection lost'));
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const service = counters(flaky);
    const id = await newProfile();
    service.profile(id, 'apiRead');
    await expect(service.flush()).rejects.toThrow('connection lost');
    service.profile(id, 'apiRead');
    await service.flush();
    expect(await countOf(id, 'apiRead')).toBe(2);
  });
});
