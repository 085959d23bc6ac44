import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CounterRanking,
  GroupUsage,
  MostViewed,
  ProfileTotal,
  Usage,
} from '../../../common/metrics';
import { profileCounters, type CounterName } from '../../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf, makeProfile, publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';
import type { ProfileList } from '../../../common/profiles';
import { addProfileCounts } from '../../modules/counters/repo';
import { rollUpCounters } from '../../modules/metrics/rollup';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(day) - n * DAY_MS).toISOString().slice(0, 10);

describe('metrics: rankings, totals and usage over exact windows of days', () => {
  // "Today" for the counters and the metrics; each test pins its own day, so no figure a test
  // reads was kept from another.
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const t = useTestApp({ COUNTER_FLUSH_SECONDS: '300' }, { counterClock: () => clock.now });
  let group: KeyedGroup;
  let outsider: { cookie: string };
  let siteAdmin: { cookie: string };
  let nextDay = 0;

  /** Moves "today" to a day no other test uses, late in the UTC day. */
  function pinToday(): string {
    nextDay += 1;
    clock.now = new Date(Date.parse('2026-07-01T23:59:30Z') + nextDay * 40 * DAY_MS);
    return clock.now.toISOString().slice(0, 10);
  }

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Measured');
    outsider = await makePerson(t.database.db, t.app.services.sessions);
    siteAdmin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
  });

  async function published(name: string): Promise<{ id: string; versionId: string }> {
    const draft = await makeProfile(t.app, group.cookie, group.organizationId, name);
    const view = await publishVersion(t.app, group.cookie, draft.profile.uuid, draft.version.uuid);
    return { id: view.profile.uuid, versionId: view.version.uuid };
  }

  /** Counts as the batches would have written them on past days. */
  async function counted(profileId: string, counter: CounterName, perDay: Record<string, number>) {
    await t.database.db
      .insert(profileCounters)
      .values(Object.entries(perDay).map(([day, count]) => ({ profileId, counter, day, count })));
  }

  async function get<T>(url: string, cookie?: string, status = 200): Promise<T> {
    const response = await callsOf(t.app, cookie).get(url);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  const viewedY = (answer: MostViewed, id: string) => answer.metrics.find((m) => m._id === id)?.y;

  it('counts the 30th day back and not the 31st, and 365 days for the last 12 months', async () => {
    const today = pinToday();
    const { id } = await published('Window edges');
    await counted(id, 'view', {
      [today]: 1,
      [dayBefore(today, 29)]: 10, // the 30th day, today included
      [dayBefore(today, 30)]: 100, // the 31st: outside 30 days
      [dayBefore(today, 364)]: 1000, // the 365th day
      [dayBefore(today, 365)]: 10000, // the 366th: outside 365 days
    });
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed'), id)).toBe(11);
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed?days=30'), id)).toBe(11);
    const year = await get<MostViewed>('/app/metrics/mostViewed?days=365');
    expect(year.days).toBe(365);
    expect(viewedY(year, id)).toBe(1111);
    // A minute later it is tomorrow in UTC: the window has moved by a day, and the day that was
    // the 30th back is now the 31st.
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed'), id)).toBe(1);
  });

  it('refuses any other window with a 400 naming days', async () => {
    for (const days of ['31', '7', '0', '-30', 'thirty', '30.5', '1e9']) {
      const response = await callsOf(t.app).get(`/app/metrics/mostExported?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      const body = response.json<{ code: string; message: string }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toContain('days');
      expect(body.message).toContain('30 or 365');
    }
  });

  it('ranks the ten most viewed published profiles, highest first, with their names', async () => {
    const today = pinToday();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await published(`Ranked ${String(i).padStart(2, '0')}`);
      await counted(id, 'view', { [today]: 100_000 + i });
      ids.push(id);
    }
    const answer = await get<MostViewed>('/app/metrics/mostViewed');
    expect(answer.metrics).toHaveLength(10);
    expect(answer.metrics[0]).toEqual({ _id: ids[11], name: 'Ranked 11', y: 100_011 });
    expect(answer.metrics.map((m) => m.y)).toEqual(
      [...answer.metrics.map((m) => m.y)].sort((a, b) => b - a),
    );
    expect(answer.metrics.map((m) => m._id)).not.toContain(ids[0]);
  });

  it('counts real views and exports of outsiders once flushed', async () => {
    pinToday();
    const { id, versionId } = await published('Really used');
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await t.app.inject({
        method: 'GET',
        url: `/app/profile/${id}`,
        headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
        remoteAddress: ip,
      });
    await get(`/app/profile/${id}/version/${versionId}/export`, outsider.cookie);
    await get(`/app/profile/${id}/version/${versionId}/export`);
    await t.app.services.counters.flush();
    expect((await get<ProfileTotal>(`/app/metrics/profile/${id}/viewTotal`)).value).toBe(3);
    expect((await get<ProfileTotal>(`/app/metrics/profile/${id}/exportTotal`)).value).toBe(2);
    const exported = await get<CounterRanking>('/app/metrics/mostExported');
    expect(exported.metrics).toContainEqual({
      _id: { counterName: id, counterType: 'profileUIExport' },
      name: 'Really used',
      y: 2,
    });
  });

  it('lists a profile once per kind of export, profiles in order of their total', async () => {
    const today = pinToday();
    const first = await published('Export leader');
    const second = await published('Export runner');
    await counted(first.id, 'uiExport', { [today]: 500_000 });
    await counted(first.id, 'apiExport', { [today]: 400_000 });
    await counted(second.id, 'apiExport', { [today]: 600_000 });
    const answer = await get<CounterRanking>('/app/metrics/mostExported?days=365');
    const ours = answer.metrics.filter((m) => [first.id, second.id].includes(m._id.counterName));
    expect(ours).toEqual([
      {
        _id: { counterName: first.id, counterType: 'profileUIExport' },
        name: 'Export leader',
        y: 500_000,
      },
      {
        _id: { counterName: first.id, counterType: 'profileAPIExport' },
        name: 'Export leader',
        y: 400_000,
      },
      {
        _id: { counterName: second.id, counterType: 'profileAPIExport' },
        name: 'Export runner',
        y: 600_000,
      },
    ]);
  });

  it('shows API retrievals to site admins only', async () => {
    const today = pinToday();
    const { id } = await published('Read by tools');
    await counted(id, 'apiRead', { [today]: 700_000 });
    await counted(id, 'apiWrite', { [dayBefore(today, 3)]: 2 });
    const url = '/app/metrics/mostAPIRetrievals';
    expect((await callsOf(t.app).get(url)).statusCode).toBe(401);
    const refused = await callsOf(t.app, outsider.cookie).get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
    // A working group's own admin is no site admin either.
    expect((await callsOf(t.app, group.cookie).get(url)).statusCode).toBe(403);
    const answer = await get<CounterRanking>(url, siteAdmin.cookie);
    expect(answer.metrics.slice(0, 2)).toEqual([
      {
        _id: { counterName: id, counterType: 'profileAPIRead' },
        name: 'Read by tools',
        y: 700_000,
      },
      { _id: { counterName: id, counterType: 'profileAPIWrite' }, name: 'Read by tools', y: 2 },
    ]);
  });

  it('never shows a draft-only profile outside its group, nor counts the export of a draft', async () => {
    const today = pinToday();
    const draft = await makeProfile(t.app, group.cookie, group.organizationId, 'Secret draft');
    const id = draft.profile.uuid;
    for (const counter of ['view', 'uiExport', 'apiExport', 'apiRead'] as const)
      await counted(id, counter, { [today]: 900_000 });
    const everywhere = JSON.stringify([
      await get('/app/metrics/mostViewed'),
      await get('/app/metrics/mostExported?days=365'),
      await get('/app/metrics/mostAPIRetrievals', siteAdmin.cookie),
      await get(`/app/metrics/org/${group.organizationId}`),
    ]);
    expect(everywhere).not.toContain(id);
    expect(everywhere).not.toContain('Secret draft');
    for (const path of ['viewTotal', 'exportTotal', 'usageOverTime']) {
      const url = `/app/metrics/profile/${id}/${path}`;
      expect((await callsOf(t.app).get(url)).statusCode, path).toBe(404);
      expect((await callsOf(t.app, outsider.cookie).get(url)).statusCode, path).toBe(404);
      expect((await callsOf(t.app, siteAdmin.cookie).get(url)).statusCode, path).toBe(404);
      expect((await callsOf(t.app, group.cookie).get(url)).statusCode, path).toBe(200);
    }
    const usage = `/app/org/${group.organizationId}/profile/${id}/usage`;
    expect((await callsOf(t.app, outsider.cookie).get(usage)).statusCode).toBe(404);

    // Its members exporting the draft add nothing to any figure.
    const fresh = await makeProfile(t.app, group.cookie, group.organizationId, 'Draft exported');
    await get(
      `/app/profile/${fresh.profile.uuid}/version/${fresh.version.uuid}/export`,
      group.cookie,
    );
    // Nor does a tool of the group reading the draft through the public API.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${fresh.profile.uuid}`,
      headers: { 'x-api-key': group.keys.readWrite },
    });
    expect(read.statusCode, read.body).toBe(200);
    await t.app.services.counters.flush();
    const total = await get<ProfileTotal>(
      `/app/metrics/profile/${fresh.profile.uuid}/exportTotal`,
      group.cookie,
    );
    expect(total.value).toBe(0);
    const rows = await t.database.db
      .select()
      .from(profileCounters)
      .where(eq(profileCounters.profileId, fresh.profile.uuid));
    expect(rows).toEqual([]);
  });

  it('gives a profile its views per day of the last 30 days, 0 on days without any', async () => {
    const today = pinToday();
    const { id } = await published('Usage over time');
    await counted(id, 'view', {
      [today]: 4,
      [dayBefore(today, 2)]: 3,
      [dayBefore(today, 29)]: 2,
      [dayBefore(today, 30)]: 50,
    });
    await counted(id, 'uiExport', { [today]: 7 });
    const usage = await get<Usage>(`/app/metrics/profile/${id}/usageOverTime`);
    expect(usage.days).toBe(30);
    expect(usage.metrics).toHaveLength(30);
    expect(usage.metrics[0]).toEqual({ _id: dayBefore(today, 29), value: 2 });
    expect(usage.metrics[27]).toEqual({ _id: dayBefore(today, 2), value: 3 });
    expect(usage.metrics[28]).toEqual({ _id: dayBefore(today, 1), value: 0 });
    expect(usage.metrics[29]).toEqual({ _id: today, value: 4 });
    expect(usage.total).toBe(9);
    expect(usage.metrics.filter((m) => m.value === 0)).toHaveLength(27);
    // The group path answers the same, and only under the profile's own group.
    const byGroup = await get<Usage>(`/app/org/${group.organizationId}/profile/${id}/usage`);
    expect(byGroup).toEqual(usage);
    const other = await makeKeyedGroup(t.app, 'Elsewhere');
    await get(`/app/org/${other.organizationId}/profile/${id}/usage`, undefined, 404);
    expect((await get<ProfileTotal>(`/app/metrics/profile/${id}/viewTotal`)).value).toBe(9);
    expect((await get<ProfileTotal>(`/app/metrics/profile/${id}/exportTotal`)).value).toBe(7);
  });

  it('totals a working group’s published profiles', async () => {
    const today = pinToday();
    const own = await makeKeyedGroup(t.app, 'Totalled');
    const make = async (name: string) => {
      const draft = await makeProfile(t.app, own.cookie, own.organizationId, name);
      return (await publishVersion(t.app, own.cookie, draft.profile.uuid, draft.version.uuid))
        .profile.uuid;
    };
    const a = await make('Alpha');
    const b = await make('Beta');
    await counted(a, 'view', { [today]: 5, [dayBefore(today, 30)]: 100 });
    await counted(a, 'apiExport', { [today]: 1 });
    await counted(b, 'view', { [dayBefore(today, 10)]: 8 });
    await counted(b, 'uiExport', { [today]: 2 });
    await counted(b, 'apiRead', { [today]: 40 });
    const answer = await get<GroupUsage>(`/app/metrics/org/${own.organizationId}`);
    expect(answer).toEqual({
      success: true,
      days: 30,
      views: 13,
      exports: 3,
      profiles: [
        { uuid: b, name: 'Beta', views: 8, exports: 2 },
        { uuid: a, name: 'Alpha', views: 5, exports: 1 },
      ],
    });
  });

  it('keeps a ranking until the counters write their next batch', async () => {
    const today = pinToday();
    const { id } = await published('Kept ranking');
    await counted(id, 'view', { [today]: 800_000 });
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed'), id)).toBe(800_000);
    // Written behind the counters' back: the kept answer stands.
    await counted(id, 'view', { [dayBefore(today, 1)]: 5 });
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed'), id)).toBe(800_000);
    // The next batch the counters write makes it read again.
    await t.app.inject({
      method: 'GET',
      url: `/app/profile/${id}`,
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
      remoteAddress: '203.0.113.9',
    });
    await t.app.services.counters.flush();
    expect(viewedY(await get<MostViewed>('/app/metrics/mostViewed'), id)).toBe(800_006);
  });

  it('gives a profile the same views and exports in the rankings as in the list of published profiles', async () => {
    // The list counts up to the real today, so this test does too.
    clock.now = new Date();
    const today = clock.now.toISOString().slice(0, 10);
    const { id } = await published('Agreeing figures');
    // The roll-up job ran at the start, before counts of past days were written (as the demo
    // content writes its two weeks of views, or a late batch its day's).
    await rollUpCounters(t.database.db, clock.now);
    const views = [4, 6, 5, 9, 7, 11, 8, 13, 10, 9, 12, 15, 11, 14];
    await addProfileCounts(
      t.database.db,
      views.flatMap((count, i) => [
        { profileId: id, counter: 'view' as const, day: dayBefore(today, 14 - i), count },
        { profileId: id, counter: 'uiExport' as const, day: dayBefore(today, 14 - i), count: 1 },
      ]),
    );
    await counted(id, 'view', { [today]: 1 });
    const list = await get<ProfileList>('/app/profiles?page=1&limit=100&sort=-views');
    const row = list.profiles.find((p) => p.uuid === id);
    expect(row).toMatchObject({ views: 135, exports: 14 });
    const chart = await get<MostViewed>('/app/metrics/mostViewed?days=30');
    expect(viewedY(chart, id)).toBe(row!.views);
    const exported = await get<CounterRanking>('/app/metrics/mostExported?days=30');
    const exports = exported.metrics
      .filter((m) => m._id.counterName === id)
      .reduce((sum, m) => sum + m.y, 0);
    expect(exports).toBe(row!.exports);
  });

  it('answers 400 for ids that are not uuids and 404 for unknown ones', async () => {
    await get('/app/metrics/profile/not-a-uuid/viewTotal', undefined, 400);
    await get(
      '/app/metrics/profile/00000000-0000-4000-8000-000000000000/viewTotal',
      undefined,
      404,
    );
    await get('/app/metrics/org/00000000-0000-4000-8000-000000000000', undefined, 404);
  });
});
