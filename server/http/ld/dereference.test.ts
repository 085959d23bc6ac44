import jsonld from 'jsonld';
import oxigraph from 'oxigraph';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCanonicalRdf } from '../../../xapi/contexts/rdf';
import { findItemWithVersions } from '../../modules/item-store/repo';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  expectError,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

const SITE = 'https://profiles.example.org';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CONTEXT = 'https://w3id.org/xapi/profiles/context';

async function canonicalTurtle(turtle: string): Promise<string> {
  const store = new oxigraph.Store();
  store.load(turtle, { format: 'text/turtle' });
  const nquads = store.dump({ format: 'application/n-quads' });
  const options = { inputFormat: 'application/n-quads', format: 'application/n-quads' };
  return jsonld.canonize(nquads as never, options as jsonld.Options.Normalize);
}

/** The JSON-LD's RDF, canonical. (A rule's `scopeNote` language map expands to nothing under the
 * published context, in a whole profile as in one template, so findings are not asserted.) */
async function canonicalJsonLd(document: unknown): Promise<string> {
  const { nquads } = await toCanonicalRdf(document);
  expect(nquads).toBeTruthy();
  return nquads as string;
}

describe('every IRI minted here dereferences', () => {
  const t = useTestApp({ PUBLIC_URL: SITE });
  let api: ApiClient;
  let group: KeyedGroup;
  let base: string;
  let published: ApiMetadata;
  let draftBase: string;
  let draft: ApiMetadata;

  const items = () => [
    { kind: 'concept', iri: `${base}/verbs/won`, type: 'Verb' },
    { kind: 'template', iri: `${base}/templates/placed`, type: 'StatementTemplate' },
    { kind: 'pattern', iri: `${base}/patterns/race`, type: 'Pattern' },
  ];
  const data = (iri: string, accept: string) =>
    api.get(`/api/iri/${encodeURIComponent(iri)}`, { headers: { accept } });

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Dereferencers');
    const document = uniqueProfile(`${SITE}/iri`);
    base = document.base;
    await api.import(group.keys.readWrite, document.doc);
    // Version 3 renames a concept: its IRI then answers what version 3 says.
    const next = nextVersion(document, 9);
    const concepts = next.doc.concepts as Array<Record<string, unknown>>;
    const won = concepts.find((c) => c.id === `${base}/verbs/won`) as Record<string, unknown>;
    won.prefLabel = { en: 'won outright' };
    published = (await api.import(group.keys.readWrite, next.doc)).metadata;
    const other = uniqueProfile(`${SITE}/iri`);
    draftBase = other.base;
    draft = (await api.import(group.keys.readWrite, other.doc, { published: false })).metadata;
  });

  it('redirects each item IRI with 303 to the document about it, readable from any origin', async () => {
    for (const { iri } of items()) {
      const response = await api.get(iri.slice(SITE.length), {
        headers: { accept: 'application/ld+json' },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/api/iri/${encodeURIComponent(iri)}`);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers JSON-LD of the newest published version, with @context and inScheme', async () => {
    for (const { iri, type } of items()) {
      const response = await data(iri, 'application/ld+json');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(response.headers.vary).toMatch(/Accept/);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({ '@context': CONTEXT, id: iri, type });
      expect(body.inScheme).toEqual(expect.stringContaining(base));
      expect(body.deprecated).toBeUndefined();
    }
    const won = (await data(`${base}/verbs/won`, 'application/ld+json')).json<{
      prefLabel: Record<string, string>;
    }>();
    expect(won.prefLabel).toEqual({ en: 'won outright' });
  });

  it('answers the same statements as Turtle', async () => {
    for (const { iri } of items()) {
      const json = await data(iri, 'application/ld+json');
      const turtle = await data(iri, 'text/turtle');
      expect(turtle.statusCode, turtle.body).toBe(200);
      expect(turtle.headers['content-type']).toMatch(/^text\/turtle/);
      expect(turtle.headers.vary).toMatch(/Accept/);
      expect(await canonicalTurtle(turtle.body)).toBe(await canonicalJsonLd(json.json()));
    }
  });

  it('gives a browser the page that opens the item', async () => {
    const page = await data(`${base}/templates/placed`, BROWSER);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.vary).toMatch(/Accept/);

    const found = await findItemWithVersions(t.database.db, `${base}/templates/placed`);
    const resolved = await t.app.inject({
      method: 'GET',
      url: `/app/profile/resolve?iri=${encodeURIComponent(`${base}/templates/placed`)}`,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      profileUuid: profileUuidOf(published),
      versionUuid: published.version_uuid,
      item: { uuid: found?.item.id, kind: 'template' },
    });
  });

  it('says deprecated: true once the version deprecating an item is published', async () => {
    const found = await findItemWithVersions(t.database.db, `${base}/verbs/placed`);
    const ids = [
      profileUuidOf(published),
      published.version_uuid,
      found?.item.id as string,
    ] as const;
    await t.app.services.concepts.lock(group.admin, ...ids);
    const opened = await t.app.services.concepts.get(group.admin, ...ids);
    const change = await t.app.services.concepts.deprecate(
      group.admin,
      ...ids,
      { reason: 'Use another verb.', link: '' },
      opened.concept.revision,
    );
    const deprecated = async () =>
      (await data(`${base}/verbs/placed`, 'application/ld+json')).json<{
        deprecated?: boolean;
      }>().deprecated;
    // The deprecation is the draft's until the draft is published.
    expect(await deprecated()).toBeUndefined();
    await publishVersion(t.app, group.cookie, profileUuidOf(published), change.versionId);
    expect(await deprecated()).toBe(true);
  });

  it('keeps draft-only items from everyone but the members of the group', async () => {
    const iri = `${draftBase}/templates/placed`;
    expectError(await data(iri, 'application/ld+json'), 404, 'NOT_FOUND');
    expectError(await data(iri, 'text/turtle'), 404, 'NOT_FOUND');
    const lookup = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/app/profile/resolve?iri=${encodeURIComponent(iri)}`,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    expectError(await lookup(), 404, 'NOT_FOUND');
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    expectError(await lookup(outsider.cookie), 404, 'NOT_FOUND');
    const member = await lookup(group.cookie);
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json()).toMatchObject({
      profileUuid: profileUuidOf(draft),
      versionUuid: draft.version_uuid,
      item: { kind: 'template' },
    });
  });
});
