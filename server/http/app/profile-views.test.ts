import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileCounters, profileViewVisitors } from '../../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { makeProfile, publishVersion } from '../../test/authoring';

const DAY_MS = 86_400_000;

describe('profile page views: once per visitor, profile and day', () => {
  // The counters read this clock, so a test can move to the next day.
  const clock = { now: new Date() };
  const t = useTestApp({ COUNTER_FLUSH_SECONDS: '300' }, { counterClock: () => clock.now });
  let group: KeyedGroup;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Viewed');
  });

  /** A published profile: its id and its version's id. */
  async function published(): Promise<{ id: string; versionId: string }> {
    const draft = await makeProfile(t.app, group.cookie, group.organizationId);
    const view = await publishVersion(t.app, group.cookie, draft.profile.uuid, draft.version.uuid);
    return { id: view.profile.uuid, versionId: view.version.uuid };
  }

  interface Visit {
    ip?: string;
    agent?: string;
    cookie?: string;
  }

  async function visit(url: string, who: Visit = {}) {
    const headers: Record<string, string> = {
      'user-agent': who.agent ?? 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    };
    if (who.cookie) headers.cookie = who.cookie;
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers,
      remoteAddress: who.ip ?? '198.51.100.50',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  /** Views per day, as written once the counters are flushed. */
  async function viewsOf(profileId: string): Promise<Record<string, number>> {
    await t.app.services.counters.flush();
    const rows = await t.database.db
      .select({ day: profileCounters.day, count: profileCounters.count })
      .from(profileCounters)
      .where(and(eq(profileCounters.profileId, profileId), eq(profileCounters.counter, 'view')));
    return Object.fromEntries(rows.map((r) => [r.day, r.count]));
  }

  const today = () => clock.now.toISOString().slice(0, 10);

  it('counts one visitor once, however many pages of the profile they open that day', async () => {
    const { id, versionId } = await published();
    for (let i = 0; i < 20; i++) await visit(`/app/profile/${id}`);
    await visit(`/app/profile/${id}/version/${versionId}`);
    expect(await viewsOf(id)).toEqual({ [today()]: 1 });
    // Still once after the batch was written: the next batch does not count them again.
    await visit(`/app/profile/${id}`);
    expect(await viewsOf(id)).toEqual({ [today()]: 1 });
  });

  it('counts two visitors twice: another address, or another browser at the same address', async () => {
    const id = (await published()).id;
    await visit(`/app/profile/${id}`, { ip: '198.51.100.51' });
    await visit(`/app/profile/${id}`, { ip: '198.51.100.52' });
    await visit(`/app/profile/${id}`, { ip: '198.51.100.52', agent: 'Mozilla/5.0 Safari/605.1' });
    expect(await viewsOf(id)).toEqual({ [today()]: 3 });
  });

  it('counts one visitor of two profiles once on each', async () => {
    const first = (await published()).id;
    const second = (await published()).id;
    await visit(`/app/profile/${first}`, { ip: '198.51.100.53' });
    await visit(`/app/profile/${second}`, { ip: '198.51.100.53' });
    expect(await viewsOf(first)).toEqual({ [today()]: 1 });
    expect(await viewsOf(second)).toEqual({ [today()]: 1 });
  });

  it('does not count members of the owning working group', async () => {
    const id = (await published()).id;
    await visit(`/app/profile/${id}`, { cookie: group.cookie, ip: '198.51.100.54' });
    expect(await viewsOf(id)).toEqual({});
    // The same address and browser signed out is a reader like any other.
    await visit(`/app/profile/${id}`, { ip: '198.51.100.54' });
    expect(await viewsOf(id)).toEqual({ [today()]: 1 });
  });

  it('does not count crawlers that say they are bots, crawlers or spiders', async () => {
    const id = (await published()).id;
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0)',
      'SomeCrawler/1.0',
    ])
      await visit(`/app/profile/${id}`, { agent, ip: '198.51.100.55' });
    expect(await viewsOf(id)).toEqual({});
  });

  it('does not count a draft', async () => {
    const draft = await makeProfile(t.app, group.cookie, group.organizationId);
    const id = draft.profile.uuid;
    await visit(`/app/profile/${id}`, { cookie: group.cookie });
    await visit(`/app/profile/${id}/version/${draft.version.uuid}`, { cookie: group.cookie });
    expect(await viewsOf(id)).toEqual({});
  });

  it('counts the same visitor again the next day, under a new salt', async () => {
    const id = (await published()).id;
    const first = today();
    await visit(`/app/profile/${id}`, { ip: '198.51.100.56' });
    await t.app.services.counters.flush();
    const [before] = await t.database.db
      .select({ visitor: profileViewVisitors.visitor })
      .from(profileViewVisitors)
      .where(eq(profileViewVisitors.profileId, id));
    clock.now = new Date(clock.now.getTime() + DAY_MS);
    try {
      await visit(`/app/profile/${id}`, { ip: '198.51.100.56' });
      await visit(`/app/profile/${id}`, { ip: '198.51.100.56' });
      expect(await viewsOf(id)).toEqual({ [first]: 1, [today()]: 1 });
      const visitors = await t.database.db
        .select({ day: profileViewVisitors.day, visitor: profileViewVisitors.visitor })
        .from(profileViewVisitors)
        .where(eq(profileViewVisitors.profileId, id));
      expect(visitors).toHaveLength(2);
      const after = visitors.find((v) => v.day === today());
      // Two days of one visitor cannot be linked, and neither names the address.
      expect(after?.visitor).not.toBe(before?.visitor);
      for (const v of visitors) expect(v.visitor).not.toContain('198.51.100.56');
    } finally {
      clock.now = new Date(clock.now.getTime() - DAY_MS);
    }
  });

  it('forgets the visitors of days before yesterday when it writes the first batch of a day', async () => {
    const id = (await published()).id;
    await visit(`/app/profile/${id}`, { ip: '198.51.100.57' });
    await t.app.services.counters.flush();
    const visitorsOn = async (day: string) => {
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(profileViewVisitors)
        .where(and(eq(profileViewVisitors.profileId, id), eq(profileViewVisitors.day, day)));
      return row?.n ?? 0;
    };
    const day = today();
    expect(await visitorsOn(day)).toBe(1);
    clock.now = new Date(clock.now.getTime() + DAY_MS);
    try {
      await t.app.services.counters.flush();
      expect(await visitorsOn(day)).toBe(1);
      clock.now = new Date(clock.now.getTime() + DAY_MS);
      await t.app.services.counters.flush();
      expect(await visitorsOn(day)).toBe(0);
      expect(await viewsOf(id)).toEqual({ [day]: 1 });
    } finally {
      clock.now = new Date(clock.now.getTime() - 2 * DAY_MS);
    }
  });

  it('counts every download of an export', async () => {
    const { id, versionId } = await published();
    const url = `/app/profile/${id}/version/${versionId}/export`;
    await visit(url);
    await visit(url);
    await visit(url, { cookie: group.cookie });
    await t.app.services.counters.flush();
    const [exports] = await t.database.db
      .select({ count: profileCounters.count })
      .from(profileCounters)
      .where(and(eq(profileCounters.profileId, id), eq(profileCounters.counter, 'uiExport')));
    expect(exports?.count).toBe(3);
  });
});
