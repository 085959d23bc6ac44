import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from './app';
import { callsOf } from './authoring';
import { makePerson } from './people';

/**
 * Authorization matrices of item routes: anonymous, a signed-in outsider and a member of the
 * owning group, on a draft version and on a published (current) version. A cell that may change
 * something (a write expected to succeed) runs on fresh data; cells that must change nothing (a
 * read, a refusal) share one fixture per stage, so a refusal that changed something anyway shows
 * in the cells after it. A route added without rows fails the coverage check; no cell may answer
 * 500.
 */
export const actors = ['anonymous', 'outsider', 'member'] as const;
export type Actor = (typeof actors)[number];
export type Stage = 'draft' | 'published';
export type Expectations = Record<Stage, Record<Actor, number>>;

export const s = (anonymous: number, outsider: number, member: number) => ({
  anonymous,
  outsider,
  member,
});
/** Drafts do not exist for non-members; on a published version outsiders are refused. */
export const writeRule: Expectations = { draft: s(404, 404, 200), published: s(401, 403, 200) };
export const readRule: Expectations = { draft: s(404, 404, 200), published: s(200, 200, 200) };
export const anyone: Expectations = { draft: s(200, 200, 200), published: s(200, 200, 200) };

/** What every item fixture has: where it lives, its own item and who may change it. */
export interface ItemFixture {
  profile: string;
  version: string;
  /** An item of this profile. */
  own: string;
  /** An item of another, published profile, listed here as a link. */
  linked: string;
  /** A published item of another profile that is not listed here. */
  outside: string;
  memberCookie: string;
  /** The own item's newest revision, for its history's routes (read by the matrix itself). */
  ownRevision?: string;
}

/** With Deleted Items: a deleted item of this profile and one whose profile was deleted. */
export interface AdoptionFixture extends ItemFixture {
  deleted: string;
  orphan: string;
}

export interface MatrixRow<F> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: F) => string;
  body?: (f: F) => unknown;
  /** The member takes the write lock on the own item first, as the edit screen does. */
  locked?: boolean;
  /** Allowed, it answers a page or a file rather than JSON (refusals are JSON all the same). */
  text?: boolean;
  expect: Expectations;
}

/** How one kind of item is named in its URLs and filled in its forms. */
export interface ItemKindRows<F> {
  kind: 'concept' | 'template' | 'pattern';
  plural: 'concepts' | 'templates' | 'patterns';
  create: (f: F) => unknown;
  /** An edit allowed once published, too (a translation). */
  edit: (f: F) => unknown;
  /** Text the search finds the own item by. */
  search: string;
}

export const versionBaseOf = (plural: string) =>
  `/app/profile/:profileId/version/:versionId/${plural}`;
export const versionUrl = (plural: string, f: ItemFixture) =>
  `/app/profile/${f.profile}/version/${f.version}/${plural}`;

/** The rows of the routes every kind of item has. */
export function itemRows<F extends ItemFixture>(k: ItemKindRows<F>): MatrixRow<F>[] {
  const versionBase = versionBaseOf(k.plural);
  const one = `${versionBase}/:${k.kind}Id`;
  const vb = (f: F) => versionUrl(k.plural, f);
  const own = (f: F) => `${vb(f)}/${f.own}`;
  return [
    { method: 'GET', route: versionBase, url: vb, expect: readRule },
    { method: 'POST', route: versionBase, url: vb, body: k.create, expect: writeRule },
    {
      method: 'POST',
      route: `${versionBase}/link`,
      url: (f) => `${vb(f)}/link`,
      body: (f) => ({ [`${k.kind}Ids`]: [f.outside] }),
      expect: writeRule,
    },
    { method: 'GET', route: one, url: own, expect: readRule },
    { method: 'PUT', route: one, url: own, body: k.edit, locked: true, expect: writeRule },
    {
      method: 'DELETE',
      route: one,
      url: own,
      locked: true,
      // A published item is deprecated, never deleted.
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
      method: 'POST',
      route: `${one}/remove-value`,
      url: (f) => `${own(f)}/remove-value`,
      // A value the item has not: a member passes every check up to the removal itself, which
      // server/http/app/remove-value.test.ts follows to the end.
      body: () => ({ pointer: '/nowhere' }),
      expect: { draft: s(404, 404, 400), published: s(401, 403, 400) },
    },
    {
      method: 'DELETE',
      route: `${one}/link`,
      url: (f) => `${vb(f)}/${f.linked}/link`,
      expect: writeRule,
    },
    { method: 'GET', route: `${one}/history`, url: (f) => `${own(f)}/history`, expect: readRule },
    {
      method: 'GET',
      route: `${one}/history/compare`,
      url: (f) => `${own(f)}/history/compare?from=${f.ownRevision}&to=${f.ownRevision}`,
      expect: readRule,
    },
    {
      method: 'GET',
      route: `${one}/history/:revisionId`,
      url: (f) => `${own(f)}/history/${f.ownRevision}`,
      expect: readRule,
    },
    {
      method: 'POST',
      route: `${one}/history/:revisionId/restore`,
      url: (f) => `${own(f)}/history/${f.ownRevision}/restore`,
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
      method: 'GET',
      route: `/app/${k.kind}/:${k.kind}Id`,
      url: (f) => `/app/${k.kind}/${f.own}`,
      expect: readRule,
    },
    {
      method: 'GET',
      route: `/app/${k.plural}/search`,
      url: (f) => `/app/${k.plural}/search?search=${k.search}&versionId=${f.version}`,
      expect: anyone,
    },
  ];
}

