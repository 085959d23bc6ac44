import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConceptView } from '../../../common/concepts';
import type { ReviewState, ReviewThread, ThreadList } from '../../../common/reviews';
import { ifMatch } from '../../../common/revisions';
import { outboxEvents, pendingNotifications } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { makeKeyedGroup } from '../../test/api-keys';
import { addMember, callsOf, makeGroup, makeProfile, verbForm } from '../../test/authoring';
import { makePerson } from '../../test/people';

const t = useTestApp();

type Calls = ReturnType<typeof callsOf>;

async function reviewedDraft() {
  const { org, admin } = await makeGroup(t.app, t.database);
  const author = await addMember(t.app, t.database, org.id);
  const reviewer = await addMember(t.app, t.database, org.id);
  const second = await addMember(t.app, t.database, org.id);
  const view = await makeProfile(t.app, author.cookie, org.id);
  const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
  const a = callsOf(t.app, author.cookie);
  const made = await a.post(`${version}/concepts`, verbForm('skimmed'));
  expect(made.statusCode, made.body).toBe(200);
  const conceptId = made.json<{ concept: { uuid: string } }>().concept.uuid;
  return { org, admin, author, reviewer, second, view, version, a, conceptId };
}

async function editDefinition(calls: Calls, version: string, conceptId: string, text: string) {
  const url = `${version}/concepts/${conceptId}`;
  const opened = (await calls.get(url)).json<ConceptView>();
  expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
  const saved = await calls.put(
    url,
    { ...opened.concept.form, description: text },
    { 'if-match': ifMatch(opened.concept.revision) },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await calls.delete(`${url}/lock`)).statusCode).toBe(200);
}

const threadOf = (response: { json: <T>() => T }) =>
  response.json<{ thread: ReviewThread }>().thread;

const pendingFor = (userId: string) =>
  t.database.db.select().from(pendingNotifications).where(eq(pendingNotifications.userId, userId));

