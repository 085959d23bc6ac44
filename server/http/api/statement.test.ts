import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import type { JsonObject } from '../../../xapi/index';
import { ApiClient, expectError, uniqueProfile, type TestDocument } from '../../test/public-api';

/** A statement the fixture's `placed` template accepts, naming version 2 in its category. */
function placed(base: string, extra: Record<string, unknown> = {}) {
  return {
    actor: { objectType: 'Agent', mbox: 'mailto:runner@example.org' },
    verb: { id: `${base}/verbs/placed` },
    object: {
      objectType: 'Activity',
      id: `${base}/activities/final`,
      definition: { type: `${base}/activitytypes/event` },
    },
    result: { extensions: { [`${base}/extensions/place`]: 1 } },
    context: {
      registration: 'ec531277-b57b-4c15-8d91-d292c5b2b8f7',
      contextActivities: {
        grouping: [
          { id: `${base}/activities/100m`, definition: { type: `${base}/activitytypes/event` } },
        ],
        category: [{ id: `${base}/v2` }],
      },
    },
    attachments: [
      {
        usageType: `${base}/attachments/photo-finish`,
        display: { en: 'Photo finish' },
        contentType: 'image/jpeg',
        length: 1024,
        sha2: 'a'.repeat(64),
      },
    ],
    timestamp: '2025-01-01T10:00:00Z',
    ...extra,
  };
}

/** The same statement without the place the template's first rule requires. */
function unplaced(base: string) {
  return placed(base, { result: { success: true } });
}

interface CheckError {
  success: false;
  code: string;
  message: string;
  outcome?: string;
  templates?: { templateId: string; failedRules: { ruleIndex: number; location: string }[] }[];
  streams?: {
    registration?: string;
    outcome: string;
    reason?: string;
    expected?: string[];
    message?: string;
    patterns: { patternId: string; outcome: string }[];
  }[];
}

/**
 * The fixture with one primary pattern, like cmi5's: any number of sessions, each a placing then
 * its confirmation. A placing alone is a session cut short.
 */
function sessionsProfile(): TestDocument {
  const hosted = uniqueProfile();
  const base = hosted.base;
  // The fixture's primary patterns give way: "single" (one placing) goes, "race" is kept unused.
  const patterns = (hosted.doc.patterns as JsonObject[])
    .filter((p) => p.id !== `${base}/patterns/single`)
    .map((p) => {
      const { primary: _, ...rest } = p;
      return rest;
    });
  hosted.doc.patterns = [
    ...patterns,
    {
      id: `${base}/patterns/sessions`,
      type: 'Pattern',
      primary: true,
      inScheme: `${base}/v2`,
      prefLabel: { en: 'sessions' },
      definition: { en: 'Placings, each confirmed.' },
      zeroOrMore: `${base}/patterns/session`,
    },
    {
      id: `${base}/patterns/session`,
      type: 'Pattern',
      inScheme: `${base}/v2`,
      sequence: [`${base}/templates/placed`, `${base}/templates/confirmed`],
    },
  ];
  return hosted;
}

/** A confirmation of a placing, referring to it from its object and its context. */
function confirming(base: string, registration: string, timestamp: string) {
  const ref = { objectType: 'StatementRef', id: randomUUID() };
  return placed(base, {
    verb: { id: `${base}/verbs/won` },
    object: ref,
    context: {
      registration,
      statement: ref,
      contextActivities: { category: [{ id: `${base}/v2` }] },
    },
    timestamp,
  });
}