/** The rows of restoring a deleted item and claiming an orphan of a kind. */
export function adoptionRows<F extends AdoptionFixture>(
  kind: ItemKindRows<F>['kind'],
): MatrixRow<F>[] {
  const rule = { draft: s(404, 404, 200), published: s(401, 403, 200) };
  return (['restore', 'claim'] as const).map((which) => ({
    method: 'POST',
    route: `/app/${kind}/:${kind}Id/${which}`,
    url: (f) => `/app/${kind}/${which === 'restore' ? f.deleted : f.orphan}/${which}`,
    body: (f) => ({ profileId: f.profile }),
    expect: rule,
  }));
}

/**
 * Registers the coverage check and one test per cell of the matrix; call inside a describe that
 * set up `t` with useTestApp.
 */
export function checkMatrix<F extends ItemFixture>(
  t: TestApp,
  options: {
    /** How the coverage check names the routes: 'concept', 'statement template'. */
    what: string;
    /** The app's routes the matrix must cover. */
    routes: (url: string) => boolean;
    matrix: MatrixRow<F>[];
    fixture: (stage: Stage) => Promise<F>;
    /** Where the member takes the write lock on the own item. */
    lockUrl: (f: F) => string;
  },
): void {
  let outsiderCookie = '';
  // The own item's newest revision, as its member reads its history.
  const history = options.matrix.find((r) => r.method === 'GET' && r.route.endsWith('/history'));
  const fixture = async (stage: Stage): Promise<F> => {
    const f = await options.fixture(stage);
    if (!history || f.ownRevision) return f;
    const read = await callsOf(t.app, f.memberCookie).get(history.url(f));
    expect(read.statusCode, read.body).toBe(200);
    const newest = read.json<{ history: Array<{ revision: string }> }>().history[0];
    return { ...f, ownRevision: newest?.revision };
  };
  // Built at the first cell that needs it: a fixture is most of a cell's time.
  const shared = new Map<Stage, Promise<F>>();
  const sharedFixture = (stage: Stage): Promise<F> => {
    const made = shared.get(stage) ?? fixture(stage);
    shared.set(stage, made);
    return made;
  };

  beforeAll(async () => {
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  it(`has rows for every ${options.what} route`, () => {
    const covered = new Set(options.matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) => options.routes(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(covered);
  });

  for (const row of options.matrix) {
    for (const stage of ['draft', 'published'] as const) {
      for (const actor of actors) {
        const status = row.expect[stage][actor];
        it(`${row.method} ${row.route} on a ${stage} as ${actor} → ${status}`, async () => {
          const changesSomething = row.method !== 'GET' && status === 200;
          const f = await (changesSomething ? fixture(stage) : sharedFixture(stage));
          if (row.locked) {
            const taken = await callsOf(t.app, f.memberCookie).post(options.lockUrl(f));
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
          expect(response.statusCode, response.body).not.toBe(500);
          expect(response.statusCode, response.body).toBe(status);
          if (row.text && status === 200)
            expect(response.headers['content-type']).not.toMatch(/json/);
          else expect(response.json()).toHaveProperty('success', status === 200);
        });
      }
    }
  }
}
