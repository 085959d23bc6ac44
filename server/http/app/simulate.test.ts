import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteSimulation } from '../../../common/simulate';
import type { JsonObject } from '../../../xapi/index';
import { compileProfile, followsPatterns, parse, validateStatement } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
  type TestDocument,
} from '../../test/public-api';

interface ProblemsBody {
  code: string;
  problems: { kind: string; id: string; ruleIndex?: number; reason: string }[];
}

const choices = { seed: 'spring', actors: 2, registrations: 2 };

describe('site: POST /app/profile/:profileId/version/:versionId/simulate', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let outsiderCookie: string;
  let published: { document: TestDocument; path: string };
  let draft: { document: TestDocument; path: string };
  let impossible: { document: TestDocument; path: string };

  async function store(document: TestDocument, isPublished: boolean) {
    const response = await api.post(
      '/api/profile',
      { profile: document.doc, status: { published: isPublished } },
      { key: group.keys.readWrite },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { metadata } = response.json<{ metadata: ApiMetadata }>();
    return {
      document,
      path: `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}/simulate`,
    };
  }

  beforeAll(async () => {
    api = new ApiClient(t.app, '203.0.113.71');
    group = await makeKeyedGroup(t.app, 'Site simulators');
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
    published = await store(uniqueProfile(), true);
    draft = await store(uniqueProfile(), false);
    // Every template gets a rule no value can follow: nothing of the profile can be simulated.
    const broken = uniqueProfile();
    for (const template of broken.doc.templates as JsonObject[]) {
      template.rules = [
        ...((template.rules as JsonObject[] | undefined) ?? []),
        { location: '$.result.response', any: ['x'], none: ['x'] },
      ];
    }
    impossible = await store(broken, false);
  });

  const followed = (document: TestDocument, answer: SiteSimulation) => {
    const compiled = compileProfile(parse(document.doc).model!);
    for (const s of answer.statements) {
      expect(validateStatement(s, compiled).outcome).toBe('success');
    }
    expect(followsPatterns(answer.statements, compiled).followed).toBe(true);
  };

  it('simulates a published version for anyone, with where each statement came from beside it', async () => {
    const response = await callsOf(t.app).post(published.path, choices);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SiteSimulation>();
    expect(answer.statements.length).toBeGreaterThan(0);
    expect(answer.origins).toHaveLength(answer.statements.length);
    expect(answer.stopped).toBe(false);
    followed(published.document, answer);
    const actors = new Set(answer.statements.map((s) => (s.actor as JsonObject).mbox));
    expect(actors).toEqual(new Set(['mailto:actor1@example.org', 'mailto:actor2@example.org']));
    const registrations = new Set(
      answer.statements.map((s) => (s.context as JsonObject).registration),
    );
    expect(registrations.size).toBe(4);
    const templates = new Set(
      (published.document.doc.templates as JsonObject[]).map((x) => x.id as string),
    );
    for (const [i, origin] of answer.origins.entries()) {
      expect(templates.has(origin.template)).toBe(true);
      expect(answer.statements[i]).not.toHaveProperty('template');
    }
    // The same choices give the same statements, byte for byte, as /api/simulate would.
    const again = await callsOf(t.app, outsiderCookie).post(published.path, choices);
    expect(JSON.stringify(again.json<SiteSimulation>().statements)).toBe(
      JSON.stringify(answer.statements),
    );
  });

  it('simulates a draft for the members of its group', async () => {
    const response = await callsOf(t.app, group.cookie).post(draft.path, choices);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SiteSimulation>();
    expect(answer.statements.length).toBeGreaterThan(0);
    followed(draft.document, answer);
  });

  it('keeps a draft from everyone outside its group: 404, as every read of a draft', async () => {
    for (const cookie of [undefined, outsiderCookie]) {
      const response = await callsOf(t.app, cookie).post(draft.path, choices);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('"statements"');
    }
  });

  it('answers 400 SIMULATION_IMPOSSIBLE with every problem when nothing can be simulated', async () => {
    const response = await callsOf(t.app, group.cookie).post(impossible.path, choices);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<ProblemsBody>();
    expect(body.code).toBe('SIMULATION_IMPOSSIBLE');
    expect(body.problems).toContainEqual(
      expect.objectContaining({
        kind: 'template',
        reason: 'no value is allowed by "any", "all" and "none" together',
      }),
    );
    expect(body.problems.some((p) => p.kind === 'pattern')).toBe(true);
  });

  it('follows only the primary patterns chosen, and refuses one the version does not have', async () => {
    const patterns = (published.document.doc.patterns as JsonObject[]).filter(
      (p) => p.primary === true,
    );
    const chosen = patterns[0]!.id as string;
    const response = await callsOf(t.app).post(published.path, { ...choices, patterns: [chosen] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SiteSimulation>();
    expect(new Set(answer.origins.map((o) => o.pattern))).toEqual(new Set([chosen]));

    const unknown = await callsOf(t.app).post(published.path, {
      ...choices,
      patterns: ['https://nowhere.example/pattern'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain(
      'https://nowhere.example/pattern',
    );
  });

  it('lets the actors learn as asked: abilities spread from the first to the last, dropout and hours for all', async () => {
    const scored = uniqueProfile();
    const confirmed = (scored.doc.templates as JsonObject[])[1]!;
    confirmed.rules = [{ location: '$.result.success', presence: 'included' }];
    const version = await store(scored, true);
    const response = await callsOf(t.app).post(version.path, {
      seed: 'learners',
      actors: 2,
      registrations: 40,
      learners: { ability: { lowest: 0.05, highest: 0.95 }, hours: { from: 9, to: 17 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SiteSimulation>();
    followed(scored, answer);
    const successRate = (mbox: string) => {
      const results = answer.statements
        .filter((s) => (s.actor as JsonObject).mbox === mbox)
        .map((s) => (s.result as JsonObject | undefined)?.success)
        .filter((success) => success !== undefined);
      expect(results.length).toBeGreaterThanOrEqual(10);
      return results.filter((success) => success === true).length / results.length;
    };
    expect(successRate('mailto:actor1@example.org')).toBeLessThan(0.3);
    expect(successRate('mailto:actor2@example.org')).toBeGreaterThan(0.7);
    const starts = new Map<string, number>();
    for (const s of answer.statements) {
      const registration = (s.context as JsonObject).registration as string;
      const at = Date.parse(s.timestamp as string);
      starts.set(registration, Math.min(starts.get(registration) ?? at, at));
    }
    for (const at of starts.values()) {
      expect(new Date(at).getUTCHours()).toBeGreaterThanOrEqual(9);
      expect(new Date(at).getUTCHours()).toBeLessThan(17);
    }

    const dropping = await callsOf(t.app).post(version.path, {
      ...choices,
      registrations: 5,
      learners: { dropout: 1 },
    });
    expect(dropping.statusCode, dropping.body).toBe(200);
    const registrations = new Set(
      dropping.json<SiteSimulation>().statements.map((s) => (s.context as JsonObject).registration),
    );
    expect(registrations.size).toBe(2);

    for (const learners of [
      { ability: { lowest: 0.8, highest: 0.2 } },
      { hours: { from: 18, to: 8 } },
      { pace: 0 },
      { dropout: 1.5 },
      { speed: 2 },
    ]) {
      const refused = await callsOf(t.app).post(version.path, { ...choices, learners });
      expect(refused.statusCode, JSON.stringify(learners)).toBe(400);
      expect(refused.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });

  it('follows more of the model written as JSON, with the form’s choices over it', async () => {
    const version = await store(uniqueProfile(), true);
    const response = await callsOf(t.app).post(version.path, {
      ...choices,
      actors: 2,
      registrations: 6,
      learners: { dropout: 0 },
      model: {
        bounds: [{ daysOfWeek: ['Saturday', 'Sunday'] }],
        learner: { dropout: 1 },
        personae: [
          { actors: ['mailto:actor2@example.org'], model: { bounds: [{ hours: [[6, 7]] }] } },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statements = response.json<SiteSimulation>().statements;
    const of = (mbox: string) => statements.filter((s) => (s.actor as JsonObject).mbox === mbox);
    // The form's dropout 0 wins over the written 1: every actor takes its six registrations.
    const registrations = new Set(statements.map((s) => (s.context as JsonObject).registration));
    expect(registrations.size).toBe(12);
    for (const s of of('mailto:actor1@example.org'))
      expect([0, 6]).toContain(new Date(s.timestamp as string).getUTCDay());
    for (const s of of('mailto:actor2@example.org'))
      expect([6, 7]).toContain(new Date(s.timestamp as string).getUTCHours());

    const refused = await callsOf(t.app).post(version.path, {
      ...choices,
      model: { bounds: [{ hours: [25] }] },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; message: string }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain('the bounds, bound 1: hours: 25 is not a value');
  });

  it('refuses choices beyond the limits, naming the field', async () => {
    for (const body of [
      { ...choices, actors: 101 },
      { ...choices, actors: 0 },
      { ...choices, max: 10_001 },
      { ...choices, start: 'tomorrow' },
      { ...choices, seed: '' },
      { ...choices, patterns: [] },
      { ...choices, start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z' },
    ]) {
      const response = await callsOf(t.app).post(published.path, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });

  it('asks for the CSRF token, as every /app change does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: published.path,
      headers: { cookie: group.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(choices),
    });
    expect(response.statusCode).toBe(403);
  });
});
