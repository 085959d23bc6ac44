import { beforeAll, describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { ReviewThread } from '../../../common/reviews';
import { useTestApp } from '../../test/app';
import { makeKeyedGroup } from '../../test/api-keys';
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
 * The authorization matrix of the review routes, on a draft: the anonymous, another group's API
 * key (which the site does not take: the caller is anonymous), a signed-in outsider, a member of
 * another group, the draft's invited reviewer, a member of the owning group (who wrote the
 * message) and its admin. A cell expected to change something runs on fresh data. The draft
 * follows a published version, so what the public sees of the profile is beside what the
 * reviewer is invited to read: the draft's items and what it changes.
 */
const actors = [
  'anonymous',
  'otherKey',
  'outsider',
  'otherGroup',
  'reviewer',
  'member',
  'admin',
] as const;
type Actor = (typeof actors)[number];
type Cells = Record<Actor, number>;

const cells = (
  anonymous: number,
  outsider: number,
  reviewer: number,
  member: number,
  admin: number,
): Cells => ({
  anonymous,
  otherKey: anonymous,
  outsider,
  otherGroup: outsider,
  reviewer,
  member,
  admin,
});

interface Fixture {
  base: string;
  profileId: string;
  publishedId: string;
  draftId: string;
  /** A concept the draft added. */
  conceptId: string;
  orgId: string;
  threadId: string;
  messageId: string;
  thirdUsername: string;
  cookies: Record<'outsider' | 'otherGroup' | 'reviewer' | 'member' | 'admin', string>;
  otherKey: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: Cells;
}

const V = '/app/profile/:profileId/version/:versionId/review';
const everyoneInvolved = cells(401, 404, 200, 200, 200);
const D = '/app/profile/:profileId/version/:versionId';
const draft = (f: Fixture) => `/app/profile/${f.profileId}/version/${f.draftId}`;
/** The reads of the draft an invited reviewer needs; the public sees only the published. */
const draftReads: Row[] = [
  {
    method: 'GET',
    route: `${D}/concepts`,
    url: (f) => `${draft(f)}/concepts`,
    expect: cells(404, 404, 200, 200, 200),
  },
  {
    method: 'GET',
    route: `${D}/concepts/:conceptId`,
    url: (f) => `${draft(f)}/concepts/${f.conceptId}`,
    expect: cells(404, 404, 200, 200, 200),
  },
  {
    method: 'GET',
    route: `${D}/templates`,
    url: (f) => `${draft(f)}/templates`,
    expect: cells(404, 404, 200, 200, 200),
  },
  {
    method: 'GET',
    route: `${D}/patterns`,
    url: (f) => `${draft(f)}/patterns`,
    expect: cells(404, 404, 200, 200, 200),
  },
  {
    method: 'GET',
    route: '/app/profile/:profileId/changes',
    url: (f) => `/app/profile/${f.profileId}/changes?from=${f.publishedId}&to=${f.draftId}`,
    expect: cells(404, 404, 200, 200, 200),
  },
  {
    method: 'GET',
    route: '/app/profile/:profileId/changes (published)',
    url: (f) => `/app/profile/${f.profileId}/changes?from=${f.publishedId}&to=${f.publishedId}`,
    expect: cells(200, 200, 200, 200, 200),
  },
  // Reading is all: a write to the draft is refused to the reviewer as to any outsider.
  {
    method: 'POST',
    route: `${D}/concepts`,
    url: (f) => `${draft(f)}/concepts`,
    body: () => verbForm('reviewed'),
    expect: cells(404, 404, 404, 200, 200),
  },
  {
    method: 'POST',
    route: `${D}/concepts/:conceptId/lock`,
    url: (f) => `${draft(f)}/concepts/${f.conceptId}/lock`,
    expect: cells(404, 404, 404, 200, 200),
  },
  {
    method: 'POST',
    route: `${D}/publish`,
    url: (f) => `${draft(f)}/publish`,
    body: () => ({ confirmed: true }),
    // Publishing asks for a member before anything else.
    expect: cells(401, 403, 403, 200, 200),
  },
];

