import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveClientKey } from '../../../common/client-key';
import type { BuiltApp } from '../../app';
import type { Database } from '../../db/client';
import { addMember, callsOf, makeGroup, makeProfile } from '../../test/authoring';
import { makePerson } from '../../test/people';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';

const baseUrl = process.env.TEST_DATABASE_URL;
/** The password `makePerson` gives everyone. */
const PASSWORD = 'test-password-123';

function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Two app nodes on one PostgreSQL database, as a deployment behind a load balancer runs them:
 * whatever one node decides about a browser (its session, its CSRF token, its failed sign-ins,
 * its write locks) the other must decide the same way, because all of it lives in the database
 * or follows from the shared secret, never in one node's memory.
 */
describe.skipIf(!baseUrl)('two nodes on one PostgreSQL database', () => {
  let nodes: TwoNodes;
  let first: Database;
  let a: BuiltApp;
  let b: BuiltApp;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ database: first, a, b } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  async function signIn(node: BuiltApp, email: string, salt: string) {
    const csrf = await node.inject({ method: 'GET', url: '/app/csrf' });
    const anonymous = cookiesOf(csrf);
    const response = await node.inject({
      method: 'POST',
      url: '/app/user/login',
      headers: { cookie: anonymous, 'x-csrf-token': csrf.json<{ token: string }>().token },
      payload: { email, password: await deriveClientKey(PASSWORD, salt) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return `${anonymous}; ${cookiesOf(response)}`;
  }

  it('keeps a session signed in on node A signed in on node B, and its CSRF token valid', async () => {
    const { user } = await makePerson(first.db, a.services.sessions);
    const cookie = await signIn(a, user.email, user.passwordSalt);

    const status = await b.inject({ method: 'GET', url: '/app/user/status', headers: { cookie } });
    expect(status.json()).toMatchObject({ loggedIn: true, user: { uuid: user.id } });

    const issued = await a.inject({ method: 'GET', url: '/app/csrf', headers: { cookie } });
    const token = issued.json<{ token: string }>().token;
    const created = await b.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie, 'x-csrf-token': token },
      payload: { name: 'Two Nodes WG', collaborationLink: 'https://wg.example.org' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ organization: { membership: 'admin' } });
    // Both nodes mint the same token for this browser and session.
    const fromB = await b.inject({ method: 'GET', url: '/app/csrf', headers: { cookie } });
    expect(fromB.json<{ token: string }>().token).toBe(token);

    // Signing out on B ends the session for A too; the token bound to it goes with it.
    const out = await b.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await a.inject({ method: 'GET', url: '/app/user/status', headers: { cookie } });
    expect(after.json()).toEqual({ loggedIn: false, user: null });
    const stale = await a.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie, 'x-csrf-token': token },
      payload: { name: 'Too Late WG', collaborationLink: 'https://wg.example.org' },
    });
    expect(stale.statusCode).toBe(403);
  });

  it('counts failed sign-ins on either node against one limit', async () => {
    const { user } = await makePerson(first.db, a.services.sessions);
    const attempt = async (node: BuiltApp, password: string) => {
      const csrf = await node.inject({ method: 'GET', url: '/app/csrf' });
      return node.inject({
        method: 'POST',
        url: '/app/user/login',
        headers: {
          cookie: cookiesOf(csrf),
          'x-csrf-token': csrf.json<{ token: string }>().token,
        },
        payload: {
          email: user.email,
          password: await deriveClientKey(password, user.passwordSalt),
        },
      });
    };
    // Ten wrong guesses, five on each node: on one node's count alone neither would be limited.
    for (let i = 0; i < 10; i += 1) {
      const refused = await attempt(i % 2 === 0 ? a : b, `guess-${i}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const limited = await attempt(b, 'guess-10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The right password is refused on the other node too until the window passes.
    expect((await attempt(a, PASSWORD)).statusCode).toBe(429);
  });

  it('refuses through node B a write lock taken through node A', async () => {
    const { org, admin } = await makeGroup(a, first);
    const member = await addMember(a, first, org.id);
    const view = await makeProfile(a, admin.cookie, org.id, 'Two Nodes');
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;

    const taken = await callsOf(a, admin.cookie).post(`${version}/lock`);
    expect(taken.statusCode, taken.body).toBe(200);

    const refused = await callsOf(b, member.cookie).post(`${version}/lock`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RESOURCE_LOCKED' });
    const edit = {
      name: 'Edited on B',
      description: 'Someone else holds the lock.',
      translations: [],
      moreInformation: '',
      tags: [],
    };
    const blocked = await callsOf(b, member.cookie).put(version, edit);
    expect(blocked.statusCode).toBe(409);
    // A save needs the saver's own lock; the one A granted the admin is no use to the member.
    expect(blocked.json()).toMatchObject({ code: 'LOCK_REQUIRED' });

    // The holder's lock is theirs on every node: renewing and editing through B works.
    const renewed = await callsOf(b, admin.cookie).post(`${version}/lock`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const saved = await callsOf(b, admin.cookie).put(version, { ...edit, name: 'Saved on B' });
    expect(saved.statusCode, saved.body).toBe(200);
    const released = await callsOf(b, admin.cookie).delete(`${version}/lock`);
    expect(released.statusCode, released.body).toBe(200);
    const now = await callsOf(a, member.cookie).post(`${version}/lock`);
    expect(now.statusCode, now.body).toBe(200);
  });
});