describe('discussion threads on a draft', () => {
  it('anchors a thread to a field and shows it outdated once that field changed', async () => {
    const { reviewer, version, a, conceptId, author } = await reviewedDraft();
    const r = callsOf(t.app, reviewer.cookie);
    const onDefinition = await r.post(`${version}/review/threads`, {
      itemId: conceptId,
      field: ['definition', 'en'],
      body: 'Is **skimming** reading? cc @' + author.user.username,
    });
    expect(onDefinition.statusCode, onDefinition.body).toBe(200);
    const thread = threadOf(onDefinition);
    expect(thread).toMatchObject({
      itemId: conceptId,
      field: ['definition', 'en'],
      outdated: false,
    });
    expect(thread.messages[0]).toMatchObject({ mine: true, deleted: false });
    const onName = threadOf(
      await r.post(`${version}/review/threads`, {
        itemId: conceptId,
        field: ['prefLabel', 'en'],
        body: 'The name is fine.',
      }),
    );
    const onVersion = threadOf(
      await r.post(`${version}/review/threads`, { body: 'Overall good.' }),
    );
    expect(onVersion.itemId).toBeNull();
    // The mention reached the author.
    expect((await pendingFor(author.user.id)).map((n) => n.kind)).toContain('mentioned');

    await editDefinition(a, version, conceptId, 'To read quickly, looking for the gist.');
    const threads = (
      await a.get(`${version}/review/threads?itemId=${conceptId}`)
    ).json<ThreadList>().threads;
    expect(threads.map((x) => [x.id, x.outdated])).toEqual([
      [thread.id, true],
      [onName.id, false],
    ]);
    expect(threads[0]?.anchorRevisionId).toBe(thread.anchorRevisionId);
  });

  it('anchors a thread to one rule of a template: a change to another rule leaves it current', async () => {
    const { reviewer, version, a } = await reviewedDraft();
    const made = await a.post(`${version}/templates`, {
      name: 'Scored',
      description: 'Someone was scored.',
      iriType: 'generated-iri',
      geniri: 'scored',
    });
    expect(made.statusCode, made.body).toBe(200);
    const url = `${version}/templates/${made.json<{ template: { uuid: string } }>().template.uuid}`;
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    for (const location of ['$.result.score.raw', '$.result.success']) {
      const rule = await a.post(`${url}/rules`, { rule: { location, presence: 'included' } });
      expect(rule.statusCode, rule.body).toBe(200);
    }
    const r = callsOf(t.app, reviewer.cookie);
    const onSecondRule = await r.post(`${version}/review/threads`, {
      itemId: made.json<{ template: { uuid: string } }>().template.uuid,
      field: ['rules', '1'],
      body: 'Should success be required?',
    });
    expect(onSecondRule.statusCode, onSecondRule.body).toBe(200);
    const outdated = async () =>
      (await r.get(`${version}/review/threads`)).json<ThreadList>().threads.map((x) => x.outdated);

    const first = await a.put(`${url}/rules/0`, {
      rule: { location: '$.result.score.raw', presence: 'recommended' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await outdated()).toEqual([false]);
    const second = await a.put(`${url}/rules/1`, {
      rule: { location: '$.result.success', presence: 'recommended' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await outdated()).toEqual([true]);
  });

  it('lets authors edit and delete their own messages only, and replies notify the thread', async () => {
    const { reviewer, version, a } = await reviewedDraft();
    const r = callsOf(t.app, reviewer.cookie);
    const thread = threadOf(await r.post(`${version}/review/threads`, { body: 'First.' }));
    const replied = threadOf(
      await a.post(`${version}/review/threads/${thread.id}/messages`, { body: 'Answer.' }),
    );
    expect(replied.messages).toHaveLength(2);
    expect((await pendingFor(reviewer.user.id)).map((n) => n.kind)).toContain('replied');
    const [first, second] = replied.messages;
    const edit = (calls: Calls, id: string, body: string) =>
      calls.put(`${version}/review/threads/${thread.id}/messages/${id}`, { body });

    expect((await edit(a, first!.id, 'Not mine')).statusCode).toBe(403);
    expect(
      (await a.delete(`${version}/review/threads/${thread.id}/messages/${first!.id}`)).statusCode,
    ).toBe(403);
    const edited = threadOf(await edit(r, first!.id, 'First, edited.'));
    expect(edited.messages[0]).toMatchObject({ body: 'First, edited.' });
    expect(edited.messages[0]?.editedAt).not.toBeNull();
    const deleted = threadOf(
      await a.delete(`${version}/review/threads/${thread.id}/messages/${second!.id}`),
    );
    expect(deleted.messages[1]).toMatchObject({ body: '', deleted: true });
    expect((await edit(a, second!.id, 'Back')).statusCode).toBe(409);
    expect((await r.post(`${version}/review/threads`, { body: '' })).statusCode).toBe(400);
    expect(
      (await r.post(`${version}/review/threads`, { body: 'x'.repeat(10_001) })).statusCode,
    ).toBe(400);
  });

  it('resolves and reopens, recording an event for the group’s hooks', async () => {
    const { reviewer, version, a, view } = await reviewedDraft();
    const r = callsOf(t.app, reviewer.cookie);
    const thread = threadOf(await r.post(`${version}/review/threads`, { body: 'Fix this.' }));
    const resolved = threadOf(await a.post(`${version}/review/threads/${thread.id}/resolve`));
    expect(resolved.resolved).toBe(true);
    expect(resolved.resolvedBy?.name).toBeTruthy();
    const events = await t.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'reviewThreadResolved'),
          eq(outboxEvents.aggregateId, view.profile.uuid),
        ),
      );
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]?.payload)).not.toContain('Fix this');
    const reopened = threadOf(await r.post(`${version}/review/threads/${thread.id}/reopen`));
    expect(reopened.resolved).toBe(false);
  });
});

