import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptView } from '../../../common/concepts';
import type { ItemResults } from '../../../common/search';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion, verbForm } from '../../test/authoring';

/**
 * A deprecation made in a draft belongs to the draft, like every other change in it: its group's
 * members see it there; visitors and other groups read the published revision, which does not
 * carry it, on every surface (the item's page, `/api/iri/` as JSON-LD and Turtle, the search
 * page), until the draft is published. A published version's own views never gain it.
 */
describe('a deprecation made in a draft', () => {
  const t = useTestApp();

  async function deprecatedInDraft(word: string) {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id, `Deprecating ${word}`);
    const member = callsOf(t.app, admin.cookie);
    const concepts = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const made = await member.post(concepts, verbForm(word));
    expect(made.statusCode, made.body).toBe(200);
    const concept = made.json<ConceptChange>().concept;
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    expect((await member.post(`${concepts}/${concept.uuid}/lock`)).statusCode).toBe(200);
    const deprecated = await member.post(`${concepts}/${concept.uuid}/deprecate`, {
      reason: `Secret reason ${word}`,
      link: '',
    });
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    const draftId = deprecated.json<ConceptChange>().versionId;
    const iri = (await member.get(`${concepts}/${concept.uuid}`)).json<ConceptView>().concept.iri;
    return { admin, view, member, concept, draftId, iri, publishedConcepts: concepts };
  }

  const dereference = (iri: string, accept: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/iri/${encodeURIComponent(iri)}`,
      headers: { accept },
    });

  /** What a visitor and another group's member read of the item, on every public surface. */
  async function publicFaces(id: string, iri: string, word: string, outsiderCookie: string) {
    const faces = [];
    for (const calls of [callsOf(t.app), callsOf(t.app, outsiderCookie)]) {
      const page = (await calls.get(`/app/concept/${id}`)).json<ConceptView>().concept;
      const jsonld = await dereference(iri, 'application/ld+json');
      const turtle = await dereference(iri, 'text/turtle');
      const search = (
        await calls.get(`/app/search/concepts?search=${word}&deprecated=true`)
      ).json<ItemResults>();
      faces.push({
        status: page.status,
        deprecation: page.deprecation,
        jsonldDeprecated: jsonld.json<{ deprecated?: boolean }>().deprecated ?? false,
        turtleDeprecated: /deprecated/.test(turtle.body),
        searchDeprecated: search.results.find((r) => r.uuid === id)?.isDeprecated,
        foundByDefault: (await calls.get(`/app/search/concepts?search=${word}`))
          .json<ItemResults>()
          .results.some((r) => r.uuid === id),
        leaksReason: [JSON.stringify(page), jsonld.body, turtle.body].some((text) =>
          text.includes('Secret reason'),
        ),
      });
    }
    return faces;
  }

  const unchanged = {
    status: 'Published',
    deprecation: null,
    jsonldDeprecated: false,
    turtleDeprecated: false,
    searchDeprecated: false,
    foundByDefault: true,
    leaksReason: false,
  };

  it('shows in the draft to its members and nowhere else until the draft is published', async () => {
    const word = `zq${Date.now().toString(36)}a`;
    const { admin, view, member, concept, draftId, iri, publishedConcepts } =
      await deprecatedInDraft(word);
    const outsider = await makeGroup(t.app, t.database);

    const inDraft = await member.get(
      `/app/profile/${view.profile.uuid}/version/${draftId}/concepts/${concept.uuid}`,
    );
    expect(inDraft.json<ConceptView>().concept).toMatchObject({
      status: 'Deprecated',
      deprecation: { reason: `Secret reason ${word}` },
    });
    expect(await publicFaces(concept.uuid, iri, word, outsider.admin.cookie)).toEqual([
      unchanged,
      unchanged,
    ]);

    await publishVersion(t.app, admin.cookie, view.profile.uuid, draftId);
    const now = await publicFaces(concept.uuid, iri, word, outsider.admin.cookie);
    for (const face of now)
      expect(face).toMatchObject({
        status: 'Deprecated',
        deprecation: { reason: `Secret reason ${word}` },
        jsonldDeprecated: true,
        turtleDeprecated: true,
        searchDeprecated: true,
        foundByDefault: false,
      });

    // The first version reads as it was published, to everyone.
    const first = await callsOf(t.app).get(`${publishedConcepts}/${concept.uuid}`);
    expect(first.json<ConceptView>().concept).toMatchObject({
      status: 'Published',
      deprecation: null,
    });
  });

  it('leaves nothing public behind when the draft is deleted', async () => {
    const word = `zq${Date.now().toString(36)}b`;
    const { view, member, concept, iri, publishedConcepts } = await deprecatedInDraft(word);
    const outsider = await makeGroup(t.app, t.database);
    const gone = await member.delete(`/app/profile/${view.profile.uuid}/draft`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await publicFaces(concept.uuid, iri, word, outsider.admin.cookie)).toEqual([
      unchanged,
      unchanged,
    ]);
    const page = await member.get(`${publishedConcepts}/${concept.uuid}`);
    expect(page.json<ConceptView>().concept.status).toBe('Published');
  });
});
