import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptList } from '../../../common/concepts';
import type { DeletedItems } from '../../../common/items';
import type { ProfileView } from '../../../common/profiles';
import {
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  type TemplateChange,
  type TemplateList,
  type TemplateView,
} from '../../../common/templates';
import { validate } from '../../../xapi/index';
import { addEntries } from '../../modules/item-store/listing';
import { insertItem } from '../../modules/item-store/repo';
import { useTestApp } from '../../test/app';
import { addMember, callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';

const templateBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Someone ${name} something.`,
  iriType: 'generated-iri',
  geniri: name,
  ...extra,
});

/** A statement the exported `completed` template accepts (its StatementRef is not looked up). */
const exampleOf = (iri: (name: string) => string, other: ProfileView) => ({
  actor: { mbox: 'mailto:a@example.org' },
  verb: { id: iri('completed') },
  object: { id: 'https://example.org/courses/1', definition: { type: iri('course') } },
  context: {
    contextActivities: {
      grouping: [
        {
          id: 'https://example.org/lessons/1',
          definition: { type: `${other.profile.iri}/activity-types/lesson` },
        },
      ],
    },
    statement: { objectType: 'StatementRef', id: '5a1b7b9e-5f7c-4f5e-9a47-6d3c2b1a0f00' },
  },
});

const conceptBody = (conceptType: string, name: string) => ({
  conceptType,
  name,
  description: `${name}.`,
  iriType: 'generated-iri',
  geniri: name,
});

interface Refusal {
  success: false;
  code: string;
  message: string;
  errors?: string[];
}

describe('statement templates', () => {
  const t = useTestApp();
  const versionUrl = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}`;
  const base = (view: ProfileView, versionId?: string) =>
    `${versionUrl(view, versionId)}/templates`;

  async function concept(
    cookie: string,
    view: ProfileView,
    type: string,
    name: string,
    versionId?: string,
  ) {
    const made = await callsOf(t.app, cookie).post(
      `${versionUrl(view, versionId)}/concepts`,
      conceptBody(type, name),
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function template(cookie: string, view: ProfileView, name: string, versionId?: string) {
    const made = await callsOf(t.app, cookie).post(base(view, versionId), templateBody(name));
    expect(made.statusCode, made.body).toBe(200);
    return made.json<TemplateChange>();
  }

  /** A draft profile with one template and a few concepts to use in it. */
  async function draft() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const templateId = (await template(admin.cookie, view, 'completed')).template.uuid;
    const concepts = {
      completed: await concept(admin.cookie, view, 'Verb', 'completed'),
      attempted: await concept(admin.cookie, view, 'Verb', 'attempted'),
      course: await concept(admin.cookie, view, 'ActivityType', 'course'),
      photo: await concept(admin.cookie, view, 'AttachmentUsageType', 'photo'),
    };
    const iri = (name: string) =>
      name === 'course'
        ? `${view.profile.iri}/activity-types/course`
        : name === 'photo'
          ? `${view.profile.iri}/attachment-usage-types/photo`
          : `${view.profile.iri}/verbs/${name}`;
    const url = `${base(view)}/${templateId}`;
    return { org, admin, view, calls, templateId, concepts, iri, url };
  }

  async function lock(cookie: string, view: ProfileView, templateId: string, versionId?: string) {
    const taken = await callsOf(t.app, cookie).post(`${base(view, versionId)}/${templateId}/lock`);
    expect(taken.statusCode, taken.body).toBe(200);
  }

  /** Another group's profile, published with one template and one activity type. */
  async function otherPublished() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id, 'Other');
    const jump = (await template(admin.cookie, view, 'jumped')).template.uuid;
    const lesson = await concept(admin.cookie, view, 'ActivityType', 'lesson');
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    return { admin, view, published, jump, lesson };
  }

  /** A pattern of the version, stored directly: the pattern commands are not what is tested. */
  async function patternUsing(view: ProfileView, name: string, iris: string[]) {
    const pattern = await insertItem(t.database.db, {
      kind: 'pattern',
      type: 'Pattern',
      iri: `${view.profile.iri}/patterns/${name}`,
      profileId: view.profile.uuid,
      name,
      content: {
        id: `${view.profile.iri}/patterns/${name}`,
        type: 'Pattern',
        inScheme: view.version.iri,
        prefLabel: { en: name },
        definition: { en: name },
        sequence: iris,
      },
    });
    await addEntries(t.database.db, view.version.uuid, [
      { componentId: pattern.id, linked: false },
    ]);
  }

  it('creates templates with a generated or an external IRI, in the spec form', async () => {
    const { admin, view, calls, url } = await draft();
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template).toMatchObject({
      iri: `${view.profile.iri}/templates/completed`,
      name: 'completed',
      status: 'Unpublished',
      linked: false,
      publishedInProfile: false,
      statementExample: '',
    });
    expect(shown.template.content).toEqual({
      id: `${view.profile.iri}/templates/completed`,
      type: 'StatementTemplate',
      inScheme: view.version.iri,
      prefLabel: { en: 'completed' },
      definition: { en: 'Someone completed something.' },
    });
    expect(shown.permissions).toEqual({
      edit: true,
      delete: true,
      removeRule: true,
      removeLink: false,
      claim: false,
    });

    const external = await calls.post(
      base(view),
      templateBody('passed', {
        iriType: 'external-iri',
        extiri: 'https://example.org/templates/passed',
        translations: [{ language: 'fr', translationName: 'réussi', translationDesc: 'Réussi.' }],
        tags: ['assessment', 'score'],
        moreInformation: 'https://example.org/passed',
      }),
    );
    expect(external.statusCode, external.body).toBe(200);
    const passed = (
      await calls.get(`${base(view)}/${external.json<TemplateChange>().template.uuid}`)
    ).json<TemplateView>();
    expect(passed.template.iri).toBe('https://example.org/templates/passed');
    expect(passed.template.content.prefLabel).toEqual({ en: 'passed', fr: 'réussi' });
    expect(passed.template.tags).toEqual(['assessment', 'score']);
    expect(passed.template.moreInformation).toBe('https://example.org/passed');
    // Tags and more information are the server's own: the document never carries them.
    expect(Object.keys(passed.template.content)).not.toContain('tags');
    expect(Object.keys(passed.template.content)).not.toContain('moreInformation');

    const duplicate = await calls.post(base(view), templateBody('completed'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<Refusal>().message).toContain(`${view.profile.iri}/templates/completed`);

    const cases: Array<[Record<string, unknown>, string]> = [
      [templateBody('x', { name: '' }), 'body.name: Required'],
      [templateBody('x', { description: '' }), 'body.description: Required'],
      [
        templateBody('x', { iriType: 'external-iri', extiri: 'not an iri' }),
        'body.extiri: IRI did not match expected format.',
      ],
      [templateBody('x', { geniri: '' }), 'body.geniri: Required'],
      [templateBody('x', { moreInformation: 'nowhere' }), 'body.moreInformation'],
      [templateBody('x', { verb: 'https://example.org/v' }), 'body'],
    ];
    for (const [input, message] of cases) {
      const response = await callsOf(t.app, admin.cookie).post(base(view), input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json<Refusal>().message).toContain(message);
    }
    const noIri = await calls.post(base(view), { name: 'x', description: 'y' });
    expect(noIri.statusCode).toBe(400);
    expect(noIri.json<Refusal>().message).toContain('generated or external');
  });

  it('lists the templates of a version a page at a time, sorted', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    for (const name of ['b-played', 'c-completed', 'a-answered'])
      await template(admin.cookie, view, name);
    const calls = callsOf(t.app, admin.cookie);
    const page = async (query: string) =>
      (await calls.get(`${base(view)}?${query}`)).json<TemplateList>();
    const first = await page('sort=name&limit=2&page=1');
    expect(first.total).toBe(3);
    expect(first.templates.map((x) => x.name)).toEqual(['a-answered', 'b-played']);
    expect((await page('sort=name&limit=2&page=2')).templates.map((x) => x.name)).toEqual([
      'c-completed',
    ]);
    expect((await page('sort=-name')).templates.map((x) => x.name)).toEqual([
      'c-completed',
      'b-played',
      'a-answered',
    ]);
    expect((await page('sort=-updated')).templates[0]?.name).toBe('a-answered');
    expect((await page('sort=updated')).templates[0]?.name).toBe('b-played');
    expect(first.templates.every((x) => x.status === 'Unpublished' && !x.linked)).toBe(true);
    expect((await calls.get(`${base(view)}?sort=type`)).statusCode).toBe(400);
  });

  it('edits the details behind the write lock, keeping the IRI', async () => {
    const { org, admin, view, calls, url, templateId } = await draft();
    const edit = templateBody('finished', {
      iriType: 'external-iri',
      extiri: 'https://example.org/elsewhere',
      translations: [{ language: 'de', translationName: 'beendet', translationDesc: 'Beendet.' }],
      tags: ['done'],
    });
    const noLock = await calls.put(url, edit);
    expect(noLock.statusCode).toBe(409);
    expect(noLock.json<Refusal>().code).toBe('LOCK_REQUIRED');
    await lock(admin.cookie, view, templateId);
    const other = await addMember(t.app, t.database, org.id);
    const taken = await callsOf(t.app, other.cookie).post(`${url}/lock`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Refusal>().code).toBe('RESOURCE_LOCKED');
    const saved = await calls.put(url, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TemplateChange>().versionId).toBe(view.version.uuid);
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template).toMatchObject({
      name: 'finished',
      iri: `${view.profile.iri}/templates/completed`,
      tags: ['done'],
      translations: [{ language: 'de', translationName: 'beendet', translationDesc: 'Beendet.' }],
    });
    expect(shown.template.content.prefLabel).toEqual({ en: 'finished', de: 'beendet' });
  });

  it('sets determining properties of the right kind, one concept where one is allowed', async () => {
    const { admin, view, calls, url, concepts, iri, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const property = (name: string) => `${url}/determining-properties/${name}`;

    const wrongKind = await calls.put(property('verb'), { conceptIds: [concepts.course] });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json<Refusal>().message).toContain('course is an Activity Type, not a Verb');
    const wrongKind2 = await calls.put(property('attachmentUsageType'), {
      conceptIds: [concepts.completed],
    });
    expect(wrongKind2.json<Refusal>().message).toContain(
      'completed is a Verb, not an Attachment Usage Type',
    );
    const twoVerbs = await calls.put(property('verb'), {
      conceptIds: [concepts.completed, concepts.attempted],
    });
    expect(twoVerbs.statusCode).toBe(400);
    expect(twoVerbs.json<Refusal>().message).toContain('exactly one concept');
    expect((await calls.put(property('verb'), { conceptIds: [] })).statusCode).toBe(400);
    expect(
      (await calls.put(property('nonsense'), { conceptIds: [concepts.course] })).statusCode,
    ).toBe(400);

    expect(
      (await calls.put(property('verb'), { conceptIds: [concepts.completed] })).statusCode,
    ).toBe(200);
    expect(
      (
        await calls.put(property('contextCategoryActivityType'), {
          conceptIds: [concepts.course],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await calls.put(property('attachmentUsageType'), { conceptIds: [concepts.photo] }))
        .statusCode,
    ).toBe(200);
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template.content).toMatchObject({
      verb: iri('completed'),
      contextCategoryActivityType: [iri('course')],
      attachmentUsageType: [iri('photo')],
    });
    expect(shown.template.determiningProperties).toEqual([
      {
        property: 'verb',
        concepts: [
          {
            iri: iri('completed'),
            name: 'completed',
            uuid: concepts.completed,
            conceptType: 'Verb',
          },
        ],
      },
      {
        property: 'contextCategoryActivityType',
        concepts: [
          {
            iri: iri('course'),
            name: 'course',
            uuid: concepts.course,
            conceptType: 'ActivityType',
          },
        ],
      },
      {
        property: 'attachmentUsageType',
        concepts: [
          {
            iri: iri('photo'),
            name: 'photo',
            uuid: concepts.photo,
            conceptType: 'AttachmentUsageType',
          },
        ],
      },
    ]);
    expect(shown.template.concepts.map((c) => c.name)).toEqual(['completed', 'course', 'photo']);

    // Replacing, then removing one.
    expect(
      (await calls.put(property('verb'), { conceptIds: [concepts.attempted] })).statusCode,
    ).toBe(200);
    expect((await calls.delete(property('attachmentUsageType'))).statusCode).toBe(200);
    expect((await calls.delete(property('attachmentUsageType'))).statusCode).toBe(404);
    const after = (await calls.get(url)).json<TemplateView>();
    expect(after.template.content.verb).toBe(iri('attempted'));
    expect(after.template.content).not.toHaveProperty('attachmentUsageType');
  });

  it('lists concepts of other profiles used in determining properties as linked concepts', async () => {
    const other = await otherPublished();
    const hiddenDraft = await concept(
      other.admin.cookie,
      other.view,
      'ActivityType',
      'secret',
      other.published.version.uuid,
    );
    const { admin, view, calls, url, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const parent = `${url}/determining-properties/contextParentActivityType`;
    // A concept only in another profile's draft is not there for anyone else.
    expect((await calls.put(parent, { conceptIds: [hiddenDraft] })).statusCode).toBe(404);
    const saved = await calls.put(parent, { conceptIds: [other.lesson] });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = (await calls.get(`${versionUrl(view)}/concepts?limit=100`)).json<ConceptList>();
    expect(listed.concepts.find((c) => c.uuid === other.lesson)).toMatchObject({
      linked: true,
      name: 'lesson',
    });
    // Using it again does not list it twice.
    await calls.put(`${url}/determining-properties/contextOtherActivityType`, {
      conceptIds: [other.lesson],
    });
    const again = (await calls.get(`${versionUrl(view)}/concepts?limit=100`)).json<ConceptList>();
    expect(again.concepts.filter((c) => c.uuid === other.lesson)).toHaveLength(1);
  });

  it('refuses determining-property changes that a rule would no longer agree with', async () => {
    const { admin, view, calls, url, concepts, iri, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const verb = `${url}/determining-properties/verb`;
    await calls.put(verb, { conceptIds: [concepts.completed] });
    const rule = await calls.post(`${url}/rules`, {
      rule: { location: '$.verb.id', all: [iri('completed')] },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const replaced = await calls.put(verb, { conceptIds: [concepts.attempted] });
    expect(replaced.statusCode).toBe(400);
    const body = replaced.json<Refusal>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual([
      'Not every value in the verb determining property specified for $.verb.id is present in the all condition values.',
    ]);
    expect(body.message).toContain(body.errors![0]!);
    const removed = await calls.delete(verb);
    expect(removed.statusCode).toBe(400);
    expect(removed.json<Refusal>().errors).toEqual([
      'There cannot be an all condition for location $.verb.id because a verb determining property has not been specified for this template.',
    ]);
    expect((await calls.get(url)).json<TemplateView>().template.content.verb).toBe(
      iri('completed'),
    );
  });

  it('adds, edits and removes rules, refusing what the rule check refuses', async () => {
    const { admin, view, calls, url, concepts, iri, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const first = await calls.post(`${url}/rules`, {
      rule: { location: '$.result.score.raw', presence: 'included' },
    });
    expect(first.statusCode, first.body).toBe(200);
    await calls.put(`${url}/determining-properties/verb`, { conceptIds: [concepts.completed] });
    const verbIri = iri('completed');

    const refused: Array<[Record<string, unknown>, string]> = [
      [
        { location: '$.result.success', presence: 'maybe' },
        '"presence" must be one of included, excluded, recommended.',
      ],
      [{ location: '$.result.success' }, 'A rule needs at least one of'],
      [{ location: '$.result.success', presence: 'included', color: 'red' }, '"color" is not'],
      [
        { location: '$.result[?(@.x)]', presence: 'included' },
        '"location" is not a valid JSONPath',
      ],
      [
        { location: '$.result.score.raw', presence: 'recommended' },
        'already has a rule for location',
      ],
      [
        { location: '$.verb.id', all: ['https://example.org/other'] },
        'Not every value in the verb determining property specified for $.verb.id is present in the all condition values.',
      ],
      [
        { location: '$.verb.id', any: ['https://example.org/other'] },
        'No value in the verb determining property specified for $.verb.id is present in the any condition values.',
      ],
      [
        { location: '$.verb.id', none: [verbIri] },
        'There are values in the verb determining property specified for $.verb.id that are present in the none condition values.',
      ],
      [
        { location: '$.verb', presence: 'excluded' },
        'The presence cannot be excluded for location $.verb because a verb determining property has been specified for this template.',
      ],
      [
        { location: '$.object.definition.type', any: ['https://example.org/t'] },
        'There cannot be an any condition for location $.object.definition.type because a objectActivityType determining property has not been specified for this template.',
      ],
      [
        { location: '$.result.response', presence: 'excluded', any: ['x'] },
        'There is a presence condition equal to excluded and at least one of an any or all condition types for location $.result.response.',
      ],
    ];
    for (const [rule, message] of refused) {
      const response = await calls.post(`${url}/rules`, { rule });
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      const body = response.json<Refusal>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toBe(body.errors?.[0]);
      expect(
        body.errors?.some((e) => e.includes(message)),
        body.errors?.join(' | '),
      ).toBe(true);
    }

    const second = await calls.post(`${url}/rules`, {
      rule: { location: '$.verb.id', presence: 'included', all: [verbIri] },
    });
    expect(second.statusCode, second.body).toBe(200);
    // Editing a rule may keep its own location; moving it onto another rule's is refused.
    const edited = await calls.put(`${url}/rules/0`, {
      rule: { location: '$.result.score.raw', presence: 'recommended' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const clash = await calls.put(`${url}/rules/0`, {
      rule: { location: '$.verb.id', presence: 'included' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<Refusal>().message).toContain('already has a rule for location $.verb.id');
    expect(
      (await calls.put(`${url}/rules/7`, { rule: { location: '$.x', presence: 'included' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await calls.put(`${url}/rules/-1`, { rule: { location: '$.x', presence: 'included' } }))
        .statusCode,
    ).toBe(400);
    expect((await calls.get(url)).json<TemplateView>().template.rules).toEqual([
      { location: '$.result.score.raw', presence: 'recommended' },
      { location: '$.verb.id', presence: 'included', all: [verbIri] },
    ]);

    expect((await calls.delete(`${url}/rules/0`)).statusCode).toBe(200);
    expect((await calls.delete(`${url}/rules/4`)).statusCode).toBe(404);
    const left = (await calls.get(url)).json<TemplateView>();
    expect(left.template.rules).toEqual([
      { location: '$.verb.id', presence: 'included', all: [verbIri] },
    ]);
    expect((await calls.delete(`${url}/rules/0`)).statusCode).toBe(200);
    expect((await calls.get(url)).json<TemplateView>().template.content).not.toHaveProperty(
      'rules',
    );
  });

  it('fixes a published template but for translations, extras and rule scope notes', async () => {
    const { admin, view, calls, concepts, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const draftUrl = `${base(view)}/${templateId}`;
    await calls.put(`${draftUrl}/determining-properties/verb`, {
      conceptIds: [concepts.completed],
    });
    const rule = { location: '$.result.completion', presence: 'included' };
    await calls.post(`${draftUrl}/rules`, { rule });
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const url = `${base(published)}/${templateId}`;

    const publishedView = (await calls.get(url)).json<TemplateView>();
    expect(publishedView.template.publishedInProfile).toBe(true);
    expect(publishedView.permissions).toMatchObject({ edit: true, removeRule: false });

    const limited: Array<[string, 'post' | 'put' | 'delete', unknown]> = [
      [url, 'put', templateBody('finished')],
      [`${url}/determining-properties/verb`, 'put', { conceptIds: [concepts.attempted] }],
      [`${url}/determining-properties/verb`, 'delete', undefined],
      [`${url}/rules`, 'post', { rule: { location: '$.result.success', presence: 'included' } }],
      [`${url}/rules/0`, 'put', { rule: { ...rule, presence: 'recommended' } }],
      [`${url}/refs/context`, 'put', { templateIds: [] }],
    ];
    for (const [target, method, body] of limited) {
      const response =
        method === 'delete'
          ? await calls.delete(target)
          : method === 'put'
            ? await calls.put(target, body)
            : await calls.post(target, body);
      expect(response.statusCode, `${method} ${target}`).toBe(400);
      expect(response.json<Refusal>().message).toContain(TEMPLATE_LIMITED_EDIT_MESSAGE);
    }
    const removeRule = await calls.delete(`${url}/rules/0`);
    expect(removeRule.statusCode).toBe(409);
    expect(removeRule.json<Refusal>().message).toContain('rules cannot be removed');

    // A scope note may change: the change opens the next draft, the published version stays.
    const noted = await calls.put(`${url}/rules/0`, {
      rule: { ...rule, scopeNote: { en: 'Whether the course was completed.' } },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const draftId = noted.json<TemplateChange>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const inDraft = `${base(published, draftId)}/${templateId}`;
    const translated = await calls.put(
      inDraft,
      templateBody('completed', {
        translations: [{ language: 'fr', translationName: 'terminé', translationDesc: 'Terminé.' }],
        tags: ['course'],
      }),
    );
    expect(translated.statusCode, translated.body).toBe(200);
    expect(translated.json<TemplateChange>().versionId).toBe(draftId);
    const draftView = (await calls.get(inDraft)).json<TemplateView>();
    expect(draftView.template.rules[0]).toEqual({
      ...rule,
      scopeNote: { en: 'Whether the course was completed.' },
    });
    expect(draftView.template.translations.map((x) => x.language)).toEqual(['fr']);
    expect(draftView.template.status).toBe('Published');

    const frozen = (await calls.get(url)).json<TemplateView>();
    expect(frozen.template.rules).toEqual([rule]);
    expect(frozen.template.translations).toEqual([]);
    expect(frozen.permissions.edit).toBe(false);
  });

  it('creates a template on a published version in a new draft', async () => {
    const { admin, view, calls } = await draft();
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const made = await calls.post(base(published), templateBody('attempted'));
    expect(made.statusCode, made.body).toBe(200);
    const draftId = made.json<TemplateChange>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const inDraft = (await calls.get(base(published, draftId))).json<TemplateList>();
    expect(inDraft.templates.map((x) => [x.name, x.status])).toEqual([
      ['attempted', 'Unpublished'],
      ['completed', 'Published'],
    ]);
    const made2 = (
      await calls.get(`${base(published, draftId)}/${made.json<TemplateChange>().template.uuid}`)
    ).json<TemplateView>();
    expect(made2.template.content.inScheme).toBe(`${view.profile.iri}/v2`);
    expect((await calls.get(base(published))).json<TemplateList>().total).toBe(1);
    // The published version is no longer the one to edit.
    expect((await calls.post(base(published), templateBody('passed'))).statusCode).toBe(403);
  });

  it('keeps an example statement as pretty-printed JSON, with the parser message otherwise', async () => {
    const { admin, view, calls, url, templateId } = await draft();
    await lock(admin.cookie, view, templateId);
    const broken = '{"actor": {"mbox": "mailto:a@example.org"}';
    let parserMessage = '';
    try {
      JSON.parse(broken);
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    const bad = await calls.put(`${url}/example`, { statementExample: broken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Refusal>().message).toBe(parserMessage);
    const empty = await calls.put(`${url}/example`, { statementExample: '  ' });
    expect(empty.json<Refusal>().message).toBe('Required');
    const statement = { actor: { mbox: 'mailto:a@example.org' }, verb: { id: 'https://v' } };
    const saved = await calls.put(`${url}/example`, {
      statementExample: JSON.stringify(statement),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template.statementExample).toBe(JSON.stringify(statement, null, 2));
    expect(Object.keys(shown.template.content)).not.toContain('statementExample');
  });

  it('refers only to templates this version defines, never both object kinds', async () => {
    const other = await otherPublished();
    const { admin, view, calls, url, templateId, concepts } = await draft();
    const target = (await template(admin.cookie, view, 'launched')).template.uuid;
    // A deprecated template of the version is no new reference's target.
    const retired = (await template(admin.cookie, view, 'retired')).template.uuid;
    await lock(admin.cookie, view, retired);
    const deprecated = await calls.post(`${base(view)}/${retired}/deprecate`, { reason: 'Old.' });
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    const linked = await calls.post(`${base(view)}/link`, { templateIds: [other.jump] });
    expect(linked.statusCode, linked.body).toBe(200);
    await lock(admin.cookie, view, templateId);

    const reference = (
      await calls.get(
        `/app/templates/search?purpose=reference&versionId=${view.version.uuid}&templateId=${templateId}`,
      )
    ).json<TemplateList>();
    expect(reference.templates.map((x) => x.uuid)).toEqual([target]);
    expect((await calls.get(`/app/templates/search?purpose=reference`)).statusCode).toBe(400);

    for (const ids of [[templateId], [other.jump], ['00000000-0000-4000-8000-000000000000']]) {
      const refused = await calls.put(`${url}/refs/context`, { templateIds: ids });
      expect(refused.statusCode, JSON.stringify(ids)).toBe(400);
    }
    const saved = await calls.put(`${url}/refs/object`, { templateIds: [target] });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template.objectStatementRefTemplate).toEqual([
      { iri: `${view.profile.iri}/templates/launched`, name: 'launched', uuid: target },
    ]);
    expect(shown.template.content.objectStatementRefTemplate).toEqual([
      `${view.profile.iri}/templates/launched`,
    ]);
    const objectType = `${url}/determining-properties/objectActivityType`;
    const exclusive = await calls.put(objectType, { conceptIds: [concepts.course] });
    expect(exclusive.statusCode).toBe(400);
    expect(exclusive.json<Refusal>().message).toBe(OBJECT_TYPE_EXCLUSIVE_MESSAGE);

    expect((await calls.put(`${url}/refs/object`, { templateIds: [] })).statusCode).toBe(200);
    expect((await calls.get(url)).json<TemplateView>().template.content).not.toHaveProperty(
      'objectStatementRefTemplate',
    );
    expect((await calls.put(objectType, { conceptIds: [concepts.course] })).statusCode).toBe(200);
    const back = await calls.put(`${url}/refs/object`, { templateIds: [target] });
    expect(back.statusCode).toBe(400);
    expect(back.json<Refusal>().message).toBe(OBJECT_TYPE_EXCLUSIVE_MESSAGE);
    // The context may still point at it.
    expect((await calls.put(`${url}/refs/context`, { templateIds: [target] })).statusCode).toBe(
      200,
    );
  });

  it('deprecates with a reason, shows who did it, and then refuses changes', async () => {
    const { admin, view, calls, url, templateId } = await draft();
    expect((await calls.post(`${url}/deprecate`, { reason: 'Old.' })).statusCode).toBe(409);
    await lock(admin.cookie, view, templateId);
    expect((await calls.post(`${url}/deprecate`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await calls.post(`${url}/deprecate`, { reason: 'Old.', link: 'not an iri' })).statusCode,
    ).toBe(400);
    const done = await calls.post(`${url}/deprecate`, {
      reason: 'Use passed.',
      link: 'https://example.org/why',
    });
    expect(done.statusCode, done.body).toBe(200);
    const shown = (await calls.get(url)).json<TemplateView>();
    expect(shown.template.status).toBe('Deprecated');
    expect(shown.template.deprecation).toMatchObject({
      reason: 'Use passed.',
      link: 'https://example.org/why',
      by: admin.user.email,
    });
    expect(shown.template.content.deprecated).toBe(true);
    expect(shown.permissions).toMatchObject({ edit: false, removeRule: false });
    const refused = await calls.put(url, templateBody('completed'));
    expect(refused.statusCode).toBe(403);
  });

  it('deletes only unused, unpublished templates, into Deleted Items', async () => {
    const { admin, view, calls, templateId } = await draft();
    const user = (await template(admin.cookie, view, 'launched')).template.uuid;
    const patterned = (await template(admin.cookie, view, 'initialized')).template.uuid;
    await lock(admin.cookie, view, user);
    expect(
      (await calls.put(`${base(view)}/${user}/refs/context`, { templateIds: [templateId] }))
        .statusCode,
    ).toBe(200);
    await patternUsing(view, 'course-flow', [
      `${view.profile.iri}/templates/initialized`,
      `${view.profile.iri}/templates/launched`,
    ]);

    await lock(admin.cookie, view, templateId);
    const byTemplate = await calls.delete(`${base(view)}/${templateId}`);
    expect(byTemplate.statusCode).toBe(409);
    expect(byTemplate.json<Refusal>().message).toContain('statement template "launched"');
    await lock(admin.cookie, view, patterned);
    const byPattern = await calls.delete(`${base(view)}/${patterned}`);
    expect(byPattern.statusCode).toBe(409);
    expect(byPattern.json<Refusal>().message).toContain('pattern "course-flow"');

    expect(
      (await calls.put(`${base(view)}/${user}/refs/context`, { templateIds: [] })).statusCode,
    ).toBe(200);
    const deleted = await calls.delete(`${base(view)}/${templateId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = (await calls.get(base(view))).json<TemplateList>();
    expect(list.templates.map((x) => x.uuid)).not.toContain(templateId);
    const items = (
      await calls.get(
        `/app/deleted-items/profile/${view.profile.uuid}/version/${view.version.uuid}`,
      )
    ).json<DeletedItems>();
    expect(items.items.find((i) => i.uuid === templateId)).toMatchObject({
      kind: 'template',
      reason: 'deleted',
    });

    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    await lock(admin.cookie, published, user);
    const refused = await calls.delete(`${base(published)}/${user}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Refusal>().message).toContain('deprecate it instead');
  });

  it('links templates of published profiles, hides drafts of others, and removes links', async () => {
    const other = await otherPublished();
    const hidden = (
      await template(other.admin.cookie, other.view, 'hopped', other.published.version.uuid)
    ).template.uuid;
    const { view, calls, templateId } = await draft();
    const search = (
      await calls.get(`/app/templates/search?versionId=${view.version.uuid}&limit=100`)
    ).json<TemplateList>();
    const ids = search.templates.map((x) => x.uuid);
    expect(ids).toContain(other.jump);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(templateId);
    const named = (
      await calls.get(
        `/app/templates/search?versionId=${view.version.uuid}&search=${encodeURIComponent(other.view.profile.iri)}`,
      )
    ).json<TemplateList>();
    expect(named.templates.map((x) => x.uuid)).toEqual([other.jump]);

    expect((await calls.post(`${base(view)}/link`, { templateIds: [hidden] })).statusCode).toBe(
      404,
    );
    expect((await calls.post(`${base(view)}/link`, { templateIds: [] })).statusCode).toBe(400);
    const linked = await calls.post(`${base(view)}/link`, { templateIds: [other.jump] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await calls.post(`${base(view)}/link`, { templateIds: [other.jump] })).statusCode).toBe(
      409,
    );
    const list = (await calls.get(base(view))).json<TemplateList>();
    expect(list.templates.find((x) => x.uuid === other.jump)).toMatchObject({
      linked: true,
      status: 'Published',
    });
    const shown = (await calls.get(`${base(view)}/${other.jump}`)).json<TemplateView>();
    expect(shown.permissions).toMatchObject({ edit: false, removeLink: true });
    // Once listed, the search for adding no longer offers it.
    const again = (
      await calls.get(`/app/templates/search?versionId=${view.version.uuid}&limit=100`)
    ).json<TemplateList>();
    expect(again.templates.map((x) => x.uuid)).not.toContain(other.jump);

    await patternUsing(view, 'jump-flow', [
      `${other.view.profile.iri}/templates/jumped`,
      `${view.profile.iri}/templates/completed`,
    ]);
    const inUse = await calls.delete(`${base(view)}/${other.jump}/link`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<Refusal>().message).toContain('pattern "jump-flow"');
    expect((await calls.delete(`${base(view)}/${templateId}/link`)).statusCode).toBe(400);
  });

  it('unlinks a linked template no pattern uses', async () => {
    const other = await otherPublished();
    const { view, calls } = await draft();
    await calls.post(`${base(view)}/link`, { templateIds: [other.jump] });
    const removed = await calls.delete(`${base(view)}/${other.jump}/link`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await calls.get(base(view))).json<TemplateList>().total).toBe(1);
  });

  it('shows a template publicly once published, with the deprecator only to people signed in', async () => {
    const { admin, view, calls, templateId } = await draft();
    expect((await callsOf(t.app).get(`/app/template/${templateId}`)).statusCode).toBe(404);
    const member = await calls.get(`/app/template/${templateId}`);
    expect(member.statusCode).toBe(200);
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    await lock(admin.cookie, published, templateId);
    const deprecated = await calls.post(`${base(published)}/${templateId}/deprecate`, {
      reason: 'Replaced.',
    });
    const draftId = deprecated.json<TemplateChange>().versionId;
    await publishVersion(t.app, admin.cookie, view.profile.uuid, draftId);
    const anonymous = (
      await callsOf(t.app).get(`/app/template/${templateId}`)
    ).json<TemplateView>();
    expect(anonymous.template.status).toBe('Deprecated');
    expect(anonymous.template.deprecation).toMatchObject({ reason: 'Replaced.', by: null });
    expect(anonymous.permissions).toEqual({
      edit: false,
      delete: false,
      removeRule: false,
      removeLink: false,
      claim: false,
    });
    const signedIn = (await calls.get(`/app/template/${templateId}`)).json<TemplateView>();
    expect(signedIn.template.deprecation?.by).toBe(admin.user.email);
    expect((await callsOf(t.app).get('/app/template/not-a-uuid')).statusCode).toBe(400);
  });

  it('exports a version with templates as a document the validator accepts', async () => {
    const other = await otherPublished();
    const { admin, view, calls, url, templateId, concepts, iri } = await draft();
    const target = (await template(admin.cookie, view, 'launched')).template.uuid;
    await lock(admin.cookie, view, templateId);
    const steps: Array<[string, unknown]> = [
      [`${url}/determining-properties/verb`, { conceptIds: [concepts.completed] }],
      [`${url}/determining-properties/objectActivityType`, { conceptIds: [concepts.course] }],
      [`${url}/determining-properties/contextGroupingActivityType`, { conceptIds: [other.lesson] }],
      [`${url}/refs/context`, { templateIds: [target] }],
      // Publication checks the example against its template, so it follows it.
      [`${url}/example`, { statementExample: JSON.stringify(exampleOf(iri, other.view)) }],
    ];
    for (const [target, body] of steps) {
      const response = await calls.put(target, body);
      expect(response.statusCode, `${target} ${response.body}`).toBe(200);
    }
    const rule = await calls.post(`${url}/rules`, {
      rule: {
        location: '$.verb.id',
        presence: 'included',
        all: [iri('completed')],
        scopeNote: { en: 'The verb.' },
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const exported = await calls.get(`${versionUrl(published)}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    const document = exported.json<{ exportData?: string } & Record<string, unknown>>();
    const json = (
      typeof document.exportData === 'string' ? JSON.parse(document.exportData) : document
    ) as { templates: Array<Record<string, unknown>> };
    expect(json.templates).toHaveLength(2);
    const completed = json.templates.find(
      (x) => x.id === `${view.profile.iri}/templates/completed`,
    );
    expect(completed).toMatchObject({
      verb: iri('completed'),
      objectActivityType: iri('course'),
      contextGroupingActivityType: [`${other.view.profile.iri}/activity-types/lesson`],
      contextStatementRefTemplate: [`${view.profile.iri}/templates/launched`],
    });
    expect(Object.keys(completed!)).not.toContain('statementExample');
    expect(validate(json, { mode: 'authoring' }).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
