import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveClientKey } from '../../common/client-key';
import type { UserStatus } from '../../common/user';
import { feedback } from '../lib/feedback-store';
import { COOKIE_NOT_SET, fetchSalt, signIn } from './accounts';
import { HttpError, resetCsrfToken } from './http';

const user = {
  uuid: 'u-1',
  username: 'ada',
  usernameChosen: true,
  firstname: 'Ada',
  lastname: 'Lovelace',
  fullname: 'Ada Lovelace',
  email: 'ada+test@example.org',
  publicizeName: false,
  type: 'user' as const,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

let urls: string[] = [];
let loginBody: unknown;

function serve(login: () => Response, status: UserStatus): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      urls.push(url);
      if (url === '/app/csrf') return json(200, { token: 't' });
      if (url.startsWith('/app/user/salt?')) return json(200, { success: true, salt: 'pepper' });
      if (url === '/app/user/login') {
        loginBody = JSON.parse(init.body as string);
        return login();
      }
      if (url === '/app/user/status') return json(200, status);
      return json(404, { success: false, message: 'not stubbed' });
    }),
  );
}

beforeEach(() => {
  urls = [];
  loginBody = undefined;
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('signIn', () => {
  it('asks for the salt with the e-mail encoded and sends only the derived key', async () => {
    serve(() => json(200, { success: true, user }), { loggedIn: true, user });
    await expect(signIn({ email: user.email, password: 'typed secret' })).resolves.toEqual({
      loggedIn: true,
      user,
    });
    expect(urls[0]).toBe('/app/user/salt?email=ada%2Btest%40example.org');
    expect(loginBody).toEqual({
      email: user.email,
      password: await deriveClientKey('typed secret', 'pepper'),
    });
  });

  it('fails when the server accepted the sign-in but no session cookie came back', async () => {
    serve(() => json(200, { success: true, user }), { loggedIn: false, user: null });
    await expect(signIn({ email: user.email, password: 'typed secret' })).rejects.toThrow(
      COOKIE_NOT_SET,
    );
  });

  it("passes the server's refusal on with its message and code", async () => {
    serve(
      () =>
        json(400, {
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: 'Wrong e-mail or password.',
        }),
      { loggedIn: false, user: null },
    );
    const failure = await signIn({ email: user.email, password: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('Wrong e-mail or password.');
    expect((failure as HttpError).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(urls).not.toContain('/app/user/status');
  });
});

describe('fetchSalt', () => {
  it('answers the salt string', async () => {
    serve(() => json(500, {}), { loggedIn: false, user: null });
    await expect(fetchSalt('a@b.co')).resolves.toBe('pepper');
  });
});
