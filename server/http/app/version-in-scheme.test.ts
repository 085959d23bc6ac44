import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptView } from '../../../common/concepts';
import type { VersionFinding } from '../../../common/harvest';
import type { ProfileView } from '../../../common/profiles';
import { validate, type JsonObject } from '../../../xapi/index';
import { versionItems } from '../../db/schema';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import {
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm as verb,
} from '../../test/authoring';

/**
 * Every item of a document the server writes names the version the document describes in
 * `inScheme` (xAPI Profiles structure: "the specific Profile version currently being described"),
 * including items carried from an earlier version; what a published version shows stays as it was.
 */
describe('inScheme of the items a version carries', () => {
  const t = useTestApp();
  const base = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}`;

  async function publishedWithVerb() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const made = await calls.post(`${base(view)}/concepts`, verb('read'));
    expect(made.statusCode, made.body).toBe(200);
    const conceptId = made.json<ConceptChange>().concept.uuid;
    const published = await publishVersion(
      t.app,
      admin.cookie,
      view.profile.uuid,
      view.version.uuid,
    );
    return { admin, calls, published, conceptId };
  }

  const exported = async (calls: ReturnType<typeof callsOf>, url: string) => {
    const response = await calls.get(`${url}/export`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const schemes = (document: JsonObject) =>
    ['concepts', 'templates', 'patterns'].flatMap((key) =>
      ((document[key] as JsonObject[] | undefined) ?? []).map((item) => item.inScheme),
    );
  const l2 = (document: JsonObject) =>
    validate(document, { mode: 'authoring' }).filter((f) => f.ruleId === 'L2');

  it('names the new draft in the items it carries, publishes them so, and leaves the published version as it was', async () => {
    const { admin, calls, published, conceptId } = await publishedWithVerb();
    const v1 = published.version;
    const v1Export = (await exported(calls, base(published))).body;
    // What a member may do with the item changes once a draft follows; the item does not.
    const v1Page = (await calls.get(`${base(published)}/concepts/${conceptId}`)).json<ConceptView>()
      .concept;
    const v1Public = (await callsOf(t.app).get(`${base(published)}/concepts/${conceptId}`)).body;

    // A new concept on the published version starts the draft that carries "read".
    const added = await calls.post(`${base(published)}/concepts`, verb('skim'));
    expect(added.statusCode, added.body).toBe(200);
    const draftId = added.json<ConceptChange>().versionId;
    const draft = await calls.get(base(published, draftId));
    const draftIri = draft.json<ProfileView>().version.iri;
    expect(draftIri).not.toBe(v1.iri);

    const draftDocument = (await exported(calls, base(published, draftId))).json<JsonObject>();
    expect(schemes(draftDocument)).toEqual([draftIri, draftIri]);
    expect(l2(draftDocument)).toEqual([]);
    const carried = (
      await calls.get(`${base(published, draftId)}/concepts/${conceptId}`)
    ).json<ConceptView>();
    expect(carried.concept.content.inScheme).toBe(draftIri);
    const findings = (await calls.get(`${base(published, draftId)}/findings`)).json<{
      findings: VersionFinding[];
    }>().findings;
    expect(findings.filter((f) => f.ruleId === 'L2')).toEqual([]);

    const v2 = await publishVersion(t.app, admin.cookie, published.profile.uuid, draftId);
    const v2Document = (await exported(calls, base(v2))).json<JsonObject>();
    expect(schemes(v2Document)).toEqual([draftIri, draftIri]);
    expect(l2(v2Document)).toEqual([]);

    // The first version's document and item pages are as they were, byte for byte.
    expect((await exported(calls, base(published))).body).toBe(v1Export);
    expect(
      (await calls.get(`${base(published)}/concepts/${conceptId}`)).json<ConceptView>().concept,
    ).toEqual(v1Page);
    expect((await callsOf(t.app).get(`${base(published)}/concepts/${conceptId}`)).body).toBe(
      v1Public,
    );
    expect(schemes((await exported(calls, base(published))).json<JsonObject>())).toEqual([v1.iri]);
  });

  it('names the draft in an item edited through the published version it was filled from', async () => {
    const { calls, published, conceptId } = await publishedWithVerb();
    const url = `${base(published)}/concepts/${conceptId}`;
    expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
    const edited = await calls.put(url, {
      conceptType: 'Verb',
      name: 'read',
      description: 'To read.',
      translations: [{ language: 'fr', translationName: 'lire', translationDesc: 'Lire.' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const draftId = edited.json<ConceptChange>().versionId;
    const draftIri = (await calls.get(base(published, draftId))).json<ProfileView>().version.iri;
    const shown = (
      await calls.get(`${base(published, draftId)}/concepts/${conceptId}`)
    ).json<ConceptView>();
    expect(shown.concept.content.inScheme).toBe(draftIri);
    expect((await calls.get(url)).json<ConceptView>().concept.content.inScheme).toBe(
      published.version.iri,
    );
  });

  it('publishes a draft whose carried items still name the version before it with the draft named', async () => {
    const { admin, calls, published, conceptId } = await publishedWithVerb();
    const v1Export = (await exported(calls, base(published))).body;
    const added = await calls.post(`${base(published)}/concepts`, verb('skim'));
    const draftId = added.json<ConceptChange>().versionId;
    // A draft made before drafts named themselves in what they carry: it lists the published
    // version's own revision of "read".
    await t.database.db.execute(sql`update version_components d set revision_id = p.revision_id
      from version_components p
      where d.version_id = ${draftId} and p.version_id = ${published.version.uuid}
        and d.component_id = p.component_id`);
    const before = await t.database.db
      .select()
      .from(versionItems)
      .where(eq(versionItems.versionId, published.version.uuid));
    expect(before.map((r) => r.componentId)).toEqual([conceptId]);

    const v2 = await publishVersion(t.app, admin.cookie, published.profile.uuid, draftId);
    const document = (await exported(calls, base(v2))).json<JsonObject>();
    expect(schemes(document)).toEqual([v2.version.iri, v2.version.iri]);
    expect(l2(document)).toEqual([]);
    expect((await exported(calls, base(published))).body).toBe(v1Export);
  });

  it('keeps an uploaded document naming an earlier version as uploaded, and says what to change', async () => {
    const group = await makeKeyedGroup(t.app, 'Two versions');
    const profile = `https://example.org/profiles/${Date.now().toString(36)}`;
    const [v1, v2] = [`${profile}/v1`, `${profile}/v2`];
    const document = {
      '@context': 'https://w3id.org/xapi/profiles/context',
      id: profile,
      type: 'Profile',
      conformsTo: 'https://w3id.org/xapi/profiles#1.0',
      prefLabel: { en: 'Two versions' },
      definition: { en: 'A document that carries both of its versions.' },
      versions: [
        { id: v2, wasRevisionOf: [v1], generatedAtTime: '2026-02-01T00:00:00Z' },
        { id: v1, generatedAtTime: '2026-01-01T00:00:00Z' },
      ],
      author: { type: 'Organization', name: 'Two versions' },
      concepts: [
        {
          id: `${profile}/verbs/read`,
          type: 'Verb',
          inScheme: v1,
          prefLabel: { en: 'read' },
          definition: { en: 'To read.' },
        },
        {
          id: `${profile}/verbs/skim`,
          type: 'Verb',
          inScheme: v2,
          prefLabel: { en: 'skim' },
          definition: { en: 'To skim.' },
        },
      ],
    };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite },
      payload: { profile: document, status: { published: false } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { profile_url, version_uuid } = sent.json<{
      metadata: { profile_url: string; version_uuid: string };
    }>().metadata;
    const url = `/app/profile/${profile_url.split('/').pop() as string}/version/${version_uuid}`;
    const calls = callsOf(t.app, group.cookie);
    const stored = (await exported(calls, url)).json<JsonObject>();
    expect(schemes(stored)).toEqual([v1, v2]);
    const findings = (await calls.get(`${url}/findings`)).json<{ findings: VersionFinding[] }>()
      .findings;
    const warned = findings.filter((f) => f.ruleId === 'L2');
    expect(warned.map((f) => [f.severity, f.path])).toEqual([['warning', '/concepts/0/inScheme']]);
    expect(warned[0]?.message).toContain(`set its "inScheme" to "${v2}"`);
  });
});
