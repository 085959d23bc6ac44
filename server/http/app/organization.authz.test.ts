import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, memberships, organizations } from '../../db/schema';
import { hashToken } from '../../modules/accounts/tokens';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

/**
 * The authorization matrix of the working-group, membership, API-key and admin routes: every route
 * against every kind of actor, each cell on a fresh group. A route added without a row fails the
 * coverage check below.
 */
const actors = [
  'anonymous',
  'nonMember',
  'pending',
  'member',
  'groupAdmin',
  'otherGroupAdmin',
  'siteAdmin',
] as const;
type Actor = (typeof actors)[number];

interface Ids {
  org: string;
  member: string;
  pending: string;
  target: string;
  key: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (`:id` style). */
  route: string;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  expect: Record<Actor, number>;
}

const all = (status: number): Record<Actor, number> =>
  Object.fromEntries(actors.map((a) => [a, status])) as Record<Actor, number>;
const only = (allowed: Partial<Record<Actor, number>>, otherwise = 403): Record<Actor, number> => ({
  ...all(otherwise),
  anonymous: 401,
  ...allowed,
});

const groupBody = {
  name: 'Matrix group',
  collaborationLink: 'https://example.org/wg',
  description: 'd',
};
const keyBody = {
  description: 'ci',
  readPermission: true,
  writePermission: false,
  isEnabled: true,
};

