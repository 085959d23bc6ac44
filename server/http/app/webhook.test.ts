import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Webhook,
  WebhookDelivery,
  WebhookPayload,
  WebhookSubject,
} from '../../../common/webhooks';
import { outboxEvents, webhookDeliveries, webhooks } from '../../db/schema';
import type { StoredEvent } from '../../modules/events/outbox';
import { fanOut } from '../../modules/webhooks/fan-out';
import type { MailMessage } from '../../modules/mail/mailer';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { eventually } from '../../test/jobs';
import { makePerson } from '../../test/people';
import { ApiClient, nextVersion, profileUuidOf, uniqueProfile } from '../../test/public-api';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';
import { createHook, webhooksSettled } from '../../test/webhooks';

const mails: MailMessage[] = [];
const t = useTestApp(
  // A local receiver, and a retry schedule of milliseconds.
  { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE: '20ms,40ms' },
  { mailer: { send: async (message) => void mails.push(message) } },
);

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

/** The requests the receiver got at one path (each test uses its own). */
const at = (path: string) => receiver.received.filter((r) => r.url === path);
let paths = 0;
const freshPath = () => `/hook-${++paths}`;

const deliveriesOf = (hookId: string) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.hookId, hookId));

async function publishedProfile() {
  const group = await makeGroup(t.app, t.database);
  const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Hooked');
  await publishVersion(t.app, group.admin.cookie, draft.profile.uuid, draft.version.uuid);
  return { group, profileId: draft.profile.uuid, versionId: draft.version.uuid };
}

