import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeletedItems } from '../../../common/items';
import {
  ALTERNATES_MINIMUM_MESSAGE,
  CYCLE_MESSAGE,
  OPTIONAL_IN_ALTERNATES_MESSAGE,
  PATTERN_LIMITED_EDIT_MESSAGE,
  SEQUENCE_MINIMUM_MESSAGE,
  SINGLE_COMPONENT_MESSAGE,
  type ComponentList,
  type ComponentType,
  type PatternChange,
  type PatternList,
  type PatternType,
  type PatternView,
} from '../../../common/patterns';
import type { ProfileView } from '../../../common/profiles';
import { validate } from '../../../xapi/index';
import { itemRevisions, profileItems } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { insertTemplate } from '../../test/items';

type Component = { componentType: ComponentType; componentId: string };
const template = (componentId: string): Component => ({ componentType: 'template', componentId });
const pattern = (componentId: string): Component => ({ componentType: 'pattern', componentId });

const patternBody = (
  type: PatternType,
  name: string,
  components: Component[],
  extra: Record<string, unknown> = {},
) => ({
  type,
  name,
  description: `The ${name} pattern.`,
  iriType: 'generated-iri',
  geniri: name,
  primary: false,
  components,
  ...extra,
});

/** The editable part of a pattern's view, as the edit form sends it back. */
const editBody = (view: PatternView, extra: Record<string, unknown> = {}) => ({
  name: view.pattern.name,
  description: view.pattern.description,
  translations: view.pattern.translations,
  tags: view.pattern.tags,
  moreInformation: view.pattern.moreInformation,
  primary: view.pattern.primary,
  components: view.pattern.components.map((c) => ({
    componentType: c.componentType,
    componentId: c.uuid,
  })),
  ...extra,
});

interface Refusal {
  code: string;
  message: string;
  errors?: string[];
}