const matrix: Row[] = [
  { method: 'GET', route: V, url: (f) => f.base, expect: everyoneInvolved },
  {
    method: 'GET',
    route: `${V}/threads`,
    url: (f) => `${f.base}/threads`,
    expect: everyoneInvolved,
  },
  {
    method: 'POST',
    route: `${V}/threads`,
    url: (f) => `${f.base}/threads`,
    body: () => ({ body: 'A new point.' }),
    expect: everyoneInvolved,
  },
  {
    method: 'POST',
    route: `${V}/threads/:threadId/messages`,
    url: (f) => `${f.base}/threads/${f.threadId}/messages`,
    body: () => ({ body: 'A reply.' }),
    expect: everyoneInvolved,
  },
  {
    method: 'PUT',
    route: `${V}/threads/:threadId/messages/:messageId`,
    url: (f) => `${f.base}/threads/${f.threadId}/messages/${f.messageId}`,
    body: () => ({ body: 'Edited.' }),
    // Only the author changes a message.
    expect: cells(401, 404, 403, 200, 403),
  },
  {
    method: 'DELETE',
    route: `${V}/threads/:threadId/messages/:messageId`,
    url: (f) => `${f.base}/threads/${f.threadId}/messages/${f.messageId}`,
    expect: cells(401, 404, 403, 200, 403),
  },
  {
    method: 'POST',
    route: `${V}/threads/:threadId/resolve`,
    url: (f) => `${f.base}/threads/${f.threadId}/resolve`,
    expect: everyoneInvolved,
  },
  {
    method: 'POST',
    route: `${V}/threads/:threadId/reopen`,
    url: (f) => `${f.base}/threads/${f.threadId}/reopen`,
    expect: everyoneInvolved,
  },
  {
    method: 'POST',
    route: `${V}/requests`,
    url: (f) => `${f.base}/requests`,
    body: (f) => ({ reviewers: [f.thirdUsername] }),
    // Members ask for reviews; an invited reviewer does not.
    expect: cells(401, 404, 403, 200, 200),
  },
  {
    method: 'POST',
    route: `${V}/decision`,
    url: (f) => `${f.base}/decision`,
    body: () => ({ decision: 'approve' }),
    // Only a person asked decides.
    expect: cells(401, 404, 200, 403, 403),
  },
  {
    method: 'GET',
    route: '/app/org/:orgId/review-rule',
    url: (f) => `/app/org/${f.orgId}/review-rule`,
    expect: cells(401, 404, 404, 200, 200),
  },
  {
    method: 'PUT',
    route: '/app/org/:orgId/review-rule',
    url: (f) => `/app/org/${f.orgId}/review-rule`,
    body: () => ({ approvalsRequired: 1, reapproveAfterChange: true }),
    expect: cells(401, 404, 404, 403, 200),
  },
  {
    method: 'GET',
    route: '/app/user/reviews',
    url: () => '/app/user/reviews',
    expect: cells(401, 200, 200, 200, 200),
  },
];

describe('review routes: the group and its invited reviewers, no one else', () => {
  const t = useTestApp();
  let shared: Promise<Fixture> | null = null;
  let outsider = '';
  let otherGroup = '';
  let otherKey = '';

  beforeAll(async () => {
    outsider = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
    const other = await makeGroup(t.app, t.database);
    otherGroup = other.admin.cookie;
    otherKey = (await makeKeyedGroup(t.app, 'Other')).keys.readWrite;
  });

  async function fixture(): Promise<Fixture> {
    const { org, admin } = await makeGroup(t.app, t.database);
    const member = await addMember(t.app, t.database, org.id);
    const third = await addMember(t.app, t.database, org.id);
    const guest = await makePerson(t.database.db, t.app.services.sessions);
    const view = await makeProfile(t.app, member.cookie, org.id);
    const published = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const m = callsOf(t.app, member.cookie);
    expect((await m.post(`${published}/concepts`, verbForm('noted'))).statusCode).toBe(200);
    await publishVersion(t.app, member.cookie, view.profile.uuid, view.version.uuid);
    const added = await m.post(`${published}/concepts`, verbForm('read'));
    expect(added.statusCode, added.body).toBe(200);
    const { versionId: draftId, concept } = added.json<ConceptChange>();
    const base = `/app/profile/${view.profile.uuid}/version/${draftId}/review`;
    const started = await m.post(`${base}/threads`, { body: 'The member’s point.' });
    const thread = started.json<{ thread: ReviewThread }>().thread;
    expect(
      (await m.post(`${base}/requests`, { reviewers: [guest.user.username] })).statusCode,
    ).toBe(200);
    return {
      base,
      profileId: view.profile.uuid,
      publishedId: view.version.uuid,
      draftId,
      conceptId: concept.uuid,
      orgId: org.id,
      threadId: thread.id,
      messageId: thread.messages[0]!.id,
      thirdUsername: third.user.username!,
      cookies: {
        outsider,
        otherGroup,
        reviewer: guest.cookie,
        member: member.cookie,
        admin: admin.cookie,
      },
      otherKey,
    };
  }

  it('has rows for every review route', () => {
    const covered = new Set(matrix.map((r) => `${r.method} ${r.route}`));
    const routes = t.app.routeTable
      .filter((r) => /\/review(\b|-rule|s$)/.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(covered);
  });

  for (const row of [...matrix, ...draftReads]) {
    for (const actor of actors) {
      const status = row.expect[actor];
      it(`${row.method} ${row.route} as ${actor} → ${status}`, async () => {
        const changes = row.method !== 'GET' && status === 200;
        const f = await (changes ? fixture() : (shared ??= fixture()));
        const cookie = actor === 'anonymous' || actor === 'otherKey' ? undefined : f.cookies[actor];
        const headers: Record<string, string> =
          actor === 'otherKey' ? { 'x-api-key': f.otherKey } : {};
        const calls = callsOf(t.app, cookie);
        const url = row.url(f);
        const body = row.body?.(f);
        const response =
          row.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url,
                headers: { ...headers, ...(cookie ? { cookie } : {}) },
              })
            : row.method === 'POST'
              ? await calls.post(url, body, headers)
              : row.method === 'PUT'
                ? await calls.put(url, body, headers)
                : await calls.delete(url, headers);
        expect(response.statusCode, response.body).toBe(status);
        const answer = response.json<{ success?: boolean }>();
        if (status !== 200) expect(answer.success).toBe(false);
        // A refusal never quotes the discussion nor names a reviewer.
        if (status !== 200) expect(response.body).not.toContain('point');
      });
    }
  }
});

