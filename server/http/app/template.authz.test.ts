import { beforeAll, describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import type { TemplateChange } from '../../../common/templates';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';

/**
 * The authorization matrix of every statement template route: anonymous, a signed-in outsider
 * and a member of the owning group, on a draft version and on a published (current) version,
 * each cell on fresh data. A template route added without rows fails the coverage check.
 */
const actors = ['anonymous', 'outsider', 'member'] as const;
type Actor = (typeof actors)[number];
type Stage = 'draft' | 'published';

interface Fixture {
  profile: string;
  version: string;
  /** A template of this profile with a verb, an attachment usage type and one rule. */
  own: string;
  /** Another template of this profile, which `own` may refer to. */
  target: string;
  /** A template of another, published profile, listed here as a link. */
  linked: string;
  /** A published template of another profile that is not listed here. */
  outside: string;
  /** A deleted template of this profile. */
  deleted: string;
  /** A template whose profile was deleted. */
  orphan: string;
  /** A verb of this profile that `own` does not use yet. */
  spareVerb: string;
  memberCookie: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The member takes the write lock on the own template first, as the edit screen does. */
  locked?: boolean;
  expect: Record<Stage, Record<Actor, number>>;
}

const versionBase = '/app/profile/:profileId/version/:versionId/templates';
const one = `${versionBase}/:templateId`;
const vb = (f: Fixture) => `/app/profile/${f.profile}/version/${f.version}/templates`;
const own = (f: Fixture) => `${vb(f)}/${f.own}`;
const s = (anonymous: number, outsider: number, member: number) => ({
  anonymous,
  outsider,
  member,
});
/** Drafts do not exist for non-members; on a published version outsiders are refused. */
const writeRule = { draft: s(404, 404, 200), published: s(401, 403, 200) };
const readRule = { draft: s(404, 404, 200), published: s(200, 200, 200) };
/** Parts fixed once the template is published (xAPI Profiles rule I6): 400, limited editing. */
const fixedRule = { draft: s(404, 404, 200), published: s(401, 403, 400) };
const RULE = { location: '$.result.success', presence: 'included' };
const templateBody = (name: string) => ({
  name,
  description: `Someone ${name} something.`,
  iriType: 'generated-iri',
  geniri: name,
});

const matrix: Row[] = [
  { method: 'GET', route: versionBase, url: vb, expect: readRule },
  {
    method: 'POST',
    route: versionBase,
    url: vb,
    body: () => templateBody('passed'),
    expect: writeRule,
  },
  {
    method: 'POST',
    route: `${versionBase}/link`,
    url: (f) => `${vb(f)}/link`,
    body: (f) => ({ templateIds: [f.outside] }),
    expect: writeRule,
  },
  { method: 'GET', route: one, url: own, expect: readRule },
  {
    method: 'PUT',
    route: one,
    url: own,
    body: () => ({
      ...templateBody('completed'),
      translations: [{ language: 'de', translationName: 'beendet', translationDesc: 'Beendet.' }],
    }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: one,
    url: own,
    locked: true,
    // A published template is deprecated, never deleted.
    expect: { draft: s(404, 404, 200), published: s(401, 403, 409) },
  },
  {
    method: 'POST',
    route: `${one}/deprecate`,
    url: (f) => `${own(f)}/deprecate`,
    body: () => ({ reason: 'Replaced.' }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${one}/link`,
    url: (f) => `${vb(f)}/${f.linked}/link`,
    expect: writeRule,
  },
  { method: 'POST', route: `${one}/lock`, url: (f) => `${own(f)}/lock`, expect: writeRule },
  {
    method: 'DELETE',
    route: `${one}/lock`,
    url: (f) => `${own(f)}/lock`,
    // Giving up one's own lock; holding none is fine.
    expect: { draft: s(401, 200, 200), published: s(401, 200, 200) },
  },
  {
    method: 'PUT',
    route: `${one}/determining-properties/:property`,
    url: (f) => `${own(f)}/determining-properties/verb`,
    body: (f) => ({ conceptIds: [f.spareVerb] }),
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'DELETE',
    route: `${one}/determining-properties/:property`,
    url: (f) => `${own(f)}/determining-properties/attachmentUsageType`,
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'POST',
    route: `${one}/rules`,
    url: (f) => `${own(f)}/rules`,
    body: () => ({ rule: { location: '$.result.completion', presence: 'recommended' } }),
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'PUT',
    route: `${one}/rules/:index`,
    url: (f) => `${own(f)}/rules/0`,
    // A scope note may change even once published.
    body: () => ({ rule: { ...RULE, scopeNote: { en: 'Whether it went well.' } } }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${one}/rules/:index`,
    url: (f) => `${own(f)}/rules/0`,
    locked: true,
    // Rules are removed only while unpublished.
    expect: { draft: s(404, 404, 200), published: s(401, 403, 409) },
  },
  {
    method: 'PUT',
    route: `${one}/example`,
    url: (f) => `${own(f)}/example`,
    body: () => ({ statementExample: '{"verb": {"id": "https://example.org/v"}}' }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'PUT',
    route: `${one}/refs/:refType`,
    url: (f) => `${own(f)}/refs/context`,
    body: (f) => ({ templateIds: [f.target] }),
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'GET',
    route: '/app/template/:templateId',
    url: (f) => `/app/template/${f.own}`,
    expect: readRule,
  },
  {
    method: 'GET',
    route: '/app/templates/search',
    url: (f) => `/app/templates/search?search=completed&versionId=${f.version}`,
    expect: { draft: s(200, 200, 200), published: s(200, 200, 200) },
  },
  {
    method: 'POST',
    route: '/app/template/:templateId/restore',
    url: (f) => `/app/template/${f.deleted}/restore`,
    body: (f) => ({ profileId: f.profile }),
    expect: { draft: s(404, 404, 200), published: s(401, 403, 200) },
  },
  {
    method: 'POST',
    route: '/app/template/:templateId/claim',
    url: (f) => `/app/template/${f.orphan}/claim`,
    body: (f) => ({ profileId: f.profile }),
    expect: { draft: s(404, 404, 200), published: s(401, 403, 200) },
  },
];

describe('statement template routes: who may do what', () => {
  const t = useTestApp();
  let outsiderCookie = '';

  beforeAll(async () => {
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  async function templateIn(cookie: string, view: ProfileView, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/templates`,
      templateBody(name),
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<TemplateChange>().template.uuid;
  }

  async function conceptIn(cookie: string, view: ProfileView, conceptType: string, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`,
      { conceptType, name, description: `${name}.`, iriType: 'generated-iri', geniri: name },
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function fixture(stage: Stage): Promise<Fixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const linked = await templateIn(other.admin.cookie, otherView, 'jumped');
    const outside = await templateIn(other.admin.cookie, otherView, 'hopped');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const gone = await makeGroup(t.app, t.database);
    const goneView = await makeProfile(t.app, gone.admin.cookie, gone.org.id, 'Gone');
    const orphan = await templateIn(gone.admin.cookie, goneView, 'lost');
    await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${goneView.profile.uuid}?confirmName=Gone`,
    );

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/templates`;
    const mine = await templateIn(admin.cookie, view, 'completed');
    const target = await templateIn(admin.cookie, view, 'launched');
    const deleted = await templateIn(admin.cookie, view, 'skipped');
    const verb = await conceptIn(admin.cookie, view, 'Verb', 'completed');
    const spareVerb = await conceptIn(admin.cookie, view, 'Verb', 'finished');
    const photo = await conceptIn(admin.cookie, view, 'AttachmentUsageType', 'photo');
    await calls.post(`${base}/${deleted}/lock`);
    expect((await calls.delete(`${base}/${deleted}`)).statusCode).toBe(200);
    expect((await calls.post(`${base}/${mine}/lock`)).statusCode).toBe(200);
    const parts: Array<[string, 'put' | 'post', unknown]> = [
      [`${base}/${mine}/determining-properties/verb`, 'put', { conceptIds: [verb] }],
      [
        `${base}/${mine}/determining-properties/attachmentUsageType`,
        'put',
        { conceptIds: [photo] },
      ],
      [`${base}/${mine}/rules`, 'post', { rule: RULE }],
    ];
    for (const [url, method, body] of parts)
      expect((await calls[method](url, body)).statusCode, url).toBe(200);
    await calls.delete(`${base}/${mine}/lock`);
    expect((await calls.post(`${base}/link`, { templateIds: [linked] })).statusCode).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      own: mine,
      target,
      linked,
      outside,
      deleted,
      orphan,
      spareVerb,
      memberCookie: admin.cookie,
    };
  }

  it('has rows for every statement template route', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) =>
        /^\/app\/(profile\/:profileId\/version\/:versionId\/templates|templates?\/)/.test(r.url),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(covered);
  });

  for (const row of matrix) {
    for (const stage of ['draft', 'published'] as const) {
      for (const actor of actors) {
        const status = row.expect[stage][actor];
        it(`${row.method} ${row.route} on a ${stage} as ${actor} → ${status}`, async () => {
          const f = await fixture(stage);
          if (row.locked) {
            const taken = await callsOf(t.app, f.memberCookie).post(`${own(f)}/lock`);
            expect(taken.statusCode, taken.body).toBe(200);
          }
          const cookie =
            actor === 'anonymous'
              ? undefined
              : actor === 'member'
                ? f.memberCookie
                : outsiderCookie;
          const calls = callsOf(t.app, cookie);
          const url = row.url(f);
          const body = row.body?.(f);
          const response =
            row.method === 'GET'
              ? await calls.get(url)
              : row.method === 'POST'
                ? await calls.post(url, body)
                : row.method === 'PUT'
                  ? await calls.put(url, body)
                  : await calls.delete(url);
          expect(response.statusCode, response.body).toBe(status);
          expect(response.json()).toHaveProperty('success', status === 200);
        });
      }
    }
  }
});
