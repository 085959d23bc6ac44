import { beforeAll, describe, expect, it } from 'vitest';
import type { PatternChange } from '../../../common/patterns';
import type { ProfileView } from '../../../common/profiles';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { insertTemplate } from '../../test/items';
import { makePerson } from '../../test/people';

/**
 * The authorization matrix of every pattern route: anonymous, a signed-in outsider and a member
 * of the owning group, on a draft version and on a published (current) version, each cell on
 * fresh data. A pattern route added without rows fails the coverage check.
 */
const actors = ['anonymous', 'outsider', 'member'] as const;
type Actor = (typeof actors)[number];
type Stage = 'draft' | 'published';

interface Fixture {
  profile: string;
  version: string;
  /** Two statement templates of this profile. */
  templates: [string, string];
  /** A pattern of this profile: a primary sequence of the two templates. */
  own: string;
  /** A pattern of another, published profile, listed here as a link. */
  linked: string;
  /** A published pattern of another profile that is not listed here. */
  outside: string;
  memberCookie: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The member takes the write lock on the own pattern first, as the edit screen does. */
  locked?: boolean;
  expect: Record<Stage, Record<Actor, number>>;
}

const versionBase = '/app/profile/:profileId/version/:versionId/patterns';
const vb = (f: Fixture) => `/app/profile/${f.profile}/version/${f.version}/patterns`;
const s = (anonymous: number, outsider: number, member: number) => ({
  anonymous,
  outsider,
  member,
});
/** Drafts do not exist for non-members; on a published version outsiders are refused. */
const writeRule = { draft: s(404, 404, 200), published: s(401, 403, 200) };
const readRule = { draft: s(404, 404, 200), published: s(200, 200, 200) };
const anyone = { draft: s(200, 200, 200), published: s(200, 200, 200) };

const components = (templates: readonly string[]) =>
  templates.map((componentId) => ({ componentType: 'template', componentId }));
const sequenceBody = (name: string, templates: readonly string[]) => ({
  type: 'sequence',
  name,
  description: `The ${name} pattern.`,
  iriType: 'generated-iri',
  geniri: name,
  primary: true,
  components: components(templates),
});

const matrix: Row[] = [
  { method: 'GET', route: versionBase, url: vb, expect: readRule },
  {
    method: 'POST',
    route: versionBase,
    url: vb,
    body: (f) => sequenceBody('new', f.templates),
    expect: writeRule,
  },
  {
    method: 'POST',
    route: `${versionBase}/link`,
    url: (f) => `${vb(f)}/link`,
    body: (f) => ({ patternIds: [f.outside] }),
    expect: writeRule,
  },
  {
    method: 'GET',
    route: `${versionBase}/:patternId`,
    url: (f) => `${vb(f)}/${f.own}`,
    expect: readRule,
  },
  {
    method: 'PUT',
    route: `${versionBase}/:patternId`,
    url: (f) => `${vb(f)}/${f.own}`,
    // A translation: allowed once published, too.
    body: (f) => ({
      name: 'visit',
      description: 'The visit pattern.',
      primary: true,
      translations: [{ language: 'de', translationName: 'Besuch', translationDesc: 'Ein Besuch.' }],
      components: components(f.templates),
    }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:patternId`,
    url: (f) => `${vb(f)}/${f.own}`,
    locked: true,
    // A published pattern is deprecated, never deleted.
    expect: { draft: s(404, 404, 200), published: s(401, 403, 409) },
  },
  {
    method: 'POST',
    route: `${versionBase}/:patternId/deprecate`,
    url: (f) => `${vb(f)}/${f.own}/deprecate`,
    body: () => ({ reason: 'Replaced.' }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:patternId/link`,
    url: (f) => `${vb(f)}/${f.linked}/link`,
    expect: writeRule,
  },
  {
    method: 'POST',
    route: `${versionBase}/:patternId/lock`,
    url: (f) => `${vb(f)}/${f.own}/lock`,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:patternId/lock`,
    url: (f) => `${vb(f)}/${f.own}/lock`,
    // Giving up one's own lock; holding none is fine.
    expect: { draft: s(401, 200, 200), published: s(401, 200, 200) },
  },
  {
    method: 'GET',
    route: '/app/pattern/:patternId',
    url: (f) => `/app/pattern/${f.own}`,
    expect: readRule,
  },
  {
    method: 'GET',
    route: '/app/patterns/search',
    url: (f) => `/app/patterns/search?search=visit&versionId=${f.version}`,
    expect: anyone,
  },
  {
    method: 'GET',
    route: '/app/pattern-components/search',
    url: (f) =>
      `/app/pattern-components/search?versionId=${f.version}&componentType=template&patternId=${f.own}`,
    expect: anyone,
  },
];

describe('pattern routes: who may do what', () => {
  const t = useTestApp();
  let outsiderCookie = '';

  beforeAll(async () => {
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  /** A draft profile with two templates and a primary sequence of them. */
  async function profileWithPattern(cookie: string, view: ProfileView, name: string) {
    const first = await insertTemplate(t.database.db, view, `${name}-start`);
    const second = await insertTemplate(t.database.db, view, `${name}-end`);
    const templates: [string, string] = [first.id, second.id];
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/patterns`,
      sequenceBody(name, templates),
    );
    expect(made.statusCode, made.body).toBe(200);
    return { templates, pattern: made.json<PatternChange>().pattern.uuid };
  }

  async function fixture(stage: Stage): Promise<Fixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const linked = await profileWithPattern(other.admin.cookie, otherView, 'jump');
    const outside = await profileWithPattern(other.admin.cookie, otherView, 'hop');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const own = await profileWithPattern(admin.cookie, view, 'visit');
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/patterns`;
    const linking = await callsOf(t.app, admin.cookie).post(`${base}/link`, {
      patternIds: [linked.pattern],
    });
    expect(linking.statusCode, linking.body).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      templates: own.templates,
      own: own.pattern,
      linked: linked.pattern,
      outside: outside.pattern,
      memberCookie: admin.cookie,
    };
  }

  it('has rows for every pattern route', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) =>
        /^\/app\/(profile\/:profileId\/version\/:versionId\/patterns|patterns?\/|pattern-components\/)/.test(
          r.url,
        ),
      )
      // Restoring and claiming patterns are routes of item adoption, with a matrix of their own.
      .filter((r) => !/\/(restore|claim)$/.test(r.url))
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
            const taken = await callsOf(t.app, f.memberCookie).post(`${vb(f)}/${f.own}/lock`);
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
