import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConceptView } from '../../../common/concepts';
import type { Feedback, FeedbackList, Watch } from '../../../common/feedback';
import { ifMatch } from '../../../common/revisions';
import { buildApp, type BuiltApp } from '../../app';
import type { Database } from '../../db/client';
import { outboxEvents, pendingNotifications } from '../../db/schema';
import { testConfig } from '../../test/app';
import {
  addMember,
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm,
} from '../../test/authoring';
import { createTestDatabase } from '../../test/database';
import { makePerson } from '../../test/people';
import { startSmtpCapture } from '../../test/smtp';

/**
 * Feedback on published versions and watching a profile, with real mail: the group hears of new
 * feedback, its author of each response, a watcher of each new version and deprecation.
 */
let app: BuiltApp;
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://profiles.example.org',
      NOTIFICATION_BATCH_SECONDS: '0',
    }),
    database,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await smtp?.close();
});

const person = (type: 'user' | 'admin' = 'user') =>
  makePerson(database.db, app.services.sessions, { type });

/** A published profile with one concept, its group (admin and member) and its URLs. */
async function published() {
  const { org, admin } = await makeGroup(app, database);
  const member = await addMember(app, database, org.id);
  const view = await makeProfile(app, admin.cookie, org.id);
  const a = callsOf(app, admin.cookie);
  const v1 = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
  const made = await a.post(`${v1}/concepts`, verbForm('skimmed'));
  expect(made.statusCode, made.body).toBe(200);
  const conceptId = made.json<{ concept: { uuid: string } }>().concept.uuid;
  await publishVersion(app, admin.cookie, view.profile.uuid, view.version.uuid);
  return { org, admin, member, view, a, v1, conceptId };
}

const leave = (cookie: string | undefined, v: string, body: Record<string, unknown>) =>
  callsOf(app, cookie).post(`${v}/feedback`, body);

