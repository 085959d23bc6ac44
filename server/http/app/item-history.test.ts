import { describe, expect, it } from 'vitest';
import type { ConceptView } from '../../../common/concepts';
import type { VersionActivity } from '../../../common/activity';
import type { ItemHistory, ItemRevision, RevisionComparison } from '../../../common/history';
import { ifMatch } from '../../../common/revisions';
import { useTestApp } from '../../test/app';
import {
  addMember,
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm,
} from '../../test/authoring';

/**
 * An item's history: every save is a revision, across the profile's versions and its draft,
 * newest first, with who saved it, in which version and what changed; an earlier one can be
 * read, compared with another and restored in the draft, as a save like any other.
 */
describe('item history', () => {
  const t = useTestApp();

  const translated = (view: ConceptView, name: string) => ({
    ...view.concept.form,
    translations: [{ language: 'fr', translationName: name, translationDesc: `${name}.` }],
  });

  /** A concept saved four times over two versions: v1 (made, translated, published), v2 twice. */
  async function fourRevisions() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const other = await addMember(t.app, t.database, org.id);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const a = callsOf(t.app, admin.cookie);
    const b = callsOf(t.app, other.cookie);
    const v1 = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await a.post(`${v1}/concepts`, verbForm('skimmed'));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ concept: { uuid: string } }>().concept.uuid;
    const save = async (
      calls: ReturnType<typeof callsOf>,
      url: string,
      name: string,
    ): Promise<string> => {
      const opened = (await calls.get(url)).json<ConceptView>();
      expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
      const saved = await calls.put(url, translated(opened, name), {
        'if-match': ifMatch(opened.concept.revision),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await calls.delete(`${url}/lock`)).statusCode).toBe(200);
      return saved.json<{ versionId: string }>().versionId;
    };
    await save(a, `${v1}/concepts/${id}`, 'lire');
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const draftId = await save(b, `${v1}/concepts/${id}`, 'parcourir');
    const v2 = `/app/profile/${view.profile.uuid}/version/${draftId}`;
    await save(a, `${v2}/concepts/${id}`, 'survoler');
    return { a, b, admin, other, view, id, v1, v2, draftId, org };
  }

  it('lists every revision newest first, with who, which version and the fields changed', async () => {
    const { a, admin, other, id, v2, view, draftId } = await fourRevisions();
    const answer = await a.get(`${v2}/concepts/${id}/history`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { history, canRestore } = answer.json<ItemHistory>();
    expect(canRestore).toBe(true);
    expect(history.map((h) => h.change)).toEqual(['changed', 'changed', 'changed', 'created']);
    expect(history.map((h) => h.savedBy)).toEqual([
      admin.user.email,
      other.user.email,
      admin.user.email,
      admin.user.email,
    ]);
    expect(history.map((h) => h.version?.uuid)).toEqual([
      draftId,
      draftId,
      view.version.uuid,
      view.version.uuid,
    ]);
    expect(history.map((h) => h.current)).toEqual([true, false, false, false]);
    const savedAt = history.map((h) => Date.parse(h.savedAt));
    expect([...savedAt].sort((x, y) => y - x)).toEqual(savedAt);
    const newest = history[0]!;
    expect(newest.fields.map((f) => f.field)).toEqual(['prefLabel.fr', 'definition.fr']);
    expect(newest.fields[0]).toMatchObject({ before: 'parcourir', after: 'survoler' });
    expect(history[2]!.fields[0]).toMatchObject({ field: 'prefLabel.fr', after: 'lire' });
  });

  it('shows a visitor and an outsider only what published versions list', async () => {
    const { id, v1, v2 } = await fourRevisions();
    const visitor = callsOf(t.app);
    const answer = await visitor.get(`${v1}/concepts/${id}/history`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { history, canRestore } = answer.json<ItemHistory>();
    expect(canRestore).toBe(false);
    // The published version lists the translated revision: the first one was never published.
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ change: 'created', savedBy: null, current: true });
    expect(history[0]!.version?.state).toBe('published');
    // The draft's history, its revisions and the draft itself are not theirs to see.
    expect((await visitor.get(`${v2}/concepts/${id}/history`)).statusCode).toBe(404);
    const outsider = await makeGroup(t.app, t.database);
    const theirs = callsOf(t.app, outsider.admin.cookie);
    const seen = (await theirs.get(`${v1}/concepts/${id}/history`)).json<ItemHistory>();
    expect(seen.history.map((h) => h.revision)).toEqual(history.map((h) => h.revision));
  });

  it('opens an earlier revision read-only and compares any two', async () => {
    const { a, id, v2 } = await fourRevisions();
    const { history } = (await a.get(`${v2}/concepts/${id}/history`)).json<ItemHistory>();
    const first = history[3]!;
    const last = history[0]!;
    const opened = await a.get(`${v2}/concepts/${id}/history/${first.revision}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const revision = opened.json<ItemRevision>().revision;
    expect(revision.name).toBe('skimmed');
    expect(revision.content.prefLabel).toEqual({ en: 'skimmed' });

    const compared = await a.get(
      `${v2}/concepts/${id}/history/compare?from=${first.revision}&to=${last.revision}`,
    );
    expect(compared.statusCode, compared.body).toBe(200);
    const comparison = compared.json<RevisionComparison>();
    expect(comparison.fields.map((f) => f.field)).toEqual(['prefLabel.fr', 'definition.fr']);
    expect(comparison.fields[0]).toMatchObject({ after: 'survoler' });
    expect(comparison.impact).toBe('additive'); // a new language
    // A revision of another item, or none, is no revision of this one.
    const bad = await a.get(`${v2}/concepts/${id}/history/${crypto.randomUUID()}`);
    expect(bad.statusCode).toBe(404);
    const badQuery = await a.get(`${v2}/concepts/${id}/history/compare?from=x&to=y`);
    expect(badQuery.statusCode).toBe(400);
  });

  it('restores an earlier revision in the draft as a new revision based on the current one', async () => {
    const { a, b, id, v2, v1, admin, view, draftId } = await fourRevisions();
    const url = `${v2}/concepts/${id}`;
    const { history } = (await a.get(`${url}/history`)).json<ItemHistory>();
    const lire = history[2]!;
    const before = (await a.get(url)).json<ConceptView>();

    // Based on a revision someone has since replaced: refused, nothing restored.
    const stale = await b.post(
      `${url}/history/${lire.revision}/restore`,
      {},
      { 'if-match': ifMatch(history[1]!.revision + '.0') },
    );
    expect(stale.statusCode, stale.body).toBe(409);

    const restored = await a.post(
      `${url}/history/${lire.revision}/restore`,
      {},
      { 'if-match': ifMatch(before.concept.revision) },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    const after = (await a.get(url)).json<ConceptView>();
    expect(after.concept.translations.map((x) => x.translationName)).toEqual(['lire']);
    const again = (await a.get(`${url}/history`)).json<ItemHistory>().history;
    expect(again).toHaveLength(5);
    expect(again[0]).toMatchObject({ change: 'restored', restoredFrom: lire.revision });
    expect(again[0]!.fields[0]).toMatchObject({ before: 'survoler', after: 'lire' });

    // Publishing the draft makes the restored wording public.
    await publishVersion(t.app, admin.cookie, view.profile.uuid, draftId);
    const visitor = callsOf(t.app);
    const publicView = (await visitor.get(`/app/concept/${id}`)).json<ConceptView>();
    expect(publicView.concept.translations.map((x) => x.translationName)).toEqual(['lire']);
    // The first version still reads as it was published.
    const first = (await visitor.get(`${v1}/concepts/${id}`)).json<ConceptView>();
    expect(first.concept.translations.map((x) => x.translationName)).toEqual(['lire']);
    const visible = (await visitor.get(`${v1}/concepts/${id}/history`)).json<ItemHistory>();
    expect(visible.history.map((h) => h.change)).toEqual(['restored', 'created']);
  });

  // Two connections at once need PostgreSQL: PGlite's one connection makes the two take turns.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets one of two restores based on the same revision win, on two connections at once',
    async () => {
      const { a, b, id, v2 } = await fourRevisions();
      const url = `${v2}/concepts/${id}`;
      const { history } = (await a.get(`${url}/history`)).json<ItemHistory>();
      const [parcourir, lire] = [history[1]!, history[2]!];
      for (let trial = 0; trial < 5; trial += 1) {
        const current = (await a.get(url)).json<ConceptView>().concept.revision;
        const answers = await Promise.all([
          a.post(`${url}/history/${lire.revision}/restore`, {}, { 'if-match': ifMatch(current) }),
          b.post(
            `${url}/history/${parcourir.revision}/restore`,
            {},
            {
              'if-match': ifMatch(current),
            },
          ),
        ]);
        expect(
          answers.map((r) => r.statusCode).sort(),
          answers.map((r) => r.body).join('\n'),
        ).toEqual([200, 409]);
        // Exactly one new revision, and the page shows the winner's wording.
        const after = (await a.get(`${url}/history`)).json<ItemHistory>().history;
        expect(after).toHaveLength(history.length + trial + 1);
        const won = answers[0].statusCode === 200 ? 'lire' : 'parcourir';
        const shown = (await a.get(url)).json<ConceptView>().concept;
        expect(shown.translations.map((x) => x.translationName)).toEqual([won]);
      }
    },
  );

  it('refuses restoring what a published item may no longer change', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const a = callsOf(t.app, admin.cookie);
    const v1 = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await a.post(`${v1}/concepts`, verbForm('glanced'));
    const id = made.json<{ concept: { uuid: string } }>().concept.uuid;
    const url = `${v1}/concepts/${id}`;
    const opened = (await a.get(url)).json<ConceptView>();
    expect((await a.post(`${url}/lock`)).statusCode).toBe(200);
    const saved = await a.put(
      url,
      { ...opened.concept.form, description: 'To look quickly.' },
      { 'if-match': ifMatch(opened.concept.revision) },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const { history, canRestore, unrestorable } = (
      await a.get(`${url}/history`)
    ).json<ItemHistory>();
    expect(history.map((h) => h.change)).toEqual(['changed', 'created']);
    expect(history[0]!.fields.map((f) => f.field)).toEqual(['definition.en']);
    // The history says so beforehand: no Restore is offered that the server would refuse.
    expect(canRestore).toBe(true);
    expect(unrestorable).toEqual([history[1]!.revision]);
    const now = (await a.get(url)).json<ConceptView>();
    const refused = await a.post(
      `${url}/history/${history[1]!.revision}/restore`,
      {},
      { 'if-match': ifMatch(now.concept.revision) },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('cannot be restored');
    // Nothing changed: no draft was made.
    expect((await a.get(url)).json<ConceptView>().concept.description).toBe('To look quickly.');
  });

  it("lists a version's activity from its revisions and events: edits by person and minute, deletions, publication", async () => {
    const { a, id, v1, v2, view, draftId, admin, other, org } = await fourRevisions();
    // One more concept in the draft, edited twice in a row, then deleted.
    const made = await a.post(`${v2}/concepts`, verbForm('browsed'));
    const extra = made.json<{ concept: { uuid: string } }>().concept.uuid;
    const extraUrl = `${v2}/concepts/${extra}`;
    expect((await a.post(`${extraUrl}/lock`)).statusCode).toBe(200);
    for (const name of ['feuilleter', 'survoler']) {
      const opened = (await a.get(extraUrl)).json<ConceptView>();
      const saved = await a.put(extraUrl, translated(opened, name), {
        'if-match': ifMatch(opened.concept.revision),
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const last = (await a.get(extraUrl)).json<ConceptView>();
    const gone = await a.delete(extraUrl, { 'if-match': ifMatch(last.concept.revision) });
    expect(gone.statusCode, gone.body).toBe(200);
    await publishVersion(t.app, admin.cookie, view.profile.uuid, draftId);

    const answer = await a.get(`${v2}/activity`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { activity } = answer.json<VersionActivity>();
    const kinds = activity.map((e) => e.kind);
    expect(kinds[0]).toBe('versionCreated');
    expect(kinds.at(-1)).toBe('published');
    const edits = activity.filter((e) => e.kind === 'edited');
    // B's save, A's save of the first concept and A's two saves of the other in one minute
    // (unless the minute turned between them, when they are two entries).
    const bEdit = edits.find((e) => e.by === other.user.email);
    expect(bEdit?.items.map((i) => i.uuid)).toEqual([id]);
    const aSaves = edits.filter((e) => e.by === admin.user.email);
    expect(aSaves.reduce((n, e) => n + e.count, 0)).toBe(3);
    expect(activity.find((e) => e.kind === 'created')?.items[0]?.uuid).toBe(extra);
    expect(activity.find((e) => e.kind === 'deleted')?.items[0]?.uuid).toBe(extra);
    // The first version: its concept made and translated, then published.
    const first = (await a.get(`${v1}/activity`)).json<VersionActivity>().activity;
    expect(first.map((e) => e.kind)).toEqual(['versionCreated', 'created', 'edited', 'published']);
    // A visitor reads the published version's activity without names; a draft's not at all.
    const visitor = callsOf(t.app);
    const seen = (await visitor.get(`${v1}/activity`)).json<VersionActivity>().activity;
    expect(seen.map((e) => e.by)).toEqual([null, null, null, null]);
    const fresh = await makeProfile(t.app, admin.cookie, org.id, 'Fresh');
    const freshUrl = `/app/profile/${fresh.profile.uuid}/version/${fresh.version.uuid}/activity`;
    expect((await visitor.get(freshUrl)).statusCode).toBe(404);
    expect((await a.get(freshUrl)).statusCode).toBe(200);
  });
});