const matrix: Row[] = [
  { method: 'GET', route: '/app/org', url: () => '/app/org', expect: all(200) },
  {
    method: 'POST',
    route: '/app/org',
    url: () => '/app/org',
    body: () => groupBody,
    expect: { ...all(200), anonymous: 401 },
  },
  { method: 'GET', route: '/app/org/:id', url: (i) => `/app/org/${i.org}`, expect: all(200) },
  {
    method: 'PUT',
    route: '/app/org/:id',
    url: (i) => `/app/org/${i.org}`,
    body: () => groupBody,
    expect: only({ member: 200, groupAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id',
    url: (i) => `/app/org/${i.org}`,
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/org/:id/member',
    url: (i) => `/app/org/${i.org}/member`,
    expect: only({ member: 200, groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'POST',
    route: '/app/org/:id/member',
    url: (i) => `/app/org/${i.org}/member`,
    body: (i) => ({ userId: i.target, level: 'member' }),
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'PUT',
    route: '/app/org/:id/member/:userId',
    url: (i) => `/app/org/${i.org}/member/${i.member}`,
    body: () => ({ level: 'admin' }),
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id/member/:userId',
    url: (i) => `/app/org/${i.org}/member/${i.member}`,
    // The member themself may leave.
    expect: only({ member: 200, groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'POST',
    route: '/app/org/:id/join',
    url: (i) => `/app/org/${i.org}/join`,
    expect: only({ nonMember: 200, otherGroupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id/join',
    url: (i) => `/app/org/${i.org}/join`,
    expect: only({ pending: 200 }, 400),
  },
  {
    method: 'POST',
    route: '/app/org/:id/join/member',
    url: (i) => `/app/org/${i.org}/join/member`,
    body: (i) => ({ userId: i.pending, level: 'member' }),
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id/join/member/:userId',
    url: (i) => `/app/org/${i.org}/join/member/${i.pending}`,
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id/deny/member/:userId',
    url: (i) => `/app/org/${i.org}/deny/member/${i.pending}`,
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/user',
    url: (i) => `/app/user?search=person&organization=${i.org}`,
    expect: only({ groupAdmin: 200, siteAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/user/organizations',
    url: () => '/app/user/organizations',
    expect: { ...all(200), anonymous: 401 },
  },
  {
    method: 'GET',
    route: '/app/org/:id/apiKey',
    url: (i) => `/app/org/${i.org}/apiKey`,
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'POST',
    route: '/app/org/:id/apiKey',
    url: (i) => `/app/org/${i.org}/apiKey`,
    body: () => ({ ...keyBody, uuid: randomUUID() }),
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/org/:id/apiKey/:keyId',
    url: (i) => `/app/org/${i.org}/apiKey/${i.key}`,
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'PUT',
    route: '/app/org/:id/apiKey/:keyId',
    url: (i) => `/app/org/${i.org}/apiKey/${i.key}`,
    body: () => keyBody,
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'DELETE',
    route: '/app/org/:id/apiKey/:keyId',
    url: (i) => `/app/org/${i.org}/apiKey/${i.key}`,
    expect: only({ groupAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/admin/users',
    url: () => '/app/admin/users',
    expect: only({ siteAdmin: 200 }),
  },
  {
    method: 'GET',
    route: '/app/admin/user/:userId',
    url: (i) => `/app/admin/user/${i.target}`,
    expect: only({ siteAdmin: 200 }),
  },
  {
    method: 'POST',
    route: '/app/admin/user/:userId',
    url: (i) => `/app/admin/user/${i.target}`,
    body: () => ({
      firstname: 'T',
      lastname: 'U',
      email: `t-${randomUUID()}@example.org`,
      publicizeName: false,
      type: 'user',
    }),
    expect: only({ siteAdmin: 200 }),
  },
];

describe('working group authorization matrix', () => {
  const t = useTestApp();
  const people = {} as Record<
    Exclude<Actor, 'anonymous'> | 'target',
    { user: { id: string }; cookie: string }
  >;
  let otherOrg: string;

  beforeAll(async () => {
    const { db } = t.database;
    for (const name of [
      'nonMember',
      'pending',
      'member',
      'groupAdmin',
      'otherGroupAdmin',
      'target',
    ] as const) {
      people[name] = await makePerson(db, t.app.services.sessions);
    }
    people.siteAdmin = await makePerson(db, t.app.services.sessions, { type: 'admin' });
    const [other] = await db
      .insert(organizations)
      .values({ name: 'Other group', collaborationLink: 'https://o.example' })
      .returning();
    otherOrg = other!.id;
    await db
      .insert(memberships)
      .values({ organizationId: otherOrg, userId: people.otherGroupAdmin.user.id, level: 'admin' });
  });

  /** A fresh group for one cell: admin, member, a pending request and one API key. */
  async function freshGroup(): Promise<Ids> {
    const { db } = t.database;
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Cell group', collaborationLink: 'https://c.example' })
      .returning();
    await db.insert(memberships).values([
      { organizationId: org!.id, userId: people.groupAdmin.user.id, level: 'admin' },
      { organizationId: org!.id, userId: people.member.user.id, level: 'member' },
      { organizationId: org!.id, userId: people.pending.user.id, level: null },
    ]);
    const [key] = await db
      .insert(apiKeys)
      .values({
        organizationId: org!.id,
        keyHash: hashToken(randomUUID()),
        lastFour: 'abcd',
        description: 'k',
      })
      .returning();
    return {
      org: org!.id,
      member: people.member.user.id,
      pending: people.pending.user.id,
      target: people.target.user.id,
      key: key!.id,
    };
  }

  it('has a row for every working-group, membership, key and admin route', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) => /^\/app\/(org|admin\/users?\b|user$|user\/organizations$)/.test(r.url))
      // Profile routes under a group, its review rule and its Feedback tab have matrices of
      // their own (review.authz.test.ts, feedback.authz.test.ts).
      .filter((r) => !/\/profile|\/review-rule$|\/feedback$/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(covered);
  });

  for (const row of matrix) {
    for (const actor of actors) {
      it(`${row.method} ${row.route} as ${actor} → ${row.expect[actor]}`, async () => {
        const ids = await freshGroup();
        const browser = new TestBrowser(t.app);
        const session = actor === 'anonymous' ? undefined : people[actor].cookie;
        const response = await browser.request(row.method, row.url(ids), row.body?.(ids), session);
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
        expect(response.json()).toHaveProperty('success', response.statusCode === 200);
      });
    }
  }

  it('hides orphan-container groups from everyone', async () => {
    const { db } = t.database;
    const [hidden] = await db
      .insert(organizations)
      .values({ name: 'Orphans', collaborationLink: 'https://x.example', orphanContainer: true })
      .returning();
    const browser = new TestBrowser(t.app);
    const response = await browser.request(
      'GET',
      `/app/org/${hidden!.id}`,
      undefined,
      people.siteAdmin.cookie,
    );
    expect(response.statusCode).toBe(404);
    const list = await browser.request(
      'GET',
      '/app/org?limit=100&search=Orphans',
      undefined,
      people.siteAdmin.cookie,
    );
    expect(list.json<{ total: number }>().total).toBe(0);
  });
});