describe('feedback on published versions', () => {
  it('is left by any signed-in person on a published version or its item, and refused otherwise', async () => {
    const { v1, conceptId, admin, org, view } = await published();
    const reader = await person();
    expect((await leave(undefined, v1, { kind: 'problem', body: 'Typo.' })).statusCode).toBe(401);
    const bad = await leave(reader.cookie, v1, { kind: 'rant', body: 'x' });
    expect(bad.statusCode).toBe(400);
    const long = await leave(reader.cookie, v1, { kind: 'problem', body: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    const elsewhere = await leave(reader.cookie, v1, {
      kind: 'problem',
      body: 'On nothing here.',
      itemId: crypto.randomUUID(),
    });
    expect(elsewhere.statusCode).toBe(404);

    const left = await leave(reader.cookie, v1, {
      kind: 'problem',
      body: 'The definition says "skim" twice.',
      itemId: conceptId,
    });
    expect(left.statusCode, left.body).toBe(200);
    const fb = left.json<{ feedback: Feedback }>().feedback;
    expect(fb).toMatchObject({ kind: 'problem', status: 'open', public: true, hidden: false });
    expect(fb.item?.uuid).toBe(conceptId);
    expect(fb.permissions).toEqual({ respond: false, hide: false, remove: false });

    // A draft takes none, and its group's drafts are not there for others at all.
    const draft = await makeProfile(app, admin.cookie, org.id, 'Draft only');
    const draftUrl = `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}`;
    expect((await leave(reader.cookie, draftUrl, { kind: 'question', body: '?' })).statusCode).toBe(
      404,
    );
    expect((await leave(admin.cookie, draftUrl, { kind: 'question', body: '?' })).statusCode).toBe(
      400,
    );

    // The event that webhooks hear, in the transaction of the feedback.
    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, view.profile.uuid));
    const received = events.filter((e) => e.type === 'feedbackReceived');
    expect(received).toHaveLength(1);
    expect(received[0]?.payload).toMatchObject({ feedbackId: fb.uuid, kind: 'problem' });
    // The group hears of it by mail; its author does not.
    await smtp.waitFor(admin.user.email, /New problem on .*skim/, 20_000);
  });

  it('shows private and hidden feedback to its author and the group only', async () => {
    const { v1, a, admin, member } = await published();
    const author = await person();
    const other = await person();
    const secret = await leave(author.cookie, v1, {
      kind: 'question',
      body: 'Private question.',
      public: false,
    });
    const open = await leave(author.cookie, v1, { kind: 'suggestion', body: 'Add French.' });
    const secretId = secret.json<{ feedback: Feedback }>().feedback.uuid;
    const openId = open.json<{ feedback: Feedback }>().feedback.uuid;
    const listOf = async (cookie?: string) =>
      (await callsOf(app, cookie).get(`${v1}/feedback`)).json<FeedbackList>();

    expect((await listOf()).feedback.map((f) => f.uuid)).toEqual([openId]);
    expect((await listOf(other.cookie)).feedback.map((f) => f.uuid)).toEqual([openId]);
    expect((await listOf(author.cookie)).feedback.map((f) => f.uuid)).toEqual([openId, secretId]);
    const group = await listOf(member.cookie);
    expect(group.feedback.map((f) => f.uuid)).toEqual([openId, secretId]);
    expect(group.counts.open).toBe(2);
    expect((await callsOf(app).get(`/app/feedback/${secretId}`)).statusCode).toBe(404);
    expect((await callsOf(app, author.cookie).get(`/app/feedback/${secretId}`)).statusCode).toBe(
      200,
    );

    // A member may not hide; the group's admin may, and then only the group reads it.
    const asMember = await callsOf(app, member.cookie).post(`/app/feedback/${openId}/hide`, {
      hidden: true,
    });
    expect(asMember.statusCode).toBe(403);
    const hidden = await a.post(`/app/feedback/${openId}/hide`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await listOf()).feedback).toEqual([]);
    expect((await listOf(admin.cookie)).feedback.find((f) => f.uuid === openId)?.hidden).toBe(true);

    // Only a site admin removes.
    expect((await a.delete(`/app/feedback/${secretId}`)).statusCode).toBe(403);
    const siteAdmin = await person('admin');
    const removed = await callsOf(app, siteAdmin.cookie).delete(`/app/feedback/${secretId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listOf(admin.cookie)).feedback.map((f) => f.uuid)).toEqual([openId]);
  });

  it('is answered, addressed in a later version and closed by the group, and its author hears of each', async () => {
    const { v1, a, admin, view, conceptId, org } = await published();
    const author = await person();
    const outsider = await person();
    const left = await leave(author.cookie, v1, {
      kind: 'problem',
      body: 'Missing French label.',
      itemId: conceptId,
    });
    const id = left.json<{ feedback: Feedback }>().feedback.uuid;

    expect(
      (await callsOf(app).post(`/app/feedback/${id}/answer`, { answer: 'x' })).statusCode,
    ).toBe(401);
    const refused = await callsOf(app, outsider.cookie).post(`/app/feedback/${id}/answer`, {
      answer: 'Not mine to answer.',
    });
    expect(refused.statusCode).toBe(403);
    const answered = await a.post(`/app/feedback/${id}/answer`, {
      answer: 'Right, it comes in the next version.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<{ feedback: Feedback }>().feedback.status).toBe('answered');
    await smtp.waitFor(author.user.email, /was answered: Right, it comes/, 20_000);

    // Addressed only in a later version of the same profile.
    expect(
      (await a.post(`/app/feedback/${id}/addressed`, { versionId: view.version.uuid })).statusCode,
    ).toBe(400);
    const url = `${v1}/concepts/${conceptId}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const saved = await a.put(
      url,
      {
        ...opened.concept.form,
        translations: [{ language: 'fr', translationName: 'parcourir', translationDesc: 'Lire.' }],
      },
      { 'if-match': ifMatch(opened.concept.revision) },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json<{ versionId: string }>().versionId;
    // The group is offered the new draft to name; the author, outside the group, never learns of it.
    const offered = async (cookie: string) =>
      (await callsOf(app, cookie).get(`${v1}/feedback`))
        .json<FeedbackList>()
        .feedback.map((f) => [f.profileName, f.addressableIn]);
    expect(await offered(admin.cookie)).toEqual([
      [view.version.name, [{ uuid: draftId, version: 2 }]],
    ]);
    expect(await offered(author.cookie)).toEqual([[view.version.name, []]]);
    const addressed = await a.post(`/app/feedback/${id}/addressed`, { versionId: draftId });
    expect(addressed.statusCode, addressed.body).toBe(200);
    expect(addressed.json<{ feedback: Feedback }>().feedback).toMatchObject({
      status: 'addressed',
      addressedIn: { uuid: draftId, version: 2 },
    });
    await smtp.waitFor(author.user.email, /is addressed in a later version/, 20_000);

    const closed = await a.post(`/app/feedback/${id}/close`, { reason: 'Fixed in version 2.' });
    expect(closed.json<{ feedback: Feedback }>().feedback.closedReason).toBe('Fixed in version 2.');
    await smtp.waitFor(author.user.email, /was closed: Fixed in version 2/, 20_000);

    // The group's Feedback tab, with counts, for its members only.
    const tab = await a.get(`/app/org/${org.id}/feedback`);
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json<FeedbackList>().counts).toEqual({
      open: 0,
      answered: 0,
      addressed: 0,
      closed: 1,
    });
    expect(
      (await callsOf(app, outsider.cookie).get(`/app/org/${org.id}/feedback`)).statusCode,
    ).toBe(403);
    expect(admin.user.email).toBeTruthy();
  });

  it('limits how much feedback one person leaves', async () => {
    const { v1 } = await published();
    const sender = await person();
    for (let i = 0; i < 10; i += 1) {
      const ok = await leave(sender.cookie, v1, { kind: 'question', body: `Question ${i}?` });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const limited = await leave(sender.cookie, v1, { kind: 'question', body: 'One more?' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Someone else is not limited by it.
    const other = await person();
    expect((await leave(other.cookie, v1, { kind: 'question', body: 'Mine?' })).statusCode).toBe(
      200,
    );
  });
});

describe('watching a profile', () => {
  it('counts watchers and mails them once of a new version and of what it deprecates', async () => {
    const { v1, a, admin, view, conceptId } = await published();
    const watcher = await person();
    const profileWatch = `/app/profile/${view.profile.uuid}/watch`;
    expect((await callsOf(app).put(profileWatch, {})).statusCode).toBe(401);
    const before = (await callsOf(app).get(profileWatch)).json<Watch>();
    expect(before).toEqual({ success: true, watching: false, watchers: 0 });
    const on = await callsOf(app, watcher.cookie).put(profileWatch, {});
    expect(on.json<Watch>()).toEqual({ success: true, watching: true, watchers: 1 });
    // Twice is still once.
    await callsOf(app, watcher.cookie).put(profileWatch, {});
    expect((await callsOf(app).get(profileWatch)).json<Watch>().watchers).toBe(1);

    // Deprecating the concept lands in a new draft; the watcher hears of it once it is published.
    const url = `${v1}/concepts/${conceptId}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const deprecated = await a.post(
      `${url}/deprecate`,
      { reason: 'Use read instead.', link: '' },
      { 'if-match': ifMatch(opened.concept.revision) },
    );
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    const draftId = deprecated.json<{ versionId: string }>().versionId;
    const pending = await database.db
      .select()
      .from(pendingNotifications)
      .where(eq(pendingNotifications.userId, watcher.user.id));
    expect(pending).toHaveLength(0);
    await publishVersion(app, admin.cookie, view.profile.uuid, draftId);
    await smtp.waitFor(watcher.user.email, /version 2 is published/, 20_000);
    await smtp.waitFor(watcher.user.email, /concept “skimmed” is deprecated/, 20_000);
    const mails = smtp.mailsTo(watcher.user.email);
    const told = mails.filter((m) => /version 2 is published/.test(m.text));
    expect(told).toHaveLength(1);

    const off = await callsOf(app, watcher.cookie).delete(profileWatch);
    expect(off.json<Watch>()).toEqual({ success: true, watching: false, watchers: 0 });
  });
});

describe('the public API of history and feedback', () => {
  it('answers only published content: public feedback of a published version, published revisions of an item', async () => {
    const { v1, a, view, conceptId, org, admin } = await published();
    const author = await person();
    await leave(author.cookie, v1, { kind: 'suggestion', body: 'Public idea.' });
    await leave(author.cookie, v1, { kind: 'question', body: 'Private one.', public: false });
    const api = (url: string) => app.inject({ method: 'GET', url });
    const listed = await api(
      `/api/profile/${view.profile.uuid}/version/${view.version.uuid}/feedback`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json<{ feedback: Array<Record<string, unknown>> }>();
    expect(body.feedback.map((f) => f.body)).toEqual(['Public idea.']);
    expect(body.feedback[0]).not.toHaveProperty('permissions');
    expect(body.feedback[0]).not.toHaveProperty('addressableIn');

    // A change in a new draft is not in the API's history until it is published.
    const url = `${v1}/concepts/${conceptId}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const saved = await a.put(
      url,
      {
        ...opened.concept.form,
        translations: [{ language: 'fr', translationName: 'survoler', translationDesc: 'Lire.' }],
      },
      { 'if-match': ifMatch(opened.concept.revision) },
    );
    const draftId = saved.json<{ versionId: string }>().versionId;
    const history = () =>
      api(`/api/item/${conceptId}/history`).then((r) => r.json<{ history: unknown[] }>().history);
    expect(await history()).toHaveLength(1);
    expect(
      (await api(`/api/profile/${view.profile.uuid}/version/${draftId}/feedback`)).statusCode,
    ).toBe(404);
    await publishVersion(app, admin.cookie, view.profile.uuid, draftId);
    expect(await history()).toHaveLength(2);

    // An item nothing published is not found.
    const draft = await makeProfile(app, admin.cookie, org.id, 'Unpublished');
    const made = await a.post(
      `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/concepts`,
      verbForm('hidden'),
    );
    const hidden = made.json<{ concept: { uuid: string } }>().concept.uuid;
    expect((await api(`/api/item/${hidden}/history`)).statusCode).toBe(404);
    expect((await api(`/api/item/not-a-uuid/history`)).statusCode).toBe(400);
  });
});
