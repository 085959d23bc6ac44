import jsonld from 'jsonld';
import oxigraph from 'oxigraph';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCanonicalRdf } from '../../../xapi/contexts/rdf';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import {
  ApiClient,
  expectError,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

const SITE = 'https://profiles.example.org';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Turtle read back with oxigraph, as canonical N-Quads (blank nodes labelled canonically). */
async function canonicalTurtle(turtle: string): Promise<string> {
  const store = new oxigraph.Store();
  store.load(turtle, { format: 'text/turtle' });
  const nquads = store.dump({ format: 'application/n-quads' });
  const options = { inputFormat: 'application/n-quads', format: 'application/n-quads' };
  return jsonld.canonize(nquads as never, options as jsonld.Options.Normalize);
}

async function canonicalJsonLd(document: unknown): Promise<string> {
  const { nquads, findings } = await toCanonicalRdf(document);
  expect(findings).toEqual([]);
  return nquads as string;
}

describe('profile pages and IRIs: content negotiation', () => {
  const t = useTestApp({ PUBLIC_URL: SITE });
  let api: ApiClient;
  let group: KeyedGroup;
  let published: ApiMetadata;
  let draft: ApiMetadata;
  let base: string;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Negotiators');
    const document = uniqueProfile(`${SITE}/iri`);
    base = document.base;
    published = (await api.import(group.keys.readWrite, document.doc)).metadata;
    draft = (
      await api.import(group.keys.readWrite, uniqueProfile(`${SITE}/iri`).doc, {
        published: false,
      })
    ).metadata;
  });

  const pagePaths = (m: ApiMetadata) => [
    `/profile/${profileUuidOf(m)}`,
    `/profile/${profileUuidOf(m)}/version/${m.version_uuid}`,
    `/organization/${m.working_group.uuid}/profile/${profileUuidOf(m)}/version/${m.version_uuid}`,
  ];

  it('answers the JSON-LD document to a client asking for application/ld+json', async () => {
    const expected = (await api.get(`/api/profile/${published.version_uuid}`)).json<unknown>();
    for (const path of pagePaths(published)) {
      const response = await api.get(path, { headers: { accept: 'application/ld+json' } });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(response.headers['last-modified']).toBeTruthy();
      // Readable from other origins too, so linked-data tools in browsers can follow IRIs.
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toEqual(expected);
    }
  });

  it('answers Turtle with the same RDF as the JSON-LD', async () => {
    const document = (await api.get(`/api/profile/${published.version_uuid}`)).json<unknown>();
    const expected = await canonicalJsonLd(document);
    expect(expected.split('\n').length).toBeGreaterThan(100);
    for (const path of pagePaths(published)) {
      const response = await api.get(path, { headers: { accept: 'text/turtle' } });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/turtle/);
      expect(await canonicalTurtle(response.body)).toBe(expected);
    }
  });

  it('writes the same Turtle, byte for byte, every time: its ETag names the bytes', async () => {
    const path = `/api/profile/${published.version_uuid}`;
    const first = await api.get(path, { headers: { accept: 'text/turtle' } });
    expect(first.body).toMatch(/_:/);
    // A change anywhere drops the kept answers, so the next read writes the Turtle again.
    t.app.services.readCache.clear();
    const second = await api.get(path, { headers: { accept: 'text/turtle' } });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
  });

  it('answers the web app to a browser', async () => {
    for (const path of [...pagePaths(published), ...pagePaths(draft)]) {
      const response = await api.get(path, { headers: { accept: BROWSER } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('test shell');
    }
  });

  it('never serves a draft as data, not even with a key of its group', async () => {
    for (const path of pagePaths(draft)) {
      for (const accept of ['application/ld+json', 'text/turtle', 'application/json']) {
        expectError(
          await api.get(path, { headers: { accept }, key: group.keys.readWrite }),
          404,
          'NOT_FOUND',
        );
      }
    }
  });

  it('answers 406 when nothing offered is acceptable', async () => {
    expectError(
      await api.get(`/profile/${profileUuidOf(published)}`, { headers: { accept: 'image/png' } }),
      406,
      'NOT_ACCEPTABLE',
    );
  });

  describe('/iri/… and /api/iri/…', () => {
    it('redirects a generated IRI with 303 to its look-up', async () => {
      const path = base.slice(SITE.length);
      for (const [from, iri] of [
        [path, base],
        [`${path}/v2`, `${base}/v2`],
      ] as const) {
        const response = await api.get(from, { headers: { accept: 'application/ld+json' } });
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(`/api/iri/${encodeURIComponent(iri)}`);
      }
    });

    it('serves the document to a non-browser and the page to a browser', async () => {
      const url = `/api/iri/${encodeURIComponent(base)}`;
      const document = await api.get(url, { headers: { accept: 'application/ld+json' } });
      expect(document.statusCode, document.body).toBe(200);
      expect(document.json<{ id: string; versions: Array<{ id: string }> }>().id).toBe(base);
      const version = await api.get(`/api/iri/${encodeURIComponent(`${base}/v2`)}`, {
        headers: { accept: 'application/json' },
      });
      expect(version.json<{ versions: Array<{ id: string }> }>().versions[0]!.id).toBe(
        published.version_id,
      );
      const page = await api.get(url, { headers: { accept: BROWSER } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('test shell');
    });

    it('follows the redirect from an IRI to its document', async () => {
      const first = await api.get(base.slice(SITE.length), {
        headers: { accept: 'text/turtle' },
      });
      const second = await api.get(first.headers.location as string, {
        headers: { accept: 'text/turtle' },
      });
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toMatch(/^text\/turtle/);
      expect(second.body).toContain(`<${base}>`);
    });

    it('answers 404 for a draft and for an unknown IRI', async () => {
      for (const iri of [draft.profile_id, draft.version_id, `${SITE}/iri/unknown`]) {
        expectError(
          await api.get(`/api/iri/${encodeURIComponent(iri)}`, {
            headers: { accept: 'application/ld+json' },
          }),
          404,
          'NOT_FOUND',
        );
      }
    });
  });
});
