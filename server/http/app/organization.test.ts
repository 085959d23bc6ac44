import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberList, OrganizationList } from '../../../common/organizations';
import { apiKeys, organizations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

describe('working groups and membership', () => {
  const t = useTestApp();
  const person = (options: Parameters<typeof makePerson>[2] = {}) =>
    makePerson(t.database.db, t.app.services.sessions, options);
  const as = (cookie?: string) => ({
    get: (url: string) => new TestBrowser(t.app).request('GET', url, undefined, cookie),
    post: (url: string, body: unknown = {}) =>
      new TestBrowser(t.app).request('POST', url, body, cookie),
    put: (url: string, body: unknown) => new TestBrowser(t.app).request('PUT', url, body, cookie),
    delete: (url: string) => new TestBrowser(t.app).request('DELETE', url, undefined, cookie),
  });

  async function createGroup(cookie: string, name = `Group ${randomUUID().slice(0, 8)}`) {
    const response = await as(cookie).post('/app/org', {
      name,
      collaborationLink: 'https://github.com/example/wg',
      description: 'About',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      organization: { uuid: string; membership: string; memberCount: number };
    }>().organization;
  }

  it('makes the creator the admin of a new group', async () => {
    const creator = await person({ firstname: 'Ada', lastname: 'Lovelace' });
    const group = await createGroup(creator.cookie);
    expect(group).toMatchObject({ membership: 'admin', memberCount: 1 });
    const about = await as().get(`/app/org/${group.uuid}`);
    expect(about.json()).toMatchObject({
      organization: { createdBy: 'Ada Lovelace', membership: null, apiKeyCount: null },
    });
    const mine = await as(creator.cookie).get('/app/user/organizations');
    expect(mine.json()).toMatchObject({
      organizations: [{ uuid: group.uuid, membership: 'admin' }],
    });
  });

  it('refuses bad input and fields the form does not have', async () => {
    const creator = await person();
    const bad = await as(creator.cookie).post('/app/org', {
      name: 'X',
      collaborationLink: 'not a url',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Collaboration link needs to be a URL.',
    );
    const js = await as(creator.cookie).post('/app/org', {
      name: 'X',
      collaborationLink: 'javascript:alert(1)',
    });
    expect(js.statusCode).toBe(400);
    const extra = await as(creator.cookie).post('/app/org', {
      name: 'X',
      collaborationLink: 'https://x.org',
      orphanContainer: true,
    });
    expect(extra.statusCode).toBe(400);
    const long = await as(creator.cookie).post('/app/org', {
      name: 'x'.repeat(201),
      collaborationLink: 'https://x.org',
    });
    expect(long.statusCode).toBe(400);
    expect((await as().get('/app/org/not-a-uuid')).statusCode).toBe(400);
    expect((await as().get(`/app/org/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('paginates, sorts and searches on the server, treating search text literally', async () => {
    const creator = await person();
    const tag = randomUUID().slice(0, 6);
    for (let i = 0; i < 25; i += 1)
      await createGroup(creator.cookie, `Pager ${tag} ${String(i).padStart(2, '0')}`);
    await createGroup(creator.cookie, `Percent ${tag} 100%_done`);
    const page3 = await as().get(`/app/org?search=Pager ${tag}&limit=10&page=3`);
    const body = page3.json<OrganizationList>();
    expect(body.total).toBe(25);
    expect(body.organizations.map((o) => o.name)).toEqual(
      [20, 21, 22, 23, 24].map((i) => `Pager ${tag} ${i}`),
    );
    const reversed = await as().get(`/app/org?search=Pager ${tag}&limit=2&sort=-name`);
    expect(reversed.json<OrganizationList>().organizations.map((o) => o.name)).toEqual([
      `Pager ${tag} 24`,
      `Pager ${tag} 23`,
    ]);
    const literal = await as().get(`/app/org?search=${encodeURIComponent('100%_')}`);
    expect(literal.json<OrganizationList>().organizations.map((o) => o.name)).toEqual([
      `Percent ${tag} 100%_done`,
    ]);
    const regexish = await as().get(`/app/org?search=${encodeURIComponent('.*(a+)+$')}`);
    expect(regexish.statusCode).toBe(200);
    expect(regexish.json<OrganizationList>().total).toBe(0);
    expect((await as().get('/app/org?limit=101')).statusCode).toBe(400);
    expect((await as().get('/app/org?page=0')).statusCode).toBe(400);
    const mine = await as(creator.cookie).get('/app/org?mine=true&limit=100');
    expect(mine.json<OrganizationList>().total).toBe(26);
    expect((await as().get('/app/org?mine=true')).json<OrganizationList>().total).toBe(0);
  });

  it('runs a request to join through cancel, request again, approve and leave', async () => {
    const admin = await person();
    const joiner = await person();
    const group = await createGroup(admin.cookie);
    const requested = await as(joiner.cookie).post(`/app/org/${group.uuid}/join`);
    expect(requested.json()).toMatchObject({ organization: { membership: 'pending' } });
    const listed = await as(joiner.cookie).get(
      `/app/org?search=${encodeURIComponent(group.uuid.slice(0, 0))}&limit=100`,
    );
    expect(
      listed.json<OrganizationList>().organizations.find((o) => o.uuid === group.uuid)?.membership,
    ).toBe('pending');

    expect((await as(joiner.cookie).delete(`/app/org/${group.uuid}/join`)).json()).toMatchObject({
      organization: { membership: null },
    });
    await as(joiner.cookie).post(`/app/org/${group.uuid}/join`);
    const members = (
      await as(admin.cookie).get(`/app/org/${group.uuid}/member`)
    ).json<MemberList>();
    expect(members.requests.map((r) => r.user.uuid)).toEqual([joiner.user.id]);

    const approved = await as(admin.cookie).post(`/app/org/${group.uuid}/join/member`, {
      userId: joiner.user.id,
      level: 'member',
    });
    expect(approved.json<MemberList>().members.map((m) => [m.user.uuid, m.level])).toContainEqual([
      joiner.user.id,
      'member',
    ]);
    expect(approved.json<MemberList>().requests).toEqual([]);
    expect((await as(joiner.cookie).get(`/app/org/${group.uuid}`)).json()).toMatchObject({
      organization: { membership: 'member', memberCount: 2 },
    });

    expect(
      (await as(joiner.cookie).delete(`/app/org/${group.uuid}/member/${joiner.user.id}`))
        .statusCode,
    ).toBe(200);
    expect((await as(joiner.cookie).get(`/app/org/${group.uuid}`)).json()).toMatchObject({
      organization: { membership: null, memberCount: 1 },
    });
  });

  it('never lets a group lose its last admin', async () => {
    const admin = await person();
    const other = await person();
    const group = await createGroup(admin.cookie);
    const leave = await as(admin.cookie).delete(`/app/org/${group.uuid}/member/${admin.user.id}`);
    expect(leave.statusCode).toBe(400);
    expect(leave.json()).toMatchObject({
      code: 'LAST_ADMIN',
      message: 'A working group needs at least one admin: make another member an admin first.',
    });
    expect(
      (
        await as(admin.cookie).put(`/app/org/${group.uuid}/member/${admin.user.id}`, {
          level: 'member',
        })
      ).statusCode,
    ).toBe(400);

    await as(admin.cookie).post(`/app/org/${group.uuid}/member`, {
      userId: other.user.id,
      level: 'admin',
    });
    expect(
      (
        await as(admin.cookie).put(`/app/org/${group.uuid}/member/${admin.user.id}`, {
          level: 'member',
        })
      ).statusCode,
    ).toBe(200);
    // Now `other` is the only admin.
    expect(
      (await as(other.cookie).delete(`/app/org/${group.uuid}/member/${other.user.id}`)).statusCode,
    ).toBe(400);
    expect(
      (await as(admin.cookie).delete(`/app/org/${group.uuid}/member/${admin.user.id}`)).statusCode,
    ).toBe(200);
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    const a = await person();
    const b = await person();
    const group = await createGroup(a.cookie);
    await as(a.cookie).post(`/app/org/${group.uuid}/member`, { userId: b.user.id, level: 'admin' });
    const results = await Promise.all([
      as(a.cookie).put(`/app/org/${group.uuid}/member/${b.user.id}`, { level: 'member' }),
      as(b.cookie).put(`/app/org/${group.uuid}/member/${a.user.id}`, { level: 'member' }),
    ]);
    // The loser is refused either by the last-admin check (both passed the policy at once) or by
    // the policy itself (the winner had already demoted it).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const members = (await as(a.cookie).get(`/app/org/${group.uuid}/member`)).json<MemberList>();
    expect(members.members.filter((m) => m.level === 'admin')).toHaveLength(1);
  });

  it('finds people to add, leaving out members and requesters, at most eight', async () => {
    const admin = await person();
    const group = await createGroup(admin.cookie);
    const last = `Searchable${randomUUID().slice(0, 6)}`;
    const found = [];
    for (let i = 0; i < 10; i += 1) found.push(await person({ lastname: last }));
    await as(found[0]!.cookie).post(`/app/org/${group.uuid}/join`);
    await as(admin.cookie).post(`/app/org/${group.uuid}/member`, {
      userId: found[1]!.user.id,
      level: 'member',
    });
    const results = (
      await as(admin.cookie).get(`/app/user?search=${last}&organization=${group.uuid}`)
    ).json<{
      users: Array<{ _id: string; username: string; fullname: string }>;
    }>().users;
    expect(results).toHaveLength(8);
    expect(Object.keys(results[0]!).sort()).toEqual(['_id', 'fullname', 'username']);
    const ids = results.map((u) => u._id);
    expect(ids).not.toContain(found[0]!.user.id);
    expect(ids).not.toContain(found[1]!.user.id);
    expect(
      (await as(admin.cookie).get(`/app/user?search=&organization=${group.uuid}`)).statusCode,
    ).toBe(400);
    const wildcard = await as(admin.cookie).get(`/app/user?search=%25&organization=${group.uuid}`);
    expect(wildcard.json<{ users: unknown[] }>().users).toEqual([]);
  });

  it('shows private names and addresses only to those who manage the group', async () => {
    const admin = await person();
    const shy = await person({ firstname: 'Private', lastname: 'Person', publicizeName: false });
    const group = await createGroup(admin.cookie);
    await as(admin.cookie).post(`/app/org/${group.uuid}/member`, {
      userId: shy.user.id,
      level: 'member',
    });
    const seenByMember = (
      await as(shy.cookie).get(`/app/org/${group.uuid}/member`)
    ).json<MemberList>();
    const shyEntry = seenByMember.members.find((m) => m.user.uuid === shy.user.id)!;
    expect(shyEntry.user.fullname).toBe(shy.user.username);
    expect(shyEntry.user.email).toBeNull();
    const seenByAdmin = (
      await as(admin.cookie).get(`/app/org/${group.uuid}/member`)
    ).json<MemberList>();
    expect(seenByAdmin.members.find((m) => m.user.uuid === shy.user.id)?.user).toMatchObject({
      fullname: 'Private Person',
      email: shy.user.email,
    });
  });
});

describe('API keys', () => {
  const t = useTestApp();
  const person = () => makePerson(t.database.db, t.app.services.sessions);

  it('stores only a hash, shows the last four, and never crosses groups', async () => {
    const admin = await person();
    const browser = new TestBrowser(t.app);
    const group = (
      await browser.request(
        'POST',
        '/app/org',
        { name: 'Keys', collaborationLink: 'https://k.org' },
        admin.cookie,
      )
    ).json<{
      organization: { uuid: string };
    }>().organization;
    const value = randomUUID();
    const created = await browser.request(
      'POST',
      `/app/org/${group.uuid}/apiKey`,
      { uuid: value, description: 'CI import', readPermission: true, writePermission: true },
      admin.cookie,
    );
    expect(created.statusCode).toBe(200);
    const key = created.json<{ apiKey: { id: string; lastFour: string; isEnabled: boolean } }>()
      .apiKey;
    expect(key).toMatchObject({ lastFour: value.slice(-4), isEnabled: true });
    expect(created.body).not.toContain(value);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(value);

    const none = await browser.request(
      'POST',
      `/app/org/${group.uuid}/apiKey`,
      { uuid: randomUUID(), description: 'x', readPermission: false, writePermission: false },
      admin.cookie,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toContain('Check at least one.');
    const moved = await browser.request(
      'PUT',
      `/app/org/${group.uuid}/apiKey/${key.id}`,
      {
        description: 'x',
        readPermission: true,
        writePermission: false,
        isEnabled: true,
        organizationId: randomUUID(),
      },
      admin.cookie,
    );
    expect(moved.statusCode).toBe(400);

    // Another group's admin cannot reach this key through their own group's URL.
    const otherAdmin = await person();
    const other = (
      await browser.request(
        'POST',
        '/app/org',
        { name: 'Other', collaborationLink: 'https://o.org' },
        otherAdmin.cookie,
      )
    ).json<{
      organization: { uuid: string };
    }>().organization;
    const crossed = await browser.request(
      'GET',
      `/app/org/${other.uuid}/apiKey/${key.id}`,
      undefined,
      otherAdmin.cookie,
    );
    expect(crossed.statusCode).toBe(404);
    expect(
      (
        await browser.request(
          'DELETE',
          `/app/org/${other.uuid}/apiKey/${key.id}`,
          undefined,
          otherAdmin.cookie,
        )
      ).statusCode,
    ).toBe(404);

    expect(await t.app.services.apiKeys.authenticate(randomUUID())).toBeNull();
    const used = await t.app.services.apiKeys.authenticate(value.toUpperCase());
    expect(used?.id).toBe(key.id);
    const listed = (
      await browser.request('GET', `/app/org/${group.uuid}/apiKey`, undefined, admin.cookie)
    ).json<{
      apiKeys: Array<{ lastUsedOn: string | null }>;
    }>();
    expect(listed.apiKeys[0]?.lastUsedOn).not.toBeNull();
    const about = (
      await browser.request('GET', `/app/org/${group.uuid}`, undefined, admin.cookie)
    ).json<{ organization: { apiKeyCount: number } }>();
    expect(about.organization.apiKeyCount).toBe(1);
  });
});

describe('admin user management', () => {
  const t = useTestApp();

  it('lets a site admin grant admin to another user but not change their own flag', async () => {
    const admin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
    const user = await makePerson(t.database.db, t.app.services.sessions);
    const browser = new TestBrowser(t.app);
    const list = await browser.request('GET', '/app/admin/users', undefined, admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(/password|salt|hash/i);
    const edit = {
      firstname: user.user.firstname,
      lastname: user.user.lastname,
      email: user.user.email,
      publicizeName: true,
    };
    const granted = await browser.request(
      'POST',
      `/app/admin/user/${user.user.id}`,
      { ...edit, type: 'admin' },
      admin.cookie,
    );
    expect(granted.json()).toMatchObject({ user: { type: 'admin' } });
    const self = await browser.request(
      'POST',
      `/app/admin/user/${admin.user.id}`,
      {
        firstname: 'A',
        lastname: 'B',
        email: admin.user.email,
        publicizeName: false,
        type: 'user',
      },
      admin.cookie,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json<{ message: string }>().message).toBe(
      'You cannot change your own admin permissions.',
    );
    const searched = await browser.request(
      'GET',
      `/app/admin/users?search=${encodeURIComponent(user.user.email)}`,
      undefined,
      admin.cookie,
    );
    expect(searched.json<{ users: Array<{ uuid: string }> }>().users.map((u) => u.uuid)).toEqual([
      user.user.id,
    ]);
  });

  it('lists the groups of a user', async () => {
    const admin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
    const user = await makePerson(t.database.db, t.app.services.sessions);
    const [org] = await t.database.db
      .insert(organizations)
      .values({ name: 'Listed', collaborationLink: 'https://l.org' })
      .returning();
    const browser = new TestBrowser(t.app);
    await browser.request('POST', `/app/org/${org!.id}/join`, {}, user.cookie);
    const detail = await browser.request(
      'GET',
      `/app/admin/user/${user.user.id}`,
      undefined,
      admin.cookie,
    );
    expect(detail.json()).toMatchObject({
      organizations: [{ uuid: org!.id, name: 'Listed', membership: 'pending' }],
    });
  });
});