describe('webhook calls', () => {
  it('creates, lists, reads, edits and removes a hook, never giving its secret back', async () => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    const calls = callsOf(t.app, me.cookie);
    const created = await createHook(t.app, me.cookie, {
      target: 'https://mirror.example.org/in',
      description: 'Mirror',
      clientSecret: 'shh-very-secret',
      signatureMethod: 'sha256',
    });
    expect(created).toMatchObject({
      event: 'profilePublished',
      isEnabled: true,
      signatureMethod: 'sha256',
      clientSecret: 'set',
      subject: 'myGroups',
    });
    const listed = await calls.get('/app/user/hooks');
    expect(listed.json<{ hooks: Webhook[] }>().hooks.map((h) => h.id)).toEqual([created.id]);
    expect(listed.body).not.toContain('shh-very-secret');

    // Leaving the secret out keeps it; the stored value is not the secret in clear.
    const edited = await calls.put(`/app/user/hooks/${created.id}`, {
      target: 'https://mirror.example.org/other',
      description: 'Renamed',
      subject: 'myGroups',
      signatureMethod: 'sha1',
      isEnabled: false,
      event: 'draftCreated',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ hook: Webhook }>().hook).toMatchObject({
      description: 'Renamed',
      clientSecret: 'set',
      isEnabled: false,
      event: 'draftCreated',
      signatureMethod: 'sha1',
    });
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row!.secretCipher).toBeTruthy();
    expect(row!.secretCipher).not.toContain('shh-very-secret');

    // Removing the secret while a signature is asked for is refused, saying what to do.
    const unsigned = await calls.put(`/app/user/hooks/${created.id}`, {
      target: 'https://mirror.example.org/other',
      description: 'Renamed',
      subject: 'myGroups',
      signatureMethod: 'sha1',
      clientSecret: '',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json<{ message: string }>().message).toMatch(/client secret/);

    expect((await calls.delete(`/app/user/hooks/${created.id}`)).statusCode).toBe(200);
    expect((await calls.get(`/app/user/hooks/${created.id}`)).statusCode).toBe(404);
  });

  it('changes only the fields an edit sends, keeping the others as stored', async () => {
    const group = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Followed');
    const calls = callsOf(t.app, group.admin.cookie);
    const created = await createHook(t.app, group.admin.cookie, {
      target: 'https://mirror.example.org/in',
      subject: draft.profile.uuid,
      event: 'draftCreated',
      signatureMethod: 'sha256',
      clientSecret: 'kept',
      isEnabled: false,
    });
    const renamed = await calls.put(`/app/user/hooks/${created.id}`, { description: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { createdOn, ...unchanged } = created;
    expect(createdOn).toBeTruthy();
    expect(renamed.json<{ hook: Webhook }>().hook).toMatchObject({
      ...unchanged,
      description: 'Renamed',
    });
    // Enabling alone enables, and gives a fresh count of failures.
    await t.database.db
      .update(webhooks)
      .set({ consecutiveFailures: 5 })
      .where(eq(webhooks.id, created.id));
    const enabled = await calls.put(`/app/user/hooks/${created.id}`, { isEnabled: true });
    expect(enabled.json<{ hook: Webhook }>().hook).toMatchObject({
      isEnabled: true,
      consecutiveFailures: 0,
      event: 'draftCreated',
      subject: draft.profile.uuid,
      signatureMethod: 'sha256',
      clientSecret: 'set',
    });
    // A field sent is still checked, against what the hook keeps of the others.
    const noSecret = await calls.put(`/app/user/hooks/${created.id}`, { clientSecret: '' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json<{ message: string }>().message).toMatch(/client secret/);
    const badTarget = await calls.put(`/app/user/hooks/${created.id}`, { target: 'ftp://x.org' });
    expect(badTarget.statusCode).toBe(400);
    const unknown = await calls.put(`/app/user/hooks/${created.id}`, { ownerId: 'x' });
    expect(unknown.statusCode).toBe(400);
    const nothing = await calls.put(`/app/user/hooks/${created.id}`, {});
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json<{ hook: Webhook }>().hook).toMatchObject({
      description: 'Renamed',
      isEnabled: true,
      event: 'draftCreated',
    });
    const signatureOff = await calls.put(`/app/user/hooks/${created.id}`, {
      signatureMethod: 'none',
      clientSecret: '',
    });
    expect(signatureOff.json<{ hook: Webhook }>().hook).toMatchObject({
      signatureMethod: 'none',
      clientSecret: null,
      description: 'Renamed',
    });
  });

  it('tells the web app the retry schedule this server is configured with', async () => {
    const site = await t.app.inject({ method: 'GET', url: '/app/site' });
    expect(site.json<{ webhookRetryDelaysMs: number[] }>().webhookRetryDelaysMs).toEqual([20, 40]);
  });

  it('requires a description and refuses fields it does not know', async () => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    const calls = callsOf(t.app, me.cookie);
    const base = { target: 'https://mirror.example.org/in', subject: 'myGroups' };
    const missing = await calls.post('/app/user/hooks', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/description/);
    const extra = await calls.post('/app/user/hooks', {
      ...base,
      description: 'x',
      ownerId: me.user.id,
    });
    expect(extra.statusCode).toBe(400);
    const badEvent = await calls.post('/app/user/hooks', {
      ...base,
      description: 'x',
      event: 'profileCreated',
    });
    expect(badEvent.statusCode).toBe(400);
    const ftp = await calls.post('/app/user/hooks', {
      ...base,
      description: 'x',
      target: 'ftp://mirror.example.org/in',
    });
    expect(ftp.statusCode).toBe(400);
  });

  it("answers 404 for someone else's hook and 401 without a session", async () => {
    const owner = await makePerson(t.database.db, t.app.services.sessions);
    const other = await makePerson(t.database.db, t.app.services.sessions);
    const hook = await createHook(t.app, owner.cookie, { target: 'https://m.example.org/in' });
    const calls = callsOf(t.app, other.cookie);
    const body = { target: 'https://evil.example.org', description: 'mine', subject: 'myGroups' };
    expect((await calls.get(`/app/user/hooks/${hook.id}`)).statusCode).toBe(404);
    expect((await calls.put(`/app/user/hooks/${hook.id}`, body)).statusCode).toBe(404);
    expect((await calls.delete(`/app/user/hooks/${hook.id}`)).statusCode).toBe(404);
    expect((await calls.get(`/app/user/hooks/${hook.id}/deliveries`)).statusCode).toBe(404);
    expect((await calls.post(`/app/user/hooks/${hook.id}/test`)).statusCode).toBe(404);
    expect((await calls.get('/app/user/hooks')).json<{ hooks: Webhook[] }>().hooks).toEqual([]);
    const anonymous = callsOf(t.app);
    expect((await anonymous.get('/app/user/hooks')).statusCode).toBe(401);
    expect((await anonymous.get('/app/user/hooks/subjects')).statusCode).toBe(401);
    // The owner's hook is untouched.
    expect((await callsOf(t.app, owner.cookie).get(`/app/user/hooks/${hook.id}`)).statusCode).toBe(
      200,
    );
  });

  it('bounds the hooks one person may have', async () => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    await t.database.db.insert(webhooks).values(
      Array.from({ length: 25 }, (_, i) => ({
        ownerId: me.user.id,
        target: `https://m.example.org/${i}`,
        description: `h${i}`,
      })),
    );
    const refused = await callsOf(t.app, me.cookie).post('/app/user/hooks', {
      target: 'https://m.example.org/26',
      description: 'one too many',
      subject: 'myGroups',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/remove one/);
  });

  it("offers published profiles and the person's own drafts as subjects, and nothing else", async () => {
    const { group, profileId } = await publishedProfile();
    const hidden = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Secret draft');
    const me = await makeGroup(t.app, t.database);
    const mine = await makeProfile(t.app, me.admin.cookie, me.org.id, 'My own draft');
    const calls = callsOf(t.app, me.admin.cookie);
    const subjects = (await calls.get('/app/user/hooks/subjects')).json<{
      subjects: WebhookSubject[];
    }>().subjects;
    const values = subjects.map((s) => s.value);
    expect(values).toContain('myGroups');
    expect(values).toContain(profileId);
    expect(values).toContain(mine.profile.uuid);
    expect(values).not.toContain(hidden.profile.uuid);
    expect(subjects.find((s) => s.value === profileId)).toMatchObject({
      parentProfile: profileId,
      name: 'Hooked',
    });
    const refused = await calls.post('/app/user/hooks', {
      target: 'https://m.example.org/in',
      description: 'peek',
      subject: hidden.profile.uuid,
      event: 'draftCreated',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('webhook deliveries', () => {
  it('signs the exact body with sha1 and sha256 and sends one delivery per hook for a site publication', async () => {
    const group = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Signed');
    const sha1Path = freshPath();
    const sha256Path = freshPath();
    const plainPath = freshPath();
    const cookie = group.admin.cookie;
    const common = { subject: draft.profile.uuid, clientSecret: 'It’s a secret ✓' };
    const sha1 = await createHook(t.app, cookie, {
      ...common,
      target: receiver.url(sha1Path),
      signatureMethod: 'sha1',
    });
    await createHook(t.app, cookie, {
      ...common,
      target: receiver.url(sha256Path),
      signatureMethod: 'sha256',
    });
    await createHook(t.app, cookie, { target: receiver.url(plainPath), subject: 'myGroups' });

    await publishVersion(t.app, cookie, draft.profile.uuid, draft.version.uuid);
    await webhooksSettled(t.database);

    const [one] = at(sha1Path);
    const [two] = at(sha256Path);
    const [plain] = at(plainPath);
    expect(at(sha1Path)).toHaveLength(1);
    expect(at(sha256Path)).toHaveLength(1);
    expect(at(plainPath)).toHaveLength(1);
    const hmac = (algorithm: string, raw: Buffer) =>
      createHmac(algorithm, 'It’s a secret ✓').update(raw).digest('hex');
    expect(one!.headers['x-hub-signature']).toBe(`sha1=${hmac('sha1', one!.raw)}`);
    expect(one!.headers['x-hub-signature-256']).toBeUndefined();
    expect(two!.headers['x-hub-signature-256']).toBe(`sha256=${hmac('sha256', two!.raw)}`);
    expect(two!.headers['x-hub-signature']).toBeUndefined();
    expect(plain!.headers['x-hub-signature']).toBeUndefined();
    expect(plain!.headers['x-hub-signature-256']).toBeUndefined();

    const body = JSON.parse(one!.raw.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['deliveryId', 'event', 'occurredAt', 'profile']);
    expect(body).toMatchObject({
      event: 'profilePublished',
      profile: {
        uuid: draft.profile.uuid,
        name: 'Signed',
        version: 1,
        url: `${t.config.publicUrl}/profile/${draft.profile.uuid}`,
      },
    });
    expect(one!.headers['x-webhook-event']).toBe('profilePublished');
    expect(one!.headers['x-webhook-delivery']).toBe(body.deliveryId);
    expect(Number(one!.headers['x-webhook-timestamp'])).toBeGreaterThan(1_700_000_000);
    expect(one!.headers['content-type']).toBe('application/json');
    expect(one!.headers['x-webhook-test']).toBeUndefined();

    const log = await callsOf(t.app, cookie).get(`/app/user/hooks/${sha1.id}/deliveries`);
    const [logged] = log.json<{ deliveries: WebhookDelivery[] }>().deliveries;
    expect(logged).toMatchObject({
      id: body.deliveryId,
      sentId: body.deliveryId,
      event: 'profilePublished',
      status: 'delivered',
      statusCode: 200,
      attempts: 1,
      nextAttemptOn: null,
    });
    // The log shows the body exactly as it was posted, and when it was last tried.
    expect(logged!.body).toBe(one!.raw.toString('utf8'));
    expect(Date.parse(logged!.lastAttemptOn!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('fires once for a publication through the public API, by import and by status', async () => {
    const group = await makeKeyedGroup(t.app);
    const path = freshPath();
    await createHook(t.app, group.cookie, { target: receiver.url(path), subject: 'myGroups' });
    const api = new ApiClient(t.app);
    const imported = await api.import(group.keys.readWrite, uniqueProfile().doc);
    await webhooksSettled(t.database);
    expect(at(path)).toHaveLength(1);

    const draft = await api.import(group.keys.readWrite, uniqueProfile().doc, { published: false });
    await webhooksSettled(t.database);
    expect(at(path)).toHaveLength(1);
    const status = await api.post(
      `/api/profile/${draft.metadata.version_uuid}/status`,
      { published: true },
      { key: group.keys.readWrite },
    );
    expect(status.statusCode, status.body).toBe(200);
    await webhooksSettled(t.database);
    const bodies = at(path).map(
      (r) => JSON.parse(r.raw.toString()) as { profile: { uuid: string } },
    );
    expect(bodies.map((b) => b.profile.uuid)).toEqual([
      profileUuidOf(imported.metadata),
      profileUuidOf(draft.metadata),
    ]);
  });

  it('sends drafts to members of the owning group only', async () => {
    const group = await makeKeyedGroup(t.app);
    const document = uniqueProfile();
    const api = new ApiClient(t.app);
    const { metadata } = await api.import(group.keys.readWrite, document.doc);
    const profileId = profileUuidOf(metadata);
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const outsiderPath = freshPath();
    const memberPath = freshPath();
    const outsiderHook = await createHook(t.app, outsider.cookie, {
      target: receiver.url(outsiderPath),
      subject: profileId,
      event: 'draftCreated',
    });
    await createHook(t.app, group.cookie, {
      target: receiver.url(memberPath),
      subject: profileId,
      event: 'draftCreated',
    });

    await api.import(group.keys.readWrite, nextVersion(document, 3).doc, { published: false });
    await webhooksSettled(t.database);
    expect(at(memberPath)).toHaveLength(1);
    expect(JSON.parse(at(memberPath)[0]!.raw.toString())).toMatchObject({
      event: 'draftCreated',
      profile: { uuid: profileId },
    });
    expect(at(outsiderPath)).toHaveLength(0);
    expect(await deliveriesOf(outsiderHook.id)).toHaveLength(0);
  });

  it("tells a member's hook of a new profile's first draft, and no outsider", async () => {
    const group = await makeGroup(t.app, t.database);
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const memberPath = freshPath();
    const outsiderPath = freshPath();
    await createHook(t.app, group.admin.cookie, {
      target: receiver.url(memberPath),
      event: 'draftCreated',
    });
    await createHook(t.app, outsider.cookie, {
      target: receiver.url(outsiderPath),
      event: 'draftCreated',
    });

    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Brand new');
    await webhooksSettled(t.database);
    expect(at(memberPath)).toHaveLength(1);
    expect(JSON.parse(at(memberPath)[0]!.raw.toString())).toMatchObject({
      event: 'draftCreated',
      profile: { uuid: draft.profile.uuid, name: 'Brand new', version: 1 },
    });
    expect(at(outsiderPath)).toHaveLength(0);
  });

  it('retries after a 500 and succeeds, sending the same bytes with the same delivery id', async () => {
    const { group, profileId } = await publishedProfile();
    const path = freshPath();
    receiver.answer([500, 503, 200]);
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: profileId,
    });
    const test = await callsOf(t.app, group.admin.cookie).post(`/app/user/hooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    const [delivery] = await eventually('the delivery delivered', async () => {
      const rows = await deliveriesOf(hook.id);
      return rows.every((r) => r.status === 'delivered') && rows.length > 0 ? rows : null;
    });
    expect(delivery!.attempts).toBe(3);
    expect(delivery!.statusCode).toBe(200);
    const requests = at(path);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.raw.toString())).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['x-webhook-delivery'])).size).toBe(1);
    receiver.answer([200]);
  });

  it('shows a delivery waiting for its next try with its attempts and when it is due', async () => {
    const { group, profileId } = await publishedProfile();
    const path = freshPath();
    receiver.answer([500]);
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: profileId,
    });
    const calls = callsOf(t.app, group.admin.cookie);
    expect((await calls.post(`/app/user/hooks/${hook.id}/test`)).statusCode).toBe(200);
    // Held between its first and second try: the row as the retry left it.
    const waiting = await eventually('the first attempt recorded', async () => {
      const [row] = await deliveriesOf(hook.id);
      return row?.status === 'pending' && row.attempts === 1 ? row : null;
    });
    const due = new Date(Date.now() + 3_600_000);
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: due })
      .where(eq(webhookDeliveries.id, waiting.id));
    const log = await calls.get(`/app/user/hooks/${hook.id}/deliveries`);
    expect(log.json<{ deliveries: WebhookDelivery[] }>().deliveries).toMatchObject([
      {
        id: waiting.id,
        status: 'pending',
        attempts: 1,
        statusCode: 500,
        lastAttemptOn: waiting.lastAttemptAt!.toISOString(),
        nextAttemptOn: due.toISOString(),
      },
    ]);
    receiver.answer([200]);
    await webhooksSettled(t.database);
  });

  it('gives up after the schedule, counts the failure, and disables the hook after five', async () => {
    const group = await makeKeyedGroup(t.app);
    const document = uniqueProfile();
    const api = new ApiClient(t.app);
    const profileId = profileUuidOf(
      (await api.import(group.keys.readWrite, document.doc)).metadata,
    );
    const path = freshPath();
    receiver.answer([503]);
    const hook = await createHook(t.app, group.cookie, {
      target: receiver.url(path),
      subject: profileId,
      event: 'draftCreated',
    });
    // Four events in a row have failed already.
    await t.database.db
      .update(webhooks)
      .set({ consecutiveFailures: 4 })
      .where(eq(webhooks.id, hook.id));
    await api.import(group.keys.readWrite, nextVersion(document, 3).doc, { published: false });
    await webhooksSettled(t.database);
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, statusCode: 503 });
    expect(at(path)).toHaveLength(3);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ isEnabled: false, consecutiveFailures: 5 });
    const mail = await eventually('the owner told', async () =>
      mails.find((m) => m.to === group.admin.email && /disabled/.test(m.subject)),
    );
    expect(mail.text).toContain(hook.target);
    receiver.answer([200]);
  });

  it('gives a mirror the working group, the document’s URL and the ETag its read answers', async () => {
    const group = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Mirrored');
    const path = freshPath();
    await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: draft.profile.uuid,
    });
    await publishVersion(t.app, group.admin.cookie, draft.profile.uuid, draft.version.uuid);
    await webhooksSettled(t.database);
    const [request] = at(path);
    const body = JSON.parse(request!.raw.toString('utf8')) as WebhookPayload;
    expect(body.profile.workingGroup).toEqual({
      uuid: group.org.id,
      name: group.org.name,
      url: `${t.config.publicUrl}/organization/${group.org.id}`,
    });
    expect(body.profile.documentUrl).toBe(
      `${t.config.publicUrl}/api/profile/${draft.version.uuid}`,
    );
    // The document at that URL, read by anyone, carries the ETag the delivery announced.
    const read = await t.app.inject({
      method: 'GET',
      url: new URL(body.profile.documentUrl).pathname,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ id: string }>().id).toBe(body.profile.iri);
    expect(body.profile.etag).toMatch(/^".+"$/);
    expect(read.headers.etag).toBe(body.profile.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: new URL(body.profile.documentUrl).pathname,
      headers: { 'if-none-match': body.profile.etag! },
    });
    expect(again.statusCode).toBe(304);
  });

  it('marks a test event in its headers and body, and nothing else', async () => {
    const { group, profileId } = await publishedProfile();
    const path = freshPath();
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: profileId,
    });
    const calls = callsOf(t.app, group.admin.cookie);
    expect((await calls.post(`/app/user/hooks/${hook.id}/test`)).statusCode).toBe(200);
    await eventually('the test delivered', async () => at(path).length === 1);
    const [request] = at(path);
    expect(request!.headers['x-webhook-test']).toBe('true');
    const body = JSON.parse(request!.raw.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ event: 'profilePublished', test: true });
    expect(Object.keys(body).sort()).toEqual([
      'deliveryId',
      'event',
      'occurredAt',
      'profile',
      'test',
    ]);
  });

  it('sends nothing to a disabled hook', async () => {
    const group = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Quiet');
    const path = freshPath();
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: draft.profile.uuid,
      isEnabled: false,
    });
    await publishVersion(t.app, group.admin.cookie, draft.profile.uuid, draft.version.uuid);
    await webhooksSettled(t.database);
    expect(at(path)).toHaveLength(0);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    const test = await callsOf(t.app, group.admin.cookie).post(`/app/user/hooks/${hook.id}/test`);
    expect(test.statusCode).toBe(409);
  });

  it('redelivers an earlier delivery with the same content and the same delivery id', async () => {
    const { group, profileId } = await publishedProfile();
    const path = freshPath();
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: profileId,
    });
    const calls = callsOf(t.app, group.admin.cookie);
    const first = (await calls.post(`/app/user/hooks/${hook.id}/test`)).json<{
      delivery: WebhookDelivery;
    }>().delivery;
    await eventually('the test delivered', async () => at(path).length === 1);
    const again = await calls.post(`/app/user/hooks/${hook.id}/deliveries/${first.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<{ delivery: WebhookDelivery }>().delivery;
    expect(second).toMatchObject({ kind: 'test', sentId: first.id });
    expect(second.id).not.toBe(first.id);
    await eventually('the redelivery delivered', async () => at(path).length === 2);
    // A redelivery of the redelivery still names the first delivery.
    const third = await calls.post(`/app/user/hooks/${hook.id}/deliveries/${second.id}/redeliver`);
    expect(third.statusCode, third.body).toBe(200);
    await eventually('the second redelivery delivered', async () => at(path).length === 3);
    const requests = at(path);
    expect(new Set(requests.map((r) => r.headers['x-webhook-delivery']))).toEqual(
      new Set([first.id]),
    );
    const [a, b, c] = requests.map((r) => JSON.parse(r.raw.toString()) as Record<string, unknown>);
    expect([b!.deliveryId, c!.deliveryId]).toEqual([a!.deliveryId, a!.deliveryId]);
    expect(b!.profile).toEqual(a!.profile);
    const other = await makePerson(t.database.db, t.app.services.sessions);
    const foreign = await callsOf(t.app, other.cookie).post(
      `/app/user/hooks/${hook.id}/deliveries/${first.id}/redeliver`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('makes one delivery per hook and event however often the event is handed out', async () => {
    const group = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, group.admin.cookie, group.org.id, 'Twice');
    const path = freshPath();
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: draft.profile.uuid,
    });
    await publishVersion(t.app, group.admin.cookie, draft.profile.uuid, draft.version.uuid);
    await webhooksSettled(t.database);
    const [row] = await t.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.aggregateId, draft.profile.uuid),
          eq(outboxEvents.type, 'profileVersionPublished'),
        ),
      );
    const event = {
      id: row!.id,
      type: row!.type,
      payload: row!.payload,
      occurredAt: row!.occurredAt.toISOString(),
    } as StoredEvent;
    // The handler running again, on this node or another, finds the delivery and queues nothing.
    const queued: string[] = [];
    const queue = { queue: async (id: string) => void queued.push(id) };
    expect(await fanOut(t.database.db, event, queue, t.config.publicUrl)).toBe(0);
    expect(queued).toEqual([]);
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    expect(at(path)).toHaveLength(1);
  });

  it('does not follow redirects', async () => {
    const { group, profileId } = await publishedProfile();
    const path = freshPath();
    receiver.answer([302]);
    const hook = await createHook(t.app, group.admin.cookie, {
      target: receiver.url(path),
      subject: profileId,
    });
    await callsOf(t.app, group.admin.cookie).post(`/app/user/hooks/${hook.id}/test`);
    const failed = await eventually('the delivery failed', async () => {
      const [row] = await deliveriesOf(hook.id);
      return row?.status === 'failed' ? row : null;
    });
    expect(failed).toMatchObject({ statusCode: 302, attempts: 1 });
    expect(failed.error).toMatch(/redirect/);
    expect(at(path)).toHaveLength(1);
    receiver.answer([200]);
  });

  it('tells an outsider following a published profile that it was verified', async () => {
    const group = await makeKeyedGroup(t.app);
    const siteAdmin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
    const api = new ApiClient(t.app);
    const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const path = freshPath();
    await createHook(t.app, outsider.cookie, {
      target: receiver.url(path),
      subject: profileUuidOf(metadata),
      event: 'profileVerified',
    });
    const asked = await api.post(
      `/api/profile/${metadata.version_uuid}/status`,
      { verificationRequest: new Date().toISOString() },
      { key: group.keys.readWrite },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await callsOf(t.app, siteAdmin.cookie).post(
      `/app/admin/verify/${metadata.version_uuid}`,
      { approval: 'approve' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await webhooksSettled(t.database);
    expect(at(path)).toHaveLength(1);
    expect(JSON.parse(at(path)[0]!.raw.toString())).toMatchObject({
      event: 'profileVerified',
      profile: { uuid: profileUuidOf(metadata) },
    });
  });

  it('sends a concept deprecation in a draft to a member and not to an outsider', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const draft = await makeProfile(t.app, admin.cookie, org.id, 'Deprecating');
    const concepts = `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/concepts`;
    const calls = callsOf(t.app, admin.cookie);
    const created = await calls.post(concepts, {
      conceptType: 'Verb',
      name: 'read',
      description: 'To read.',
      iriType: 'generated-iri',
      geniri: 'read',
    });
    expect(created.statusCode, created.body).toBe(200);
    const conceptId = created.json<{ concept: { uuid: string } }>().concept.uuid;
    const memberPath = freshPath();
    const outsiderPath = freshPath();
    await createHook(t.app, admin.cookie, {
      target: receiver.url(memberPath),
      event: 'conceptDeprecated',
    });
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    // The outsider cannot even choose the draft profile; "my groups" does not cover it either.
    await createHook(t.app, outsider.cookie, {
      target: receiver.url(outsiderPath),
      event: 'conceptDeprecated',
    });
    expect((await calls.post(`${concepts}/${conceptId}/lock`)).statusCode).toBe(200);
    const done = await calls.post(`${concepts}/${conceptId}/deprecate`, { reason: 'Use skim.' });
    expect(done.statusCode, done.body).toBe(200);
    await webhooksSettled(t.database);
    expect(at(memberPath)).toHaveLength(1);
    const body = JSON.parse(at(memberPath)[0]!.raw.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'conceptDeprecated',
      profile: { uuid: draft.profile.uuid, name: 'Deprecating' },
    });
    // Which concept, by IRI and name, and why.
    const read = await calls.get(`${concepts}/${conceptId}`);
    const { iri } = read.json<{ concept: { iri: string } }>().concept;
    expect(iri).toMatch(/\/verbs\/read$/);
    expect(body.concept).toEqual({
      iri,
      name: 'read',
      reason: 'Use skim.',
      link: null,
    });
    expect(at(outsiderPath)).toHaveLength(0);
  });
});