describe('review requests and the group’s rule', () => {
  it('blocks publishing until the approvals hold, asks again after a change, and lets an admin override', async () => {
    const { org, admin, reviewer, second, view, version, a, conceptId } = await reviewedDraft();
    const r = callsOf(t.app, reviewer.cookie);
    const s = callsOf(t.app, second.cookie);
    const adminCalls = callsOf(t.app, admin.cookie);

    // Only the group's admins set the rule.
    expect(
      (
        await a.put(`/app/org/${org.id}/review-rule`, {
          approvalsRequired: 2,
          reapproveAfterChange: true,
        })
      ).statusCode,
    ).toBe(403);
    const set = await adminCalls.put(`/app/org/${org.id}/review-rule`, {
      approvalsRequired: 2,
      reapproveAfterChange: true,
    });
    expect(set.statusCode, set.body).toBe(200);

    const asked = await a.post(`${version}/review/requests`, {
      reviewers: [reviewer.user.username, second.user.username],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await pendingFor(reviewer.user.id)).map((n) => n.kind)).toContain('reviewRequested');
    expect(
      (await a.post(`${version}/review/requests`, { reviewers: ['nobody-has-this-name'] }))
        .statusCode,
    ).toBe(400);

    const publish = (calls: Calls, body: Record<string, unknown> = {}) =>
      calls.post(`${version}/publish`, { confirmed: true, ...body });
    const refused = await publish(a);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('REVIEW_REQUIRED');
    expect(refused.json<{ message: string }>().message).toContain('needs 2 approvals and has 0');

    // Only people asked may decide.
    expect((await a.post(`${version}/review/decision`, { decision: 'approve' })).statusCode).toBe(
      403,
    );
    const changes = await r.post(`${version}/review/decision`, {
      decision: 'changes',
      message: 'Define it better.',
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect((await r.post(`${version}/review/decision`, { decision: 'changes' })).statusCode).toBe(
      400,
    );
    await editDefinition(a, version, conceptId, 'To read quickly for the gist.');
    await r.post(`${version}/review/decision`, { decision: 'approve' });
    await s.post(`${version}/review/decision`, { decision: 'approve' });
    let state = (await a.get(`${version}/review`)).json<ReviewState>();
    expect(state.approvals).toBe(2);
    expect(state.missing).toEqual([]);

    // A change after the approvals: both were given on older content.
    await editDefinition(a, version, conceptId, 'To read quickly.');
    state = (await a.get(`${version}/review`)).json<ReviewState>();
    expect(state.approvals).toBe(0);
    expect(state.reviewers.map((x) => x.current)).toEqual([false, false]);
    expect((await publish(a)).statusCode).toBe(409);

    // A member cannot override; the admin can, and the reason is kept with the version.
    expect((await publish(a, { overrideReason: 'Urgent fix' })).statusCode).toBe(403);
    const overridden = await publish(adminCalls, { overrideReason: 'Urgent fix' });
    expect(overridden.statusCode, overridden.body).toBe(200);
    state = (await adminCalls.get(`${version}/review`)).json<ReviewState>();
    expect(state.override).toMatchObject({ reason: 'Urgent fix' });
    expect(state.override?.by?.uuid).toBe(admin.user.id);
    expect(view.profile.uuid).toBeTruthy();
  });

  it('publishes once the approvals are current, with no override', async () => {
    const { org, admin, reviewer, version, a } = await reviewedDraft();
    await callsOf(t.app, admin.cookie).put(`/app/org/${org.id}/review-rule`, {
      approvalsRequired: 1,
      reapproveAfterChange: false,
    });
    await a.post(`${version}/review/requests`, { reviewers: [reviewer.user.username] });
    expect((await a.post(`${version}/publish`, { confirmed: true })).statusCode).toBe(409);
    await callsOf(t.app, reviewer.cookie).post(`${version}/review/decision`, {
      decision: 'approve',
    });
    const published = await a.post(`${version}/publish`, { confirmed: true });
    expect(published.statusCode, published.body).toBe(200);
    // A published version's discussion is settled.
    expect(
      (await callsOf(t.app, reviewer.cookie).post(`${version}/review/threads`, { body: 'Late' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses the public API’s publish too, naming no one', async () => {
    const group = await makeKeyedGroup(t.app, 'Reviewed');
    const view = await makeProfile(t.app, group.cookie, group.organizationId);
    await callsOf(t.app, group.cookie).put(`/app/org/${group.organizationId}/review-rule`, {
      approvalsRequired: 1,
      reapproveAfterChange: true,
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/profile/${view.version.uuid}/status`,
      headers: { 'x-api-key': group.keys.readWrite, 'content-type': 'application/json' },
      payload: JSON.stringify({ published: true }),
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.body).toContain('needs 1 approval and has 0');
  });

  it('holds every publish through the public API to the rule, then publishes once approved', async () => {
    const group = await makeKeyedGroup(t.app, 'Reviewed by API');
    const reviewer = await addMember(t.app, t.database, group.organizationId);
    const view = await makeProfile(t.app, group.cookie, group.organizationId);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const site = callsOf(t.app, group.cookie);
    expect((await site.post(`${version}/concepts`, verbForm('fetched'))).statusCode).toBe(200);
    await site.put(`/app/org/${group.organizationId}/review-rule`, {
      approvalsRequired: 1,
      reapproveAfterChange: true,
    });
    await site.post(`${version}/review/requests`, { reviewers: [reviewer.user.username] });
    await callsOf(t.app, reviewer.cookie).post(`${version}/review/threads`, {
      body: 'Private remark by the reviewer.',
    });
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, more = {}) =>
      t.app.inject({
        method,
        url,
        headers: {
          'x-api-key': group.keys.readWrite,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...more,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const refused = (answer: { statusCode: number; body: string }) => {
      expect(answer.statusCode, answer.body).toBe(409);
      const error = JSON.parse(answer.body) as { code: string; message: string };
      expect(error.code).toBe('REVIEW_REQUIRED');
      // What is missing and who can decide, naming no one and quoting nothing.
      expect(error.message).toContain('needs 1 approval and has 0');
      expect(error.message).toContain('a group admin can publish it anyway on the site');
      expect(answer.body).not.toContain(reviewer.user.username!);
      expect(answer.body).not.toContain('Private remark');
    };

    // The status route and a replacement asking to be published both come through the gate.
    refused(await api('POST', `/api/profile/${view.version.uuid}/status`, { published: true }));
    const read = await api('GET', `/api/profile/${view.version.uuid}`);
    expect(read.statusCode, read.body).toBe(200);
    refused(
      await api(
        'PUT',
        `/api/profile/${view.version.uuid}`,
        { profile: read.json<Record<string, unknown>>(), status: { published: true } },
        { 'if-match': read.headers.etag as string },
      ),
    );
    expect((await site.get(`${version}/review`)).json<ReviewState>().missing).toHaveLength(1);

    // Once the reviewer approves, the same call publishes.
    await callsOf(t.app, reviewer.cookie).post(`${version}/review/decision`, {
      decision: 'approve',
    });
    const published = await api('POST', `/api/profile/${view.version.uuid}/status`, {
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ status: { published: boolean } }>().status.published).toBe(true);
  });

  it('lets an invited reviewer read and comment on that draft only, and not edit it', async () => {
    const { reviewer, version, a, conceptId, view } = await reviewedDraft();
    const guest = await makePerson(t.database.db, t.app.services.sessions);
    const g = callsOf(t.app, guest.cookie);
    expect((await g.get(`${version}/review`)).statusCode).toBe(404);
    const asked = await a.post(`${version}/review/requests`, { reviewers: [guest.user.username] });
    expect(
      asked.json<ReviewState>().reviewers.find((x) => x.reviewer.uuid === guest.user.id)?.invited,
    ).toBe(true);
    expect((await g.get(`${version}/review`)).json<ReviewState>().viewer).toBe('reviewer');
    const thread = await g.post(`${version}/review/threads`, {
      itemId: conceptId,
      body: 'A guest note.',
    });
    expect(thread.statusCode, thread.body).toBe(200);
    expect(
      (await g.post(`${version}/review/requests`, { reviewers: [reviewer.user.username] }))
        .statusCode,
    ).toBe(403);
    // The draft's items are there to read, not to change.
    expect((await g.get(`${version}/concepts/${conceptId}`)).statusCode).toBe(200);
    expect((await g.post(`${version}/concepts`, verbForm('guessed'))).statusCode).toBe(404);
    const mine = await g.get('/app/user/reviews');
    expect(
      mine.json<{ reviews: { versionId: string }[] }>().reviews.map((x) => x.versionId),
    ).toEqual([view.version.uuid]);
  });

  it('answers 404 to outsiders and for another group’s ids, and 401 to the anonymous', async () => {
    const one = await reviewedDraft();
    const two = await reviewedDraft();
    const thread = threadOf(await one.a.post(`${one.version}/review/threads`, { body: 'Ours.' }));
    const outsider = callsOf(
      t.app,
      (await makePerson(t.database.db, t.app.services.sessions)).cookie,
    );
    expect((await outsider.get(`${one.version}/review/threads`)).statusCode).toBe(404);
    expect((await outsider.get(`/app/org/${one.org.id}/review-rule`)).statusCode).toBe(404);
    expect((await callsOf(t.app).get(`${one.version}/review/threads`)).statusCode).toBe(401);
    // Group two's member, with group one's thread under group two's version: not found.
    expect(
      (await two.a.post(`${two.version}/review/threads/${thread.id}/resolve`)).statusCode,
    ).toBe(404);
    expect(
      (
        await two.a.get(
          `/app/profile/${one.view.profile.uuid}/version/${one.view.version.uuid}/review`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await two.a.get(
          `/app/profile/${two.view.profile.uuid}/version/${one.view.version.uuid}/review`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('what a discussion never reaches', () => {
  it('leaves no thread text or reviewer name in the published document, search, SPARQL or exports', async () => {
    const { reviewer, version, a, conceptId, view } = await reviewedDraft();
    const marker = 'quokkamarker';
    const r = callsOf(t.app, reviewer.cookie);
    await a.post(`${version}/review/requests`, { reviewers: [reviewer.user.username] });
    await r.post(`${version}/review/threads`, {
      itemId: conceptId,
      field: ['definition', 'en'],
      body: `Please reword ${marker}.`,
    });
    await r.post(`${version}/review/decision`, { decision: 'approve', message: marker });
    const published = await a.post(`${version}/publish`, { confirmed: true });
    expect(published.statusCode, published.body).toBe(200);
    const reviewerName = reviewer.user.username!;
    const visitor = callsOf(t.app);
    const readings = [
      await t.app.inject({ method: 'GET', url: `/api/profile/${view.version.uuid}` }),
      await visitor.get(`/app/profile/${view.profile.uuid}`),
      await visitor.get(`${version}/docs`),
      await visitor.get(`/app/search/profiles?search=${marker}`),
      await visitor.get(`/app/search/concepts?search=${marker}`),
      await visitor.get(`/app/search/concepts?search=skimmed`),
      await t.app.inject({
        method: 'POST',
        url: '/api/sparql',
        headers: {
          'content-type': 'application/sparql-query',
          accept: 'application/sparql-results+json',
        },
        payload: `SELECT ?s ?p ?o WHERE { ?s ?p ?o . FILTER(CONTAINS(STR(?o), "${marker}")) }`,
      }),
    ];
    for (const reading of readings) {
      expect(reading.statusCode, reading.body).toBeLessThan(500);
      expect(reading.body).not.toContain(marker);
      expect(reading.body).not.toContain(reviewerName);
    }
    // The review itself stays with the group's members.
    expect((await visitor.get(`${version}/review`)).statusCode).toBe(401);
    const member = await a.get(`${version}/review/threads`);
    expect(member.body).toContain(marker);
  });
});
