import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptList, ConceptView } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf, makeProfile, publishVersion, verbForm as verb } from '../../test/authoring';

/**
 * What a published version shows stays as published while a later draft edits, links and
 * deletes items, and after the draft is deleted: its own item pages and lists, those of another
 * profile's published version that links its items, anonymous searches, `/api/iri/` answers
 * and its SPARQL named graph.
 */

/** A word no other test uses, letters only, so the search index keeps it whole. */
const uniqueWord = () =>
  `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

describe('a published version while a later draft changes its items', () => {
  const t = useTestApp();

  it('shows the same pages, lists, searches, IRI answers and named graph throughout', async () => {
    const group = await makeKeyedGroup(t.app, 'Frozen views');
    const member = callsOf(t.app, group.cookie);
    const anonymous = callsOf(t.app);
    const concepts = (view: ProfileView, versionId = view.version.uuid) =>
      `/app/profile/${view.profile.uuid}/version/${versionId}/concepts`;
    const create = async (view: ProfileView, name: string, versionId = view.version.uuid) => {
      const made = await member.post(concepts(view, versionId), verb(name));
      expect(made.statusCode, made.body).toBe(200);
      return made.json<ConceptChange>();
    };

    // Profile A publishes "read"; profile B publishes a version that links it.
    const a = await makeProfile(t.app, group.cookie, group.organizationId, 'Reading');
    const read = (await create(a, 'read')).concept.uuid;
    await create(a, 'skim');
    const aPublished = await publishVersion(t.app, group.cookie, a.profile.uuid, a.version.uuid);
    const b = await makeProfile(t.app, group.cookie, group.organizationId, 'Studying');
    const glance = (await create(b, 'glance')).concept.uuid;
    const linked = await member.post(`${concepts(b)}/link`, { conceptIds: [read] });
    expect(linked.statusCode, linked.body).toBe(200);
    const bPublished = await publishVersion(t.app, group.cookie, b.profile.uuid, b.version.uuid);
    const readIri = (await member.get(`${concepts(aPublished)}/${read}`)).json<ConceptView>()
      .concept.iri;

    const word = uniqueWord();
    const sparql = async (query: string) => {
      await t.app.services.sparql.settled();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/sparql',
        headers: { 'x-api-key': group.keys.readOnly, 'content-type': 'text/plain' },
        payload: query,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json<{ results: Array<Record<string, { value: string }>> }>()
        .results.map((row) => `${row.p?.value} ${row.o?.value}`)
        .sort();
    };
    const json = async (calls: typeof member, url: string) => {
      const answer = await calls.get(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json<Record<string, unknown>>();
    };
    /** Everything the published versions and the public show of the items. */
    const shown = async () => ({
      ownPage: (await json(member, `${concepts(aPublished)}/${read}`)).concept,
      ownList: (await json(anonymous, concepts(aPublished))) as unknown as ConceptList,
      linkedPage: (await json(member, `${concepts(bPublished)}/${read}`)).concept,
      linkedList: await json(anonymous, concepts(bPublished)),
      search: await json(anonymous, '/app/search/concepts?search=read'),
      byWord: await json(anonymous, `/app/search/concepts?search=${word}`),
      addScreen: await json(anonymous, `/app/concepts/search?search=${word}&page=1&limit=10`),
      iri: (
        await t.app.inject({
          method: 'GET',
          url: `/api/iri/${encodeURIComponent(readIri)}`,
          headers: { accept: 'application/ld+json' },
        })
      ).body,
      graph: await sparql(
        `SELECT ?p ?o WHERE { GRAPH <${aPublished.version.iri}> { <${readIri}> ?p ?o } }`,
      ),
    });
    const before = await shown();
    expect(before.byWord.total).toBe(0);
    expect(before.graph.length).toBeGreaterThan(0);

    // A's draft: "read" translated with the word (an edit), B's "glance" linked, and an item
    // made and deleted again.
    const readUrl = `${concepts(aPublished)}/${read}`;
    expect((await member.post(`${readUrl}/lock`)).statusCode).toBe(200);
    const translated = await member.put(readUrl, {
      conceptType: 'Verb',
      name: 'read',
      description: 'To read.',
      translations: [{ language: 'fr', translationName: `lire ${word}`, translationDesc: word }],
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const draftId = translated.json<ConceptChange>().versionId;
    const linkedInDraft = await member.post(`${concepts(a, draftId)}/link`, {
      conceptIds: [glance],
    });
    expect(linkedInDraft.statusCode, linkedInDraft.body).toBe(200);
    const tossed = (await create(a, 'tossed', draftId)).concept.uuid;
    expect((await member.post(`${concepts(a, draftId)}/${tossed}/lock`)).statusCode).toBe(200);
    expect((await member.delete(`${concepts(a, draftId)}/${tossed}`)).statusCode).toBe(200);
    // The draft has the change.
    const draftPage = await member.get(`${concepts(a, draftId)}/${read}`);
    expect(draftPage.body).toContain(word);

    expect(await shown()).toEqual(before);
    const deleted = await member.delete(`/app/profile/${a.profile.uuid}/draft`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await shown()).toEqual(before);
  });

  it('keeps a published template’s tags and translations while a draft changes them', async () => {
    const group = await makeKeyedGroup(t.app, 'Frozen tags');
    const member = callsOf(t.app, group.cookie);
    const anonymous = callsOf(t.app);
    const view = await makeProfile(t.app, group.cookie, group.organizationId, 'Watching');
    const templates = (versionId: string) =>
      `/app/profile/${view.profile.uuid}/version/${versionId}/templates`;
    const body = (extra: Record<string, unknown> = {}) => ({
      name: 'watched',
      description: 'Someone watched something.',
      iriType: 'generated-iri',
      geniri: 'watched',
      tags: ['video'],
      ...extra,
    });
    const made = await member.post(templates(view.version.uuid), body());
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ template: { uuid: string } }>().template.uuid;
    const published = await publishVersion(
      t.app,
      group.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    const url = `${templates(published.version.uuid)}/${id}`;
    const word = uniqueWord();
    const shown = async () => ({
      page: (await member.get(url)).json<{ template: Record<string, unknown> }>().template,
      list: (await anonymous.get(templates(published.version.uuid))).json<unknown>(),
      byWord: (await anonymous.get(`/app/search/templates?search=${word}`)).json<unknown>(),
      byTag: (await anonymous.get('/app/search/templates?search=video')).json<unknown>(),
    });
    const before = await shown();
    expect(before.page.tags).toEqual(['video']);

    expect((await member.post(`${url}/lock`)).statusCode).toBe(200);
    const saved = await member.put(
      url,
      body({
        tags: ['video', word],
        translations: [{ language: 'fr', translationName: word, translationDesc: word }],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json<{ versionId: string }>().versionId;
    expect(draftId).not.toBe(published.version.uuid);
    const draft = await member.get(`${templates(draftId)}/${id}`);
    expect(draft.json<{ template: { tags: string[] } }>().template.tags).toEqual(['video', word]);

    expect(await shown()).toEqual(before);
    const deleted = await member.delete(`/app/profile/${view.profile.uuid}/draft`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await shown()).toEqual(before);
  });
});