describe('public API: statements against templates and patterns', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let hosted: TestDocument;
  let sessions: TestDocument;

  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '203.0.113.40',
    });

  beforeAll(async () => {
    api = new ApiClient(t.app, '203.0.113.41');
    group = await makeKeyedGroup(t.app, 'Statement checkers');
    hosted = uniqueProfile();
    await api.import(group.keys.readWrite, hosted.doc);
    sessions = sessionsProfile();
    await api.import(group.keys.readWrite, sessions.doc);
  });

  describe('POST /api/validate_templates', () => {
    it('answers 204 for a conforming statement, form-encoded or JSON, by profile or version IRI', async () => {
      const statement = JSON.stringify(placed(hosted.base));
      const byForm = await form('/api/validate_templates', { statement, profile: hosted.base });
      expect(byForm.statusCode, byForm.body).toBe(204);
      expect(byForm.body).toBe('');
      const byJson = await api.post('/api/validate_templates', {
        statement: placed(hosted.base),
        profile: `${hosted.base}/v2`,
      });
      expect(byJson.statusCode, byJson.body).toBe(204);
      const textInJson = await api.post('/api/validate_templates', {
        statement,
        profile: hosted.base,
      });
      expect(textInJson.statusCode, textInJson.body).toBe(204);
    });

    it('checks as the xAPI version the statement names or the call asks for, and says which', async () => {
      const older = await api.post('/api/validate_templates', {
        statement: placed(hosted.base),
        profile: hosted.base,
      });
      expect(older.statusCode, older.body).toBe(204);
      expect(older.headers['xapi-checked-as']).toBe('1.0.3');
      const v2 = placed(hosted.base, { version: '2.0.0' });
      const newer = await api.post('/api/validate_templates', {
        statement: v2,
        profile: hosted.base,
      });
      expect(newer.statusCode, newer.body).toBe(204);
      expect(newer.headers['xapi-checked-as']).toBe('2.0.0');
      // Context agents are xAPI 2.0: refused in a statement checked as 1.0.3, named in the answer.
      const agents = {
        ...placed(hosted.base),
        context: {
          ...(placed(hosted.base).context as object),
          contextAgents: [
            { objectType: 'contextAgent', agent: { mbox: 'mailto:coach@example.org' } },
          ],
        },
      };
      const asOlder = await api.post('/api/validate_templates', {
        statement: agents,
        profile: hosted.base,
      });
      expect(expectError(asOlder, 400, 'STATEMENT_INVALID')).toMatchObject({
        outcome: 'not-a-statement',
        xapiVersion: '1.0.3',
        message: expect.stringContaining('/context/contextAgents') as unknown,
      });
      const asked = await form('/api/validate_templates', {
        statement: JSON.stringify(agents),
        profile: hosted.base,
        xapiVersion: '2.0.0',
      });
      expect(asked.statusCode, asked.body).toBe(204);
      expect(asked.headers['xapi-checked-as']).toBe('2.0.0');
      const unknown = await api.post('/api/validate_templates', {
        statement: agents,
        profile: hosted.base,
        xapiVersion: '3.0',
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('answers 400 naming the failed rule of the template', async () => {
      const response = await form('/api/validate_templates', {
        statement: JSON.stringify(unplaced(hosted.base)),
        profile: hosted.base,
      });
      const body = expectError(response, 400, 'STATEMENT_INVALID') as unknown as CheckError;
      expect(body.message).toContain(`${hosted.base}/templates/placed`);
      expect(body.message).toContain('Rule 1 at $.result.extensions');
      const template = body.templates?.find(
        (x) => x.templateId === `${hosted.base}/templates/placed`,
      );
      expect(template?.failedRules.map((r) => r.ruleIndex)).toContain(0);
      expect(template?.failedRules[0]?.location).toContain('extensions');
    });

    it('answers 400 when no template applies or the input is not a statement', async () => {
      const other = placed(hosted.base, { verb: { id: 'https://example.org/verbs/unknown' } });
      const unmatched = await api.post('/api/validate_templates', {
        statement: other,
        profile: hosted.base,
      });
      expect(expectError(unmatched, 400, 'STATEMENT_INVALID')).toMatchObject({
        outcome: 'unmatched',
      });
      const notStatement = await api.post('/api/validate_templates', {
        statement: { actor: 1 },
        profile: hosted.base,
      });
      expect(expectError(notStatement, 400, 'STATEMENT_INVALID')).toMatchObject({
        outcome: 'not-a-statement',
      });
    });

    it('refuses malformed input with a clear 400, never a 500', async () => {
      const bad = [
        await form('/api/validate_templates', { statement: '{"actor":', profile: hosted.base }),
        await form('/api/validate_templates', { statement: '[1]', profile: hosted.base }),
        await form('/api/validate_templates', {
          statement: `${'['.repeat(100)}${']'.repeat(100)}`,
          profile: hosted.base,
        }),
      ];
      for (const response of bad) expectError(response, 400, 'BAD_REQUEST');
      // NUL is refused at the edge for every route, naming the field.
      const withNul = [
        await form('/api/validate_templates', {
          statement: '{"a":"\u0000"}',
          profile: hosted.base,
        }),
        await api.post('/api/validate_templates', {
          statement: { a: 'x\u0000y' },
          profile: hosted.base,
        }),
      ];
      for (const response of withNul)
        expect(expectError(response, 400, 'VALIDATION_FAILED').message).toContain('body.statement');
      expectError(
        await api.post('/api/validate_templates', { statement: 5, profile: hosted.base }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await api.post('/api/validate_templates', { statement: {} }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await form('/api/validate_templates', { profile: hosted.base }),
        400,
        'VALIDATION_FAILED',
      );
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/validate_templates',
        headers: { 'content-type': 'application/json' },
        payload: '{"statement":',
      });
      expectError(broken, 400, 'BAD_REQUEST');
      const sent = (type: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/validate_templates',
          headers: { 'content-type': type },
          payload: 'statement',
        });
      expectError(await sent('text/plain'), 400, 'VALIDATION_FAILED');
      expectError(await sent('application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers 404 for a profile not hosted here or only drafted', async () => {
      const statement = placed(hosted.base);
      expectError(
        await api.post('/api/validate_templates', {
          statement,
          profile: `https://example.org/${randomUUID()}`,
        }),
        404,
        'NOT_FOUND',
      );
      const draft = uniqueProfile();
      await api.import(group.keys.readWrite, draft.doc, { published: false });
      for (const profile of [draft.base, `${draft.base}/v2`])
        expectError(
          await api.post('/api/validate_templates', { statement, profile }),
          404,
          'NOT_FOUND',
        );
    });
  });

  describe('POST /api/validate_patterns', () => {
    it('answers 204 when the registration follows a primary pattern', async () => {
      const statements = [placed(hosted.base)];
      const byJson = await api.post('/api/validate_patterns', { statements, profile: hosted.base });
      expect(byJson.statusCode, byJson.body).toBe(204);
      const byForm = await form('/api/validate_patterns', {
        statements: JSON.stringify(statements),
        profile: `${hosted.base}/v2`,
      });
      expect(byForm.statusCode, byForm.body).toBe(204);
    });

    it('answers 400 with each pattern’s outcome per registration', async () => {
      const confirmed = placed(hosted.base, {
        verb: { id: `${hosted.base}/verbs/won` },
        object: { objectType: 'StatementRef', id: randomUUID() },
        timestamp: '2025-01-01T09:00:00Z',
      });
      const response = await api.post('/api/validate_patterns', {
        statements: [confirmed, placed(hosted.base)],
        profile: hosted.base,
      });
      const body = expectError(response, 400, 'PATTERNS_NOT_FOLLOWED') as unknown as CheckError;
      expect(body.outcome).toBe('not-followed');
      const stream = body.streams?.[0];
      expect(stream?.registration).toBe('ec531277-b57b-4c15-8d91-d292c5b2b8f7');
      // The confirmation refers to no statement from its context: it fails its template.
      expect(stream).toMatchObject({ outcome: 'not-followed', reason: 'failed-template' });
      // Statements are named by their index in the array, so the per-stream sentence (counted
      // from 1) is not sent.
      expect(stream?.message).toBeUndefined();
      expect(stream?.patterns.map((p) => p.patternId)).toContain(`${hosted.base}/patterns/single`);
      expect(stream?.patterns.every((p) => p.outcome !== 'success')).toBe(true);
    });

    it('answers 400 when a statement fails its templates or none names the profile', async () => {
      const invalid = await api.post('/api/validate_patterns', {
        statements: [unplaced(hosted.base)],
        profile: hosted.base,
      });
      expect(expectError(invalid, 400, 'PATTERNS_NOT_FOLLOWED').message).toContain('statement 0');
      const elsewhere = placed(hosted.base, { context: {} });
      const skipped = await api.post('/api/validate_patterns', {
        statements: [elsewhere],
        profile: hosted.base,
      });
      expect(expectError(skipped, 400, 'PATTERNS_NOT_FOLLOWED')).toMatchObject({ skipped: [0] });
    });

    it('a registration that stopped part way is 400 PATTERNS_INCOMPLETE, never 204', async () => {
      const base = sessions.base;
      const registration = 'ec531277-b57b-4c15-8d91-d292c5b2b8f7';
      const cut = await api.post('/api/validate_patterns', {
        statements: [placed(base)],
        profile: base,
      });
      const body = expectError(cut, 400, 'PATTERNS_INCOMPLETE') as unknown as CheckError;
      expect(body.outcome).toBe('partial');
      expect(body.message).toBe(
        `In registration ${registration}, the statements stopped part way: ${base}/patterns/sessions is still open after statement 0 and expects next ${base}/templates/confirmed. Not followed yet.`,
      );
      expect(body.streams).toEqual([
        expect.objectContaining({
          registration,
          outcome: 'partial',
          patternId: `${base}/patterns/sessions`,
          expected: [`${base}/templates/confirmed`],
        }),
      ]);

      const whole = [placed(base), confirming(base, registration, '2025-01-01T11:00:00Z')];
      const done = await api.post('/api/validate_patterns', { statements: whole, profile: base });
      expect(done.statusCode, done.body).toBe(204);

      // One registration done, another open: the batch is open.
      const other = 'ec531277-b57b-4c15-8d91-d292c5b2b8f8';
      const first = placed(base);
      const open = { ...first, context: { ...first.context, registration: other } };
      const mixed = await api.post('/api/validate_patterns', {
        statements: [...whole, open],
        profile: base,
      });
      const mixedBody = expectError(mixed, 400, 'PATTERNS_INCOMPLETE') as unknown as CheckError;
      expect(mixedBody.streams?.map((s) => [s.registration, s.outcome])).toEqual([
        [other, 'partial'],
      ]);

      // An open registration beside a broken one: not followed.
      const broken = await api.post('/api/validate_patterns', {
        statements: [open, confirming(base, registration, '2025-01-01T11:00:00Z')],
        profile: base,
      });
      const brokenBody = expectError(broken, 400, 'PATTERNS_NOT_FOLLOWED') as unknown as CheckError;
      expect(brokenBody.outcome).toBe('not-followed');
      expect(brokenBody.streams?.map((s) => s.outcome).sort()).toEqual(['not-followed', 'partial']);
    });

    it('checks only the statements the profile binds; the others are skipped, not failed', async () => {
      const base = sessions.base;
      const registration = 'ec531277-b57b-4c15-8d91-d292c5b2b8f7';
      // Breaks the placed template, but names no version of the profile.
      const unbound = placed(base, { result: { success: true }, context: {} });
      const whole = [placed(base), confirming(base, registration, '2025-01-01T11:00:00Z')];
      const response = await api.post('/api/validate_patterns', {
        statements: [unbound, ...whole],
        profile: base,
      });
      expect(response.statusCode, response.body).toBe(204);
      const open = await api.post('/api/validate_patterns', {
        statements: [unbound, placed(base)],
        profile: base,
      });
      expect(expectError(open, 400, 'PATTERNS_INCOMPLETE')).toMatchObject({ skipped: [0] });
    });

    it('refuses malformed batches with a clear 400', async () => {
      const profile = hosted.base;
      expectError(
        await form('/api/validate_patterns', { statements: '{}', profile }),
        400,
        'BAD_REQUEST',
      );
      expectError(
        await form('/api/validate_patterns', { statements: '[]', profile }),
        400,
        'BAD_REQUEST',
      );
      expectError(
        await form('/api/validate_patterns', { statements: 'nope', profile }),
        400,
        'BAD_REQUEST',
      );
      const many = Array.from({ length: 1001 }, () => placed(hosted.base));
      const tooMany = expectError(
        await api.post('/api/validate_patterns', { statements: many, profile }),
        400,
        'TOO_MANY_STATEMENTS',
      );
      expect(tooMany.message).toContain('at most 1,000');
      const tooManyAsText = expectError(
        await form('/api/validate_patterns', { statements: JSON.stringify(many), profile }),
        400,
        'TOO_MANY_STATEMENTS',
      );
      expect(tooManyAsText.message).toContain('at most 1,000');
      expectError(
        await api.post('/api/validate_patterns', { statements: 'x\u0000', profile }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await api.post('/api/validate_patterns', { statements: {}, profile }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('answers 404 for an unknown profile, and lets any origin call it', async () => {
      expectError(
        await api.post('/api/validate_patterns', {
          statements: [{}],
          profile: 'https://example.org/none',
        }),
        404,
        'NOT_FOUND',
      );
      const preflight = await api.request('OPTIONS', '/api/validate_patterns', undefined, {
        headers: { origin: 'https://tool.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    });
  });
});
