import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { passwordRecord } from '../modules/accounts/password';
import { insertUser } from '../modules/accounts/user-repo';
import { createTestDatabase } from '../test/database';
import { testConfig, useTestApp } from '../test/app';
import { proxyAdvice } from './health.routes';

function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((c) => c.split(';')[0]).join('; ');
}

describe('HTTP shell', () => {
  const t = useTestApp();

  /** A csrf cookie and token for a new browser, signed in with `session` when given. */
  async function csrf(session?: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app/csrf',
      headers: session ? { cookie: session } : {},
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    return { token, cookie: cookieHeader(response.headers['set-cookie']) };
  }

  it('reports health after checking the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', pressure: [] });
  });

  it('says in /health how to set TRUST_PROXY when a request came through a proxy it does not trust', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/health' });
    expect(direct.json()).toMatchObject({ clientAddress: { trustProxy: false, advice: null } });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.json<{ clientAddress: { advice: string } }>().clientAddress.advice).toMatch(
      /TRUST_PROXY is off: every client is counted as the proxy.*Set TRUST_PROXY=true/,
    );
    expect(proxyAdvice(true, true)).toBeNull();
  });

  it('refuses state-changing /app calls without a valid CSRF token', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/app/user/logout' });
    expect(missing.statusCode).toBe(403);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.json()).toMatchObject({ success: false, code: 'CSRF_INVALID' });

    const { token, cookie } = await csrf();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': token.slice(0, -2) + 'xx' },
    });
    expect(wrong.statusCode).toBe(403);

    // A token minted for another browser's secret does not fit this one.
    const other = await csrf();
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': other.token },
    });
    expect(crossed.statusCode).toBe(403);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
  });

  it('checks the token even on unknown /app paths', async () => {
    const blind = await t.app.inject({ method: 'POST', url: '/app/nope' });
    expect(blind.statusCode).toBe(403);
    const { token, cookie } = await csrf();
    const known = await t.app.inject({
      method: 'DELETE',
      url: '/app/nope',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(known.statusCode).toBe(404);
    expect(known.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers unknown machine paths with JSON 404 and browser paths with the app', async () => {
    for (const url of ['/api/nope', '/app/nope', '/api', '/app/user/nope?x=1']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/organization/123/members',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const iri = await t.app.inject({
      method: 'GET',
      url: '/api/iri/https%3A%2F%2Fw3id.org%2Fxapi%2Fx',
      headers: { accept: 'text/html' },
    });
    expect(iri.statusCode).toBe(200);
    expect(iri.body).toContain('<div id="root">');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const json = await t.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
  });

  it('answers every path with or without a trailing slash', async () => {
    for (const [bare, slashed] of [
      ['/app/org', '/app/org/'],
      ['/app/site', '/app/site/'],
      ['/api/openapi.json', '/api/openapi.json/'],
      ['/health', '/health/'],
    ] as const) {
      const plain = await t.app.inject({ method: 'GET', url: bare });
      const withSlash = await t.app.inject({ method: 'GET', url: slashed });
      expect(plain.statusCode, bare).toBe(200);
      expect(withSlash.statusCode, slashed).toBe(200);
      expect(withSlash.json(), slashed).toEqual(plain.json());
    }
    // A change with a trailing slash reaches its route too (and its CSRF guard).
    const refused = await t.app.inject({ method: 'POST', url: '/app/user/logout/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CSRF_INVALID' });
    const { token, cookie } = await csrf();
    const out = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout/',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(out.statusCode).toBe(200);
    // Pages too.
    const page = await t.app.inject({
      method: 'GET',
      url: '/organization/',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBe('trace-42');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const next = await t.app.inject({ method: 'GET', url: '/health' });
    expect(next.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
  });

  it('sends a dereferenced generated IRI to the page that resolves it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/iri/0b7e2c1a-0000-4000-8000-000000000001?x=1',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/api/iri/${encodeURIComponent('http://localhost:3000/iri/0b7e2c1a-0000-4000-8000-000000000001')}`,
    );
  });

  it('serves the site settings the footer shows', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/site' });
    expect(response.json()).toEqual({
      organizationName: 'xAPI Profile Server',
      supportPhone: null,
      helpdeskUrl: null,
      publicUrl: 'http://localhost:3000',
      // The default schedule: 1m, 5m, 30m, 2h, 12h.
      webhookRetryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
    });
  });

  it('resolves a session cookie to the signed-in user and ends it on logout', async () => {
    const user = await insertUser(t.database.db, {
      email: 'ada@example.org',
      username: 'ada',
      usernameChosen: true,
      firstname: 'Ada',
      lastname: 'Lovelace',
      validatedAt: new Date(),
      ...(await passwordRecord('correct horse battery', 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')),
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/app/user/status' });
    expect(anonymous.json()).toEqual({ loggedIn: false, user: null });

    const { token } = await t.app.services.sessions.start(user.id);
    const session = `xps_session=${token}`;
    const status = await t.app.inject({
      method: 'GET',
      url: '/app/user/status',
      headers: { cookie: session },
    });
    const body = status.json<{ loggedIn: boolean; user: Record<string, unknown> }>();
    expect(body.loggedIn).toBe(true);
    expect(body.user).toMatchObject({
      uuid: user.id,
      fullname: 'Ada Lovelace',
      type: 'user',
      username: 'ada',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|salt|hash/i);

    const { token: csrfToken, cookie } = await csrf(session);
    const out = await t.app.inject({
      method: 'POST',
      url: '/app/user/logout',
      headers: { cookie: `${cookie}; ${session}`, 'x-csrf-token': csrfToken },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('xps_session=;');
    const after = await t.app.inject({
      method: 'GET',
      url: '/app/user/status',
      headers: { cookie: session },
    });
    expect(after.json()).toEqual({ loggedIn: false, user: null });
  });
});

describe('error handling', () => {
  it('names the invalid field, hides unexpected failures and bounds the body', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.post(
      '/app/echo',
      { schema: { body: z.object({ email: z.email(), name: z.string().max(5) }) } },
      async () => ({ ok: true }),
    );
    app.get('/app/explode', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    try {
      const { token } = (await app.inject({ method: 'GET', url: '/app/csrf' })).json<{
        token: string;
      }>();
      const csrfCookie = cookieHeader(
        (await app.inject({ method: 'GET', url: '/app/csrf' })).headers['set-cookie'],
      );
      const fresh = (
        await app.inject({ method: 'GET', url: '/app/csrf', headers: { cookie: csrfCookie } })
      ).json<{
        token: string;
      }>().token;
      expect(token).not.toBe(fresh);
      const headers = { cookie: csrfCookie, 'x-csrf-token': fresh };

      const invalid = await app.inject({
        method: 'POST',
        url: '/app/echo',
        headers,
        payload: { email: 'nope', name: 'ok' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(invalid.json<{ message: string }>().message).toContain('body.email');

      const malformed = await app.inject({
        method: 'POST',
        url: '/app/echo',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ success: false });

      const huge = await app.inject({
        method: 'POST',
        url: '/app/echo',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(6 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

      const boom = await app.inject({ method: 'GET', url: '/app/explode' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({
        success: false,
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on the server.',
      });
      expect(boom.body).not.toContain('secret internals');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
