import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../common/profiles';
import type { TemplateChange } from '../../common/templates';
import { INPUT_LIMITS } from '../../common/limits';
import { BODY_PARSED_APART_CHARS } from './json-body';
import { toTurtle, turtleOf } from '../modules/public-api/turtle';
import { profileVersions } from '../db/schema';
import { makeKeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';
import { behindTheGuards } from '../test/database';
import { callsOf, makeGroup, makeProfile } from '../test/authoring';
import { ApiClient, expectError, profileUuidOf, uniqueProfile } from '../test/public-api';

/** An array nested `levels` deep: [[[…]]]. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** The same as JSON text, built without recursion (JSON.stringify would overflow the stack). */
const nestedText = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;

describe('the input edge', () => {
  const t = useTestApp();

  /** A JSON body sent as text, with the session and CSRF token a browser would send. */
  async function sendText(cookie: string, method: 'POST' | 'PUT', url: string, text: string) {
    const issued = await t.app.inject({ method: 'GET', url: '/app/csrf', headers: { cookie } });
    const csrfCookie = issued.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return t.app.inject({
      method,
      url,
      headers: {
        cookie: [cookie, csrfCookie].filter(Boolean).join('; '),
        'x-csrf-token': issued.json<{ token: string }>().token,
        'content-type': 'application/json',
      },
      payload: text,
    });
  }

  async function draftTemplate() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await calls.post(`${base}/templates`, {
      name: 'completed',
      description: 'Someone completed something.',
      iriType: 'generated-iri',
      geniri: 'completed',
    });
    expect(made.statusCode, made.body).toBe(200);
    const url = `${base}/templates/${made.json<TemplateChange>().template.uuid}`;
    expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
    return { org, admin, view, calls, base, url };
  }

  describe('NUL and lone surrogates are refused with 400 naming the field', () => {
    const anonymous = [
      '/app/profiles?search=%00',
      '/app/org?search=a%00b',
      '/app/templates/search?search=%00',
      '/app/concepts/search?search=%00',
      '/app/patterns/search?search=%00',
      '/app/profile/resolve?iri=https://example.org/%00',
      '/api/profile?iri=https://example.org/%00',
      '/api/iri/https%3A%2F%2Fexample.org%2F%00',
      '/profile/%00',
    ];
    it.each(anonymous)('GET %s', async (url) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/^(query|params)\.[\w*]+: must not contain the NUL character/);
    });

    it('names the field of a signed-in search too', async () => {
      const { admin } = await makeGroup(t.app, t.database);
      const response = await callsOf(t.app, admin.cookie).get('/app/admin/users?search=%00');
      // Not an admin: the guard still answers first, before anything reaches the database.
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^query\.search: .*NUL/);
    });

    it.each([
      ['"\\u0000"', '\u0000', /NUL character/],
      ['a lone high surrogate', 'a\ud800b', /lone surrogate \(U\+D800\)/],
      ['a lone low surrogate', '\udc00', /lone surrogate \(U\+DC00\)/],
    ])('in a text field of a body: %s', async (_name, text, says) => {
      const { org, admin } = await makeGroup(t.app, t.database);
      const response = await callsOf(t.app, admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'generated-iri',
        name: `Reading ${text}`,
        description: 'Reading statements.',
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/^body\.name: /);
      expect(body.message).toMatch(says);
    });

    it('in a nested field and in a key', async () => {
      const { calls, url } = await draftTemplate();
      const inValue = await calls.post(`${url}/rules`, {
        rule: { location: '$.verb.id', any: ['ok', 'a\u0000'] },
      });
      expect(expectError(inValue, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.rule\.any\.1: must not contain the NUL/,
      );
      const inKey = await calls.post(`${url}/rules`, { rule: { 'loca\u0000tion': '$.verb.id' } });
      expect(expectError(inKey, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.rule\.loca\\u0000tion: has a key that must not contain the NUL/,
      );
    });

    it('in the public API: an import with NUL in a language map', async () => {
      const group = await makeKeyedGroup(t.app);
      const { doc } = uniqueProfile();
      (doc.definition as Record<string, string>).en = 'Statements\u0000';
      const response = await new ApiClient(t.app).post(
        '/api/profile',
        { profile: doc },
        { key: group.keys.readWrite },
      );
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.profile\.definition\.en: must not contain the NUL/,
      );
    });

    it('in a large import, read and walked in slices: a lone surrogate in its last concept', async () => {
      const group = await makeKeyedGroup(t.app);
      const { doc } = uniqueProfile();
      const concepts = Array.from({ length: 600 }, (_, i) => ({
        id: `${doc.id as string}/verbs/v${i}`,
        type: 'Verb',
        inScheme: (doc.versions as Array<{ id: string }>)[0]!.id,
        prefLabel: { en: `verb ${i}` },
        definition: { en: `The verb number ${i}, said at length. ${'x'.repeat(80)}` },
      }));
      concepts[599]!.definition.en = 'Lone \ud800 surrogate';
      const body = { profile: { ...doc, concepts } };
      expect(JSON.stringify(body).length).toBeGreaterThanOrEqual(BODY_PARSED_APART_CHARS);
      const response = await new ApiClient(t.app).post('/api/profile', body, {
        key: group.keys.readWrite,
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.profile\.concepts\.599\.definition\.en: must not contain a lone surrogate/,
      );
    });

    it('lets valid Unicode through (a pair of surrogates is one character)', async () => {
      const { org, admin } = await makeGroup(t.app, t.database);
      const response = await callsOf(t.app, admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'generated-iri',
        name: 'Lecture 📚 été',
        description: 'Reading statements.',
      });
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe(`JSON nesting is bounded at ${INPUT_LIMITS.jsonDepthMax} levels`, () => {
    it('refuses a rule nested 5,000 levels, naming the field', async () => {
      const { admin, url } = await draftTemplate();
      const response = await sendText(
        admin.cookie,
        'POST',
        `${url}/rules`,
        `{"rule":{"location":"$.result.score.raw","any":[${nestedText(5000)}]}}`,
      );
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.rule: nests arrays and objects more than 64 levels deep/,
      );
    });

    it('accepts a rule at the limit and refuses one level more', async () => {
      const { calls, url } = await draftTemplate();
      // body (1) > rule (2) > any (3) > nested arrays: the whole body counts.
      const at = await calls.post(`${url}/rules`, {
        rule: { location: '$.result.score.raw', any: [nested(INPUT_LIMITS.jsonDepthMax - 3)] },
      });
      expect(at.statusCode, at.body).toBe(200);
      const over = await calls.post(`${url}/rules`, {
        rule: { location: '$.result.score.raw', any: [nested(INPUT_LIMITS.jsonDepthMax - 2)] },
      });
      expect(expectError(over, 400, 'VALIDATION_FAILED').message).toMatch(
        /^body\.rule: nests arrays and objects more than 64 levels deep/,
      );
    });

    it('refuses an example statement nested 4,500 levels, naming the field', async () => {
      const { calls, url } = await draftTemplate();
      const text = `{"actor":{"mbox":"mailto:a@example.org"},"x":${nestedText(4500)}}`;
      const response = await calls.put(`${url}/example`, { statementExample: text });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/statementExample/);
      expect(body.message).toMatch(/at most 64 levels deep/);
    });

    it('refuses a deeply nested import', async () => {
      const group = await makeKeyedGroup(t.app);
      const { doc } = uniqueProfile();
      const text = `{"profile":${JSON.stringify(doc).slice(0, -1)},"extra":${nestedText(3000)}}}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite, 'content-type': 'application/json' },
        payload: text,
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(/^body\.profile: /);
    });
  });

  describe('IRIs per RFC 3987', () => {
    const bad = [
      ['a bad percent escape', 'https://example.org/p/%zz', /"%zz"/],
      ['a trailing percent', 'https://example.org/p/%', /"%"/],
      ['ESC', 'https://example.org/p/\u001b', /U\+001B/],
      ['a right-to-left override', 'https://example.org/p/\u202e', /U\+202E/],
    ] as const;

    it.each(bad)('the site refuses %s in a profile IRI', async (_name, iri, says) => {
      const { org, admin } = await makeGroup(t.app, t.database);
      const response = await callsOf(t.app, admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'external-iri',
        extiri: iri,
        name: 'Reading',
        description: 'Reading statements.',
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/extiri/);
      expect(body.message).toMatch(says);
    });

    it.each(bad)('the site refuses %s in a concept IRI field', async (_name, iri, says) => {
      const { org, admin } = await makeGroup(t.app, t.database);
      const view: ProfileView = await makeProfile(t.app, admin.cookie, org.id);
      const concepts = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
      const response = await callsOf(t.app, admin.cookie).post(concepts, {
        conceptType: 'Activity',
        name: 'Chapter one',
        description: 'The first chapter.',
        iriType: 'generated-iri',
        geniri: 'chapter-1',
        activityType: iri,
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/activityType/);
      expect(body.message).toMatch(says);
    });

    it.each(bad)('the API refuses %s on import and in /api/validate (L3)', async (_n, iri) => {
      const group = await makeKeyedGroup(t.app);
      const { doc } = uniqueProfile();
      (doc.concepts as Record<string, unknown>[])[0]!.broadMatch = [iri];
      const api = new ApiClient(t.app);
      const validated = await api.post('/api/validate', doc, { key: group.keys.readWrite });
      expect(validated.statusCode, validated.body).toBe(400);
      expect(validated.body).toMatch(/L3/);
      const imported = await api.post(
        '/api/profile',
        { profile: doc, status: { published: true } },
        { key: group.keys.readWrite },
      );
      expect(imported.statusCode, imported.body).toBe(400);
      expect(imported.body).toMatch(/RFC 3987/);
    });

    it('accepts a Unicode IRI', async () => {
      const { org, admin } = await makeGroup(t.app, t.database);
      const response = await callsOf(t.app, admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'external-iri',
        extiri: `https://例え.jp/プロファイル/${Date.now()}`,
        name: 'Reading',
        description: 'Reading statements.',
      });
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe('a stored document Turtle cannot hold', () => {
    it('answers 406 with a stable code, never 500, on /api and on the page', async () => {
      const group = await makeKeyedGroup(t.app);
      const api = new ApiClient(t.app);
      const { doc } = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, doc, { published: true });
      // As data stored before the IRI checks existed would be: straight into the database.
      const [row] = await t.database.db
        .select()
        .from(profileVersions)
        .where(eq(profileVersions.id, metadata.version_uuid));
      const snapshot = structuredClone(row!.snapshot!) as { concepts: Record<string, unknown>[] };
      snapshot.concepts[0]!.broadMatch = ['https://example.org/%zz\u001b\u202e'];
      await behindTheGuards(t.database.db, (tx) =>
        tx
          .update(profileVersions)
          .set({ snapshot })
          .where(eq(profileVersions.id, metadata.version_uuid)),
      );

      const turtle = { headers: { accept: 'text/turtle' } };
      for (const url of [
        `/api/profile/${profileUuidOf(metadata)}`,
        `/profile/${profileUuidOf(metadata)}`,
        `/api/profile/${metadata.version_uuid}`,
      ]) {
        for (let i = 0; i < 2; i++) {
          const response = await api.get(url, turtle);
          expect(expectError(response, 406, 'REPRESENTATION_UNAVAILABLE').message).toMatch(
            /cannot be written as Turtle.*application\/ld\+json/,
          );
        }
      }
      const jsonld = await api.get(`/api/profile/${profileUuidOf(metadata)}`, {
        headers: { accept: 'application/ld+json' },
      });
      expect(jsonld.statusCode, jsonld.body).toBe(200);
    });

    it('remembers the failure per document, so it is logged once', async () => {
      const doc = {
        '@context': 'https://w3id.org/xapi/profiles/context',
        id: 'https://e.org/%zz',
        type: 'Profile',
      };
      const etag = `"test-${Date.now()}"`;
      expect(await turtleOf(etag, () => toTurtle(doc))).toMatchObject({ first: true });
      expect(await turtleOf(etag, () => toTurtle(doc))).toMatchObject({ first: false });
      const good = await turtleOf(`${etag}-good`, () =>
        toTurtle({ ...doc, id: 'https://e.org/ok' }),
      );
      expect(good).toMatchObject({
        turtle: expect.stringContaining('<https://e.org/ok>') as unknown,
      });
    });
  });
});
