import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import type { Database } from '../db/client';
import { outboxEvents, type OutboxEventRow } from '../db/schema';
import type { MailMessage } from '../modules/mail/mailer';
import { makeKeyedGroup } from '../test/api-keys';
import { testConfig } from '../test/app';
import { callsOf, makeProfile, publishVersion } from '../test/authoring';
import { createTestDatabase } from '../test/database';
import { eventually } from '../test/jobs';
import { makePerson } from '../test/people';
import { uniqueProfile, type ApiMetadata } from '../test/public-api';

describe('domain events of the profile lifecycle', () => {
  let app: BuiltApp;
  let database: Database;
  const delivered: MailMessage[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      overrides: { mailer: { send: async (message) => void delivered.push(message) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const eventsOf = (type: string, profileIds: string[]) =>
    database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, type), inArray(outboxEvents.aggregateId, profileIds)));

  const shape = (row: OutboxEventRow) =>
    Object.fromEntries(
      Object.entries(row.payload as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => [key, typeof value]),
    );

  async function importDraft(key: string): Promise<ApiMetadata> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': key },
      payload: { profile: uniqueProfile().doc, status: { published: false } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ metadata: ApiMetadata }>().metadata;
  }

  const setStatus = (key: string, versionUuid: string, status: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/profile/${versionUuid}/status`,
      headers: { 'x-api-key': key },
      payload: status,
    });

  it('records the same event for a publication through /app and through /api', async () => {
    const group = await makeKeyedGroup(app);
    const site = await makeProfile(app, group.cookie, group.organizationId);
    const published = await publishVersion(app, group.cookie, site.profile.uuid, site.version.uuid);
    const draft = await importDraft(group.keys.readWrite);
    const status = await setStatus(group.keys.readWrite, draft.version_uuid, { published: true });
    expect(status.statusCode, status.body).toBe(200);
    const apiProfileId = (
      await app.services.publicApi.metadata({ key: null }, draft.version_uuid)
    ).metadata.profile_url
      .split('/')
      .pop() as string;

    const events = await eventsOf('profileVersionPublished', [site.profile.uuid, apiProfileId]);
    expect(events).toHaveLength(2);
    const fromSite = events.find((e) => e.aggregateId === site.profile.uuid);
    const fromApi = events.find((e) => e.aggregateId === apiProfileId);
    expect(fromSite?.payload).toMatchObject({
      profileId: site.profile.uuid,
      versionId: published.version.uuid,
      versionNumber: 1,
      organizationId: group.organizationId,
    });
    expect(fromApi?.payload).toMatchObject({
      profileId: apiProfileId,
      versionId: draft.version_uuid,
      organizationId: group.organizationId,
    });
    expect(shape(fromApi!)).toEqual(shape(fromSite!));

    // The dispatcher takes both.
    await eventually('the events to be dispatched', async () => {
      const now = await eventsOf('profileVersionPublished', [site.profile.uuid, apiProfileId]);
      return now.every((e) => e.dispatchedAt !== null);
    });
  });

  it('records a verification request and its approval, and mails the outcome to the requester', async () => {
    const group = await makeKeyedGroup(app);
    const siteAdmin = await makePerson(database.db, app.services.sessions, { type: 'admin' });
    const draft = await importDraft(group.keys.readWrite);
    const asked = await setStatus(group.keys.readWrite, draft.version_uuid, {
      published: true,
      verificationRequest: new Date().toISOString(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await setStatus(group.keys.readWrite, draft.version_uuid, {
      verificationRequest: new Date().toISOString(),
    });
    expect(again.statusCode, again.body).toBe(200);
    const approved = await callsOf(app, siteAdmin.cookie).post(
      `/app/admin/verify/${draft.version_uuid}`,
      { approval: 'approve' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // Asking again for a verified version is a conflict, on /api as on /app.
    const verified = await setStatus(group.keys.readWrite, draft.version_uuid, {
      verificationRequest: new Date().toISOString(),
    });
    expect(verified.statusCode).toBe(409);

    const [approval] = await database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'verificationApproved'));
    expect(approval?.payload).toMatchObject({
      versionId: draft.version_uuid,
      requestedBy: group.admin.id,
      decidedBy: siteAdmin.user.id,
    });
    const mail = await eventually('the outcome mail', async () =>
      delivered.find((m) => m.to === group.admin.email),
    );
    expect(mail.text).toContain('for verification is approved');
  });

  it('records a published import’s events in order: publication, import, verification request', async () => {
    const group = await makeKeyedGroup(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite },
      payload: {
        profile: uniqueProfile().doc,
        status: { verificationRequest: new Date().toISOString() },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ metadata: ApiMetadata }>().metadata;
    const read = await app.services.publicApi.metadata({ key: null }, answered.version_uuid);
    const profileId = read.metadata.profile_url.split('/').pop() as string;

    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, profileId))
      .orderBy(outboxEvents.position);
    expect(events.map((e) => e.type)).toEqual([
      'profileVersionPublished',
      'profileImported',
      'verificationRequested',
    ]);
    for (const event of events)
      expect(event.payload).toMatchObject({ profileId, versionId: answered.version_uuid });
    expect(events[1]?.payload).toMatchObject({ published: true, newProfile: true });
    // The answer counts what the import stored, as a later read does.
    expect(read.metadata.concept_count).toBeGreaterThan(0);
    expect(read.metadata.template_count).toBeGreaterThan(0);
    expect(answered).toMatchObject({
      concept_count: read.metadata.concept_count,
      template_count: read.metadata.template_count,
      pattern_count: read.metadata.pattern_count,
    });
  });
});
