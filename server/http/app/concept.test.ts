import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptList, ConceptView } from '../../../common/concepts';
import type { DeletedItems } from '../../../common/items';
import type { ProfileView } from '../../../common/profiles';
import { validate } from '../../../xapi/index';
import { outboxEvents } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { addMember, callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';

const verb = (name: string, extra: Record<string, unknown> = {}) => ({
  conceptType: 'Verb',
  name,
  description: `To ${name}.`,
  iriType: 'generated-iri',
  geniri: name,
  ...extra,
});

const sixKinds = [
  verb('read'),
  {
    conceptType: 'ActivityType',
    name: 'book',
    description: 'A book.',
    iriType: 'generated-iri',
    geniri: 'book',
  },
  {
    conceptType: 'AttachmentUsageType',
    name: 'cover',
    description: 'A cover image.',
    iriType: 'external-iri',
    extiri: 'https://example.org/attachments/cover',
  },
  {
    conceptType: 'Activity',
    name: 'Chapter one',
    description: 'The first chapter.',
    iriType: 'generated-iri',
    geniri: 'chapter-1',
    activityType: 'https://example.org/activity-types/chapter',
    interactionType: 'choice',
    correctResponsesPattern: ['a'],
    choices: [
      { id: 'a', description: 'Yes' },
      { id: 'b', description: 'No' },
    ],
  },
  {
    conceptType: 'Document',
    name: 'Bookmark',
    description: 'Where the reader stopped.',
    iriType: 'generated-iri',
    geniri: 'bookmark',
    type: 'StateResource',
    mediaType: 'application/json',
    schemaType: 'inlineSchema',
    inlineSchema: '{"type":"object"}',
    schemaString: 'https://example.org/ignored',
  },
  {
    conceptType: 'Extension',
    name: 'pages',
    description: 'Pages read.',
    iriType: 'generated-iri',
    geniri: 'pages',
    type: 'ResultExtension',
    schemaType: 'schemaString',
    schemaString: 'https://example.org/schemas/pages.json',
    inlineSchema: '{"ignored":true}',
  },
];

describe('concepts', () => {
  const t = useTestApp();
  const base = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}/concepts`;

  async function draftWithVerb(name = 'read') {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const created = await callsOf(t.app, admin.cookie).post(base(view), verb(name));
    expect(created.statusCode, created.body).toBe(200);
    return { org, admin, view, conceptId: created.json<ConceptChange>().concept.uuid };
  }

  async function lock(
    cookie: string,
    view: ProfileView,
    conceptId: string,
    versionId = view.version.uuid,
  ) {
    return callsOf(t.app, cookie).post(`${base(view, versionId)}/${conceptId}/lock`);
  }

  it('creates one concept of each kind in a draft, stored in the spec form', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    for (const input of sixKinds) {
      const response = await calls.post(base(view), input);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ConceptChange>().versionId).toBe(view.version.uuid);
    }
    const list = (await calls.get(`${base(view)}?sort=name&limit=100`)).json<ConceptList>();
    expect(list.total).toBe(6);
    expect(list.concepts.map((c) => c.conceptType).sort()).toEqual([
      'Activity',
      'ActivityType',
      'AttachmentUsageType',
      'Document',
      'Extension',
      'Verb',
    ]);
    expect(list.concepts.every((c) => c.status === 'Unpublished' && !c.linked)).toBe(true);
    const byName = new Map(list.concepts.map((c) => [c.name, c]));
    expect(byName.get('read')?.iri).toBe(`${view.profile.iri}/verbs/read`);
    expect(byName.get('Chapter one')?.iri).toBe(`${view.profile.iri}/activities/chapter-1`);

    const documentView = (
      await calls.get(`${base(view)}/${byName.get('Bookmark')!.uuid}`)
    ).json<ConceptView>();
    expect(documentView.concept.content).toMatchObject({
      type: 'StateResource',
      contentType: 'application/json',
      inlineSchema: '{"type":"object"}',
      inScheme: view.version.iri,
    });
    // The schema kind not chosen is not stored.
    expect(documentView.concept.content).not.toHaveProperty('schema');
    const extension = (
      await calls.get(`${base(view)}/${byName.get('pages')!.uuid}`)
    ).json<ConceptView>();
    expect(extension.concept.content).toMatchObject({
      schema: 'https://example.org/schemas/pages.json',
    });
    expect(extension.concept.content).not.toHaveProperty('inlineSchema');

    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const exported = await calls.get(
      `/app/profile/${view.profile.uuid}/version/${published.version.uuid}/export`,
    );
    const document = exported.json<{ exportData?: string } & Record<string, unknown>>();
    const json: unknown =
      typeof document.exportData === 'string' ? JSON.parse(document.exportData) : document;
    expect((json as { concepts: unknown[] }).concepts).toHaveLength(6);
    expect(validate(json, { mode: 'authoring' }).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('answers form mistakes with the spec messages, naming the field', async () => {
    const { admin, view } = await draftWithVerb();
    const calls = callsOf(t.app, admin.cookie);
    const cases: Array<[Record<string, unknown>, string]> = [
      [verb('x', { name: '' }), 'Required'],
      [
        verb('x', { iriType: 'external-iri', extiri: 'not an iri' }),
        'IRI did not match expected format.',
      ],
      [
        verb('x', {
          similarTerms: [{ iri: 'https://example.org/v', name: 'walked', relationType: '' }],
        }),
        'walked does not have a relation type.',
      ],
      [{ ...sixKinds[4], geniri: 'b2', inlineSchema: '{oops' }, 'Not a valid json string.'],
      [
        { ...sixKinds[4], geniri: 'b3', inlineSchema: '[1]' },
        'Schema String did not match expected format.',
      ],
      // JSON, and an object, but no JSON Schema: the draft-07 meta-schema refuses it.
      [
        { ...sixKinds[4], geniri: 'b4', inlineSchema: '{"type": 5}' },
        'Schema String did not match expected format.',
      ],
      [
        { ...sixKinds[3], geniri: 'c2', activityType: 'nope' },
        'IRI did not match expected format.',
      ],
    ];
    for (const [input, message] of cases) {
      const response = await calls.post(base(view), input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const again = await calls.post(base(view), verb('read'));
    expect(again.statusCode).toBe(409);
  });

  it('refuses what the xAPI Profiles rules refuse, with the findings', async () => {
    const { admin, view } = await draftWithVerb();
    const readIri = `${view.profile.iri}/verbs/read`;
    const response = await callsOf(t.app, admin.cookie).post(
      base(view),
      verb('peruse', { similarTerms: [{ iri: readIri, name: 'read', relationType: 'related' }] }),
    );
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{
      code: string;
      findings: Array<{ ruleId: string; path: string }>;
    }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.findings.map((f) => f.path)).toContain('/related');
    // The same relation is fine as "broader", stored with the local SKOS term.
    const broader = await callsOf(t.app, admin.cookie).post(
      base(view),
      verb('peruse', { similarTerms: [{ iri: readIri, name: 'read', relationType: 'broader' }] }),
    );
    expect(broader.statusCode, broader.body).toBe(200);
    const shown = (
      await callsOf(t.app, admin.cookie).get(
        `${base(view)}/${broader.json<ConceptChange>().concept.uuid}`,
      )
    ).json<ConceptView>();
    expect(shown.concept.content.broader).toEqual([readIri]);
    expect(shown.concept.similarTerms).toEqual([
      expect.objectContaining({ iri: readIri, relationType: 'broader', name: 'read' }),
    ]);
  });

  it('keeps drafts to members and changes to members of the current version', async () => {
    const { org, admin, view, conceptId } = await draftWithVerb();
    const stranger = await makeGroup(t.app, t.database);
    expect((await callsOf(t.app).get(base(view))).statusCode).toBe(404);
    expect(
      (await callsOf(t.app, stranger.admin.cookie).get(`${base(view)}/${conceptId}`)).statusCode,
    ).toBe(404);
    expect((await callsOf(t.app).get(`/app/concept/${conceptId}`)).statusCode).toBe(404);
    const member = await addMember(t.app, t.database, org.id);
    expect((await callsOf(t.app, member.cookie).post(base(view), verb('write'))).statusCode).toBe(
      200,
    );
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    expect(
      (await callsOf(t.app, stranger.admin.cookie).post(base(published), verb('skim'))).statusCode,
    ).toBe(403);
    expect((await callsOf(t.app).get(`/app/concept/${conceptId}`)).statusCode).toBe(200);
    expect(
      (await callsOf(t.app).get(`${base(published)}/${conceptId}`)).json<ConceptView>().permissions
        .edit,
    ).toBe(false);
  });

  it('creates a concept on a published version in a new draft that copies its lists', async () => {
    const { admin, view, conceptId } = await draftWithVerb();
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const calls = callsOf(t.app, admin.cookie);
    const response = await calls.post(base(published), verb('skim'));
    expect(response.statusCode, response.body).toBe(200);
    const draftId = response.json<ConceptChange>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const draftList = (await calls.get(base(published, draftId))).json<ConceptList>();
    expect(draftList.concepts.map((c) => c.name).sort()).toEqual(['read', 'skim']);
    expect(draftList.concepts.find((c) => c.uuid === conceptId)?.status).toBe('Published');
    const publishedList = (await calls.get(base(published))).json<ConceptList>();
    expect(publishedList.total).toBe(1);
    // Home shows the newest published concepts, never draft ones.
    const home = (await callsOf(t.app).get('/app/home')).json<{
      latestConcepts: Array<{ uuid: string; parentProfile: { uuid: string } }>;
    }>();
    expect(home.latestConcepts.map((c) => c.uuid)).toContain(conceptId);
    expect(home.latestConcepts.map((c) => c.uuid)).not.toContain(
      response.json<ConceptChange>().concept.uuid,
    );
    // A second change goes to the same draft; the published version is no longer current.
    expect((await calls.post(base(published), verb('scan'))).statusCode).toBe(403);
  });

  it('limits edits of a published concept to translations and relations, behind the write lock', async () => {
    const { admin, view, conceptId } = await draftWithVerb();
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const calls = callsOf(t.app, admin.cookie);
    const url = `${base(published)}/${conceptId}`;
    const edit = { conceptType: 'Verb', name: 'read', description: 'To read.' };
    const noLock = await calls.put(url, edit);
    expect(noLock.statusCode).toBe(409);
    expect(noLock.json<{ code: string }>().code).toBe('LOCK_REQUIRED');
    expect((await lock(admin.cookie, published, conceptId)).statusCode).toBe(200);
    const renamed = await calls.put(url, { ...edit, name: 'study' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json<{ message: string }>().message).toContain('Editing is limited:');
    const translated = await calls.put(url, {
      ...edit,
      translations: [{ language: 'fr', translationName: 'lire', translationDesc: 'Lire.' }],
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const draftId = translated.json<ConceptChange>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const view2 = (await calls.get(`${base(published, draftId)}/${conceptId}`)).json<ConceptView>();
    expect(view2.concept.translations).toEqual([
      { language: 'fr', translationName: 'lire', translationDesc: 'Lire.' },
    ]);
    expect(view2.concept.publishedInProfile).toBe(true);
    // The published version keeps showing the concept as it was published.
    const frozen = (await calls.get(url)).json<ConceptView>();
    expect(frozen.concept.translations).toEqual([]);
    await lock(admin.cookie, published, conceptId, draftId);
    expect(
      (await calls.post(`${base(published, draftId)}/${conceptId}/deprecate`, { reason: 'Old.' }))
        .statusCode,
    ).toBe(200);
    expect((await calls.get(url)).json<ConceptView>().concept.status).toBe('Published');
    const list = (await calls.get(base(published))).json<ConceptList>();
    expect(list.concepts[0]?.status).toBe('Published');
    expect(
      (await calls.get(`${base(published, draftId)}/${conceptId}`)).json<ConceptView>().concept
        .status,
    ).toBe('Deprecated');
  });

  it('gives a concept lock to exactly one of two people asking at once', async () => {
    const { org, admin, view, conceptId } = await draftWithVerb();
    const other = await addMember(t.app, t.database, org.id);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        lock(admin.cookie, view, conceptId),
        lock(other.cookie, view, conceptId),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0].statusCode === 200 ? admin : other;
      await callsOf(t.app, winner.cookie).delete(`${base(view)}/${conceptId}/lock`);
    }
  });

  it('deprecates with a reason, shows who did it, and then refuses edits', async () => {
    const { admin, view, conceptId } = await draftWithVerb();
    const calls = callsOf(t.app, admin.cookie);
    const url = `${base(view)}/${conceptId}`;
    expect((await calls.post(`${url}/deprecate`, { reason: 'Use skim.' })).statusCode).toBe(409);
    await lock(admin.cookie, view, conceptId);
    expect((await calls.post(`${url}/deprecate`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await calls.post(`${url}/deprecate`, { reason: 'Old', link: 'bad iri' })).statusCode,
    ).toBe(400);
    const done = await calls.post(`${url}/deprecate`, {
      reason: 'Use skim.',
      link: 'https://example.org/why',
    });
    expect(done.statusCode, done.body).toBe(200);
    const events = await t.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'itemDeprecated'));
    expect(events.map((event) => event.payload)).toContainEqual({
      profileId: view.profile.uuid,
      versionId: view.version.uuid,
      itemId: conceptId,
      itemIri: expect.stringContaining('/verbs/') as unknown,
      kind: 'concept',
      itemName: expect.any(String) as unknown,
      reason: 'Use skim.',
      link: 'https://example.org/why',
    });
    const shown = (await calls.get(url)).json<ConceptView>();
    expect(shown.concept.status).toBe('Deprecated');
    expect(shown.concept.deprecation).toMatchObject({
      reason: 'Use skim.',
      link: 'https://example.org/why',
      by: admin.user.email,
    });
    expect(shown.concept.content.deprecated).toBe(true);
    expect(shown.permissions.edit).toBe(false);
    expect(
      (await calls.put(url, { conceptType: 'Verb', name: 'read', description: 'x' })).statusCode,
    ).toBe(403);
  });

  it('deletes only unpublished concepts, into Deleted Items, from where they come back', async () => {
    const { admin, view, conceptId } = await draftWithVerb();
    const calls = callsOf(t.app, admin.cookie);
    const extra = await calls.post(base(view), verb('skim'));
    const skimId = extra.json<ConceptChange>().concept.uuid;
    await lock(admin.cookie, view, skimId);
    const deleted = await calls.delete(`${base(view)}/${skimId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await calls.get(base(view))).json<ConceptList>().total).toBe(1);
    const items = (
      await calls.get(
        `/app/deleted-items/profile/${view.profile.uuid}/version/${view.version.uuid}`,
      )
    ).json<DeletedItems>();
    expect(items.items.find((i) => i.uuid === skimId)).toMatchObject({
      reason: 'deleted',
      kind: 'concept',
    });
    const restored = await calls.post(`/app/concept/${skimId}/restore`, {
      profileId: view.profile.uuid,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await calls.get(base(view))).json<ConceptList>().total).toBe(2);
    // Before publication Delete is offered; after it, only Deprecate.
    expect(
      (await calls.get(`${base(view)}/${conceptId}`)).json<ConceptView>().permissions,
    ).toMatchObject({ edit: true, delete: true });

    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    expect(
      (await calls.get(`${base(published)}/${conceptId}`)).json<ConceptView>().permissions,
    ).toMatchObject({ edit: true, delete: false });
    await lock(admin.cookie, published, conceptId);
    const refused = await calls.delete(`${base(published)}/${conceptId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('deprecate it instead');
  });

  it('filters a version list by name, IRI or type, in any letter case, and pages it by the size asked', async () => {
    const { admin, view } = await draftWithVerb('read');
    const calls = callsOf(t.app, admin.cookie);
    expect((await calls.post(base(view), verb('skim'))).statusCode).toBe(200);
    expect((await calls.post(base(view), sixKinds[1])).statusCode).toBe(200);
    const names = async (query: string) =>
      (await calls.get(`${base(view)}?${query}`))
        .json<ConceptList>()
        .concepts.map((c) => c.name)
        .sort();
    expect(await names('filter=SKI')).toEqual(['skim']);
    expect(await names('filter=%2Fverbs%2Fre')).toEqual(['read']);
    expect(await names('filter=activitytype')).toHaveLength(1);
    // A LIKE wildcard is taken as the character it is.
    expect(await names('filter=%25')).toEqual([]);
    expect(await names('filter=_')).toEqual([]);
    const page = (await calls.get(`${base(view)}?limit=2&page=2`)).json<ConceptList>();
    expect(page).toMatchObject({ total: 3, limit: 2, page: 2 });
    expect(page.concepts).toHaveLength(1);
    expect((await calls.get(`${base(view)}?filter=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('links concepts of published profiles, hides drafts of others, and removes links', async () => {
    const other = await draftWithVerb('jump');
    const hidden = await callsOf(t.app, other.admin.cookie).post(base(other.view), verb('hop'));
    expect(hidden.statusCode).toBe(200);
    const otherPublished = await publishVersion(
      t.app,
      other.admin.cookie,
      other.view.profile.uuid,
      other.view.version.uuid,
    );
    // A concept added to the other profile's new draft stays hidden from everyone else.
    await callsOf(t.app, other.admin.cookie).post(base(otherPublished), verb('skip'));

    const mine = await draftWithVerb('read');
    const calls = callsOf(t.app, mine.admin.cookie);
    const found = (
      await calls.get(`/app/concepts/search?search=&versionId=${mine.view.version.uuid}&limit=100`)
    ).json<ConceptList>();
    const names = found.concepts.map((c) => c.name);
    expect(names).toContain('jump');
    expect(names).not.toContain('skip');
    expect(found.concepts.map((c) => c.uuid)).not.toContain(mine.conceptId);
    const jump = found.concepts.find((c) => c.name === 'jump')!;
    const linked = await calls.post(`${base(mine.view)}/link`, { conceptIds: [jump.uuid] });
    expect(linked.statusCode, linked.body).toBe(200);
    const list = (await calls.get(base(mine.view))).json<ConceptList>();
    expect(list.concepts.find((c) => c.uuid === jump.uuid)).toMatchObject({
      linked: true,
      status: 'Published',
    });
    const view = (await calls.get(`${base(mine.view)}/${jump.uuid}`)).json<ConceptView>();
    expect(view.permissions).toMatchObject({ edit: false, removeLink: true });
    expect((await calls.delete(`${base(mine.view)}/${jump.uuid}/link`)).statusCode).toBe(200);
    expect((await calls.get(base(mine.view))).json<ConceptList>().total).toBe(1);
    // Own concepts are not links.
    expect((await calls.delete(`${base(mine.view)}/${mine.conceptId}/link`)).statusCode).toBe(400);
  });

  it('leaves the concepts of a deleted profile as orphans that a member of another group claims', async () => {
    const gone = await draftWithVerb('orphaned-verb');
    const deleted = await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${gone.view.profile.uuid}?confirmName=${encodeURIComponent(gone.view.version.name)}`,
    );
    expect([200, 204]).toContain(deleted.statusCode);
    const taker = await draftWithVerb('read');
    const calls = callsOf(t.app, taker.admin.cookie);
    const items = (
      await calls.get(
        `/app/deleted-items/profile/${taker.view.profile.uuid}/version/${taker.view.version.uuid}?limit=100`,
      )
    ).json<DeletedItems>();
    const orphan = items.items.find((i) => i.uuid === gone.conceptId);
    expect(orphan).toMatchObject({ reason: 'orphaned', parentProfile: null });
    const panel = (await calls.get(`/app/concept/${gone.conceptId}`)).json<ConceptView>();
    expect(panel.permissions.claim).toBe(true);
    // Only members of the receiving profile's group may claim into it; its draft is hidden.
    const stranger = await makeGroup(t.app, t.database);
    expect(
      (
        await callsOf(t.app, stranger.admin.cookie).post(`/app/concept/${gone.conceptId}/claim`, {
          profileId: taker.view.profile.uuid,
        })
      ).statusCode,
    ).toBe(404);
    const claimed = await calls.post(`/app/concept/${gone.conceptId}/claim`, {
      profileId: taker.view.profile.uuid,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const list = (await calls.get(base(taker.view))).json<ConceptList>();
    expect(list.concepts.map((c) => c.name).sort()).toEqual(['orphaned-verb', 'read']);
  });
});
