import { beforeAll, describe, expect, it } from 'vitest';
import type { Feedback } from '../../../common/feedback';
import { useTestApp } from '../../test/app';
import {
  addMember,
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm,
} from '../../test/authoring';
import { makePerson } from '../../test/people';

/**
 * The authorization matrix of feedback, a group's Feedback tab, watching a profile, a version's
 * activity and their public API: the anonymous, a signed-in outsider, the outsider who left the
 * feedback, a member and an admin of the owning group, and a site admin. Feedback is read on a
 * published version, its private piece only by its author, the group and site admins; a draft is
 * not there for anyone outside the group, site admins included. A cell expected to change
 * something runs on fresh data. A route added without a row fails the coverage check.
 */
const actors = ['anonymous', 'outsider', 'author', 'member', 'groupAdmin', 'siteAdmin'] as const;
type Actor = (typeof actors)[number];
type Cells = Record<Actor, number>;

const cells = (
  anonymous: number,
  outsider: number,
  author: number,
  member: number,
  groupAdmin: number,
  siteAdmin: number,
): Cells => ({ anonymous, outsider, author, member, groupAdmin, siteAdmin });
const all = (status: number) => cells(status, status, status, status, status, status);

interface Fixture {
  profile: string;
  /** The published version 1, which lists `concept`. */
  published: string;
  /** The draft version 2. */
  draft: string;
  /** A profile with nothing published: only its group sees it. */
  unpublished: string;
  unpublishedVersion: string;
  orgId: string;
  concept: string;
  /** A concept only the draft lists. */
  draftConcept: string;
  /** Feedback the author left for everyone to read, and one only the group reads. */
  open: string;
  private: string;
  cookies: Record<Exclude<Actor, 'anonymous'>, string>;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** What the row is about when the route has more than one: 'a draft', 'private feedback'. */
  on?: string;
  expect: Cells;
}

const V = '/app/profile/:profileId/version/:versionId';
const version = (f: Fixture, v: string) => `/app/profile/${f.profile}/version/${v}`;
const leave = { kind: 'question', body: 'What does it mean?' };

/** Who may respond: the group; refused before that, what the caller may not read is not there. */
const respond = (method: 'POST', action: string, body: (f: Fixture) => unknown): Row[] => [
  {
    method,
    route: `/app/feedback/:feedbackId/${action}`,
    url: (f) => `/app/feedback/${f.open}/${action}`,
    body,
    expect: cells(401, 403, 403, 200, 200, 403),
  },
  {
    method,
    route: `/app/feedback/:feedbackId/${action}`,
    url: (f) => `/app/feedback/${f.private}/${action}`,
    body,
    on: 'private feedback',
    expect: cells(404, 404, 403, 200, 200, 403),
  },
];

const matrix: Row[] = [
  {
    method: 'GET',
    route: `${V}/feedback`,
    url: (f) => `${version(f, f.published)}/feedback`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: `${V}/feedback`,
    url: (f) => `/app/profile/${f.unpublished}/version/${f.unpublishedVersion}/feedback`,
    on: 'a draft',
    expect: cells(404, 404, 404, 200, 200, 404),
  },
  {
    method: 'POST',
    route: `${V}/feedback`,
    url: (f) => `${version(f, f.published)}/feedback`,
    body: () => leave,
    expect: cells(401, 200, 200, 200, 200, 200),
  },
  {
    // A draft takes none; outside the group it is not there.
    method: 'POST',
    route: `${V}/feedback`,
    url: (f) => `/app/profile/${f.unpublished}/version/${f.unpublishedVersion}/feedback`,
    on: 'a draft',
    body: () => leave,
    expect: cells(401, 404, 404, 400, 400, 404),
  },
  {
    method: 'GET',
    route: '/app/feedback/:feedbackId',
    url: (f) => `/app/feedback/${f.open}`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/app/feedback/:feedbackId',
    url: (f) => `/app/feedback/${f.private}`,
    on: 'private feedback',
    expect: cells(404, 404, 200, 200, 200, 200),
  },
  ...respond('POST', 'answer', () => ({ answer: 'It means this.' })),
  ...respond('POST', 'addressed', (f) => ({ versionId: f.draft })),
  ...respond('POST', 'close', () => ({ reason: 'Out of scope.' })),
  {
    method: 'POST',
    route: '/app/feedback/:feedbackId/hide',
    url: (f) => `/app/feedback/${f.open}/hide`,
    body: () => ({ hidden: true }),
    expect: cells(401, 403, 403, 403, 200, 200),
  },
  {
    method: 'DELETE',
    route: '/app/feedback/:feedbackId',
    url: (f) => `/app/feedback/${f.open}`,
    expect: cells(401, 403, 403, 403, 403, 200),
  },
  {
    method: 'GET',
    route: '/app/org/:orgId/feedback',
    url: (f) => `/app/org/${f.orgId}/feedback`,
    expect: cells(401, 403, 403, 200, 200, 403),
  },
  {
    method: 'GET',
    route: '/app/profile/:profileId/watch',
    url: (f) => `/app/profile/${f.profile}/watch`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/app/profile/:profileId/watch',
    url: (f) => `/app/profile/${f.unpublished}/watch`,
    on: 'an unpublished profile',
    expect: cells(404, 404, 404, 200, 200, 404),
  },
  {
    method: 'PUT',
    route: '/app/profile/:profileId/watch',
    url: (f) => `/app/profile/${f.profile}/watch`,
    expect: cells(401, 200, 200, 200, 200, 200),
  },
  {
    method: 'PUT',
    route: '/app/profile/:profileId/watch',
    url: (f) => `/app/profile/${f.unpublished}/watch`,
    on: 'an unpublished profile',
    expect: cells(404, 404, 404, 200, 200, 404),
  },
  {
    method: 'DELETE',
    route: '/app/profile/:profileId/watch',
    url: (f) => `/app/profile/${f.profile}/watch`,
    expect: cells(401, 200, 200, 200, 200, 200),
  },
  {
    method: 'GET',
    route: `${V}/activity`,
    url: (f) => `${version(f, f.published)}/activity`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: `${V}/activity`,
    url: (f) => `${version(f, f.draft)}/activity`,
    on: 'a draft',
    expect: cells(404, 404, 404, 200, 200, 404),
  },
  {
    method: 'GET',
    route: '/api/profile/:uuid/version/:versionUuid/feedback',
    url: (f) => `/api/profile/${f.profile}/version/${f.published}/feedback`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/profile/:uuid/version/:versionUuid/feedback',
    url: (f) => `/api/profile/${f.profile}/version/${f.draft}/feedback`,
    on: 'a draft',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/item/:uuid/history',
    url: (f) => `/api/item/${f.concept}/history`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/item/:uuid/history',
    url: (f) => `/api/item/${f.draftConcept}/history`,
    on: 'an item only a draft lists',
    expect: all(404),
  },
];

