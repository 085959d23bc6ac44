import type { LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { ApiClient, nextVersion, profileUuidOf, uniqueProfile } from '../../test/public-api';

/** What clients send: none, each coding alone, a browser's list, and codings we never use. */
const ACCEPTED = ['identity', 'gzip', 'br', 'gzip, deflate, br', 'deflate'] as const;

/** The bytes a client reads after undoing the answer's content coding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.rawPayload);
  if (coding === 'br') return brotliDecompressSync(response.rawPayload);
  expect(coding).toBeUndefined();
  return response.rawPayload;
}

/**
 * Every representation of a profile document, after every kind of write that makes one: the
 * body a client decodes is the document, whatever it accepts, and its ETag names the document
 * with at most one coding suffix, so a tool can send it back as If-Match.
 */
describe('public API: documents in every content coding', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Codings');
  });

  /** Reads `url` with each coding and checks each answer against the plain one. */
  async function readInEveryCoding(url: string, key?: string) {
    const plain = await api.get(url, { key, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode, plain.body).toBe(200);
    const document = JSON.parse(plain.body) as JsonObject;
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const tags: Record<string, string> = {};
    for (const accepted of ACCEPTED) {
      const response = await api.get(url, { key, headers: { 'accept-encoding': accepted } });
      expect(response.statusCode, `${accepted}: ${response.body}`).toBe(200);
      const body = decoded(response);
      expect(body.length, accepted).toBeGreaterThan(0);
      expect(JSON.parse(body.toString('utf8')), accepted).toEqual(document);
      const coding = response.headers['content-encoding'];
      expect(response.headers.etag, accepted).toBe(coding ? `${tag.slice(0, -1)}-${coding}"` : tag);
      tags[accepted] = response.headers.etag as string;
    }
    // What a browser-like client gets is compressed: a document is well above the threshold.
    expect(tags.gzip).toMatch(/-gzip"$/);
    expect(tags.br).toMatch(/-br"$/);
    return { document, tags };
  }

  it('serves a draft imported through the API in every coding, and its compressed tag opens a PUT', async () => {
    for (const accepted of ['gzip', 'br', 'gzip, deflate, br']) {
      const source = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, source.doc, {
        published: false,
      });
      const url = `/api/profile/${metadata.version_uuid}`;
      const { tags } = await readInEveryCoding(url, group.keys.readOnly);
      const doc = structuredClone(source.doc);
      doc.prefLabel = { en: `Saved with the ${accepted} tag` };
      const saved = await api.put(
        url,
        { profile: doc, status: { published: false } },
        { key: group.keys.readWrite, headers: { 'if-match': tags[accepted] as string } },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      // The replaced draft reads right in every coding too.
      const { document } = await readInEveryCoding(url, group.keys.readOnly);
      expect(document.prefLabel).toEqual({ en: `Saved with the ${accepted} tag` });
    }
  });

  it('serves a published version, its profile, its IRI and a next draft in every coding', async () => {
    const source = uniqueProfile();
    const { metadata } = await api.import(group.keys.readWrite, source.doc);
    await readInEveryCoding(`/api/profile/${metadata.version_uuid}`);
    await readInEveryCoding(`/api/profile/${profileUuidOf(metadata)}`);
    const versionIri = (source.doc.versions as JsonObject[])[0]?.id as string;
    await readInEveryCoding(`/api/profile?iri=${encodeURIComponent(versionIri)}`);
    await readInEveryCoding(`/api/profile?iri=${encodeURIComponent(source.base)}`);

    const next = nextVersion(source, 3);
    const draft = await api.import(group.keys.readWrite, next.doc, { published: false });
    const draftUrl = `/api/profile/${draft.metadata.version_uuid}`;
    await readInEveryCoding(draftUrl, group.keys.readOnly);

    const published = await api.post(
      `${draftUrl}/status`,
      { published: true },
      { key: group.keys.readWrite },
    );
    expect(published.statusCode, published.body).toBe(200);
    await readInEveryCoding(draftUrl);
    await readInEveryCoding(`/api/profile/${profileUuidOf(metadata)}`);
  });
});