describe('patterns', () => {
  const t = useTestApp();
  const base = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}/patterns`;

  /** A draft profile with two statement templates. */
  async function draftWithTemplates() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const first = await insertTemplate(t.database.db, view, 'opened');
    const second = await insertTemplate(t.database.db, view, 'closed');
    return { org, admin, view, first, second, calls: callsOf(t.app, admin.cookie) };
  }

  async function created(
    calls: ReturnType<typeof callsOf>,
    url: string,
    body: unknown,
  ): Promise<PatternChange> {
    const response = await calls.post(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PatternChange>();
  }

  const lock = (calls: ReturnType<typeof callsOf>, url: string) => calls.post(`${url}/lock`);

  it('creates each of the five types, stored in the spec form with extras beside it', async () => {
    const { view, first, second, calls } = await draftWithTemplates();
    const sequence = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), template(second.id)], {
        primary: true,
        tags: ['reading'],
        moreInformation: 'https://example.org/visit',
        translations: [
          { language: 'de', translationName: 'Besuch', translationDesc: 'Ein Besuch.' },
        ],
      }),
    );
    const made = [
      await created(
        calls,
        base(view),
        patternBody('alternates', 'either', [template(first.id), template(second.id)]),
      ),
      await created(calls, base(view), patternBody('optional', 'maybe', [template(first.id)])),
      await created(
        calls,
        base(view),
        patternBody('oneOrMore', 'many', [pattern(sequence.pattern.uuid)]),
      ),
      await created(calls, base(view), patternBody('zeroOrMore', 'any', [template(second.id)])),
    ];
    expect([sequence, ...made].every((c) => c.versionId === view.version.uuid)).toBe(true);

    const list = (await calls.get(`${base(view)}?limit=100`)).json<PatternList>();
    expect(list.total).toBe(5);
    expect(list.patterns.map((p) => [p.name, p.type, p.primary, p.status])).toEqual([
      ['any', 'zeroOrMore', false, 'Unpublished'],
      ['either', 'alternates', false, 'Unpublished'],
      ['many', 'oneOrMore', false, 'Unpublished'],
      ['maybe', 'optional', false, 'Unpublished'],
      ['visit', 'sequence', true, 'Unpublished'],
    ]);

    const visit = (await calls.get(`${base(view)}/${sequence.pattern.uuid}`)).json<PatternView>();
    const iri = `${view.profile.iri}/patterns/visit`;
    expect(visit.pattern.iri).toBe(iri);
    expect(visit.pattern.content).toEqual({
      id: iri,
      type: 'Pattern',
      inScheme: view.version.iri,
      prefLabel: { en: 'visit', de: 'Besuch' },
      definition: { en: 'The visit pattern.', de: 'Ein Besuch.' },
      primary: true,
      sequence: [first.iri, second.iri],
    });
    // Tags and more information are kept by the server, never in the exported content.
    expect(visit.pattern.tags).toEqual(['reading']);
    expect(visit.pattern.moreInformation).toBe('https://example.org/visit');
    expect(visit.pattern.components).toEqual([
      expect.objectContaining({
        uuid: first.id,
        iri: first.iri,
        name: 'opened',
        componentType: 'template',
        patternType: null,
        status: 'Unpublished',
        parentProfile: expect.objectContaining({ uuid: view.profile.uuid }) as unknown,
      }),
      expect.objectContaining({ uuid: second.id, name: 'closed', componentType: 'template' }),
    ]);
    expect(visit.permissions).toEqual({
      edit: true,
      delete: true,
      removeLink: false,
      claim: false,
    });

    // A single-component type names its component as one IRI, not a list.
    const many = (await calls.get(`${base(view)}/${made[2]!.pattern.uuid}`)).json<PatternView>();
    expect(many.pattern.content.oneOrMore).toBe(iri);
    expect(many.pattern.components).toEqual([
      expect.objectContaining({
        uuid: sequence.pattern.uuid,
        componentType: 'pattern',
        patternType: 'sequence',
      }),
    ]);
  });

  it('refuses what the pattern rules refuse, with the first problem and every one', async () => {
    const { view, first, second, calls } = await draftWithTemplates();
    const maybe = await created(
      calls,
      base(view),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    const cases: Array<[unknown, string]> = [
      [patternBody('optional', 'none', []), SINGLE_COMPONENT_MESSAGE('optional')],
      [
        patternBody('zeroOrMore', 'two', [template(first.id), template(second.id)]),
        SINGLE_COMPONENT_MESSAGE('zeroOrMore'),
      ],
      [patternBody('alternates', 'alone', [template(first.id)]), ALTERNATES_MINIMUM_MESSAGE],
      [patternBody('sequence', 'short', [template(first.id)]), SEQUENCE_MINIMUM_MESSAGE],
      [
        patternBody('sequence', 'wrapped', [pattern(maybe.pattern.uuid)], { primary: true }),
        SEQUENCE_MINIMUM_MESSAGE,
      ],
      [
        patternBody('alternates', 'choice', [pattern(maybe.pattern.uuid), template(second.id)]),
        OPTIONAL_IN_ALTERNATES_MESSAGE('maybe'),
      ],
    ];
    for (const [body, message] of cases) {
      const response = await calls.post(base(view), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const refusal = response.json<Refusal>();
      expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(refusal.errors).toContain(message);
    }
    // A primary sequence of one statement template is the one exception (K8).
    await created(
      calls,
      base(view),
      patternBody('sequence', 'single', [template(first.id)], { primary: true }),
    );
    // The form's own mistakes name the field.
    const unnamed = await calls.post(
      base(view),
      patternBody('optional', 'x', [template(first.id)], { name: '' }),
    );
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json<Refusal>().message).toContain('Required');
    // The IRI is the server's to give once.
    const again = await calls.post(
      base(view),
      patternBody('optional', 'maybe', [template(second.id)]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<Refusal>().message).toContain(`${view.profile.iri}/patterns/maybe`);

    // A template of another profile's draft is not there to use.
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const hidden = await insertTemplate(t.database.db, otherView, 'hidden');
    const unseen = await calls.post(
      base(view),
      patternBody('optional', 'x2', [template(hidden.id)]),
    );
    expect(unseen.statusCode).toBe(404);
    // Nor is a template given as a pattern.
    const wrongKind = await calls.post(
      base(view),
      patternBody('optional', 'x3', [pattern(first.id)]),
    );
    expect(wrongKind.statusCode).toBe(404);
  });

  it('refuses a deprecated component when it is added, but keeps one already there', async () => {
    const { view, first, second, calls } = await draftWithTemplates();
    const maybe = await created(
      calls,
      base(view),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    const visit = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), pattern(maybe.pattern.uuid)]),
    );
    const maybeUrl = `${base(view)}/${maybe.pattern.uuid}`;
    await lock(calls, maybeUrl);
    expect((await calls.post(`${maybeUrl}/deprecate`, { reason: 'Old.' })).statusCode).toBe(200);

    const refused = await calls.post(
      base(view),
      patternBody('sequence', 'again', [template(second.id), pattern(maybe.pattern.uuid)]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().message).toContain('maybe is deprecated');

    const visitUrl = `${base(view)}/${visit.pattern.uuid}`;
    const shown = (await calls.get(visitUrl)).json<PatternView>();
    await lock(calls, visitUrl);
    const kept = await calls.put(visitUrl, editBody(shown, { description: 'Still the visit.' }));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('reorders a sequence under the write lock, and refuses a change that makes a cycle', async () => {
    const { view, first, second, calls } = await draftWithTemplates();
    const visit = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), template(second.id)]),
    );
    const url = `${base(view)}/${visit.pattern.uuid}`;
    const shown = (await calls.get(url)).json<PatternView>();
    const reordered = editBody(shown, {
      components: [template(second.id), template(first.id)],
    });
    const noLock = await calls.put(url, reordered);
    expect(noLock.statusCode).toBe(409);
    expect(noLock.json<Refusal>().code).toBe('LOCK_REQUIRED');
    expect((await lock(calls, url)).statusCode).toBe(200);
    const saved = await calls.put(url, reordered);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await calls.get(url)).json<PatternView>();
    expect(after.pattern.content.sequence).toEqual([second.iri, first.iri]);
    expect(after.pattern.components.map((c) => c.name)).toEqual(['closed', 'opened']);
    // The type is fixed at creation.
    expect((await calls.put(url, { ...reordered, type: 'alternates' })).statusCode).toBe(400);

    // many → visit; putting many into visit would make visit contain itself.
    const many = await created(
      calls,
      base(view),
      patternBody('oneOrMore', 'many', [pattern(visit.pattern.uuid)]),
    );
    const cycle = await calls.put(
      url,
      editBody(after, { components: [...reordered.components, pattern(many.pattern.uuid)] }),
    );
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json<Refusal>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: CYCLE_MESSAGE('many'),
    });
    const itself = await calls.put(
      url,
      editBody(after, { components: [...reordered.components, pattern(visit.pattern.uuid)] }),
    );
    expect(itself.json<Refusal>().message).toBe(CYCLE_MESSAGE('visit'));
    // The refused saves changed nothing.
    expect((await calls.get(url)).json<PatternView>().pattern.content.sequence).toEqual([
      second.iri,
      first.iri,
    ]);
  });

  it('keeps members this server does not know when a published pattern is translated', async () => {
    const { admin, view, first, second, calls } = await draftWithTemplates();
    const visit = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), template(second.id)], {
        primary: true,
      }),
    );
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    // As an import leaves it: one member is defined by a profile this server does not have.
    const elsewhere = 'https://elsewhere.example.org/templates/paused';
    const [stored] = await t.database.db
      .select({ revision: itemRevisions })
      .from(profileItems)
      .innerJoin(itemRevisions, eq(itemRevisions.id, profileItems.latestRevisionId))
      .where(eq(profileItems.id, visit.pattern.uuid));
    // Written straight into the published revision, which the database otherwise refuses.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table item_revisions disable trigger item_revisions_frozen`);
      await tx
        .update(itemRevisions)
        .set({
          content: { ...stored!.revision.content, sequence: [first.iri, elsewhere, second.iri] },
        })
        .where(eq(itemRevisions.id, stored!.revision.id));
      await tx.execute(sql`alter table item_revisions enable trigger item_revisions_frozen`);
    });

    const url = `${base(published)}/${visit.pattern.uuid}`;
    const shown = (await calls.get(url)).json<PatternView>();
    expect((await lock(calls, url)).statusCode).toBe(200);
    // The form names only the known members; their order still may not change.
    const known = [template(first.id), template(second.id)];
    const reordered = await calls.put(url, editBody(shown, { components: [...known].reverse() }));
    expect(reordered.json<Refusal>().message).toBe(PATTERN_LIMITED_EDIT_MESSAGE);
    const translated = await calls.put(
      url,
      editBody(shown, {
        components: known,
        translations: [{ language: 'fr', translationName: 'visite', translationDesc: 'Visite.' }],
      }),
    );
    expect(translated.statusCode, translated.body).toBe(200);
    const draftId = translated.json<PatternChange>().versionId;
    const inDraft = (
      await calls.get(`${base(published, draftId)}/${visit.pattern.uuid}`)
    ).json<PatternView>();
    expect(inDraft.pattern.content.sequence).toEqual([first.iri, elsewhere, second.iri]);
  });

  it('limits edits once published, and lands changes of a published version in a new draft', async () => {
    const { admin, view, first, second, calls } = await draftWithTemplates();
    const visit = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), template(second.id)], {
        primary: true,
      }),
    );
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const url = `${base(published)}/${visit.pattern.uuid}`;
    const shown = (await calls.get(url)).json<PatternView>();
    expect(shown.pattern).toMatchObject({ status: 'Published', publishedInProfile: true });
    expect((await lock(calls, url)).statusCode).toBe(200);

    const refusals = [
      editBody(shown, { components: [template(second.id), template(first.id)] }),
      editBody(shown, { name: 'tour' }),
      editBody(shown, { primary: false }),
    ];
    for (const body of refusals) {
      const response = await calls.put(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<Refusal>().message).toBe(PATTERN_LIMITED_EDIT_MESSAGE);
    }
    const translated = await calls.put(
      url,
      editBody(shown, {
        translations: [
          { language: 'fr', translationName: 'visite', translationDesc: 'Une visite.' },
        ],
        tags: ['tour'],
      }),
    );
    expect(translated.statusCode, translated.body).toBe(200);
    const draftId = translated.json<PatternChange>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const inDraft = (
      await calls.get(`${base(published, draftId)}/${visit.pattern.uuid}`)
    ).json<PatternView>();
    expect(inDraft.pattern.translations).toEqual([
      { language: 'fr', translationName: 'visite', translationDesc: 'Une visite.' },
    ]);
    expect(inDraft.pattern.tags).toEqual(['tour']);
    // The published version shows the pattern as it was published.
    const frozen = (await calls.get(url)).json<PatternView>();
    expect(frozen.pattern.translations).toEqual([]);
    expect(frozen.pattern.content.prefLabel).toEqual({ en: 'visit' });
    expect(frozen.permissions.edit).toBe(false);

    // A pattern created on the next draft stays out of the published version.
    const maybe = await created(
      calls,
      base(published, draftId),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    expect(maybe.versionId).toBe(draftId);
    expect((await calls.get(base(published))).json<PatternList>().total).toBe(1);
    expect((await calls.get(base(published, draftId))).json<PatternList>().total).toBe(2);
  });

  it('creates a pattern on a published version in a new draft that copies its lists', async () => {
    const { admin, view, first, calls } = await draftWithTemplates();
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const made = await created(
      calls,
      base(published),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    expect(made.versionId).not.toBe(published.version.uuid);
    expect((await calls.get(base(published))).json<PatternList>().total).toBe(0);
    const draftList = (await calls.get(base(published, made.versionId))).json<PatternList>();
    expect(draftList.patterns.map((p) => p.uuid)).toEqual([made.pattern.uuid]);
    const shown = (
      await calls.get(`${base(published, made.versionId)}/${made.pattern.uuid}`)
    ).json<PatternView>();
    expect(shown.pattern.content.inScheme).toBe(`${view.profile.iri}/v2`);
  });

  it('deprecates with a reason, shows who did it to signed-in people, then refuses edits', async () => {
    const { admin, view, first, calls } = await draftWithTemplates();
    const maybe = await created(
      calls,
      base(view),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    const url = `${base(view)}/${maybe.pattern.uuid}`;
    expect((await calls.post(`${url}/deprecate`, { reason: 'Old.' })).statusCode).toBe(409);
    await lock(calls, url);
    expect((await calls.post(`${url}/deprecate`, { reason: '' })).statusCode).toBe(400);
    const done = await calls.post(`${url}/deprecate`, { reason: 'Use another.' });
    expect(done.statusCode, done.body).toBe(200);
    const shown = (await calls.get(url)).json<PatternView>();
    expect(shown.pattern.status).toBe('Deprecated');
    expect(shown.pattern.deprecation).toMatchObject({
      reason: 'Use another.',
      by: admin.user.email,
    });
    expect(shown.pattern.content.deprecated).toBe(true);
    expect(shown.permissions.edit).toBe(false);
    expect((await calls.put(url, editBody(shown))).statusCode).toBe(403);

    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const anonymous = (
      await callsOf(t.app).get(`/app/pattern/${maybe.pattern.uuid}`)
    ).json<PatternView>();
    expect(anonymous.pattern.deprecation).toMatchObject({ reason: 'Use another.', by: null });
  });

  it('deletes only unused, unpublished patterns, into Deleted Items', async () => {
    const { admin, view, first, second, calls } = await draftWithTemplates();
    const maybe = await created(
      calls,
      base(view),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    const visit = await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [pattern(maybe.pattern.uuid), template(second.id)]),
    );
    const maybeUrl = `${base(view)}/${maybe.pattern.uuid}`;
    expect((await calls.delete(maybeUrl)).statusCode).toBe(409);
    await lock(calls, maybeUrl);
    const used = await calls.delete(maybeUrl);
    expect(used.statusCode).toBe(409);
    expect(used.json<Refusal>().message).toContain('The pattern visit uses this pattern');

    const visitUrl = `${base(view)}/${visit.pattern.uuid}`;
    await lock(calls, visitUrl);
    const deleted = await calls.delete(visitUrl);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await calls.get(base(view))).json<PatternList>().patterns.map((p) => p.name)).toEqual([
      'maybe',
    ]);
    const items = (
      await calls.get(
        `/app/deleted-items/profile/${view.profile.uuid}/version/${view.version.uuid}`,
      )
    ).json<DeletedItems>();
    expect(items.items.find((i) => i.uuid === visit.pattern.uuid)).toMatchObject({
      kind: 'pattern',
      reason: 'deleted',
    });
    expect((await calls.get(visitUrl)).statusCode).toBe(404);

    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const publishedUrl = `${base(published)}/${maybe.pattern.uuid}`;
    await lock(calls, publishedUrl);
    const refused = await calls.delete(publishedUrl);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Refusal>().message).toContain('deprecate it instead');
  });

  it('finds patterns to add, links them, and removes the links', async () => {
    const other = await draftWithTemplates();
    const shared = await created(
      other.calls,
      base(other.view),
      patternBody('alternates', 'shared-choice', [
        template(other.first.id),
        template(other.second.id),
      ]),
    );
    const otherPublished = await publishVersion(
      t.app,
      other.admin.cookie,
      other.view.profile.uuid,
      other.view.version.uuid,
    );
    // A pattern of the other profile's next draft stays hidden from everyone else.
    await created(
      other.calls,
      base(otherPublished),
      patternBody('optional', 'shared-draft', [template(other.first.id)]),
    );

    const mine = await draftWithTemplates();
    const own = await created(
      mine.calls,
      base(mine.view),
      patternBody('optional', 'shared-own', [template(mine.first.id)]),
    );
    const search = async () =>
      (
        await mine.calls.get(
          `/app/patterns/search?search=shared&versionId=${mine.view.version.uuid}&limit=100`,
        )
      ).json<PatternList>();
    const found = await search();
    expect(found.patterns.map((p) => p.uuid)).toEqual([shared.pattern.uuid]);
    expect(found.patterns[0]).toMatchObject({ type: 'alternates', status: 'Published' });

    const linked = await mine.calls.post(`${base(mine.view)}/link`, {
      patternIds: [shared.pattern.uuid],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await search()).total).toBe(0);
    const list = (await mine.calls.get(base(mine.view))).json<PatternList>();
    expect(list.patterns.find((p) => p.uuid === shared.pattern.uuid)).toMatchObject({
      linked: true,
    });
    const view = (
      await mine.calls.get(`${base(mine.view)}/${shared.pattern.uuid}`)
    ).json<PatternView>();
    expect(view.permissions).toEqual({
      edit: false,
      delete: false,
      removeLink: true,
      claim: false,
    });
    expect(view.pattern.components.map((c) => c.name)).toEqual(['opened', 'closed']);
    const twice = await mine.calls.post(`${base(mine.view)}/link`, {
      patternIds: [shared.pattern.uuid],
    });
    expect(twice.statusCode).toBe(409);

    const unlinked = await mine.calls.delete(`${base(mine.view)}/${shared.pattern.uuid}/link`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await mine.calls.get(base(mine.view))).json<PatternList>().total).toBe(1);
    expect(
      (await mine.calls.delete(`${base(mine.view)}/${own.pattern.uuid}/link`)).statusCode,
    ).toBe(400);
  });

  it('finds components: templates or patterns, not deprecated, no drafts of other profiles', async () => {
    const other = await draftWithTemplates();
    const otherPattern = await created(
      other.calls,
      base(other.view),
      patternBody('optional', 'elsewhere', [template(other.first.id)]),
    );
    await publishVersion(
      t.app,
      other.admin.cookie,
      other.view.profile.uuid,
      other.view.version.uuid,
    );
    const stranger = await draftWithTemplates();
    const strangerPattern = await created(
      stranger.calls,
      base(stranger.view),
      patternBody('optional', 'unseen', [template(stranger.first.id)]),
    );
    const mine = await draftWithTemplates();
    const calls = mine.calls;
    const maybe = await created(
      calls,
      base(mine.view),
      patternBody('optional', 'maybe', [template(mine.first.id)]),
    );
    const gone = await created(
      calls,
      base(mine.view),
      patternBody('optional', 'gone', [template(mine.second.id)]),
    );
    const goneUrl = `${base(mine.view)}/${gone.pattern.uuid}`;
    await lock(calls, goneUrl);
    expect((await calls.post(`${goneUrl}/deprecate`, { reason: 'Old.' })).statusCode).toBe(200);

    const components = async (query: string) =>
      (
        await calls.get(
          `/app/pattern-components/search?versionId=${mine.view.version.uuid}&limit=100&${query}`,
        )
      ).json<ComponentList>();
    const templates = await components('componentType=template');
    const ids = templates.components.map((c) => c.uuid);
    expect(ids).toEqual(expect.arrayContaining([mine.first.id, mine.second.id, other.first.id]));
    expect(ids).not.toContain(stranger.first.id);
    expect(templates.components.every((c) => c.componentType === 'template')).toBe(true);

    const patterns = await components('componentType=pattern');
    const patternIds = patterns.components.map((c) => c.uuid);
    expect(patternIds).toContain(maybe.pattern.uuid);
    expect(patternIds).toContain(otherPattern.pattern.uuid);
    expect(patternIds).not.toContain(gone.pattern.uuid);
    expect(patternIds).not.toContain(strangerPattern.pattern.uuid);
    expect(patterns.components.find((c) => c.uuid === maybe.pattern.uuid)).toMatchObject({
      componentType: 'pattern',
      patternType: 'optional',
      name: 'maybe',
      status: 'Unpublished',
    });
    const editing = await components(`componentType=pattern&patternId=${maybe.pattern.uuid}`);
    expect(editing.components.map((c) => c.uuid)).not.toContain(maybe.pattern.uuid);
    expect(editing.components.map((c) => c.uuid)).toContain(otherPattern.pattern.uuid);
    // Someone outside the group sees no drafts of the profile.
    const outside = (
      await callsOf(t.app, stranger.admin.cookie).get(
        `/app/pattern-components/search?versionId=${mine.view.version.uuid}&componentType=template&limit=100`,
      )
    ).json<ComponentList>();
    expect(outside.components.map((c) => c.uuid)).not.toContain(mine.first.id);
    expect(
      (await calls.get('/app/pattern-components/search?componentType=template')).statusCode,
    ).toBe(400);
  });

  it('shows a pattern publicly once published, and keeps drafts to members', async () => {
    const { admin, view, first, calls } = await draftWithTemplates();
    const maybe = await created(
      calls,
      base(view),
      patternBody('optional', 'maybe', [template(first.id)]),
    );
    const publicUrl = `/app/pattern/${maybe.pattern.uuid}`;
    expect((await callsOf(t.app).get(publicUrl)).statusCode).toBe(404);
    expect((await callsOf(t.app).get(`${base(view)}/${maybe.pattern.uuid}`)).statusCode).toBe(404);
    expect((await calls.get(publicUrl)).statusCode).toBe(200);
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const shown = await callsOf(t.app).get(publicUrl);
    expect(shown.statusCode).toBe(200);
    const panel = shown.json<PatternView>();
    expect(panel.pattern).toMatchObject({ name: 'maybe', type: 'optional', primary: false });
    expect(panel.pattern.components.map((c) => c.uuid)).toEqual([first.id]);
    expect(panel.pattern.updatedBy).toBeNull();
    expect(panel.permissions).toEqual({
      edit: false,
      delete: false,
      removeLink: false,
      claim: false,
    });
  });

  it('exports a published primary sequence of two templates as a valid document', async () => {
    const { admin, view, first, second, calls } = await draftWithTemplates();
    await created(
      calls,
      base(view),
      patternBody('sequence', 'visit', [template(first.id), template(second.id)], {
        primary: true,
        tags: ['never exported'],
      }),
    );
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const exported = await calls.get(
      `/app/profile/${view.profile.uuid}/version/${published.version.uuid}/export`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const body = exported.json<{ exportData?: string } & Record<string, unknown>>();
    const document = (typeof body.exportData === 'string' ? JSON.parse(body.exportData) : body) as {
      patterns: Array<Record<string, unknown>>;
    };
    expect(document.patterns).toEqual([
      expect.objectContaining({ primary: true, sequence: [first.iri, second.iri] }),
    ]);
    expect(JSON.stringify(document)).not.toContain('never exported');
    expect(validate(document, { mode: 'authoring' }).filter((f) => f.severity === 'error')).toEqual(
      [],
    );
  });
});
