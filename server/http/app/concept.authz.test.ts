import { beforeAll, describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';

/**
 * The authorization matrix of every concept route: anonymous, a signed-in outsider and a member
 * of the owning group, on a draft version and on a published (current) version, each cell on
 * fresh data. A concept route added without rows fails the coverage check.
 */
const actors = ['anonymous', 'outsider', 'member'] as const;
type Actor = (typeof actors)[number];
type Stage = 'draft' | 'published';

interface Fixture {
  profile: string;
  version: string;
  /** A concept of this profile. */
  own: string;
  /** A concept of another, published profile, listed here as a link. */
  linked: string;
  /** A published concept of another profile that is not listed here. */
  outside: string;
  /** A deleted concept of this profile. */
  deleted: string;
  /** A concept whose profile was deleted. */
  orphan: string;
  memberCookie: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The member takes the write lock on the own concept first, as the edit screen does. */
  locked?: boolean;
  expect: Record<Stage, Record<Actor, number>>;
}

const versionBase = '/app/profile/:profileId/version/:versionId/concepts';
const vb = (f: Fixture) => `/app/profile/${f.profile}/version/${f.version}/concepts`;
const s = (anonymous: number, outsider: number, member: number) => ({
  anonymous,
  outsider,
  member,
});
/** Drafts do not exist for non-members; on a published version outsiders are refused. */
const writeRule = { draft: s(404, 404, 200), published: s(401, 403, 200) };
const readRule = { draft: s(404, 404, 200), published: s(200, 200, 200) };
const verbBody = (name: string) => ({
  conceptType: 'Verb',
  name,
  description: `To ${name}.`,
  iriType: 'generated-iri',
  geniri: name,
});

const matrix: Row[] = [
  { method: 'GET', route: versionBase, url: vb, expect: readRule },
  { method: 'POST', route: versionBase, url: vb, body: () => verbBody('new'), expect: writeRule },
  {
    method: 'POST',
    route: `${versionBase}/link`,
    url: (f) => `${vb(f)}/link`,
    body: (f) => ({ conceptIds: [f.outside] }),
    expect: writeRule,
  },
  {
    method: 'GET',
    route: `${versionBase}/:conceptId`,
    url: (f) => `${vb(f)}/${f.own}`,
    expect: readRule,
  },
  {
    method: 'PUT',
    route: `${versionBase}/:conceptId`,
    url: (f) => `${vb(f)}/${f.own}`,
    body: () => ({
      conceptType: 'Verb',
      name: 'read',
      description: 'To read.',
      translations: [{ language: 'de', translationName: 'lesen', translationDesc: 'Lesen.' }],
    }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:conceptId`,
    url: (f) => `${vb(f)}/${f.own}`,
    locked: true,
    // A published concept is deprecated, never deleted.
    expect: { draft: s(404, 404, 200), published: s(401, 403, 409) },
  },
  {
    method: 'POST',
    route: `${versionBase}/:conceptId/deprecate`,
    url: (f) => `${vb(f)}/${f.own}/deprecate`,
    body: () => ({ reason: 'Replaced.' }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:conceptId/link`,
    url: (f) => `${vb(f)}/${f.linked}/link`,
    expect: writeRule,
  },
  {
    method: 'POST',
    route: `${versionBase}/:conceptId/lock`,
    url: (f) => `${vb(f)}/${f.own}/lock`,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${versionBase}/:conceptId/lock`,
    url: (f) => `${vb(f)}/${f.own}/lock`,
    // Giving up one's own lock; holding none is fine.
    expect: { draft: s(401, 200, 200), published: s(401, 200, 200) },
  },
  {
    method: 'GET',
    route: '/app/concept/:conceptId',
    url: (f) => `/app/concept/${f.own}`,
    expect: readRule,
  },
  {
    method: 'GET',
    route: '/app/concepts/search',
    url: (f) => `/app/concepts/search?search=read&versionId=${f.version}`,
    expect: { draft: s(200, 200, 200), published: s(200, 200, 200) },
  },
  {
    method: 'GET',
    route: '/app/deleted-items/profile/:profileId/version/:versionId',
    url: (f) => `/app/deleted-items/profile/${f.profile}/version/${f.version}`,
    expect: { draft: s(401, 404, 200), published: s(401, 200, 200) },
  },
  {
    method: 'POST',
    route: '/app/concept/:conceptId/restore',
    url: (f) => `/app/concept/${f.deleted}/restore`,
    body: (f) => ({ profileId: f.profile }),
    expect: { draft: s(404, 404, 200), published: s(401, 403, 200) },
  },
  {
    method: 'POST',
    route: '/app/concept/:conceptId/claim',
    url: (f) => `/app/concept/${f.orphan}/claim`,
    body: (f) => ({ profileId: f.profile }),
    expect: { draft: s(404, 404, 200), published: s(401, 403, 200) },
  },
];

describe('concept routes: who may do what', () => {
  const t = useTestApp();
  let outsiderCookie = '';
  let otherProfileConcept = '';

  beforeAll(async () => {
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  async function conceptIn(cookie: string, view: ProfileView, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`,
      verbBody(name),
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function fixture(stage: Stage): Promise<Fixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    otherProfileConcept = await conceptIn(other.admin.cookie, otherView, 'jump');
    const outside = await conceptIn(other.admin.cookie, otherView, 'hop');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const gone = await makeGroup(t.app, t.database);
    const goneView = await makeProfile(t.app, gone.admin.cookie, gone.org.id, 'Gone');
    const orphan = await conceptIn(gone.admin.cookie, goneView, 'lost');
    await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${goneView.profile.uuid}?confirmName=Gone`,
    );

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const own = await conceptIn(admin.cookie, view, 'read');
    const deleted = await conceptIn(admin.cookie, view, 'skim');
    await calls.post(`${base}/${deleted}/lock`);
    expect((await calls.delete(`${base}/${deleted}`)).statusCode).toBe(200);
    expect(
      (await calls.post(`${base}/link`, { conceptIds: [otherProfileConcept] })).statusCode,
    ).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      own,
      linked: otherProfileConcept,
      outside,
      deleted,
      orphan,
      memberCookie: admin.cookie,
    };
  }

  it('has rows for every concept route', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) =>
        /^\/app\/(profile\/:profileId\/version\/:versionId\/concepts|concepts?\/|deleted-items)/.test(
          r.url,
        ),
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
