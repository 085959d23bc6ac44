import { request as httpRequest, type IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import { compileProfile, followsPatterns, parse, validateStatement } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { ApiClient, expectError, uniqueProfile, type TestDocument } from '../../test/public-api';

interface ProblemsBody {
  problems: { kind: string; id: string; ruleIndex?: number; reason: string }[];
}

const lines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JsonObject);

describe('public API: POST /api/simulate', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let hosted: TestDocument;
  let impossible: TestDocument;
  let partial: TestDocument;

  beforeAll(async () => {
    api = new ApiClient(t.app, '203.0.113.61');
    group = await makeKeyedGroup(t.app, 'Simulators');
    hosted = uniqueProfile();
    await api.import(group.keys.readWrite, hosted.doc);
    // Every template gets a rule no value can follow: nothing of the profile can be simulated.
    impossible = uniqueProfile();
    for (const template of impossible.doc.templates as JsonObject[]) {
      template.rules = [
        ...((template.rules as JsonObject[] | undefined) ?? []),
        { location: '$.result.response', any: ['x'], none: ['x'] },
      ];
    }
    await api.import(group.keys.readWrite, impossible.doc);
    // One template more, in no pattern, that no statement can follow: the rest can be simulated.
    partial = uniqueProfile();
    const templates = partial.doc.templates as JsonObject[];
    templates.push({
      ...structuredClone(templates[0]!),
      id: `${partial.base}/templates/unfollowable`,
      prefLabel: { en: 'Unfollowable' },
      verb: `${partial.base}/verbs/unfollowable`,
      rules: [{ location: '$.result.response', any: ['x'], none: ['x'] }],
    });
    await api.import(group.keys.readWrite, partial.doc);
  });

  it('streams NDJSON statements that validate and follow the primary patterns, the same for the same seed', async () => {
    const response = await api.post('/api/simulate', { profile: hosted.base, seed: 3, max: 200 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const statements = lines(response.body);
    expect(statements.length).toBeGreaterThan(100);
    expect(statements.length).toBeLessThanOrEqual(200);
    const compiled = compileProfile(parse(hosted.doc).model!);
    for (const s of statements) expect(validateStatement(s, compiled).outcome).toBe('success');
    expect(followsPatterns(statements, compiled).followed).toBe(true);
    const again = await api.post('/api/simulate', {
      profile: `${hosted.base}/v2`,
      seed: 3,
      max: 200,
    });
    expect(again.body).toBe(response.body);
  });

  it('uses the personae and the time window given', async () => {
    const response = await api.post('/api/simulate', {
      profile: hosted.base,
      personae: [{ name: 'Ann', mbox: 'mailto:ann@example.org' }],
      start: '2026-05-01T09:00:00Z',
      registrations: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const statements = lines(response.body);
    expect(new Set(statements.map((s) => (s.actor as JsonObject).mbox))).toEqual(
      new Set(['mailto:ann@example.org']),
    );
    expect(new Set(statements.map((s) => (s.context as JsonObject).registration)).size).toBe(2);
    for (const s of statements) {
      expect(Date.parse(s.timestamp as string)).toBeGreaterThan(Date.parse('2026-05-01T09:00:00Z'));
    }
  });

  it('follows the learners of the model: one who drops out takes one registration, the other goes on', async () => {
    const response = await api.post('/api/simulate', {
      profile: hosted.base,
      personae: [
        { name: 'Ann', mbox: 'mailto:ann@example.org' },
        { name: 'Bo', mbox: 'mailto:bo@example.org' },
      ],
      model: {
        learner: { hours: { from: 9, to: 17 } },
        actors: { 'mailto:bo@example.org': { dropout: 1 } },
      },
      registrations: 4,
    });
    expect(response.statusCode, response.body).toBe(200);
    const statements = lines(response.body);
    const registrationsOf = (mbox: string) =>
      new Set(
        statements
          .filter((s) => (s.actor as JsonObject).mbox === mbox)
          .map((s) => (s.context as JsonObject).registration),
      ).size;
    expect(registrationsOf('mailto:ann@example.org')).toBe(4);
    expect(registrationsOf('mailto:bo@example.org')).toBe(1);
    const hours = statements.map((s) => new Date(s.timestamp as string).getUTCHours());
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(9);
  });

  it('answers 400 SIMULATION_IMPOSSIBLE with every problem when nothing can be simulated', async () => {
    const response = await api.post('/api/simulate', { profile: impossible.base });
    const body = expectError(response, 400, 'SIMULATION_IMPOSSIBLE') as unknown as ProblemsBody;
    expect(body.problems.length).toBeGreaterThan(1);
    expect(body.problems).toContainEqual(
      expect.objectContaining({
        kind: 'template',
        reason: 'no value is allowed by "any", "all" and "none" together',
      }),
    );
    expect(body.problems.some((p) => p.kind === 'pattern')).toBe(true);
  });

  it('simulates what it can of a profile partly out of reach, naming what was left out in headers, or refuses it when strict', async () => {
    const response = await api.post('/api/simulate', { profile: partial.base, max: 50 });
    expect(response.statusCode, response.body).toBe(200);
    expect(lines(response.body).length).toBeGreaterThan(0);
    expect(response.headers['simulation-left-out']).toBe('1');
    const problems = JSON.parse(
      decodeURIComponent(response.headers['simulation-problems'] as string),
    ) as ProblemsBody['problems'];
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'template',
        id: `${partial.base}/templates/unfollowable`,
        reason: 'no value is allowed by "any", "all" and "none" together',
      }),
    ]);

    const whole = await api.post('/api/simulate', { profile: hosted.base, max: 10 });
    expect(whole.headers['simulation-left-out']).toBeUndefined();

    const strict = await api.post('/api/simulate', { profile: partial.base, strict: true });
    const body = expectError(strict, 400, 'SIMULATION_IMPOSSIBLE') as unknown as ProblemsBody;
    expect(body.problems).toHaveLength(1);
    expect((body as unknown as { message: string }).message).toMatch(
      /^The profile cannot be simulated in full: .*unfollowable/,
    );
  });

  it('simulates a draft for a read key of its group, and answers anyone else as if it did not exist', async () => {
    const draft = uniqueProfile();
    await api.import(group.keys.readWrite, draft.doc, { published: false });
    const other = await makeKeyedGroup(t.app, 'Outsiders');
    for (const iri of [`${draft.base}/v2`, draft.base]) {
      const response = await api.post(
        '/api/simulate',
        { profile: iri, seed: 5, max: 50 },
        { key: group.keys.readOnly },
      );
      expect(response.statusCode, response.body).toBe(200);
      const statements = lines(response.body);
      expect(statements.length).toBeGreaterThan(0);
      const compiled = compileProfile(parse(draft.doc).model!);
      for (const s of statements) expect(validateStatement(s, compiled).outcome).toBe('success');
      expect(followsPatterns(statements, compiled).followed).toBe(true);

      const nothing = await api.post('/api/simulate', {
        profile: `${iri}-nothing`,
        max: 50,
      });
      for (const key of [undefined, other.keys.readWrite]) {
        const refused = await api.post(
          '/api/simulate',
          { profile: iri, max: 50 },
          key ? { key } : {},
        );
        expectError(refused, 404, 'NOT_FOUND');
        // The same words as for an IRI nothing here has, with the IRI asked for.
        expect(refused.json<{ message: string }>().message).toBe(
          nothing.json<{ message: string }>().message.replace(`${iri}-nothing`, iri),
        );
      }
      // A key of the group that may not read is told so: the group knows its draft exists.
      expectError(
        await api.post('/api/simulate', { profile: iri, max: 50 }, { key: group.keys.writeOnly }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('stops generating when the client goes away mid-stream', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const seen = t.app.services.simulations;
    let stopsAsked = 0;
    let stoppedTrue = false;
    const start = seen.start.bind(seen);
    seen.start = async (caller, input, stop) =>
      start(caller, input, () => {
        stopsAsked += 1;
        const answer = stop();
        if (answer) stoppedTrue = true;
        return answer;
      });
    try {
      const request = httpRequest(`${address}/api/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        agent: false,
      });
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        request.on('response', resolve).on('error', reject);
        request.end(JSON.stringify({ profile: hosted.base, max: 10_000 }));
      });
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => response.once('data', resolve));
      // Reading has begun, so the stream did not stop when the request's body was read.
      expect(stoppedTrue).toBe(false);
      request.destroy();
      const until = Date.now() + 10_000;
      while (!stoppedTrue && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stoppedTrue).toBe(true);
      expect(stopsAsked).toBeGreaterThan(0);
    } finally {
      seen.start = start;
    }
  });

  it('answers 404 for a profile not published here, and 400 naming what to fix in the input', async () => {
    expectError(
      await api.post('/api/simulate', { profile: 'https://nowhere.example/profile' }),
      404,
      'NOT_FOUND',
    );
    for (const body of [
      { profile: hosted.base, max: 10_001 },
      { profile: hosted.base, max: 0 },
      { profile: hosted.base, start: 'tomorrow' },
      { profile: hosted.base, personae: [{ name: 'nobody' }] },
      { profile: hosted.base, personae: { member: [null] } },
      { profile: hosted.base, model: { repeat: null } },
      { profile: hosted.base, model: { recommended: 3 } },
      { profile: hosted.base, model: { learner: { ability: 2 } } },
      { profile: hosted.base, model: { actors: { 'mailto:nobody@example.org': {} } } },
      { seed: 1 },
    ]) {
      const response = await api.post('/api/simulate', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    const misspelt = await api.post('/api/simulate', {
      profile: hosted.base,
      model: { learner: { ability: 2 } },
    });
    expect(misspelt.body).toContain('learner: ability must be a number from 0 to 1');
  });
});
