import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, profileVersions } from '../../db/schema';
import { ApiKeyService } from '../../modules/api-keys/service';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import {
  ApiClient,
  expectError,
  profileUuidOf,
  profilesWithIri,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

describe('public API: keys', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let other: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Key holders');
    other = await makeKeyedGroup(t.app, 'Others');
  });

  const UNKNOWN_KEY = '0b7f3c1e-8a46-4d2e-9d55-6f0f1c2a3b4d';

  async function keyRow(value: string) {
    const hash = createHash('sha256').update(value).digest('hex');
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash));
    return row;
  }

  async function stateOf(versionId: string) {
    const [row] = await t.database.db
      .select()
      .from(profileVersions)
      .where(eq(profileVersions.id, versionId));
    return row?.state;
  }

  it('reads the key from x-api-key only: a session cookie opens nothing, and no CSRF token is needed', async () => {
    const document = uniqueProfile();
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { cookie: group.cookie },
      payload: { profile: document.doc },
    });
    expectError(withCookie, 401, 'UNAUTHORIZED');
    expect(await profilesWithIri(t.app, document.base)).toBe(0);

    const draft = await api.import(group.keys.readWrite, uniqueProfile().doc, {
      published: false,
    });
    const readWithCookie = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${draft.metadata.version_uuid}`,
      headers: { cookie: group.cookie },
    });
    expectError(readWithCookie, 404, 'NOT_FOUND');

    // A key alone, without any cookie or CSRF token, is enough.
    const withKey = await api.post(
      '/api/profile',
      { profile: document.doc },
      { key: group.keys.readWrite },
    );
    expect(withKey.statusCode, withKey.body).toBe(200);
  });

  it('refuses an unknown or disabled key with 401, on reads too', async () => {
    const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
    for (const key of [UNKNOWN_KEY, group.keys.disabled, '']) {
      expectError(await api.get('/api/profile', { key }), 401, 'UNAUTHORIZED');
      expectError(
        await api.get(`/api/profile/${metadata.version_uuid}`, { key }),
        401,
        'UNAUTHORIZED',
      );
      expectError(
        await api.post('/api/profile', { profile: uniqueProfile().doc }, { key }),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  it('refuses writes without a key (401) and with a key lacking write permission (403)', async () => {
    const document = uniqueProfile();
    expectError(await api.post('/api/profile', { profile: document.doc }), 401, 'UNAUTHORIZED');
    expectError(
      await api.post('/api/profile', { profile: document.doc }, { key: group.keys.readOnly }),
      403,
      'FORBIDDEN',
    );
    expect(await profilesWithIri(t.app, document.base)).toBe(0);
    const written = await api.post(
      '/api/profile',
      { profile: document.doc },
      { key: group.keys.writeOnly },
    );
    expect(written.statusCode, written.body).toBe(200);
  });

  describe('a disabled key, a read-only key and another group’s key are refused for every change', () => {
    let draft: ApiMetadata;
    let published: ApiMetadata;
    let draftModified: string;
    let publishedModified: string;

    beforeAll(async () => {
      const d = await api.import(group.keys.readWrite, uniqueProfile().doc, { published: false });
      draft = d.metadata;
      draftModified = d.lastModified;
      const p = await api.import(group.keys.readWrite, uniqueProfile().doc);
      published = p.metadata;
      publishedModified = p.lastModified;
    });

    const changes = (metadata: ApiMetadata, lastModified: string) => {
      const url = `/api/profile/${metadata.version_uuid}`;
      const headers = { 'if-unmodified-since': lastModified };
      const doc = { ...uniqueProfile().doc, id: metadata.profile_id };
      return {
        PUT: (key: string) => api.put(url, { profile: doc }, { key, headers }),
        DELETE: (key: string) => api.delete(url, { key }),
        status: (key: string) =>
          api.post(
            `${url}/status`,
            { published: true, verificationRequest: new Date().toISOString() },
            { key },
          ),
      };
    };

    it.each(['PUT', 'DELETE', 'status'] as const)('%s', async (change) => {
      const onDraft = changes(draft, draftModified)[change];
      const onPublished = changes(published, publishedModified)[change];
      expectError(await onDraft(group.keys.disabled), 401, 'UNAUTHORIZED');
      expectError(await onDraft(UNKNOWN_KEY), 401, 'UNAUTHORIZED');
      expectError(await onDraft(group.keys.readOnly), 403, 'FORBIDDEN');
      expectError(await onDraft(other.keys.readWrite), 404, 'NOT_FOUND');
      expectError(await onPublished(group.keys.disabled), 401, 'UNAUTHORIZED');
      expectError(await onPublished(group.keys.readOnly), 403, 'FORBIDDEN');
      expectError(await onPublished(other.keys.readWrite), 403, 'FORBIDDEN');
      // Nothing changed.
      expect(await stateOf(draft.version_uuid)).toBe('draft');
      const read = await api.get(`/api/profile/${draft.version_uuid}/meta`, {
        key: group.keys.readOnly,
      });
      expect(read.json<{ metadata: ApiMetadata }>().metadata).toEqual(draft);
      const meta = await api.get(`/api/profile/${profileUuidOf(published)}/meta`);
      expect(meta.json<{ metadata: ApiMetadata }>().metadata.status.verificationRequest).toBe(null);
    });

    it('another group’s key cannot import a new version of a profile it does not own', async () => {
      const document = uniqueProfile();
      await api.import(group.keys.readWrite, document.doc, { published: false });
      expectError(
        await api.post('/api/profile', { profile: document.doc }, { key: other.keys.readWrite }),
        409,
        'CONFLICT',
      );
    });
  });

  it('checks keys against their stored hash and records when each was last used', async () => {
    const g = await makeKeyedGroup(t.app, 'Hashes');
    const before = await keyRow(g.keys.readOnly);
    expect(before).toBeDefined();
    expect(before!.lastUsedAt).toBeNull();
    expect(Object.values(before!).map(String)).not.toContain(g.keys.readOnly);
    const started = Date.now();
    const response = await api.get('/api/profile', { key: g.keys.readOnly });
    expect(response.statusCode).toBe(200);
    const after = await keyRow(g.keys.readOnly);
    expect(after!.lastUsedAt).not.toBeNull();
    expect(after!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(after!.lastUsedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Only the key itself opens: its last characters or its hash do not.
    for (const key of [before!.keyHash, `xxxx${g.keys.readOnly.slice(4)}`]) {
      expectError(await api.get('/api/profile', { key }), 401, 'UNAUTHORIZED');
    }
  });

  it('records the last use again only once 15 minutes have passed, so reads do not write', async () => {
    const g = await makeKeyedGroup(t.app, 'Used often');
    const clock = { now: new Date('2026-03-02T10:00:00Z') };
    const keys = new ApiKeyService(t.database.db, t.app.services.organizations, () => clock.now);
    const lastUsed = async () => (await keyRow(g.keys.readOnly))!.lastUsedAt?.toISOString();
    await keys.authenticate(g.keys.readOnly);
    expect(await lastUsed()).toBe('2026-03-02T10:00:00.000Z');
    clock.now = new Date('2026-03-02T10:14:59Z');
    expect((await keys.authenticate(g.keys.readOnly))?.id).toBeDefined();
    expect(await lastUsed()).toBe('2026-03-02T10:00:00.000Z');
    clock.now = new Date('2026-03-02T10:15:00Z');
    await keys.authenticate(g.keys.readOnly);
    expect(await lastUsed()).toBe('2026-03-02T10:15:00.000Z');
  });
});

describe('public API: rate limits', () => {
  const t = useTestApp({ API_RATE_LIMIT_PER_KEY: '3', API_RATE_LIMIT_PER_ADDRESS: '4' });
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Limited');
  });

  function expectRetryAfter(response: Awaited<ReturnType<ApiClient['get']>>) {
    expectError(response, 429, 'RATE_LIMITED');
    expect(response.json<{ message: string }>().message).toMatch(
      /^Too many API requests (from this address|with this key)\. Try again in 1 minute\.$/,
    );
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('limits requests per client address, with Retry-After', async () => {
    const ip = '198.51.100.21';
    for (let i = 0; i < 4; i++)
      expect((await api.get('/api/profile', { ip })).statusCode).toBe(200);
    expectRetryAfter(await api.get('/api/profile', { ip }));
    expectRetryAfter(await api.post('/api/validate', uniqueProfile().doc, { ip }));
    for (const path of ['/api/validate_templates', '/api/validate_patterns'])
      expectRetryAfter(
        await api.post(path, { statement: {}, statements: [], profile: 'x' }, { ip }),
      );
    expect((await api.get('/api/profile', { ip: '198.51.100.22' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, which one client usually holds whole', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await api.get('/api/profile', { ip: `2001:db8:7:1::${i}` })).statusCode).toBe(200);
    expectRetryAfter(await api.get('/api/profile', { ip: '2001:db8:7:1:ffff::9' }));
    expect((await api.get('/api/profile', { ip: '2001:db8:7:2::1' })).statusCode).toBe(200);
  });

  it('limits requests per key whatever the address, with Retry-After', async () => {
    const key = group.keys.readOnly;
    for (let i = 0; i < 3; i++) {
      const response = await api.get('/api/profile', { key, ip: `198.51.100.${30 + i}` });
      expect(response.statusCode).toBe(200);
    }
    expectRetryAfter(await api.get('/api/profile', { key, ip: '198.51.100.40' }));
    const otherKey = await api.get('/api/profile', {
      key: group.keys.readWrite,
      ip: '198.51.100.41',
    });
    expect(otherKey.statusCode).toBe(200);
  });

  it("counts a keyed request against its key alone: one key's flood never refuses another key at the same address", async () => {
    const ip = '198.51.100.50';
    const flooder = await makeKeyedGroup(t.app, 'Flooding');
    for (let i = 0; i < 3; i++)
      expect((await api.get('/api/profile', { key: flooder.keys.readOnly, ip })).statusCode).toBe(
        200,
      );
    for (let i = 0; i < 5; i++)
      expectRetryAfter(await api.get('/api/profile', { key: flooder.keys.readOnly, ip }));
    // The address's own allowance is untouched: another key, and anonymous callers, are served.
    const other = await makeKeyedGroup(t.app, 'Neighbour');
    for (let i = 0; i < 3; i++)
      expect((await api.get('/api/profile', { key: other.keys.readOnly, ip })).statusCode).toBe(
        200,
      );
    for (let i = 0; i < 4; i++)
      expect((await api.get('/api/profile', { ip })).statusCode).toBe(200);
    expectRetryAfter(await api.get('/api/profile', { ip }));
  });

  it('counts keys that open nothing against the address, and past its limit refuses unknown keys unread', async () => {
    const ip = '198.51.100.60';
    const unknown = () => `00000000-0000-4000-8000-${String(Date.now()).padStart(12, '0')}`;
    for (let i = 0; i < 4; i++)
      expectError(await api.get('/api/profile', { key: unknown(), ip }), 401, 'UNAUTHORIZED');
    expectRetryAfter(await api.get('/api/profile', { key: unknown(), ip }));
    // A key this node has found lately still opens its calls from that address.
    const known = await makeKeyedGroup(t.app, 'Known');
    expect(
      (await api.get('/api/profile', { key: known.keys.readOnly, ip: '198.51.100.61' })).statusCode,
    ).toBe(200);
    expect((await api.get('/api/profile', { key: known.keys.readOnly, ip })).statusCode).toBe(200);
  });
});
