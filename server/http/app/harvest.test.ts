import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptList } from '../../../common/concepts';
import {
  HARVEST_LIMITS,
  type HarvestCandidate,
  type HarvestFile,
  type HarvestQueue,
} from '../../../common/harvest';
import type { ProfileView } from '../../../common/profiles';
import { harvestFiles } from '../../db/schema';
import { HARVEST_FILES_PER_PROFILE } from '../../modules/harvest/service';
import { useTestApp } from '../../test/app';
import { addMember, callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';

/** A low bound, so the limit can be crossed with a few statements. */
const MAX_STATEMENTS = 5;

const actor = { objectType: 'Agent', mbox: 'mailto:learner@example.org' };

/** Concepts a test makes on the server, under IRIs of their own. */
function iris() {
  const root = `https://example.org/${randomUUID()}`;
  return {
    verb: `${root}/verbs/read`,
    activity: `${root}/activities/chapter-1`,
    activityType: `${root}/activity-types/chapter`,
    usage: `${root}/attachments/cover`,
    contextExtension: `${root}/extensions/device`,
    resultExtension: `${root}/extensions/pages`,
    activityExtension: `${root}/extensions/difficulty`,
  };
}
type Iris = ReturnType<typeof iris>;

const verbForm = (iri: string, name = 'read') => ({
  conceptType: 'Verb',
  name,
  description: `To ${name}.`,
  iriType: 'external-iri',
  extiri: iri,
});

/** One concept of each kind the statements use, under the IRIs given. */
function conceptForms(i: Iris) {
  const extension = (iri: string, type: string, name: string) => ({
    conceptType: 'Extension',
    name,
    description: `The ${name}.`,
    iriType: 'external-iri',
    extiri: iri,
    type,
    schemaType: 'schemaString',
    schemaString: 'https://example.org/schemas/any.json',
  });
  return [
    verbForm(i.verb),
    {
      conceptType: 'ActivityType',
      name: 'chapter',
      description: 'A chapter.',
      iriType: 'external-iri',
      extiri: i.activityType,
    },
    {
      conceptType: 'AttachmentUsageType',
      name: 'cover',
      description: 'A cover image.',
      iriType: 'external-iri',
      extiri: i.usage,
    },
    {
      conceptType: 'Activity',
      name: 'Chapter one',
      description: 'The first chapter.',
      iriType: 'external-iri',
      extiri: i.activity,
      activityType: i.activityType,
    },
    extension(i.contextExtension, 'ContextExtension', 'device'),
    extension(i.resultExtension, 'ResultExtension', 'pages'),
    extension(i.activityExtension, 'ActivityExtension', 'difficulty'),
  ];
}

/** A statement using every kind of concept, as the concepts above describe them. */
const fullStatement = (i: Iris) => ({
  actor,
  verb: { id: i.verb, display: { en: 'read' } },
  object: {
    id: i.activity,
    definition: {
      name: { en: 'Chapter one' },
      description: { en: 'The first chapter.' },
      type: i.activityType,
      extensions: { [i.activityExtension]: 2 },
    },
  },
  result: { extensions: { [i.resultExtension]: 12 } },
  context: { extensions: { [i.contextExtension]: 'tablet' } },
  attachments: [
    {
      usageType: i.usage,
      display: { en: 'Cover' },
      contentType: 'image/png',
      length: 10,
      sha2: 'aa',
    },
  ],
});

const simpleStatement = (verbIri: string, display: Record<string, string> = { en: 'did' }) => ({
  actor,
  verb: { id: verbIri, display },
  object: { id: 'https://example.org/activities/anything' },
});

describe('the Import Queue', () => {
  const t = useTestApp({ IMPORT_MAX_STATEMENTS: String(MAX_STATEMENTS) });
  const queueUrl = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}/harvest`;
  const conceptsUrl = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}/concepts`;

  /** Another group's published profile holding a concept of each kind. */
  async function publishedConcepts() {
    const i = iris();
    const other = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const calls = callsOf(t.app, other.admin.cookie);
    const ids: Record<string, string> = {};
    for (const form of conceptForms(i)) {
      const made = await calls.post(conceptsUrl(view), form);
      expect(made.statusCode, made.body).toBe(200);
      ids[form.extiri] = made.json<ConceptChange>().concept.uuid;
    }
    const published = await publishVersion(
      t.app,
      other.admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    return { i, ids, other, view: published };
  }

  /** A group with a draft profile: the queue's owner. */
  async function ownDraft() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    return { org, admin, view, calls: callsOf(t.app, admin.cookie) };
  }

  async function upload(
    cookie: string,
    url: string,
    body: unknown,
    fileName = 'statements.json',
  ): Promise<HarvestFile> {
    const response = await callsOf(t.app, cookie).post(`${url}?fileName=${fileName}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ file: HarvestFile }>().file;
  }

  const candidate = (file: HarvestFile, type: HarvestCandidate['type'], iri: string) => {
    const found = file.candidates.find((c) => c.type === type && c.iri === iri);
    if (!found) throw new Error(`no ${type} ${iri} in ${JSON.stringify(file.candidates)}`);
    return found;
  };

  it('harvests every kind of concept of a file, each matching the published concept', async () => {
    const { i, ids, view: otherView } = await publishedConcepts();
    const { admin, view } = await ownDraft();
    const file = await upload(admin.cookie, queueUrl(view), [fullStatement(i)]);
    expect(file).toMatchObject({
      fileName: 'statements.json',
      statementCount: 1,
      skippedCount: 0,
      candidateCount: 7,
      problems: [],
    });
    const expected: Array<[HarvestCandidate['type'], string]> = [
      ['Verb', i.verb],
      ['Activity', i.activity],
      ['ActivityType', i.activityType],
      ['AttachmentUsageType', i.usage],
      ['ActivityExtension', i.activityExtension],
      ['ContextExtension', i.contextExtension],
      ['ResultExtension', i.resultExtension],
    ];
    for (const [type, iri] of expected) {
      const c = candidate(file, type, iri);
      expect(c.match.state, `${type} ${JSON.stringify(c.match)}`).toBe('yes');
      expect(c.match.alert).toBe('This concept matches a concept already on the server.');
      expect(c.match.existing).toMatchObject({
        id: ids[iri],
        iri,
        type,
        deprecated: false,
        profile: { id: otherView.profile.uuid, name: 'Other' },
        path: `/profile/${otherView.profile.uuid}/concepts/${ids[iri]}`,
      });
    }
    expect(candidate(file, 'Activity', i.activity)).toMatchObject({
      name: { en: 'Chapter one' },
      description: { en: 'The first chapter.' },
      activityType: i.activityType,
    });
  });

  it('merges a concept used by several statements, and skips a bad statement by its index', async () => {
    const { admin, view } = await ownDraft();
    const verbIri = `https://example.org/${randomUUID()}/verbs/did`;
    const file = await upload(admin.cookie, queueUrl(view), {
      statements: [
        simpleStatement(verbIri, { en: 'did' }),
        { actor, object: { id: 'https://example.org/a' } },
        simpleStatement(verbIri, { de: 'tat' }),
      ],
    });
    expect(file).toMatchObject({ statementCount: 2, skippedCount: 1 });
    expect(file.problems).toHaveLength(1);
    expect(file.problems[0]?.index).toBe(1);
    expect(file.problems[0]?.message).toMatch(/verb/);
    const verb = candidate(file, 'Verb', verbIri);
    expect(verb).toMatchObject({ name: { en: 'did', de: 'tat' }, statementCount: 2 });
    expect(verb.match).toMatchObject({
      state: 'no',
      alert: 'No concept with this IRI is on the server yet.',
      existing: null,
    });
    expect(file.candidates.filter((c) => c.iri === verbIri)).toHaveLength(1);
  });

  it('takes no profile version named in a category for an activity to create', async () => {
    const { admin, view } = await ownDraft();
    const verbIri = `https://example.org/${randomUUID()}/verbs/did`;
    const statement = {
      ...simpleStatement(verbIri),
      context: {
        contextActivities: {
          category: [{ id: view.version.iri }, { id: 'https://example.org/topics/reading' }],
        },
      },
    };
    const file = await upload(admin.cookie, queueUrl(view), [statement]);
    const activities = file.candidates.filter((c) => c.type === 'Activity').map((c) => c.iri);
    expect(activities).not.toContain(view.version.iri);
    expect(activities).toEqual(
      expect.arrayContaining([
        'https://example.org/activities/anything',
        'https://example.org/topics/reading',
      ]),
    );
  });

  it('tells each match state apart: inProfile, partial, deprecated, parentless', async () => {
    const { i, other, view: otherView } = await publishedConcepts();
    const { admin, org, view, calls } = await ownDraft();

    // In profile: a verb of the queue's own version.
    const ownIri = `${view.profile.iri}/verbs/mine`;
    expect((await calls.post(conceptsUrl(view), verbForm(ownIri, 'mine'))).statusCode).toBe(200);

    // Deprecated: the other group deprecates its activity type (in its new draft).
    const otherCalls = callsOf(t.app, other.admin.cookie);
    const list = (await otherCalls.get(`${conceptsUrl(otherView)}?limit=100`)).json<ConceptList>();
    const typeId = list.concepts.find((c) => c.iri === i.activityType)!.uuid;
    expect((await otherCalls.post(`${conceptsUrl(otherView)}/${typeId}/lock`)).statusCode).toBe(
      200,
    );
    const deprecated = await otherCalls.post(`${conceptsUrl(otherView)}/${typeId}/deprecate`, {
      reason: 'Replaced.',
    });
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    // Deprecated for everyone once the draft that deprecates it is published.
    await publishVersion(
      t.app,
      other.admin.cookie,
      otherView.profile.uuid,
      deprecated.json<ConceptChange>().versionId,
    );

    // Parentless: a concept whose profile was deleted.
    const gone = await makeGroup(t.app, t.database);
    const goneView = await makeProfile(t.app, gone.admin.cookie, gone.org.id, 'Gone');
    const orphanIri = `https://example.org/${randomUUID()}/verbs/lost`;
    await callsOf(t.app, gone.admin.cookie).post(conceptsUrl(goneView), verbForm(orphanIri));
    const deleted = await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${goneView.profile.uuid}?confirmName=Gone`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Only in another group's unpublished draft: nothing of it is shown, not even that it exists.
    const hidden = await makeGroup(t.app, t.database);
    const hiddenView = await makeProfile(t.app, hidden.admin.cookie, hidden.org.id, 'Secret');
    const hiddenIri = `https://example.org/${randomUUID()}/verbs/secret`;
    await callsOf(t.app, hidden.admin.cookie).post(
      conceptsUrl(hiddenView),
      verbForm(hiddenIri, 'whisper'),
    );

    const file = await upload(admin.cookie, queueUrl(view), [
      simpleStatement(ownIri, { en: 'mine' }),
      // Partial: the statements call the verb otherwise; the activity's name differs too.
      {
        actor,
        verb: { id: i.verb, display: { en: 'reads', fr: 'lit' } },
        object: { id: i.activity, definition: { name: { en: 'Chapter 1' }, type: i.activityType } },
      },
      simpleStatement(orphanIri),
      simpleStatement(hiddenIri, { en: 'whisper' }),
      // The verb's IRI used as an extension: a concept of another type.
      {
        ...simpleStatement(ownIri, { en: 'mine' }),
        result: { extensions: { [i.verb]: 1 } },
      },
    ]);
    const own = candidate(file, 'Verb', ownIri);
    expect(own.match).toMatchObject({
      state: 'inProfile',
      alert: 'This concept is already in profile and can not be added.',
      existing: { iri: ownIri },
    });
    expect(own.match.existing?.path).toBe(
      `/organization/${org.id}/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts/${own.match.existing?.id}`,
    );

    const verb = candidate(file, 'Verb', i.verb);
    expect(verb.match.state).toBe('partial');
    // Only languages both sides have are compared.
    expect(verb.match.differences).toEqual([
      { field: 'prefLabel.en', statements: 'reads', server: 'read' },
    ]);
    const activity = candidate(file, 'Activity', i.activity);
    expect(activity.match.state).toBe('partial');
    expect(activity.match.differences).toEqual([
      { field: 'prefLabel.en', statements: 'Chapter 1', server: 'Chapter one' },
    ]);
    const asExtension = candidate(file, 'ResultExtension', i.verb);
    expect(asExtension.match).toMatchObject({
      state: 'partial',
      differences: [{ field: 'type', statements: 'ResultExtension', server: 'Verb' }],
    });

    const type = candidate(file, 'ActivityType', i.activityType);
    expect(type.match).toMatchObject({
      state: 'deprecated',
      alert: 'This concept has been deprecated and can not be added.',
      existing: { deprecated: true },
    });

    const orphan = candidate(file, 'Verb', orphanIri);
    expect(orphan.match).toMatchObject({
      state: 'parentless',
      alert: 'This concept has no parent profile and can not be added.',
      existing: { iri: orphanIri, profile: null, path: null },
    });

    // Another group's draft reads as nothing at all; taking its IRI is refused as for any
    // taken IRI, without saying by what.
    const secret = candidate(file, 'Verb', hiddenIri);
    expect(secret.match).toEqual({
      state: 'no',
      alert: 'No concept with this IRI is on the server yet.',
      existing: null,
      differences: [],
    });
    expect(JSON.stringify(file)).not.toContain('Secret');
    const taken = await calls.post(`${queueUrl(view)}/${file.id}/add`, { key: secret.key });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.body).not.toContain('Secret');
  });

  it('adds a matching concept to a published version through its new draft, where the queue then is', async () => {
    const { i, ids } = await publishedConcepts();
    const { admin, view, calls } = await ownDraft();
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const publishedId = published.version.uuid;
    const file = await upload(admin.cookie, queueUrl(view, publishedId), [fullStatement(i)]);
    const key = candidate(file, 'Verb', i.verb).key;

    const added = await calls.post(`${queueUrl(view, publishedId)}/${file.id}/add`, { key });
    expect(added.statusCode, added.body).toBe(200);
    const answer = added.json<{ versionId: string; file: HarvestFile }>();
    expect(answer.versionId).not.toBe(publishedId);
    expect(candidate(answer.file, 'Verb', i.verb).match.state).toBe('inProfile');
    expect(candidate(answer.file, 'Activity', i.activity).match.state).toBe('yes');

    // The concept is a link of the new draft; the published version did not change.
    const draftList = (await calls.get(conceptsUrl(view, answer.versionId))).json<ConceptList>();
    expect(draftList.concepts.find((c) => c.uuid === ids[i.verb])).toMatchObject({ linked: true });
    const publishedList = (await calls.get(conceptsUrl(view, publishedId))).json<ConceptList>();
    expect(publishedList.total).toBe(0);

    // The queue moved with the draft; the published version no longer has one.
    const queue = await calls.get(queueUrl(view, answer.versionId));
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<HarvestQueue>()).toMatchObject({
      files: [{ id: file.id, candidateCount: 7 }],
      maxStatements: MAX_STATEMENTS,
    });
    expect((await calls.get(queueUrl(view, publishedId))).statusCode).toBe(404);
    const again = await calls.get(`${queueUrl(view, answer.versionId)}/${file.id}`);
    expect(candidate(again.json<{ file: HarvestFile }>().file, 'Verb', i.verb).match.state).toBe(
      'inProfile',
    );
  });

  it('refuses an add whose state changed since the queue was read, naming the new state', async () => {
    const { i, other, view: otherView } = await publishedConcepts();
    const { admin, view, calls } = await ownDraft();
    const file = await upload(admin.cookie, queueUrl(view), [fullStatement(i)]);
    const verb = candidate(file, 'Verb', i.verb);
    expect(verb.match.state).toBe('yes');

    const otherCalls = callsOf(t.app, other.admin.cookie);
    const verbId = verb.match.existing!.id;
    await otherCalls.post(`${conceptsUrl(otherView)}/${verbId}/lock`);
    const deprecated = await otherCalls.post(`${conceptsUrl(otherView)}/${verbId}/deprecate`, {
      reason: 'Replaced.',
    });
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    // Until its draft is published, the deprecation is the other group's alone: nothing changed.
    const unchanged = await upload(admin.cookie, queueUrl(view), [fullStatement(i)]);
    expect(candidate(unchanged, 'Verb', i.verb).match.state).toBe('yes');
    await publishVersion(
      t.app,
      other.admin.cookie,
      otherView.profile.uuid,
      deprecated.json<ConceptChange>().versionId,
    );

    const refused = await calls.post(`${queueUrl(view)}/${file.id}/add`, { key: verb.key });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MATCH_STATE_CHANGED' });
    expect(refused.json<{ message: string }>().message).toMatch(/"deprecated"/);
    // A state other than yes is never added.
    const activityType = candidate(file, 'ActivityType', i.activityType);
    const list = (await calls.get(conceptsUrl(view))).json<ConceptList>();
    expect(list.concepts.map((c) => c.iri)).not.toContain(i.verb);
    expect(
      (await calls.post(`${queueUrl(view)}/${file.id}/add`, { key: activityType.key })).statusCode,
    ).toBe(200);
    const twice = await calls.post(`${queueUrl(view)}/${file.id}/add`, { key: activityType.key });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toMatch(/"inProfile"/);
    const unknown = await calls.post(`${queueUrl(view)}/${file.id}/add`, { key: 'Verb urn:x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a file over the statement limit whole', async () => {
    const { admin, view, calls } = await ownDraft();
    const statements = Array.from({ length: MAX_STATEMENTS + 1 }, (_, n) =>
      simpleStatement(`https://example.org/verbs/v${n}`),
    );
    const refused = await calls.post(`${queueUrl(view)}?fileName=many.json`, statements);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_STATEMENTS' });
    expect(refused.json<{ message: string }>().message).toMatch(/6 statements.*at most 5/);
    expect((await calls.get(queueUrl(view))).json<HarvestQueue>().files).toEqual([]);
    await upload(admin.cookie, queueUrl(view), statements.slice(0, MAX_STATEMENTS));
  });

  it('refuses a profile document, telling the user to import it as a profile', async () => {
    const { view, calls } = await ownDraft();
    const refused = await calls.post(`${queueUrl(view)}?fileName=profile.jsonld`, {
      '@context': 'https://w3id.org/xapi/profiles/context',
      id: 'https://example.org/profile',
      type: 'Profile',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PROFILE_DOCUMENT' });
    expect(refused.json<{ message: string }>().message).toMatch(/profile document/);
  });

  it('refuses what is not statements, and a file name that is not .json or .jsonld', async () => {
    const { view, calls } = await ownDraft();
    const notStatements = await calls.post(`${queueUrl(view)}?fileName=a.json`, []);
    expect(notStatements.statusCode).toBe(400);
    expect(notStatements.json<{ message: string }>().message).toMatch(/no xAPI statements/);
    const badName = await calls.post(`${queueUrl(view)}?fileName=a.txt`, [
      simpleStatement('https://example.org/verbs/x'),
    ]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json<{ message: string }>().message).toMatch(/\.json or \.jsonld/);
    const noName = await calls.post(queueUrl(view), [simpleStatement('https://example.org/v')]);
    expect(noName.statusCode).toBe(400);
  });

  it('lists files, shows one, and removes one', async () => {
    const { admin, view, calls } = await ownDraft();
    const first = await upload(
      admin.cookie,
      queueUrl(view),
      [simpleStatement('urn:v:1')],
      'a.json',
    );
    const second = await upload(
      admin.cookie,
      queueUrl(view),
      [simpleStatement('urn:v:2')],
      'b.jsonld',
    );
    const queue = (await calls.get(queueUrl(view))).json<HarvestQueue>();
    expect(queue.files.map((f) => f.fileName)).toEqual(['a.json', 'b.jsonld']);
    expect(queue.files[0]).toMatchObject({ statementCount: 1, skippedCount: 0, candidateCount: 2 });
    const shown = await calls.get(`${queueUrl(view)}/${second.id}`);
    expect(shown.json<{ file: HarvestFile }>().file.candidates).toHaveLength(2);

    const removed = await calls.delete(`${queueUrl(view)}/${first.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await calls.get(queueUrl(view))).json<HarvestQueue>().files.map((f) => f.id)).toEqual([
      second.id,
    ]);
    expect((await calls.get(`${queueUrl(view)}/${first.id}`)).statusCode).toBe(404);
    expect((await calls.delete(`${queueUrl(view)}/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses a file beyond the files a queue may hold, until one is removed', async () => {
    const { admin, view, calls } = await ownDraft();
    await t.database.db.insert(harvestFiles).values(
      Array.from({ length: HARVEST_FILES_PER_PROFILE }, (_, n) => ({
        profileId: view.profile.uuid,
        fileName: `f${n}.json`,
        statementCount: 1,
        skippedCount: 0,
      })),
    );
    const refused = await calls.post(`${queueUrl(view)}?fileName=one-more.json`, [
      simpleStatement('urn:v'),
    ]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_QUEUE_FULL' });
    expect(refused.json<{ message: string }>().message).toMatch(/remove one/);
    const [first] = (await calls.get(queueUrl(view))).json<HarvestQueue>().files;
    expect((await calls.delete(`${queueUrl(view)}/${first!.id}`)).statusCode).toBe(200);
    await upload(admin.cookie, queueUrl(view), [simpleStatement('urn:v')]);
  });

  it('reports a concept deleted from the profile as parentless, since its IRI stays taken', async () => {
    const { admin, view, calls } = await ownDraft();
    const iri = `${view.profile.iri}/verbs/gone`;
    const made = await calls.post(conceptsUrl(view), verbForm(iri, 'gone'));
    const id = made.json<ConceptChange>().concept.uuid;
    await calls.post(`${conceptsUrl(view)}/${id}/lock`);
    expect((await calls.delete(`${conceptsUrl(view)}/${id}`)).statusCode).toBe(200);
    const file = await upload(admin.cookie, queueUrl(view), [simpleStatement(iri)]);
    expect(candidate(file, 'Verb', iri).match).toMatchObject({
      state: 'parentless',
      existing: { id, path: null },
    });
  });

  it('keeps each profile’s files to itself', async () => {
    const mine = await ownDraft();
    const file = await upload(mine.admin.cookie, queueUrl(mine.view), [simpleStatement('urn:v')]);
    const theirs = await ownDraft();
    const url = `${queueUrl(theirs.view)}/${file.id}`;
    expect((await theirs.calls.get(url)).statusCode).toBe(404);
    expect((await theirs.calls.delete(url)).statusCode).toBe(404);
  });

  it('answers 404 to non-members and the signed-out, on a draft and on a published version', async () => {
    const { org, admin, view } = await ownDraft();
    const file = await upload(admin.cookie, queueUrl(view), [simpleStatement('urn:v')]);
    const member = await addMember(t.app, t.database, org.id);
    expect((await callsOf(t.app, member.cookie).get(queueUrl(view))).statusCode).toBe(200);
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    for (const cookie of [undefined, outsider.cookie]) {
      const calls = callsOf(t.app, cookie);
      const url = queueUrl(view, published.version.uuid);
      for (const response of [
        await calls.get(url),
        await calls.get(`${url}/${file.id}`),
        await calls.post(`${url}?fileName=a.json`, [simpleStatement('urn:v')]),
        await calls.post(`${url}/${file.id}/add`, { key: 'Verb urn:v' }),
        await calls.delete(`${url}/${file.id}`),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
      }
    }
  });

  it('answers 413 to a file over the size limit', async () => {
    const { view, calls } = await ownDraft();
    const huge = [{ ...simpleStatement('urn:v'), padding: 'x'.repeat(10 * 1024 * 1024) }];
    const response = await calls.post(`${queueUrl(view)}?fileName=huge.json`, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('takes a file larger than other requests may be', async () => {
    const { admin, view } = await ownDraft();
    const statement = {
      ...simpleStatement('urn:v'),
      result: { response: 'x'.repeat(6 * 1024 * 1024) },
    };
    const file = await upload(admin.cookie, queueUrl(view), [statement]);
    expect(file.statementCount).toBe(1);
  });

  it('refuses a file naming more distinct concepts than one file may bring, whole', async () => {
    const { view, calls } = await ownDraft();
    const extensions = (s: number, where: string) =>
      Object.fromEntries(
        Array.from({ length: HARVEST_LIMITS.extensionsMax }, (_, n) => [
          `https://example.org/ext/${s}/${where}/${n}`,
          n,
        ]),
      );
    const statements = Array.from({ length: MAX_STATEMENTS }, (_, s) => ({
      ...simpleStatement(`https://example.org/verbs/v${s}`),
      context: { extensions: extensions(s, 'context') },
      result: { extensions: extensions(s, 'result') },
    }));
    const refused = await calls.post(`${queueUrl(view)}?fileName=wide.json`, statements);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_CONCEPTS' });
    expect((await calls.get(queueUrl(view))).json<HarvestQueue>().files).toEqual([]);
  });

  it('answers a stored file in about the size it was sent, never inflated', async () => {
    const { admin, view, calls } = await ownDraft();
    const display = 'x'.repeat(HARVEST_LIMITS.textMax);
    const extensions = (s: number) =>
      Object.fromEntries(
        Array.from({ length: HARVEST_LIMITS.extensionsMax }, (_, n) => [
          `https://example.org/ext/${s}/${n}`,
          n,
        ]),
      );
    // As many distinct concepts as a file may bring, each with the longest text taken.
    const statements = Array.from({ length: MAX_STATEMENTS }, (_, s) => ({
      ...simpleStatement(`https://example.org/verbs/v${s}`),
      verb: { id: `https://example.org/verbs/v${s}`, display: { en: display } },
      context: { extensions: extensions(s) },
    }));
    const sent = JSON.stringify(statements).length;
    const file = await upload(admin.cookie, queueUrl(view), statements);
    expect(file.candidates.length).toBeGreaterThan(MAX_STATEMENTS * HARVEST_LIMITS.extensionsMax);
    const shown = await calls.get(`${queueUrl(view)}/${file.id}`);
    // Each candidate adds its key, state and alert: a few hundred bytes, whatever the file held.
    expect(shown.body.length).toBeLessThan(sent + file.candidates.length * 400);
  });
});