describe('an invited reviewer reads the draft they were asked to review, and nothing else', () => {
  const t = useTestApp();

  async function invited() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const guest = await makePerson(t.database.db, t.app.services.sessions);
    const view = await makeProfile(t.app, admin.cookie, org.id, 'First draft');
    const a = callsOf(t.app, admin.cookie);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await a.post(`${version}/concepts`, verbForm('drafted'));
    expect(made.statusCode, made.body).toBe(200);
    const asked = await a.post(`${version}/review/requests`, {
      reviewers: [guest.user.username],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return {
      org,
      adminCookie: admin.cookie,
      admin: a,
      view,
      version,
      concept: made.json<ConceptChange>().concept,
      guest: callsOf(t.app, guest.cookie),
    };
  }

  it('reads the items of a profile nothing published yet, but not its pages', async () => {
    const { view, version, concept, guest } = await invited();
    const list = await guest.get(`${version}/concepts`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(concept.uuid);
    const one = await guest.get(`${version}/concepts/${concept.uuid}`);
    expect(one.statusCode, one.body).toBe(200);
    // Read only: the page offers nothing to change.
    expect(one.json<{ permissions: Record<string, boolean> }>().permissions).toMatchObject({
      edit: false,
      delete: false,
      removeLink: false,
    });
    // The group's own pages of the draft stay closed: the reviewer reads it through its review.
    expect((await guest.get(version)).statusCode).toBe(404);
    expect((await guest.get(`/app/profile/${view.profile.uuid}`)).statusCode).toBe(404);
  });

  it('reads no other draft: not of the same group, not through its own ids, not a later one', async () => {
    const { org, adminCookie, admin, view, version, guest } = await invited();
    const other = await makeProfile(t.app, adminCookie, org.id, 'Not asked');
    const otherVersion = `/app/profile/${other.profile.uuid}/version/${other.version.uuid}`;
    const otherConcept = (
      await admin.post(`${otherVersion}/concepts`, verbForm('hidden'))
    ).json<ConceptChange>().concept;
    expect((await guest.get(`${otherVersion}/concepts`)).statusCode).toBe(404);
    // Another draft's id under the profile the reviewer may read, and the other way round.
    expect(
      (await guest.get(`/app/profile/${view.profile.uuid}/version/${other.version.uuid}/concepts`))
        .statusCode,
    ).toBe(404);
    expect(
      (await guest.get(`/app/profile/${other.profile.uuid}/version/${view.version.uuid}/concepts`))
        .statusCode,
    ).toBe(404);
    // An item of another draft through the draft the reviewer may read.
    expect((await guest.get(`${version}/concepts/${otherConcept.uuid}`)).statusCode).toBe(404);
    // Another group's item, likewise.
    const elsewhere = await makeGroup(t.app, t.database);
    const theirs = await makeProfile(t.app, elsewhere.admin.cookie, elsewhere.org.id, 'Theirs');
    const theirConcept = (
      await callsOf(t.app, elsewhere.admin.cookie).post(
        `/app/profile/${theirs.profile.uuid}/version/${theirs.version.uuid}/concepts`,
        verbForm('theirs'),
      )
    ).json<ConceptChange>().concept;
    expect((await guest.get(`${version}/concepts/${theirConcept.uuid}`)).statusCode).toBe(404);
    expect(
      (
        await guest.get(
          `/app/profile/${theirs.profile.uuid}/version/${theirs.version.uuid}/concepts`,
        )
      ).statusCode,
    ).toBe(404);

    // Once the draft is published the reviewer reads it as anyone does; the next draft, never
    // asked of them, is closed again.
    await publishVersion(t.app, adminCookie, view.profile.uuid, view.version.uuid);
    expect((await guest.get(`${version}/concepts`)).statusCode).toBe(200);
    const next = await admin.post(`${version}/concepts`, verbForm('later'));
    expect(next.statusCode, next.body).toBe(200);
    const nextDraft = next.json<ConceptChange>().versionId;
    expect(nextDraft).not.toBe(view.version.uuid);
    expect(
      (await guest.get(`/app/profile/${view.profile.uuid}/version/${nextDraft}/concepts`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await guest.get(
          `/app/profile/${view.profile.uuid}/changes?from=${view.version.uuid}&to=${nextDraft}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