describe('feedback, watching and activity: who may do what', () => {
  const t = useTestApp();
  let shared: Promise<Fixture> | null = null;
  const people: Partial<Record<'outsider' | 'author' | 'siteAdmin', string>> = {};

  beforeAll(async () => {
    const made = (type: 'user' | 'admin' = 'user') =>
      makePerson(t.database.db, t.app.services.sessions, { type });
    people.outsider = (await made()).cookie;
    people.siteAdmin = (await made('admin')).cookie;
  });

  /** A group's profile with version 1 published and version 2 a draft, feedback on version 1. */
  async function fixture(): Promise<Fixture> {
    const { org, admin } = await makeGroup(t.app, t.database);
    const member = await addMember(t.app, t.database, org.id);
    // The author leaves at most two pieces a fixture: a fresh one keeps within the limits.
    const author = await makePerson(t.database.db, t.app.services.sessions);
    const m = callsOf(t.app, member.cookie);
    const view = await makeProfile(t.app, member.cookie, org.id);
    const v1 = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await m.post(`${v1}/concepts`, verbForm('weighed'));
    expect(made.statusCode, made.body).toBe(200);
    const concept = made.json<{ concept: { uuid: string } }>().concept.uuid;
    await publishVersion(t.app, member.cookie, view.profile.uuid, view.version.uuid);
    const next = await m.post(`${v1}/concepts`, verbForm('measured'));
    expect(next.statusCode, next.body).toBe(200);
    const opened = next.json<{ concept: { uuid: string }; versionId: string }>();
    const unpublished = await makeProfile(t.app, member.cookie, org.id, 'Unpublished');
    const a = callsOf(t.app, author.cookie);
    const left = async (body: Record<string, unknown>) => {
      const answer = await a.post(`${v1}/feedback`, body);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ feedback: Feedback }>().feedback.uuid;
    };
    return {
      profile: view.profile.uuid,
      published: view.version.uuid,
      draft: opened.versionId,
      unpublished: unpublished.profile.uuid,
      unpublishedVersion: unpublished.version.uuid,
      orgId: org.id,
      concept,
      draftConcept: opened.concept.uuid,
      open: await left({ kind: 'problem', body: 'A typo.', itemId: concept }),
      private: await left({ kind: 'suggestion', body: 'Between us.', public: false }),
      cookies: {
        outsider: people.outsider ?? '',
        author: author.cookie,
        member: member.cookie,
        groupAdmin: admin.cookie,
        siteAdmin: people.siteAdmin ?? '',
      },
    };
  }

  it('has rows for every feedback, watch and activity route, on the site and in the API', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter(
        (r) =>
          r.method !== 'HEAD' &&
          (/\/feedback\b|\/watch$|\/activity$/.test(r.url) ||
            /^\/api\/item\/:uuid\/history/.test(r.url)),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(covered);
  });

  for (const row of matrix) {
    for (const actor of actors) {
      const status = row.expect[actor];
      const on = row.on ? ` on ${row.on}` : '';
      it(`${row.method} ${row.route}${on} as ${actor} → ${status}`, async () => {
        const changes = row.method !== 'GET' && status === 200;
        const f = await (changes ? fixture() : (shared ??= fixture()));
        const calls = callsOf(t.app, actor === 'anonymous' ? undefined : f.cookies[actor]);
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
        // A refusal never quotes private feedback.
        if (status !== 200) expect(response.body).not.toContain('Between us');
      });
    }
  }
});
