import { describe, expect, it } from 'vitest';
import type { ConceptView } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import { ifMatch, type EditConflict } from '../../../common/revisions';
import type { TemplateView } from '../../../common/templates';
import { publicName } from '../../modules/organizations/presenter';
import { useTestApp } from '../../test/app';
import { WITHOUT_BASE } from '../../test/browser';
import {
  addMember,
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm,
} from '../../test/authoring';

/**
 * Two editors, one item: a save says which revision its form was filled from, and one based on
 * a revision someone else has since replaced is refused with who saved and when, never applied
 * over their work.
 */
describe('saves based on an older revision', () => {
  const t = useTestApp();

  async function twoEditors() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const other = await addMember(t.app, t.database, org.id);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const a = callsOf(t.app, admin.cookie);
    const b = callsOf(t.app, other.cookie);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    return { org, admin, other, view, a, b, version };
  }

  async function aConcept(calls: ReturnType<typeof callsOf>, version: string, name: string) {
    const made = await calls.post(`${version}/concepts`, verbForm(name));
    expect(made.statusCode, made.body).toBe(200);
    return made.json<{ concept: { uuid: string } }>().concept.uuid;
  }

  const editOf = (view: ConceptView, definition: string) => ({
    ...view.concept.form,
    description: definition,
  });
  /** What a published concept still lets change: its translations. */
  const translated = (view: ConceptView, name: string) => ({
    ...view.concept.form,
    translations: [{ language: 'fr', translationName: name, translationDesc: `${name}.` }],
  });

  it("refuses A's save after B saved the concept meanwhile, naming B, and keeps B's text", async () => {
    const { a, b, version, other } = await twoEditors();
    const id = await aConcept(a, version, 'skimmed');
    const url = `${version}/concepts/${id}`;
    // A opens the form, then lets go (their lock lapses); B takes the lock, saves and leaves.
    const opened = (await a.get(url)).json<ConceptView>();
    expect(opened.concept.revision).toMatch(/^[0-9a-f-]{36}\.[0-9a-z]+$/);
    expect((await b.post(`${url}/lock`)).statusCode).toBe(200);
    const bSaved = await b.put(url, editOf(opened, 'To read quickly (B).'), {
      'if-match': ifMatch(opened.concept.revision),
    });
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    expect((await b.delete(`${url}/lock`)).statusCode).toBe(200);

    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const aSaved = await a.put(url, editOf(opened, 'To read fast (A).'), {
      'if-match': ifMatch(opened.concept.revision),
    });
    expect(aSaved.statusCode, aSaved.body).toBe(409);
    const conflict = aSaved.json<EditConflict>();
    expect(conflict.code).toBe('EDIT_CONFLICT');
    expect(conflict.savedBy).toBe(publicName(other.user));
    expect(conflict.message).toContain(`${conflict.savedBy} saved this concept at`);
    expect(Date.parse(conflict.savedAt)).not.toBeNaN();
    const now = (await a.get(url)).json<ConceptView>();
    expect(now.concept.description).toBe('To read quickly (B).');
    expect(conflict.revision).toBe(now.concept.revision);

    // Keeping theirs: a save on the fresh revision goes through.
    const again = await a.put(url, editOf(now, 'To read fast (A).'), {
      'if-match': ifMatch(now.concept.revision),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await a.get(url)).json<ConceptView>().concept.description).toBe('To read fast (A).');
  });

  it('checks against the draft a published version was carried into', async () => {
    const { a, b, version, view, admin } = await twoEditors();
    const id = await aConcept(a, version, 'glanced');
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const published = `${version}/concepts/${id}`;
    const opened = (await a.get(published)).json<ConceptView>();
    // B's save makes the next draft, with its own revision of the concept.
    expect((await b.post(`${published}/lock`)).statusCode).toBe(200);
    const bSaved = await b.put(published, translated(opened, 'parcourir'), {
      'if-match': ifMatch(opened.concept.revision),
    });
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    const draftId = bSaved.json<{ versionId: string }>().versionId;
    expect(draftId).not.toBe(view.version.uuid);
    expect((await b.delete(`${published}/lock`)).statusCode).toBe(200);

    const inDraft = `/app/profile/${view.profile.uuid}/version/${draftId}/concepts/${id}`;
    expect((await a.post(`${inDraft}/lock`)).statusCode).toBe(200);
    const stale = await a.put(inDraft, translated(opened, 'survoler'), {
      'if-match': ifMatch(opened.concept.revision),
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<EditConflict>().code).toBe('EDIT_CONFLICT');
    // The draft keeps B's translation; the published version still shows what it published.
    const draftView = (await a.get(inDraft)).json<ConceptView>();
    expect(draftView.concept.translations.map((x) => x.translationName)).toEqual(['parcourir']);
    expect((await a.get(published)).json<ConceptView>().concept.translations).toEqual(
      opened.concept.translations,
    );
  });

  it("takes a save based on the published revision after another item's save made the draft", async () => {
    const { a, b, version, view, admin } = await twoEditors();
    const id = await aConcept(a, version, 'glanced');
    const other = await aConcept(a, version, 'stared');
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const opened = (await a.get(`${version}/concepts/${id}`)).json<ConceptView>();
    // B's save of the other concept makes the next draft, which carries "glanced" naming it.
    const otherUrl = `${version}/concepts/${other}`;
    const otherView = (await b.get(otherUrl)).json<ConceptView>();
    expect((await b.post(`${otherUrl}/lock`)).statusCode).toBe(200);
    const bSaved = await b.put(otherUrl, translated(otherView, 'fixer'), {
      'if-match': ifMatch(otherView.concept.revision),
    });
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    const draftId = bSaved.json<{ versionId: string }>().versionId;

    const inDraft = `/app/profile/${view.profile.uuid}/version/${draftId}/concepts/${id}`;
    expect((await a.get(inDraft)).json<ConceptView>().concept.revision).not.toBe(
      opened.concept.revision,
    );
    expect((await a.post(`${inDraft}/lock`)).statusCode).toBe(200);
    const saved = await a.put(inDraft, translated(opened, 'parcourir'), {
      'if-match': ifMatch(opened.concept.revision),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a stale deprecation and a stale delete', async () => {
    const { a, b, version } = await twoEditors();
    const id = await aConcept(a, version, 'scanned');
    const url = `${version}/concepts/${id}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await b.post(`${url}/lock`)).statusCode).toBe(200);
    expect(
      (await b.put(url, editOf(opened, 'B.'), { 'if-match': ifMatch(opened.concept.revision) }))
        .statusCode,
    ).toBe(200);
    expect((await b.delete(`${url}/lock`)).statusCode).toBe(200);
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const stale = { 'if-match': ifMatch(opened.concept.revision) };
    expect((await a.delete(url, stale)).statusCode).toBe(409);
    expect((await a.post(`${url}/deprecate`, { reason: 'Old.' }, stale)).statusCode).toBe(409);
    expect((await a.get(url)).statusCode).toBe(200);
  });

  it("refuses a stale change of a template's rules", async () => {
    const { a, b, version } = await twoEditors();
    const made = await a.post(`${version}/templates`, {
      name: 'read',
      description: 'Someone read something.',
      iriType: 'generated-iri',
      geniri: 'read',
    });
    expect(made.statusCode, made.body).toBe(200);
    const url = `${version}/templates/${made.json<{ template: { uuid: string } }>().template.uuid}`;
    const opened = (await a.get(url)).json<TemplateView>();
    expect((await b.post(`${url}/lock`)).statusCode).toBe(200);
    const rule = { rule: { location: '$.result.success', presence: 'included' } };
    const bSaved = await b.post(`${url}/rules`, rule, {
      'if-match': ifMatch(opened.template.revision),
    });
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    expect((await b.delete(`${url}/lock`)).statusCode).toBe(200);
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const aSaved = await a.post(`${url}/rules`, rule, {
      'if-match': ifMatch(opened.template.revision),
    });
    expect(aSaved.statusCode, aSaved.body).toBe(409);
    expect((await a.get(url)).json<TemplateView>().template.rules).toHaveLength(1);
  });

  it("refuses a stale save of a version's details, naming who saved them", async () => {
    const { a, b, version, other } = await twoEditors();
    const opened = (await a.get(version)).json<ProfileView>();
    const details = (description: string) => ({
      name: opened.version.name,
      description,
    });
    expect((await b.post(`${version}/lock`)).statusCode).toBe(200);
    const bSaved = await b.put(version, details('By B.'), {
      'if-match': ifMatch(opened.version.revision),
    });
    expect(bSaved.statusCode, bSaved.body).toBe(200);
    expect((await b.delete(`${version}/lock`)).statusCode).toBe(200);
    expect((await a.post(`${version}/lock`)).statusCode).toBe(200);
    const aSaved = await a.put(version, details('By A.'), {
      'if-match': ifMatch(opened.version.revision),
    });
    expect(aSaved.statusCode, aSaved.body).toBe(409);
    const conflict = aSaved.json<EditConflict>();
    expect(conflict.message).toContain('saved the details of this version at');
    expect(conflict.savedBy).not.toBeNull();
    expect(conflict.message).not.toContain(other.user.email);
    const now = (await a.get(version)).json<ProfileView>();
    expect(now.version.description).toBe('By B.');
    const again = await a.put(version, details('By A.'), {
      'if-match': ifMatch(now.version.revision),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses every save that names no revision with 428, after who may save is decided', async () => {
    const { a, version, view } = await twoEditors();
    const id = await aConcept(a, version, 'glanced');
    const url = `${version}/concepts/${id}`;
    const template = await a.post(`${version}/templates`, {
      name: 'glanced',
      description: 'Someone glanced at something.',
      iriType: 'generated-iri',
      geniri: 'glanced',
    });
    const templateUrl = `${version}/templates/${template.json<{ template: { uuid: string } }>().template.uuid}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    expect((await a.post(`${templateUrl}/lock`)).statusCode).toBe(200);
    expect((await a.post(`${version}/lock`)).statusCode).toBe(200);
    const saves: Array<[string, () => ReturnType<typeof a.put>]> = [
      ['an item', () => a.put(url, editOf(opened, 'Without a base.'), WITHOUT_BASE)],
      ['a deprecation', () => a.post(`${url}/deprecate`, { reason: 'Old.' }, WITHOUT_BASE)],
      [
        'a removal of one value',
        () => a.post(`${url}/remove-value`, { pointer: '/definition' }, WITHOUT_BASE),
      ],
      ['a delete', () => a.delete(url, WITHOUT_BASE)],
      [
        "a template's rule",
        () =>
          a.post(
            `${templateUrl}/rules`,
            { rule: { location: '$.result.success', presence: 'included' } },
            WITHOUT_BASE,
          ),
      ],
      [
        "a version's details",
        () =>
          a.put(version, { name: view.version.name, description: 'Without a base.' }, WITHOUT_BASE),
      ],
    ];
    for (const [what, save] of saves) {
      const refused = await save();
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(428);
      expect(refused.json()).toMatchObject({ code: 'PRECONDITION_REQUIRED' });
      expect(refused.json<{ message: string }>().message).toMatch(
        /send If-Match with the revision/,
      );
    }
    // Nothing was saved.
    const now = (await a.get(url)).json<ConceptView>();
    expect(now.concept.description).toBe(opened.concept.description);
    expect(now.concept.revision).toBe(opened.concept.revision);
    // Someone who may not save hears that first, without a base or with one.
    const outsider = callsOf(t.app, (await makeGroup(t.app, t.database)).admin.cookie);
    expect((await outsider.put(url, editOf(opened, 'x'), WITHOUT_BASE)).statusCode).toBe(404);
  });

  it('answers an If-Match that names no revision with a 400 saying what to send', async () => {
    const { a, version } = await twoEditors();
    const id = await aConcept(a, version, 'perused');
    const url = `${version}/concepts/${id}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const bad = await a.put(url, editOf(opened, 'x'), { 'if-match': '"not a revision!"' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('If-Match');
  });
});
