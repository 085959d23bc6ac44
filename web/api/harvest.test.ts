import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../lib/feedback-store';
import { fakeUploads } from '../test/upload';
import { importFile, isProfileDocument } from './harvest';
import { HttpError, resetCsrfToken, UploadCancelled } from './http';

const P = 'p1';
const V = 'v1';

let tokens = 0;
beforeEach(() => {
  resetCsrfToken();
  feedback.reset();
  tokens = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/app/csrf') return new Response(JSON.stringify({ token: `t${++tokens}` }));
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const file = { id: 'f1', fileName: 'a.json', problems: [], candidates: [] };

describe('telling a profile document from statements', () => {
  it('knows a profile by its type or its context', () => {
    expect(isProfileDocument({ type: 'Profile' })).toBe(true);
    expect(isProfileDocument({ '@context': 'https://w3id.org/xapi/profiles/context' })).toBe(true);
    expect(
      isProfileDocument({ '@context': ['https://w3id.org/xapi/profiles/context', { x: 'y' }] }),
    ).toBe(true);
    expect(isProfileDocument({ actor: {}, verb: { id: 'x' }, object: { id: 'y' } })).toBe(false);
    expect(isProfileDocument([{ type: 'Profile' }])).toBe(false);
    expect(isProfileDocument({ statements: [] })).toBe(false);
    expect(isProfileDocument(null)).toBe(false);
  });
});

describe('uploading an import', () => {
  it('sends statements to the queue and reports progress', async () => {
    const uploads = fakeUploads();
    const progress: unknown[] = [];
    const result = importFile(P, V, {
      fileName: 'a b.json',
      text: '[]',
      parsed: [],
      onProgress: (p) => progress.push(p),
    });
    const upload = await uploads.next();
    expect(upload.url).toBe(`/app/profile/${P}/version/${V}/harvest?fileName=a+b.json`);
    expect(upload.headers['x-csrf-token']).toBe('t1');
    upload.progress(1, 2);
    upload.progress(5);
    upload.respond(200, { success: true, file });
    expect(await result).toEqual({ kind: 'statements', file });
    expect(progress).toEqual([{ loaded: 1, total: 2 }, null]);
  });

  it('sends it again once with a fresh token when the session has a new one', async () => {
    const uploads = fakeUploads();
    const result = importFile(P, V, { fileName: 'a.json', text: '[]', parsed: [] });
    (await uploads.next()).respond(403, {
      success: false,
      code: 'CSRF_INVALID',
      message: 'Stale token.',
    });
    const again = await uploads.next();
    expect(again.headers['x-csrf-token']).toBe('t2');
    again.respond(200, { success: true, file });
    expect((await result).kind).toBe('statements');
  });

  it('throws the server message of a refusal, and raises the permission error on 401', async () => {
    const uploads = fakeUploads();
    const refused = importFile(P, V, { fileName: 'a.json', text: '[]', parsed: [] });
    (await uploads.next()).respond(400, { success: false, message: 'Too many statements.' });
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'Too many statements.' });

    const signedOut = importFile(P, V, { fileName: 'a.json', text: '[]', parsed: [] });
    (await uploads.next()).respond(401, { success: false, message: 'Sign in first.' });
    await expect(signedOut).rejects.toBeInstanceOf(HttpError);
    expect(feedback.getState().errors.map((e) => e.message)).toEqual(['Sign in first.']);
  });

  it('stops when aborted', async () => {
    const uploads = fakeUploads();
    const controller = new AbortController();
    const result = importFile(P, V, {
      fileName: 'a.json',
      text: '[]',
      parsed: [],
      signal: controller.signal,
    });
    const upload = await uploads.next();
    controller.abort();
    expect(upload.aborted).toBe(true);
    await expect(result).rejects.toBeInstanceOf(UploadCancelled);
  });
});
