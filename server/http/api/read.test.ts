import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCounters, profileCounters, profileVersions } from '../../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { behindTheGuards } from '../../test/database';
import { ANNOUNCED_WITHIN_MS, eventually } from '../../test/jobs';
import {
  ApiClient,
  IMF_FIXDATE,
  expectError,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

const SITE = 'https://profiles.example.org';

describe('public API: reading profiles', () => {
  const t = useTestApp({ PUBLIC_URL: SITE });
  let api: ApiClient;
  let group: KeyedGroup;
  let other: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Readers');
    other = await makeKeyedGroup(t.app, 'Others');
  });

  const today = () => new Date().toISOString().slice(0, 10);

  async function versionRow(id: string) {
    const [row] = await t.database.db
      .select()
      .from(profileVersions)
      .where(eq(profileVersions.id, id));
    return row!;
  }

  /** A published v2 and a published v3 of one profile. */
  async function twoVersions() {
    const first = uniqueProfile();
    const v2 = await api.import(group.keys.readWrite, first.doc);
    const second = nextVersion(first, 3);
    const v3 = await api.import(group.keys.readWrite, second.doc);
    return { first, second, v2: v2.metadata, v3: v3.metadata };
  }

  describe('GET /api/profile (list)', () => {
    it('lists the published profiles of a working group with their metadata and a total', async () => {
      const g = await makeKeyedGroup(t.app, 'Lister');
      const published = [];
      for (let i = 0; i < 3; i++)
        published.push((await api.import(g.keys.readWrite, uniqueProfile().doc)).metadata);
      await api.import(g.keys.readWrite, uniqueProfile().doc, { published: false });

      const response = await api.get(`/api/profile?workinggroup=${g.organizationId}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        success: boolean;
        metadata: ApiMetadata[];
        page: number;
        limit: number;
        total: number;
      }>();
      expect(body).toMatchObject({ success: true, page: 1, limit: 10, total: 3 });
      expect(body.metadata.map((m) => m.version_uuid).sort()).toEqual(
        published.map((m) => m.version_uuid).sort(),
      );
      expect(body.metadata.every((m) => m.status.published)).toBe(true);
      expect(body.metadata[0]).toEqual(
        published.find((m) => m.version_uuid === body.metadata[0]!.version_uuid),
      );
    });

    it('pages with limit and page, counting from page 1', async () => {
      const g = await makeKeyedGroup(t.app, 'Pager');
      for (let i = 0; i < 3; i++) await api.import(g.keys.readWrite, uniqueProfile().doc);
      const page = async (n: number) => {
        const response = await api.get(
          `/api/profile?workinggroup=${g.organizationId}&limit=2&page=${n}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ metadata: ApiMetadata[]; total: number; page: number }>();
      };
      const [one, two, three] = [await page(1), await page(2), await page(3)];
      expect([one.metadata.length, two.metadata.length, three.metadata.length]).toEqual([2, 1, 0]);
      expect([one.total, two.total, three.total]).toEqual([3, 3, 3]);
      expect(two.page).toBe(2);
      const ids = [...one.metadata, ...two.metadata].map((m) => m.version_uuid);
      expect(new Set(ids).size).toBe(3);
    });

    it('answers 10 profiles unless a limit is given, and at most 100', async () => {
      const g = await makeKeyedGroup(t.app, 'Many');
      for (let i = 0; i < 11; i++) await api.import(g.keys.readWrite, uniqueProfile().doc);
      const byDefault = await api.get(`/api/profile?workinggroup=${g.organizationId}`);
      expect(byDefault.json<{ metadata: unknown[] }>().metadata).toHaveLength(10);
      expect(byDefault.json<{ total: number }>().total).toBe(11);
      const hundred = await api.get(`/api/profile?workinggroup=${g.organizationId}&limit=100`);
      expect(hundred.json<{ metadata: unknown[] }>().metadata).toHaveLength(11);
      expectError(await api.get('/api/profile?limit=101'), 400, 'VALIDATION_FAILED');
      expectError(await api.get('/api/profile?limit=0'), 400, 'VALIDATION_FAILED');
    });

    it('refuses a page below 1 and a working group that is not a uuid', async () => {
      expectError(await api.get('/api/profile?page=0'), 400, 'VALIDATION_FAILED');
      expectError(await api.get('/api/profile?workinggroup=nope'), 400, 'VALIDATION_FAILED');
    });

    it('lists every group without a filter', async () => {
      const { metadata } = await api.import(other.keys.readWrite, uniqueProfile().doc);
      const response = await api.get('/api/profile?limit=100');
      expect(response.statusCode).toBe(200);
      const body = response.json<{ metadata: ApiMetadata[]; total: number }>();
      expect(body.total).toBeGreaterThanOrEqual(1);
      const groups = new Set(body.metadata.map((m) => m.working_group.uuid));
      expect(groups.has(other.organizationId)).toBe(true);
      expect(body.metadata.some((m) => m.version_uuid === metadata.version_uuid)).toBe(true);
    });
  });

  describe('GET /api/profile?iri=', () => {
    it('gives the current published version for a profile IRI', async () => {
      const { first, second } = await twoVersions();
      const response = await api.get(`/api/profile?iri=${encodeURIComponent(first.base)}`, {
        headers: { accept: 'application/ld+json' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      const body = response.json<{ id: string; versions: Array<{ id: string }> }>();
      expect(body.id).toBe(first.base);
      expect(body.versions.map((v) => v.id)).toEqual(
        (second.doc.versions as Array<{ id: string }>).map((v) => v.id),
      );
      expect(response.headers['last-modified']).toMatch(IMF_FIXDATE);
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    });

    it('gives that version for a version IRI', async () => {
      const { first } = await twoVersions();
      const response = await api.get(`/api/profile?iri=${encodeURIComponent(`${first.base}/v2`)}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ versions: Array<{ id: string }> }>();
      expect(body.versions[0]!.id).toBe(`${first.base}/v2`);
      expect(body.versions).toHaveLength(2);
    });

    it('answers 404 for an unknown IRI and for a draft, except a draft version to its group', async () => {
      expectError(
        await api.get(`/api/profile?iri=${encodeURIComponent('https://example.org/none')}`),
        404,
        'NOT_FOUND',
      );
      const draft = uniqueProfile();
      await api.import(group.keys.readWrite, draft.doc, { published: false });
      for (const iri of [draft.base, `${draft.base}/v2`]) {
        expectError(await api.get(`/api/profile?iri=${encodeURIComponent(iri)}`), 404, 'NOT_FOUND');
      }
      expectError(
        await api.get(`/api/profile?iri=${encodeURIComponent(`${draft.base}/v2`)}`, {
          key: other.keys.readWrite,
        }),
        404,
        'NOT_FOUND',
      );
      const own = await api.get(`/api/profile?iri=${encodeURIComponent(`${draft.base}/v2`)}`, {
        key: group.keys.readOnly,
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<{ id: string }>().id).toBe(draft.base);
    });
  });

  describe('GET /api/profile/{uuid}', () => {
    it('gives the current published version for a profile uuid and that version for a version uuid', async () => {
      const { v2, v3 } = await twoVersions();
      const byProfile = await api.get(`/api/profile/${profileUuidOf(v2)}`);
      expect(byProfile.statusCode, byProfile.body).toBe(200);
      expect(byProfile.json<{ versions: Array<{ id: string }> }>().versions[0]!.id).toBe(
        v3.version_id,
      );
      const byVersion = await api.get(`/api/profile/${v2.version_uuid}`);
      expect(byVersion.statusCode, byVersion.body).toBe(200);
      expect(byVersion.json<{ versions: Array<{ id: string }> }>().versions[0]!.id).toBe(
        v2.version_id,
      );
    });

    it('serves the stored snapshot of a published version', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const row = await versionRow(metadata.version_uuid);
      // The snapshot is what readers get, not a document assembled again from the items: mark it
      // behind the server's back before anyone reads it (nothing ever changes a snapshot, so a
      // change made after a read would rightly stay unseen).
      const changed = { ...row.snapshot, prefLabel: { en: 'Frozen' } };
      await behindTheGuards(t.database.db, (tx) =>
        tx
          .update(profileVersions)
          .set({ snapshot: changed })
          .where(eq(profileVersions.id, metadata.version_uuid)),
      );
      const response = await api.get(`/api/profile/${metadata.version_uuid}`);
      expect(response.json()).toEqual(changed);
      expect(response.json<{ prefLabel: unknown }>().prefLabel).toEqual({ en: 'Frozen' });
    });

    it('answers a version it keeps without a promise, and reads one it does not keep yet', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const { publicApi } = t.app.services;
      const read = publicApi.byUuid({ key: null }, metadata.version_uuid);
      expect(read).toBeInstanceOf(Promise);
      const { etag } = await read;
      // The import's own announcement may come after that read and end what it kept: a read made
      // once it has come keeps the version for the next one.
      const kept = await eventually(
        'a read answered from memory',
        async () => {
          await publicApi.byUuid({ key: null }, metadata.version_uuid);
          const again = publicApi.byUuid({ key: null }, metadata.version_uuid);
          return again instanceof Promise ? null : again;
        },
        2 * ANNOUNCED_WITHIN_MS,
      );
      expect(kept).toMatchObject({ etag, freshness: 'immutable' });
    });

    it('answers 404 for an unknown uuid and 400 for something that is not a uuid', async () => {
      expectError(
        await api.get('/api/profile/00000000-0000-4000-8000-000000000000'),
        404,
        'NOT_FOUND',
      );
      expectError(await api.get('/api/profile/not-a-uuid'), 400, 'VALIDATION_FAILED');
    });

    it('gives a draft only to a read key of its group', async () => {
      const draft = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, draft.doc, { published: false });
      for (const uuid of [metadata.version_uuid, profileUuidOf(metadata)]) {
        const url = `/api/profile/${uuid}`;
        expectError(await api.get(url), 404, 'NOT_FOUND');
        expectError(await api.get(url, { key: other.keys.readWrite }), 404, 'NOT_FOUND');
        expectError(await api.get(url, { key: group.keys.writeOnly }), 403, 'FORBIDDEN');
        expectError(await api.get(url, { key: group.keys.disabled }), 401, 'UNAUTHORIZED');
        for (const key of [group.keys.readOnly, group.keys.readWrite]) {
          const response = await api.get(url, { key });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json<{ id: string }>().id).toBe(draft.base);
        }
      }
    });

    it('prefers the published version to a newer draft for a profile uuid', async () => {
      const first = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, first.doc);
      await api.import(group.keys.readWrite, nextVersion(first, 3).doc, { published: false });
      const response = await api.get(`/api/profile/${profileUuidOf(metadata)}`, {
        key: group.keys.readWrite,
      });
      expect(response.json<{ versions: Array<{ id: string }> }>().versions[0]!.id).toBe(
        metadata.version_id,
      );
    });

    it('sends Last-Modified as an IMF-fixdate of the last change and a strong ETag', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const row = await versionRow(metadata.version_uuid);
      const response = await api.get(`/api/profile/${metadata.version_uuid}`);
      const lastModified = response.headers['last-modified'] as string;
      expect(lastModified).toMatch(IMF_FIXDATE);
      expect(Date.parse(lastModified)).toBe(Math.floor(row.updatedAt.getTime() / 1000) * 1000);
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect((await api.get(`/api/profile/${metadata.version_uuid}`)).headers.etag).toBe(etag);
      const other = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const otherTag = (await api.get(`/api/profile/${other.metadata.version_uuid}`)).headers.etag;
      expect(otherTag).not.toBe(etag);
    });

    it('answers 304 to If-None-Match with the ETag and to If-Modified-Since', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const url = `/api/profile/${metadata.version_uuid}`;
      const first = await api.get(url);
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;

      const matching = await api.get(url, { headers: { 'if-none-match': etag } });
      expect(matching.statusCode).toBe(304);
      expect(matching.body).toBe('');
      expect(matching.headers.etag).toBe(etag);
      const listed = await api.get(url, { headers: { 'if-none-match': `"other", ${etag}` } });
      expect(listed.statusCode).toBe(304);
      const weak = await api.get(url, { headers: { 'if-none-match': `W/${etag}` } });
      expect(weak.statusCode).toBe(304);
      const stale = await api.get(url, { headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode).toBe(200);

      const since = await api.get(url, { headers: { 'if-modified-since': lastModified } });
      expect(since.statusCode).toBe(304);
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await api.get(url, { headers: { 'if-modified-since': earlier } })).statusCode).toBe(
        200,
      );
      // If-None-Match decides when both are sent (RFC 9110 §13.2.2).
      const both = await api.get(url, {
        headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified },
      });
      expect(both.statusCode).toBe(200);
    });

    it('lets caches keep a version named by its uuid or IRI for a year, and the rest briefly', async () => {
      const IMMUTABLE = 'public, max-age=31536000, immutable';
      const CURRENT = 'public, max-age=60, stale-while-revalidate=600';
      const { first, v2 } = await twoVersions();
      const cacheControl = async (url: string, headers: Record<string, string> = {}) => {
        const response = await api.get(url, { headers });
        expect([200, 304], response.body).toContain(response.statusCode);
        return response.headers['cache-control'];
      };
      // Read twice: the first answer is read from the database, the second from memory.
      for (let i = 0; i < 2; i++) {
        expect(await cacheControl(`/api/profile/${v2.version_uuid}`)).toBe(IMMUTABLE);
        expect(await cacheControl(`/api/profile?iri=${encodeURIComponent(v2.version_id)}`)).toBe(
          IMMUTABLE,
        );
        expect(await cacheControl(`/api/profile/${profileUuidOf(v2)}`)).toBe(CURRENT);
        expect(await cacheControl(`/api/profile?iri=${encodeURIComponent(first.base)}`)).toBe(
          CURRENT,
        );
      }
      // A 304 says the same, whichever encoding the client takes.
      const url = `/api/profile/${v2.version_uuid}`;
      for (const encoding of ['gzip', 'identity']) {
        const full = await api.get(url, { headers: { 'accept-encoding': encoding } });
        const again = await api.get(url, {
          headers: { 'accept-encoding': encoding, 'if-none-match': full.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
        expect(again.headers['cache-control']).toBe(IMMUTABLE);
      }
      expect(await cacheControl('/api/profile')).toBe(CURRENT);
      expect(await cacheControl(`/api/profile/${v2.version_uuid}/meta`)).toBe(CURRENT);
      // A draft is its group's alone: nothing may store it.
      const draft = await api.import(group.keys.readWrite, uniqueProfile().doc, {
        published: false,
      });
      for (const path of [draft.metadata.version_uuid, `${draft.metadata.version_uuid}/meta`]) {
        const response = await api.get(`/api/profile/${path}`, { key: group.keys.readOnly });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('answers Turtle when asked and 406 for a type it does not have', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const url = `/api/profile/${metadata.version_uuid}`;
      const turtle = await api.get(url, { headers: { accept: 'text/turtle' } });
      expect(turtle.statusCode).toBe(200);
      expect(turtle.headers['content-type']).toMatch(/^text\/turtle/);
      expect(turtle.body).toContain(`<${metadata.profile_id}>`);
      const json = await api.get(url, { headers: { accept: 'application/json' } });
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(turtle.headers.etag).not.toBe(json.headers.etag);
      expectError(await api.get(url, { headers: { accept: 'image/png' } }), 406, 'NOT_ACCEPTABLE');
    });
  });

  describe('GET /api/profile/{uuid}/meta and /metadata', () => {
    it('answers every metadata field', async () => {
      const doc = uniqueProfile();
      const imported = await api.import(group.keys.readWrite, doc.doc);
      const profileId = profileUuidOf(imported.metadata);
      const row = await versionRow(imported.metadata.version_uuid);
      for (const path of ['meta', 'metadata']) {
        const response = await api.get(`/api/profile/${profileId}/${path}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['last-modified']).toMatch(IMF_FIXDATE);
        const body = response.json<{ success: boolean; metadata: ApiMetadata }>();
        expect(body.success).toBe(true);
        expect(body.metadata).toEqual({
          profile_url: `${SITE}/profile/${profileId}`,
          profile_id: doc.base,
          version_url: `${SITE}/profile/${profileId}/version/${row.id}`,
          version_id: `${doc.base}/v2`,
          version_uuid: row.id,
          name: 'Sports',
          version: 1,
          template_count: 2,
          concept_count: 12,
          pattern_count: 7,
          updated: row.updatedAt.toISOString(),
          working_group: {
            name: expect.stringMatching(/^Readers /) as unknown,
            url: 'https://example.org/group',
            uuid: group.organizationId,
          },
          status: { published: true, verified: false, verificationRequest: null },
        });
        expect(body.metadata).toEqual(imported.metadata);
      }
    });

    it('gives the version of a version uuid, a draft only to its group, 404 otherwise', async () => {
      const { v2, v3 } = await twoVersions();
      const older = await api.get(`/api/profile/${v2.version_uuid}/meta`);
      expect(older.json<{ metadata: ApiMetadata }>().metadata.version).toBe(1);
      const current = await api.get(`/api/profile/${profileUuidOf(v2)}/metadata`);
      expect(current.json<{ metadata: ApiMetadata }>().metadata.version_uuid).toBe(v3.version_uuid);

      const draft = await api.import(group.keys.readWrite, uniqueProfile().doc, {
        published: false,
      });
      const url = `/api/profile/${draft.metadata.version_uuid}/meta`;
      expectError(await api.get(url), 404, 'NOT_FOUND');
      expectError(await api.get(url, { key: other.keys.readOnly }), 404, 'NOT_FOUND');
      expectError(await api.get(url, { key: group.keys.writeOnly }), 403, 'FORBIDDEN');
      const own = await api.get(url, { key: group.keys.readOnly });
      expect(own.json<{ metadata: ApiMetadata }>().metadata.status.published).toBe(false);
      expectError(
        await api.get('/api/profile/00000000-0000-4000-8000-000000000000/metadata'),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('metrics', () => {
    async function profileCount(profileId: string, counter: string) {
      await t.app.services.counters.flush();
      const rows = await t.database.db
        .select()
        .from(profileCounters)
        .where(
          and(
            eq(profileCounters.profileId, profileId),
            eq(profileCounters.day, today()),
            eq(profileCounters.counter, counter as 'apiRead'),
          ),
        );
      return rows[0]?.count ?? 0;
    }

    async function keyCount(keyValue: string, counter: 'apiRead' | 'apiWrite') {
      const key = await t.app.services.apiKeys.authenticate(keyValue);
      await t.app.services.counters.flush();
      const rows = await t.database.db
        .select()
        .from(apiKeyCounters)
        .where(
          and(
            eq(apiKeyCounters.keyId, key!.id),
            eq(apiKeyCounters.day, today()),
            eq(apiKeyCounters.counter, counter),
          ),
        );
      return rows[0]?.count ?? 0;
    }

    it('counts document reads as reads and exports, metadata reads as reads, per profile per day', async () => {
      const doc = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, doc.doc);
      const profileId = profileUuidOf(metadata);
      await api.get(`/api/profile/${metadata.version_uuid}`);
      await api.get(`/api/profile?iri=${encodeURIComponent(doc.base)}`);
      await api.get(`/api/profile/${profileId}/meta`);
      expect(await profileCount(profileId, 'apiRead')).toBe(3);
      expect(await profileCount(profileId, 'apiExport')).toBe(2);
      expect(await profileCount(profileId, 'apiWrite')).toBe(1);
    });

    it('counts the reads made with a key per key per day', async () => {
      const g = await makeKeyedGroup(t.app, 'Counted');
      const { metadata } = await api.import(g.keys.readWrite, uniqueProfile().doc);
      const before = await keyCount(g.keys.readOnly, 'apiRead');
      await api.get(`/api/profile/${metadata.version_uuid}`, { key: g.keys.readOnly });
      await api.get(`/api/profile/${metadata.version_uuid}/meta`, { key: g.keys.readOnly });
      await api.get('/api/profile', { key: g.keys.readOnly });
      expect(await keyCount(g.keys.readOnly, 'apiRead')).toBe(before + 3);
      expect(await keyCount(g.keys.readOnly, 'apiWrite')).toBe(0);
    });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await api.get('/api/nothing-here', { headers: { accept: 'text/html' } });
    expectError(response, 404, 'NOT_FOUND');
  });
});
