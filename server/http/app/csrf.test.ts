import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deriveClientKey } from '../../../common/client-key';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Sends one raw HTTP/1.1 request and answers its status code; bounded by a timeout. */
function rawRequest(port: number, head: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s; got: ${answer}`));
    }, 10_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

describe('CSRF on /app', () => {
  const t = useTestApp();
  const person = () => makePerson(t.database.db, t.app.services.sessions);
  const groupInput = () => ({
    name: `Group ${randomUUID().slice(0, 8)}`,
    collaborationLink: 'https://github.com/example/wg',
    description: 'About',
  });

  async function groupsOf(cookie: string): Promise<unknown[]> {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/app/user/organizations',
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    return mine.json<{ organizations: unknown[] }>().organizations;
  }

  /** A csrf cookie and token minted for whoever sends `cookie` (or for nobody). */
  async function tokenFor(cookie?: string): Promise<{ token: string; cookie: string }> {
    const issued = await t.app.inject({
      method: 'GET',
      url: '/app/csrf',
      headers: cookie ? { cookie } : {},
    });
    expect(issued.statusCode).toBe(200);
    return { token: issued.json<{ token: string }>().token, cookie: cookiesOf(issued) };
  }

  async function someGroup(): Promise<string> {
    const owner = await person();
    const created = await new TestBrowser(t.app).request(
      'POST',
      '/app/org',
      groupInput(),
      owner.cookie,
    );
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ organization: { uuid: string } }>().organization.uuid;
  }

  it('refuses a write without a token whatever the spelling of the /app path', async () => {
    const victim = await person();
    for (const url of ['/%61pp/org', '/a%70p/org', '/ap%70/org', '/%61%70%70/org', '/app/org']) {
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: victim.cookie },
        payload: groupInput(),
      });
      expect(forged.statusCode, url).toBe(403);
      expect(forged.json(), url).toMatchObject({ success: false, code: 'CSRF_INVALID' });
    }
    expect(await groupsOf(victim.cookie)).toEqual([]);
  });

  it('refuses an absolute-form request line without a token', async () => {
    const victim = await person();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain('127.0.0.1');
    const body = JSON.stringify(groupInput());
    for (const target of [`http://127.0.0.1:${port}/app/org`, `http://evil.example/%61pp/org`]) {
      const status = await rawRequest(
        port,
        [
          `POST ${target} HTTP/1.1`,
          `host: 127.0.0.1:${port}`,
          `cookie: ${victim.cookie}`,
          'content-type: application/json',
          'connection: close',
        ].join('\r\n'),
        body,
      );
      expect(status, target).toBe(403);
    }
    // The same socket path with the token succeeds, so the 403 above is the CSRF check.
    const { token, cookie } = await tokenFor(victim.cookie);
    const allowed = await rawRequest(
      port,
      [
        `POST http://127.0.0.1:${port}/app/org HTTP/1.1`,
        `host: 127.0.0.1:${port}`,
        `cookie: ${victim.cookie}; ${cookie}`,
        `x-csrf-token: ${token}`,
        'content-type: application/json',
        'connection: close',
      ].join('\r\n'),
      body,
    );
    expect(allowed).toBe(200);
    expect(await groupsOf(victim.cookie)).toHaveLength(1);
  });

  it('refuses cross-site body-less writes on encoded paths', async () => {
    const victim = await person();
    const groupId = await someGroup();
    const forgeries: Array<{ method: 'POST' | 'DELETE'; url: string }> = [
      { method: 'POST', url: `/%61pp/org/${groupId}/join` },
      { method: 'DELETE', url: `/%61pp/org/${groupId}/join` },
      { method: 'POST', url: '/%61pp/user/logout' },
    ];
    for (const { method, url } of forgeries) {
      const forged = await t.app.inject({
        method,
        url,
        headers: { cookie: victim.cookie, 'content-type': 'text/plain' },
        payload: '',
      });
      expect(forged.statusCode, `${method} ${url}`).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'CSRF_INVALID' });
    }
    const status = await t.app.inject({
      method: 'GET',
      url: '/app/user/status',
      headers: { cookie: victim.cookie },
    });
    expect(status.json()).toMatchObject({ loggedIn: true });
  });

  it('refuses /app writes whose body is not JSON, even with a valid token', async () => {
    const member = await person();
    const groupId = await someGroup();
    const { token, cookie } = await tokenFor(member.cookie);
    const headers = { cookie: `${member.cookie}; ${cookie}`, 'x-csrf-token': token };
    const refused = [
      { url: `/app/org/${groupId}/join`, type: 'text/plain', payload: '' },
      { url: `/app/org/${groupId}/join`, type: 'application/x-www-form-urlencoded', payload: '' },
      { url: `/app/org/${groupId}/join`, type: 'multipart/form-data; boundary=x', payload: '' },
      { url: '/app/org', type: 'text/plain', payload: JSON.stringify(groupInput()) },
      { url: '/app/org', type: 'application/x-www-form-urlencoded', payload: 'name=Group+X' },
    ];
    for (const { url, type, payload } of refused) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': type },
        payload,
      });
      expect(response.statusCode, `${type} ${url}`).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('application/json') as string,
      });
    }
    expect(await groupsOf(member.cookie)).toEqual([]);

    // What the web app sends: a body-less write with no content type, and JSON bodies.
    const joined = await t.app.inject({ method: 'POST', url: `/app/org/${groupId}/join`, headers });
    expect(joined.statusCode, joined.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/app/org/${groupId}/join`,
      headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/app/org',
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(groupInput()),
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('refuses a token minted for another session or another browser', async () => {
    const victim = await person();
    const attacker = await person();
    const own = await tokenFor(attacker.cookie);
    const anonymous = await tokenFor();
    for (const minted of [own, anonymous]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/app/org',
        headers: { cookie: `${victim.cookie}; ${minted.cookie}`, 'x-csrf-token': minted.token },
        payload: groupInput(),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'CSRF_INVALID' });
    }
    // The victim's own token, from another browser secret, does not fit the attacker's cookie.
    const victims = await tokenFor(victim.cookie);
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie: `${victim.cookie}; ${own.cookie}`, 'x-csrf-token': victims.token },
      payload: groupInput(),
    });
    expect(crossed.statusCode).toBe(403);
    expect(await groupsOf(victim.cookie)).toEqual([]);

    const fitting = await t.app.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie: `${victim.cookie}; ${victims.cookie}`, 'x-csrf-token': victims.token },
      payload: groupInput(),
    });
    expect(fitting.statusCode, fitting.body).toBe(200);
  });

  it('issues a new token once the browser signs in, and another once it signs out', async () => {
    const { user } = await person();
    const anonymous = await tokenFor();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/app/user/login',
      headers: { cookie: anonymous.cookie, 'x-csrf-token': anonymous.token },
      payload: {
        email: user.email,
        password: await deriveClientKey('test-password-123', user.passwordSalt),
      },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const session = signIn.cookies.find((c) => c.name === 'xps_session');
    expect(session?.value).toBeTruthy();
    const cookie = `${anonymous.cookie}; xps_session=${session?.value ?? ''}`;

    // The token of the signed-out browser no longer fits once a session exists.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie, 'x-csrf-token': anonymous.token },
      payload: groupInput(),
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'CSRF_INVALID' });

    const signedIn = await tokenFor(cookie);
    expect(signedIn.token).not.toBe(anonymous.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/app/org',
      headers: { cookie, 'x-csrf-token': signedIn.token },
      payload: groupInput(),
    });
    expect(created.statusCode, created.body).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': signedIn.token },
    });
    expect(out.statusCode, out.body).toBe(200);
    // The ended session's token is refused; the browser is anonymous again, with its old token.
    const again = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': signedIn.token },
    });
    expect(again.statusCode).toBe(403);
    expect((await tokenFor(cookie)).token).toBe(anonymous.token);
  });

  it('answers an unknown /app write without a token as it answers a known one', async () => {
    for (const url of ['/app/nope', '/%61pp/nope', '/app/org/x/nope']) {
      const blind = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(blind.statusCode, url).toBe(403);
      expect(blind.json()).toMatchObject({ code: 'CSRF_INVALID' });
    }
    const { token, cookie } = await tokenFor();
    for (const url of ['/app/nope', '/%61pp/nope']) {
      const known = await t.app.inject({
        method: 'DELETE',
        url,
        headers: { cookie, 'x-csrf-token': token },
      });
      expect(known.statusCode, url).toBe(404);
      expect(known.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
