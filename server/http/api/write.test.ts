import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import {
  apiKeyCounters,
  profileItems,
  profileCounters,
  profileVersions,
  profiles,
} from '../../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  IMF_FIXDATE,
  ageVersion,
  expectError,
  nextVersion,
  profileUuidOf,
  profilesWithIri,
  uniqueProfile,
  type ApiMetadata,
  type TestDocument,
} from '../../test/public-api';

describe('public API: importing, editing, deleting and publishing', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let other: KeyedGroup;
  let siteAdminCookie: string;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Writers');
    other = await makeKeyedGroup(t.app, 'Others');
    siteAdminCookie = (await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' }))
      .cookie;
  });

  const today = () => new Date().toISOString().slice(0, 10);

  async function versionRow(id: string) {
    const [row] = await t.database.db
      .select()
      .from(profileVersions)
      .where(eq(profileVersions.id, id));
    return row;
  }

  async function componentIris(iris: string[]) {
    const rows = await t.database.db
      .select({ iri: profileItems.iri, profileId: profileItems.profileId })
      .from(profileItems)
      .where(inArray(profileItems.iri, iris));
    return rows;
  }

  const conceptIris = (doc: JsonObject) =>
    (doc.concepts as JsonObject[]).map((c) => c.id as string);

  async function verificationQueue(): Promise<Array<{ versionUuid: string }>> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app/admin/verificationRequests',
      headers: { cookie: siteAdminCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ requests: Array<{ versionUuid: string }> }>().requests;
  }

  /** A draft imported with the group's key; answers its metadata and the document. */
  async function importDraft(document: TestDocument = uniqueProfile()) {
    const { metadata } = await api.import(group.keys.readWrite, document.doc, {
      published: false,
    });
    return { document, metadata };
  }

  /** The Last-Modified a tool would read before changing a draft. */
  async function lastModifiedOf(versionUuid: string) {
    const response = await api.get(`/api/profile/${versionUuid}`, { key: group.keys.readOnly });
    expect(response.statusCode, response.body).toBe(200);
    return {
      lastModified: response.headers['last-modified'] as string,
      etag: response.headers.etag as string,
    };
  }

  describe('POST /api/profile (import)', () => {
    it('creates a published profile in the key’s group and answers its metadata and Last-Modified', async () => {
      const document = uniqueProfile();
      const response = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['last-modified']).toMatch(IMF_FIXDATE);
      const body = response.json<{ success: boolean; metadata: ApiMetadata }>();
      expect(body.success).toBe(true);
      expect(body.metadata).toMatchObject({
        profile_id: document.base,
        version_id: `${document.base}/v2`,
        version: 1,
        concept_count: 12,
        template_count: 2,
        pattern_count: 7,
        working_group: { uuid: group.organizationId },
        status: { published: true, verified: false, verificationRequest: null },
      });
      const [profile] = await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.iri, document.base));
      expect(profile?.organizationId).toBe(group.organizationId);
      const row = await versionRow(body.metadata.version_uuid);
      expect(row?.state).toBe('published');
      expect(row?.snapshot).toBeTruthy();
      expect(Date.parse(response.headers['last-modified'] as string)).toBe(
        Math.floor(row!.updatedAt.getTime() / 1000) * 1000,
      );
      const read = await api.get(`/api/profile/${body.metadata.version_uuid}`);
      expect(read.statusCode).toBe(200);
    });

    it('publishes a profile whose Activity names an activity context of its own, with the H2 warning', async () => {
      // The activity context is a SHOULD (structure §7.4): a warning, never a refusal.
      const document = uniqueProfile();
      const activity = (document.doc.concepts as JsonObject[]).find((c) => c.type === 'Activity')!;
      (activity.activityDefinition as JsonObject)['@context'] =
        'https://example.org/my-activity-context';
      const response = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite },
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        metadata: ApiMetadata;
        findings: Array<{ ruleId: string; severity: string; path: string }>;
      }>();
      expect(body.metadata.status.published).toBe(true);
      expect(body.findings).toContainEqual(
        expect.objectContaining({
          ruleId: 'H2',
          severity: 'warning',
          path: '/concepts/11/activityDefinition/@context',
        }),
      );
    });

    it('makes a draft when status.published is false', async () => {
      const { metadata } = await importDraft();
      expect(metadata.status.published).toBe(false);
      expect((await versionRow(metadata.version_uuid))?.state).toBe('draft');
      expectError(await api.get(`/api/profile/${metadata.version_uuid}`), 404, 'NOT_FOUND');
    });

    it('queues a verification request for the site admins', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc, {
        verificationRequest: new Date().toISOString(),
      });
      expect(metadata.status.verificationRequest).not.toBeNull();
      expect(metadata.status.verified).toBe(false);
      const queue = await verificationQueue();
      expect(queue.map((r) => r.versionUuid)).toContain(metadata.version_uuid);
    });

    it('accepts an application/ld+json body', async () => {
      const document = uniqueProfile();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite, 'content-type': 'application/ld+json' },
        payload: JSON.stringify({ profile: document.doc }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ metadata: ApiMetadata }>().metadata.profile_id).toBe(document.base);
    });

    it('refuses an invalid profile with 400 and its findings', async () => {
      const document = uniqueProfile();
      delete document.doc.prefLabel;
      (document.doc.concepts as JsonObject[])[0]!.type = 'NotAType';
      const response = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite },
      );
      const body = expectError(response, 400, 'VALIDATION_FAILED') as unknown as {
        findings: Array<{ ruleId: string; path: string; message: string; severity: string }>;
      };
      expect(body.findings.length).toBeGreaterThanOrEqual(2);
      for (const finding of body.findings) {
        expect(finding.ruleId).toMatch(/^[A-L]\d+$/);
        expect(typeof finding.path).toBe('string');
        expect(finding.message.length).toBeGreaterThan(0);
        expect(finding.severity).toBe('error');
      }
      expect(body.findings.some((f) => f.path === '/concepts/0/type')).toBe(true);
      expect(await profilesWithIri(t.app, document.base)).toBe(0);
    });

    it('refuses a body without a profile, and one that is not JSON', async () => {
      expectError(
        await api.post('/api/profile', { status: {} }, { key: group.keys.readWrite }),
        400,
        'VALIDATION_FAILED',
      );
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite, 'content-type': 'application/json' },
        payload: '{"profile": ',
      });
      expectError(broken, 400, 'BAD_REQUEST');
    });

    it('adds the next version when the group owns the IRI and the history continues', async () => {
      const first = uniqueProfile();
      const v2 = (await api.import(group.keys.readWrite, first.doc)).metadata;
      const second = nextVersion(first, 3);
      const v3 = (await api.import(group.keys.readWrite, second.doc)).metadata;
      expect(profileUuidOf(v3)).toBe(profileUuidOf(v2));
      expect(v3).toMatchObject({ version: 2, version_id: `${first.base}/v3` });
      const current = await api.get(`/api/profile/${profileUuidOf(v3)}`);
      expect(current.json<{ versions: Array<{ id: string }> }>().versions.map((v) => v.id)).toEqual(
        [`${first.base}/v3`, `${first.base}/v2`, `${first.base}/v1`],
      );
    });

    it('refuses with 409 a version that does not continue the stored history', async () => {
      const first = uniqueProfile();
      await api.import(group.keys.readWrite, first.doc);
      const skipping = structuredClone(first.doc);
      skipping.versions = [
        {
          id: `${first.base}/v3`,
          wasRevisionOf: [`${first.base}/v1`],
          generatedAtTime: '2025-01-01T00:00:00Z',
        },
        { id: `${first.base}/v1`, generatedAtTime: '2023-01-01T10:00:00Z' },
      ];
      for (const list of ['concepts', 'templates', 'patterns'])
        for (const item of skipping[list] as JsonObject[]) item.inScheme = `${first.base}/v3`;
      expectError(
        await api.post('/api/profile', { profile: skipping }, { key: group.keys.readWrite }),
        409,
        'CONFLICT',
      );
      // The same version again is a conflict too.
      expectError(
        await api.post('/api/profile', { profile: first.doc }, { key: group.keys.readWrite }),
        409,
        'CONFLICT',
      );
    });

    it('refuses with 409 a new version while the profile has a draft', async () => {
      const first = uniqueProfile();
      await api.import(group.keys.readWrite, first.doc);
      await api.import(group.keys.readWrite, nextVersion(first, 3).doc, { published: false });
      const response = await api.post(
        '/api/profile',
        { profile: nextVersion(nextVersion(first, 3), 4).doc },
        { key: group.keys.readWrite },
      );
      expectError(response, 409, 'CONFLICT');
      const stored = await t.database.db
        .select({ iri: profileVersions.iri })
        .from(profileVersions)
        .where(eq(profileVersions.iri, `${first.base}/v4`));
      expect(stored).toEqual([]);
    });

    it('refuses with 409 a version IRI stored already, for a new profile and for a stored one', async () => {
      const first = uniqueProfile();
      await api.import(group.keys.readWrite, first.doc);
      const takenIri = (first.doc.versions as JsonObject[])[0]?.id as string;
      // Another profile's document naming the stored version as its own.
      const newcomer = { ...structuredClone(first.doc), id: `${first.base}/copy` };
      const refused = expectError(
        await api.post('/api/profile', { profile: newcomer }, { key: group.keys.readWrite }),
        409,
        'CONFLICT',
      );
      expect(refused.message).toContain(`${takenIri} already exists`);
      expect(await profilesWithIri(t.app, newcomer.id)).toBe(0);

      await api.import(group.keys.readWrite, nextVersion(first, 3).doc);
      const again = expectError(
        await api.post(
          '/api/profile',
          { profile: nextVersion(first, 3).doc },
          { key: group.keys.readWrite },
        ),
        409,
        'CONFLICT',
      );
      expect(again.message).toContain(`${first.base}/v3 already exists`);
    });

    it('refuses with 409 an IRI another working group owns', async () => {
      const document = uniqueProfile();
      await api.import(other.keys.readWrite, document.doc);
      expectError(
        await api.post(
          '/api/profile',
          { profile: nextVersion(document, 3).doc },
          { key: group.keys.readWrite },
        ),
        409,
        'CONFLICT',
      );
      const [profile] = await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.iri, document.base));
      expect(profile?.organizationId).toBe(other.organizationId);
    });

    it('answers an IRI another group holds the same way, whether its holder is published or a draft the key cannot see', async () => {
      const published = uniqueProfile();
      await api.import(other.keys.readWrite, published.doc);
      const draft = uniqueProfile();
      const held = await api.post(
        '/api/profile',
        { profile: draft.doc, status: { published: false } },
        { key: other.keys.readWrite },
      );
      expect(held.statusCode, held.body).toBe(200);
      const refusal = async (doc: JsonObject) =>
        expectError(
          await api.post('/api/profile', { profile: doc }, { key: group.keys.readWrite }),
          409,
          'CONFLICT',
        ).message;
      const versionIri = (d: JsonObject) => (d.versions as JsonObject[])[0]?.id as string;
      const said = [
        // The same document (its profile and version IRIs held), and a next version of it.
        await refusal(published.doc),
        await refusal(draft.doc),
        await refusal(nextVersion(published, 3).doc),
        await refusal(nextVersion(draft, 3).doc),
      ];
      const masked = said.map((m) =>
        m
          .replaceAll(published.base, '<profile>')
          .replaceAll(draft.base, '<profile>')
          .replace(versionIri(published.doc), '<iri>')
          .replace(versionIri(draft.doc), '<iri>'),
      );
      expect(masked[0]).toBe(masked[1]);
      expect(masked[2]).toBe(masked[3]);
      for (const message of said) {
        expect(message).toMatch(
          /is taken on this server by a profile your working group does not own/,
        );
        expect(message).not.toMatch(/draft|published|already exists/i);
      }
    });

    it('leaves nothing behind when an item belongs to another profile', async () => {
      const owner = uniqueProfile();
      await api.import(other.keys.readWrite, owner.doc);
      const taken = (owner.doc.concepts as JsonObject[]).find(
        (c) => c.type === 'AttachmentUsageType',
      )!;
      const document = uniqueProfile();
      (document.doc.concepts as JsonObject[]).push({
        ...taken,
        inScheme: `${document.base}/v2`,
      });
      const response = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite },
      );
      expectError(response, 409, 'CONFLICT');
      expect(await profilesWithIri(t.app, document.base)).toBe(0);
      const versions = await t.database.db
        .select()
        .from(profileVersions)
        .where(eq(profileVersions.iri, `${document.base}/v2`));
      expect(versions).toEqual([]);
      const own = conceptIris(document.doc).filter((iri) => iri.startsWith(document.base));
      expect(await componentIris(own)).toEqual([]);
      // The owner's concept is untouched.
      const [kept] = await componentIris([taken.id as string]);
      const [ownerProfile] = await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.iri, owner.base));
      expect(kept?.profileId).toBe(ownerProfile?.id);
    });
  });

  describe('concurrent imports', () => {
    const statuses = (responses: Array<{ statusCode: number }>) =>
      responses.map((r) => r.statusCode).sort();

    it('store one of several imports of one new profile and refuse the others with 409', async () => {
      const document = uniqueProfile();
      const responses = await Promise.all(
        [1, 2, 3].map(() =>
          api.post('/api/profile', { profile: document.doc }, { key: group.keys.readWrite }),
        ),
      );
      expect(statuses(responses)).toEqual([200, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode !== 200))
        expectError(refused, 409, 'CONFLICT');
      expect(await profilesWithIri(t.app, document.base)).toBe(1);
    });

    it('give a new item to one of two profiles that both define it', async () => {
      const shared = `https://example.org/xapi/shared/${Date.now()}/attachment`;
      const documents = [uniqueProfile(), uniqueProfile()];
      for (const document of documents) {
        (document.doc.concepts as JsonObject[]).push({
          id: shared,
          type: 'AttachmentUsageType',
          inScheme: `${document.base}/v2`,
          prefLabel: { en: 'shared' },
          definition: { en: 'Defined by both.' },
        });
      }
      const responses = await Promise.all(
        documents.map((document) =>
          api.post('/api/profile', { profile: document.doc }, { key: group.keys.readWrite }),
        ),
      );
      expect(statuses(responses)).toEqual([200, 409]);
      const stored = await Promise.all(documents.map((d) => profilesWithIri(t.app, d.base)));
      expect(stored.sort()).toEqual([0, 1]);
    });
  });

  describe('PUT /api/profile/{uuid}', () => {
    const renamed = (document: TestDocument, name: string) => {
      const doc = structuredClone(document.doc);
      doc.prefLabel = { en: name };
      return doc;
    };

    it('replaces the draft’s content and keeps it a draft', async () => {
      const { document, metadata } = await importDraft();
      const { lastModified } = await lastModifiedOf(metadata.version_uuid);
      const doc = renamed(document, 'Sports, revised');
      doc.concepts = (doc.concepts as JsonObject[]).filter(
        (c) => c.id !== `${document.base}/activitytypes/event` && c.type !== 'ActivityExtension',
      );
      for (const template of doc.templates as JsonObject[]) {
        delete template.objectActivityType;
        delete template.contextGroupingActivityType;
      }
      (doc.concepts as JsonObject[])
        .filter((c) => c.type === 'Activity')
        .forEach((c) => {
          const definition = c.activityDefinition as JsonObject;
          delete definition.type;
          delete definition.extensions;
        });
      const response = await api.put(
        `/api/profile/${metadata.version_uuid}`,
        { profile: doc },
        { key: group.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['last-modified']).toMatch(IMF_FIXDATE);
      const body = response.json<{ success: boolean; metadata: ApiMetadata }>();
      expect(body.success).toBe(true);
      expect(body.metadata).toMatchObject({
        name: 'Sports, revised',
        version_uuid: metadata.version_uuid,
        concept_count: 10,
        status: { published: false },
      });
      const read = await api.get(`/api/profile/${metadata.version_uuid}`, {
        key: group.keys.readOnly,
      });
      const readBody = read.json<{ prefLabel: unknown; concepts: JsonObject[] }>();
      expect(readBody.prefLabel).toEqual({ en: 'Sports, revised' });
      expect(readBody.concepts.map((c) => c.id)).not.toContain(
        `${document.base}/activitytypes/event`,
      );
      expectError(await api.get(`/api/profile/${metadata.version_uuid}`), 404, 'NOT_FOUND');
    });

    it('publishes the draft when status.published is true', async () => {
      const { document, metadata } = await importDraft();
      const { lastModified } = await lastModifiedOf(metadata.version_uuid);
      const response = await api.put(
        `/api/profile/${profileUuidOf(metadata)}`,
        { profile: renamed(document, 'Published by PUT'), status: { published: true } },
        { key: group.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ metadata: ApiMetadata }>().metadata.status.published).toBe(true);
      const read = await api.get(`/api/profile/${metadata.version_uuid}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ prefLabel: unknown }>().prefLabel).toEqual({ en: 'Published by PUT' });
    });

    it('requires If-Unmodified-Since (428) and refuses a date it cannot read (400)', async () => {
      const { document, metadata } = await importDraft();
      const url = `/api/profile/${metadata.version_uuid}`;
      expectError(
        await api.put(url, { profile: document.doc }, { key: group.keys.readWrite }),
        428,
        'PRECONDITION_REQUIRED',
      );
      expectError(
        await api.put(
          url,
          { profile: document.doc },
          { key: group.keys.readWrite, headers: { 'if-unmodified-since': 'yesterday' } },
        ),
        400,
        'BAD_REQUEST',
      );
    });

    it('refuses a change with a stale If-Unmodified-Since (412)', async () => {
      const { document, metadata } = await importDraft();
      const url = `/api/profile/${metadata.version_uuid}`;
      await ageVersion(t.app, metadata.version_uuid);
      const { lastModified } = await lastModifiedOf(metadata.version_uuid);
      expect(Date.now() - Date.parse(lastModified)).toBeGreaterThan(3_000_000);

      const first = await api.put(
        url,
        { profile: renamed(document, 'First change') },
        { key: group.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
      );
      expect(first.statusCode, first.body).toBe(200);
      const stale = await api.put(
        url,
        { profile: renamed(document, 'Second change') },
        { key: group.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
      );
      expectError(stale, 412, 'PRECONDITION_FAILED');
      const read = await api.get(url, { key: group.keys.readOnly });
      expect(read.json<{ prefLabel: unknown }>().prefLabel).toEqual({ en: 'First change' });
      // With the Last-Modified the first change answered, the second goes through.
      const fresh = await api.put(
        url,
        { profile: renamed(document, 'Second change') },
        {
          key: group.keys.readWrite,
          headers: { 'if-unmodified-since': first.headers['last-modified'] as string },
        },
      );
      expect(fresh.statusCode, fresh.body).toBe(200);
    });

    it('honours If-Match with the ETag', async () => {
      const { document, metadata } = await importDraft();
      const url = `/api/profile/${metadata.version_uuid}`;
      const { lastModified, etag } = await lastModifiedOf(metadata.version_uuid);
      const wrong = await api.put(
        url,
        { profile: renamed(document, 'Wrong tag') },
        {
          key: group.keys.readWrite,
          headers: { 'if-unmodified-since': lastModified, 'if-match': '"not-the-etag"' },
        },
      );
      expectError(wrong, 412, 'PRECONDITION_FAILED');
      const right = await api.put(
        url,
        { profile: renamed(document, 'Right tag') },
        {
          key: group.keys.readWrite,
          headers: { 'if-unmodified-since': lastModified, 'if-match': etag },
        },
      );
      expect(right.statusCode, right.body).toBe(200);
    });

    it('takes If-Match alone as the precondition, and refuses the tag once it is stale', async () => {
      const { document, metadata } = await importDraft();
      const url = `/api/profile/${metadata.version_uuid}`;
      const { etag } = await lastModifiedOf(metadata.version_uuid);
      const first = await api.put(
        url,
        { profile: renamed(document, 'First by tag') },
        { key: group.keys.readWrite, headers: { 'if-match': etag } },
      );
      expect(first.statusCode, first.body).toBe(200);
      const stale = await api.put(
        url,
        { profile: renamed(document, 'Second by tag') },
        { key: group.keys.readWrite, headers: { 'if-match': etag } },
      );
      expectError(stale, 412, 'PRECONDITION_FAILED');
      const read = await api.get(url, { key: group.keys.readOnly });
      expect(read.json<{ prefLabel: unknown }>().prefLabel).toEqual({ en: 'First by tag' });
    });

    it('refuses to edit a published profile (409)', async () => {
      const document = uniqueProfile();
      const { metadata, lastModified } = await api.import(group.keys.readWrite, document.doc);
      for (const uuid of [metadata.version_uuid, profileUuidOf(metadata)]) {
        expectError(
          await api.put(
            `/api/profile/${uuid}`,
            { profile: document.doc },
            { key: group.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
          ),
          409,
          'CONFLICT',
        );
      }
    });

    it('refuses a document of another profile (409), an invalid one (400) and an unknown uuid (404)', async () => {
      const { metadata } = await importDraft();
      const url = `/api/profile/${metadata.version_uuid}`;
      const { lastModified } = await lastModifiedOf(metadata.version_uuid);
      const headers = { 'if-unmodified-since': lastModified };
      expectError(
        await api.put(
          url,
          { profile: uniqueProfile().doc },
          { key: group.keys.readWrite, headers },
        ),
        409,
        'CONFLICT',
      );
      const invalid = uniqueProfile().doc;
      delete invalid.versions;
      const refused = expectError(
        await api.put(url, { profile: invalid }, { key: group.keys.readWrite, headers }),
        400,
        'VALIDATION_FAILED',
      ) as unknown as { findings: unknown[] };
      expect(refused.findings.length).toBeGreaterThan(0);
      expectError(
        await api.put(
          '/api/profile/00000000-0000-4000-8000-000000000000',
          { profile: invalid },
          { key: group.keys.readWrite, headers },
        ),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('DELETE /api/profile/{uuid}', () => {
    it('deletes a draft, and a profile that was never published with it', async () => {
      const { metadata } = await importDraft();
      const response = await api.delete(`/api/profile/${metadata.version_uuid}`, {
        key: group.keys.readWrite,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'The draft was successfully deleted.',
      });
      expect(await profilesWithIri(t.app, metadata.profile_id)).toBe(0);
      expectError(
        await api.get(`/api/profile/${metadata.version_uuid}`, { key: group.keys.readOnly }),
        404,
        'NOT_FOUND',
      );
    });

    it('deletes the draft of a published profile and keeps the published version', async () => {
      const first = uniqueProfile();
      const published = (await api.import(group.keys.readWrite, first.doc)).metadata;
      const draft = (
        await api.import(group.keys.readWrite, nextVersion(first, 3).doc, { published: false })
      ).metadata;
      const response = await api.delete(`/api/profile/${profileUuidOf(published)}`, {
        key: group.keys.readWrite,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await versionRow(draft.version_uuid)).toBeUndefined();
      const read = await api.get(`/api/profile/${profileUuidOf(published)}`);
      expect(read.json<{ versions: Array<{ id: string }> }>().versions[0]!.id).toBe(
        published.version_id,
      );
      // The number is free again: the next draft is version 2.
      const again = await api.import(group.keys.readWrite, nextVersion(first, 3).doc, {
        published: false,
      });
      expect(again.metadata.version).toBe(2);
    });

    it('refuses to delete a published version with 405', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      for (const uuid of [metadata.version_uuid, profileUuidOf(metadata)]) {
        const refused = await api.delete(`/api/profile/${uuid}`, { key: group.keys.readWrite });
        expectError(refused, 405, 'METHOD_NOT_ALLOWED');
        expect(refused.headers.allow).toBe('GET, HEAD');
      }
      expect((await api.get(`/api/profile/${metadata.version_uuid}`)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown uuid', async () => {
      expectError(
        await api.delete('/api/profile/00000000-0000-4000-8000-000000000000', {
          key: group.keys.readWrite,
        }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('POST /api/profile/{uuid}/status', () => {
    it('publishes a draft', async () => {
      const { metadata } = await importDraft();
      const response = await api.post(
        `/api/profile/${metadata.version_uuid}/status`,
        { published: true },
        { key: group.keys.readWrite },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        status: { published: true, verified: false, verificationRequest: null },
      });
      expect((await api.get(`/api/profile/${metadata.version_uuid}`)).statusCode).toBe(200);
    });

    it('asks for verification', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const response = await api.post(
        `/api/profile/${profileUuidOf(metadata)}/status`,
        { verificationRequest: new Date().toISOString() },
        { key: group.keys.readWrite },
      );
      expect(response.statusCode, response.body).toBe(200);
      const { status } = response.json<{ status: ApiMetadata['status'] }>();
      expect(status.published).toBe(true);
      expect(status.verified).toBe(false);
      expect(Number.isNaN(Date.parse(status.verificationRequest ?? ''))).toBe(false);
      expect((await verificationQueue()).map((r) => r.versionUuid)).toContain(
        metadata.version_uuid,
      );
    });

    it('refuses to set verified (400), to unpublish (409), a bad date (400), an unknown uuid (404)', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const url = `/api/profile/${metadata.version_uuid}/status`;
      expectError(
        await api.post(url, { verified: true }, { key: group.keys.readWrite }),
        400,
        'BAD_REQUEST',
      );
      expect((await versionRow(metadata.version_uuid))?.isVerified).toBe(false);
      expectError(
        await api.post(url, { published: false }, { key: group.keys.readWrite }),
        409,
        'CONFLICT',
      );
      expectError(
        await api.post(url, { verificationRequest: 'soon' }, { key: group.keys.readWrite }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await api.post(
          '/api/profile/00000000-0000-4000-8000-000000000000/status',
          { published: true },
          { key: group.keys.readWrite },
        ),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('metrics', () => {
    it('counts writes per profile and per key per day', async () => {
      const g = await makeKeyedGroup(t.app, 'Counted writers');
      const document = uniqueProfile();
      const { metadata } = await api.import(g.keys.readWrite, document.doc, { published: false });
      const { lastModified } = await (async () => {
        const r = await api.get(`/api/profile/${metadata.version_uuid}`, {
          key: g.keys.readWrite,
        });
        return { lastModified: r.headers['last-modified'] as string };
      })();
      const put = await api.put(
        `/api/profile/${metadata.version_uuid}`,
        { profile: document.doc },
        { key: g.keys.readWrite, headers: { 'if-unmodified-since': lastModified } },
      );
      expect(put.statusCode, put.body).toBe(200);
      await t.app.services.counters.flush();
      const profileId = profileUuidOf(metadata);
      const [profileWrites] = await t.database.db
        .select()
        .from(profileCounters)
        .where(
          and(
            eq(profileCounters.profileId, profileId),
            eq(profileCounters.counter, 'apiWrite'),
            eq(profileCounters.day, today()),
          ),
        );
      expect(profileWrites?.count).toBe(2);
      const key = await t.app.services.apiKeys.authenticate(g.keys.readWrite);
      const keyRows = await t.database.db
        .select()
        .from(apiKeyCounters)
        .where(and(eq(apiKeyCounters.keyId, key!.id), eq(apiKeyCounters.day, today())));
      const byCounter = Object.fromEntries(keyRows.map((r) => [r.counter, r.count]));
      expect(byCounter).toEqual({ apiWrite: 2, apiRead: 1 });
    });
  });
});
