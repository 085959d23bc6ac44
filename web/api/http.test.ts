import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../lib/feedback-store';
import {
  HttpError,
  NetworkError,
  conflictShownInline,
  PERMISSION_DENIED_MESSAGE,
  request,
  resetCsrfToken,
} from './http';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: Array<{ url: string; init: RequestInit }> = [];

function serve(handler: Handler): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if (url === '/app/csrf') return json(200, { token: 'tok-1' });
      return handler(url, init);
    }),
  );
}

beforeEach(() => {
  calls = [];
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request', () => {
  it('answers the body for every status from 200 to 399', async () => {
    for (const status of [200, 201, 302, 399]) {
      serve(() => json(status, { n: status }));
      await expect(request('GET', '/app/thing')).resolves.toEqual({ n: status });
    }
    serve(() => new Response(null, { status: 204 }));
    await expect(request('DELETE', '/app/thing')).resolves.toBeUndefined();
  });

  it('sends the CSRF token on non-GET calls only, fetching it once', async () => {
    serve(() => json(200, {}));
    await request('GET', '/app/a');
    await request('POST', '/app/b', { x: 1 });
    await request('PUT', '/app/c', { x: 2 });
    const headersOf = (url: string) =>
      calls.find((c) => c.url === url)?.init.headers as Record<string, string>;
    expect(headersOf('/app/a')['x-csrf-token']).toBeUndefined();
    expect(headersOf('/app/b')['x-csrf-token']).toBe('tok-1');
    expect(headersOf('/app/c')['x-csrf-token']).toBe('tok-1');
    expect(calls.filter((c) => c.url === '/app/csrf')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/app/b')?.init.body).toBe('{"x":1}');
  });

  it('fetches a new token and retries once when the server refuses the old one', async () => {
    let refused = false;
    serve(() => {
      if (!refused) {
        refused = true;
        return json(403, { success: false, code: 'CSRF_INVALID', message: 'bad token' });
      }
      return json(200, { done: true });
    });
    await expect(request('POST', '/app/x', {})).resolves.toEqual({ done: true });
    expect(calls.filter((c) => c.url === '/app/csrf')).toHaveLength(2);
  });

  it('fetches a new token after a call that signs in or out, not after others', async () => {
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, init });
        if (url === '/app/csrf') return json(200, { token: `tok-${++issued}` });
        if (url === '/app/user/login' && calls.filter((c) => c.url === url).length === 1) {
          return json(400, { success: false, code: 'INVALID_CREDENTIALS', message: 'no' });
        }
        return json(200, { success: true });
      }),
    );
    const tokenOf = (n: number) =>
      (calls.filter((c) => c.url !== '/app/csrf')[n]?.init.headers as Record<string, string>)[
        'x-csrf-token'
      ];
    await expect(request('POST', '/app/user/login', {})).rejects.toThrow('no');
    await request('POST', '/app/org', {});
    await request('POST', '/app/user/login', {});
    await request('POST', '/app/org', {});
    await request('POST', '/app/user/logout', {});
    await request('DELETE', '/app/org/1/join');
    await request('POST', '/app/user/validate', {});
    await request('PUT', '/app/org/1', {});
    // A refused sign-in keeps the session, so the token stays; each accepted one changes it.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(tokenOf)).toEqual([
      'tok-1',
      'tok-1',
      'tok-1',
      'tok-2',
      'tok-2',
      'tok-3',
      'tok-3',
      'tok-4',
    ]);
  });

  it('answers the body of a 409 and says Permission Denied only after POST or PUT', async () => {
    serve(() => json(409, { success: false, message: 'exists' }));
    await expect(request('GET', '/app/x')).resolves.toEqual({ success: false, message: 'exists' });
    await expect(request('DELETE', '/app/x')).resolves.toEqual({
      success: false,
      message: 'exists',
    });
    expect(feedback.getState().errors).toHaveLength(0);
    await expect(request('POST', '/app/x', {})).resolves.toEqual({
      success: false,
      message: 'exists',
    });
    await expect(request('PUT', '/app/x', {})).resolves.toEqual({
      success: false,
      message: 'exists',
    });
    const errors = feedback.getState().errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]?.message).toBe(PERMISSION_DENIED_MESSAGE);
  });

  it('leaves a 409 to the screen that explains it, without the Permission Denied banner', async () => {
    serve(() => json(409, { success: false, message: 'exists' }));
    await expect(conflictShownInline(request('POST', '/app/x', {}))).resolves.toEqual({
      success: false,
      message: 'exists',
    });
    await expect(conflictShownInline(request('PUT', '/app/x', {}))).resolves.toEqual({
      success: false,
      message: 'exists',
    });
    expect(feedback.getState().errors).toHaveLength(0);
    // Another call to the same place, not marked, still raises it.
    await request('POST', '/app/x', {});
    expect(feedback.getState().errors).toHaveLength(1);
  });

  it('raises the global permission error on 401 and throws', async () => {
    serve(() => json(401, { success: false, message: 'Sign in to do this.' }));
    await expect(request('GET', '/app/x')).rejects.toMatchObject({
      status: 401,
      message: 'Sign in to do this.',
    });
    expect(feedback.getState().errors).toEqual([
      expect.objectContaining({ errorType: 'Permission', message: 'Sign in to do this.' }),
    ]);
  });

  it("throws the server's message, else its err, else the status text", async () => {
    serve(() => json(400, { success: false, message: 'name is required' }));
    await expect(request('POST', '/app/x', {})).rejects.toThrow('name is required');
    serve(() => json(500, { err: 'legacy failure' }));
    await expect(request('GET', '/app/x')).rejects.toThrow('legacy failure');
    serve(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await request('GET', '/app/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Bad Gateway');
    expect((error as HttpError).status).toBe(502);
    expect(feedback.getState().errors).toHaveLength(0);
  });

  it('never throws for /unlock URLs', async () => {
    serve(() => json(500, { message: 'lock gone' }));
    await expect(request('POST', '/app/concept/1/unlock', {})).resolves.toEqual({
      message: 'lock gone',
    });
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('POST', '/app/concept/1/unlock', {})).resolves.toBeUndefined();
  });

  it('logs network failures and throws a NetworkError', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('GET', '/app/x')).rejects.toBeInstanceOf(NetworkError);
    expect(warn).toHaveBeenCalledWith('Network failure on GET /app/x', expect.any(TypeError));
  });

  it('counts requests in flight for the loading overlay', async () => {
    let release: () => void = () => {};
    serve(() => new Promise<Response>((resolve) => (release = () => resolve(json(200, {})))));
    const pending = request('GET', '/app/slow');
    await vi.waitFor(() => expect(feedback.getState().inFlight).toBe(1));
    release();
    await pending;
    expect(feedback.getState().inFlight).toBe(0);
  });
});
