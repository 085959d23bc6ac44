import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES } from '../../common/harvest';
import { BODY_LIMITS, type WalkMeter } from '../../common/limits';
import { useTestApp } from '../test/app';
import { callsOf, makeGroup, makeProfile } from '../test/authoring';
import { formatBytes } from './body-limits';
import { checkRequestInput } from './input-guard';

interface Answer {
  status: number;
  body: string;
  /** The error the client met writing its body, when it met one. */
  writeError: string | null;
}

/**
 * Sends a whole body and only then reads the answer, as most HTTP clients do: a server that
 * answers early and closes leaves such a client with a reset instead of the answer.
 */
function post(
  base: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve) => {
    let writeError: string | null = null;
    const request = http.request(
      `${base}${path}`,
      { method: 'POST', headers, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, writeError }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
      // Answered before the error: the response handler resolves.
      setTimeout(() => resolve({ status: 0, body: '', writeError }), 2_000);
    });
    request.end(body);
  });
}

describe('what each route reads', () => {
  const t = useTestApp();
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.app.server.closeAllConnections());

  const json = { 'content-type': 'application/json' };

  it.each([
    ['with a length', json],
    ['chunked', { ...json, 'transfer-encoding': 'chunked' }],
  ])(
    'answers a body far over the limit (%s) with a 413 naming it, never a reset',
    async (_how, headers) => {
      const body = Buffer.alloc(BODY_LIMITS.statements * 6, 0x20);
      const answer = await post(base, '/api/validate_patterns', body, headers);
      expect(answer.writeError).toBeNull();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringContaining(`(${formatBytes(BODY_LIMITS.statements)})`) as unknown,
      });
      // The connection served the 413 to its end: the next request on a new one works too.
      expect((await fetch(`${base}/health`)).status).toBe(200);
    },
  );

  it('takes a few hundred KB where a person types, and the documented sizes for documents and files', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const typed = await calls.post(`/app/org/${org.id}/profile`, {
      name: 'x'.repeat(BODY_LIMITS.typed),
    });
    expect(typed.statusCode).toBe(413);
    expect(typed.json<{ message: string }>().message).toContain('(512 KB)');

    const document = { id: 'https://example.org/p', padding: 'x'.repeat(BODY_LIMITS.document) };
    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/validate',
      headers: json,
      payload: JSON.stringify(document),
    });
    expect(validated.statusCode).toBe(413);
    expect(validated.json<{ message: string }>().message).toContain('(5 MB)');
    // Under the document limit, the same call reads the body (and judges what it says).
    const underLimit = await t.app.inject({
      method: 'POST',
      url: '/api/validate',
      headers: json,
      payload: JSON.stringify({ ...document, padding: 'x'.repeat(BODY_LIMITS.typed * 2) }),
    });
    expect(underLimit.statusCode).toBe(400);

    const file = Buffer.alloc(IMPORT_MAX_FILE_BYTES + 1, 0x20);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const upload = await calls.post(`${version}/harvest?fileName=s.json`, file.toString(), json);
    expect(upload.statusCode).toBe(413);
    expect(upload.json<{ message: string }>().message).toContain('(10 MB)');
  });

  it('refuses a million-element array by its length, before anything walks it', async () => {
    const statements = Array<number>(1_000_000).fill(1);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/validate_patterns',
      headers: json,
      payload: JSON.stringify({ profile: 'https://example.org/p', statements }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'TOO_MANY_STATEMENTS',
      message:
        'body.statements: holds 1,000,000 statements; at most 1,000 are taken in one request.',
    });

    const meter: WalkMeter = { values: 0 };
    const counts = { statements: { max: 1000, what: 'statements' } };
    const parts = { params: {}, query: {}, body: { statements } };
    expect(checkRequestInput(parts, counts, meter)?.status).toBe(400);
    expect(meter.values).toBe(0);
    // Within its count, the same body is walked once: one visit per value.
    const within = { params: {}, query: {}, body: { statements: statements.slice(0, 1000) } };
    expect(checkRequestInput(within, counts, meter)).toBeNull();
    expect(meter.values).toBe(3 + 1 + 1000);
  });

  it('refuses JSON with more distinct keys than any real document before parsing it', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const statement = (n: number, keys: (k: number) => string) => ({
      actor: { objectType: 'Agent', mbox: 'mailto:learner@example.org' },
      verb: { id: 'https://example.org/verbs/did', display: { en: 'did' } },
      object: { id: `https://example.org/activities/a${n % 100}` },
      context: {
        extensions: Object.fromEntries(Array.from({ length: 60 }, (_, k) => [keys(k), k])),
      },
    });
    const wide = Array.from({ length: 1000 }, (_, n) =>
      statement(n, (k) => `https://example.org/ext/${n}/${k}`),
    );
    const calls = callsOf(t.app, admin.cookie);
    const refused = await calls.post(`${version}/harvest?fileName=wide.json`, wide);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(
      'at most 50,000 distinct object keys',
    );
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/validate_patterns',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        profile: 'https://example.org/p',
        statements: JSON.stringify(wide),
      }).toString(),
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json<{ message: string }>().message).toMatch(
      /^statements: JSON may hold at most 50,000/,
    );
    // As many statements using the same keys are an ordinary file.
    const narrow = Array.from({ length: 1000 }, (_, n) =>
      statement(n, (k) => `https://example.org/ext/${k}`),
    );
    const taken = await calls.post(`${version}/harvest?fileName=narrow.json`, narrow);
    expect(taken.statusCode, taken.body).toBe(200);
  });
});
