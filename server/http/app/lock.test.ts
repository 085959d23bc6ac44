import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LockAnswer } from '../../../common/locks';
import type { ProfileView } from '../../../common/profiles';
import { memberships, organizations, writeLocks } from '../../db/schema';
import { lockRequiredMessage } from '../../modules/locks/service';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

describe('write locks of Edit Profile Details', () => {
  const t = useTestApp({ LOCK_TIMEOUT_SECONDS: '120' });
  const as = (cookie?: string) => {
    const browser = new TestBrowser(t.app);
    return {
      get: (url: string) => browser.request('GET', url, undefined, cookie),
      post: (url: string, body?: unknown) => browser.request('POST', url, body, cookie),
      put: (url: string, body: unknown) => browser.request('PUT', url, body, cookie),
      delete: (url: string) => browser.request('DELETE', url, undefined, cookie),
    };
  };

  const content = {
    name: 'Lock Profile',
    description: 'Statements about locks.',
    translations: [],
    moreInformation: '',
    tags: ['locks'],
  };

  /** A group with an admin and a second member, and a draft profile of theirs. */
  async function draftOfGroup() {
    const { db } = t.database;
    const admin = await makePerson(db, t.app.services.sessions, {
      firstname: 'Ada',
      lastname: 'Lovelace',
    });
    const member = await makePerson(db, t.app.services.sessions);
    const [org] = await db
      .insert(organizations)
      .values({ name: `WG ${randomUUID().slice(0, 6)}`, collaborationLink: 'https://wg.example' })
      .returning();
    await db.insert(memberships).values([
      { organizationId: org!.id, userId: admin.user.id, level: 'admin' },
      { organizationId: org!.id, userId: member.user.id, level: 'member' },
    ]);
    const created = await as(admin.cookie).post(`/app/org/${org!.id}/profile`, {
      iriType: 'generated-iri',
      ...content,
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = created.json<ProfileView>();
    const version = (id = view.version.uuid) => `/app/profile/${view.profile.uuid}/version/${id}`;
    return { admin, member, view, version, lock: (id?: string) => `${version(id)}/lock` };
  }

  async function publish(cookie: string, url: string) {
    const published = await as(cookie).post(`${url}/publish`, { confirmed: true });
    expect(published.statusCode, published.body).toBe(200);
    return published.json<ProfileView>();
  }

  it('takes the lock for a member with a POST, and renews it on the next one', async () => {
    const { admin, view, lock } = await draftOfGroup();
    const first = await as(admin.cookie).post(lock());
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<LockAnswer>();
    expect(answer).toMatchObject({
      success: true,
      lock: { resource: `version:${view.version.uuid}`, timeoutSeconds: 120 },
    });
    const expires = new Date(answer.lock.expiresAt).getTime();
    expect(expires - Date.now()).toBeGreaterThan(110_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120_000);
    const renewed = await as(admin.cookie).post(lock());
    expect(renewed.statusCode).toBe(200);
    expect(new Date(renewed.json<LockAnswer>().lock.expiresAt).getTime()).toBeGreaterThanOrEqual(
      expires,
    );
  });

  it('never changes a lock on GET, and needs the CSRF token', async () => {
    const { admin, view, lock } = await draftOfGroup();
    expect((await as(admin.cookie).get(lock())).statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: lock(),
      headers: { cookie: admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ code: 'CSRF_INVALID' });
    const rows = await t.database.db
      .select()
      .from(writeLocks)
      .where(eq(writeLocks.resource, `version:${view.version.uuid}`));
    expect(rows).toEqual([]);
  });

  it('refuses anonymous callers and people outside the group', async () => {
    const { admin, lock, version } = await draftOfGroup();
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    // A draft-only profile does not exist for outsiders; a published one they may not edit.
    expect((await as().post(lock())).statusCode).toBe(404);
    expect((await as(outsider.cookie).post(lock())).statusCode).toBe(404);
    await publish(admin.cookie, version());
    const anonymous = await as().post(lock());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await as().delete(lock())).statusCode).toBe(401);
    const refused = await as(outsider.cookie).post(lock());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('lets a signed-in person give up only their own lock, whatever became of the version', async () => {
    const { admin, member, lock, view } = await draftOfGroup();
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    await as(admin.cookie).post(lock());
    expect((await as().delete(lock())).statusCode).toBe(401);
    for (const cookie of [outsider.cookie, member.cookie]) {
      const released = await as(cookie).delete(lock());
      expect(released.statusCode).toBe(200);
      expect((await as(member.cookie).post(lock())).statusCode).toBe(409);
    }
    // Deleting the draft deletes a never-published profile; its editor still lets go.
    expect(
      (await as(admin.cookie).delete(`/app/profile/${view.profile.uuid}/draft`)).statusCode,
    ).toBe(200);
    expect((await as(admin.cookie).delete(lock())).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(writeLocks)
      .where(eq(writeLocks.resource, `version:${view.version.uuid}`));
    expect(left).toEqual([]);
  });

  it('refuses a lock on a version that is not the current one', async () => {
    const { admin, view, lock, version } = await draftOfGroup();
    await publish(admin.cookie, version());
    expect((await as(admin.cookie).post(lock())).statusCode).toBe(200);
    const saved = await as(admin.cookie).put(version(), content);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json<ProfileView>().version;
    // Version 1 is no longer current: no lock on it, but giving one up is always fine.
    const old = await as(admin.cookie).post(lock(view.version.uuid));
    expect(old.statusCode).toBe(403);
    expect(old.json<{ message: string }>().message).toBe('Only the current version can be edited.');
    expect((await as(admin.cookie).delete(lock(view.version.uuid))).statusCode).toBe(200);
    expect((await as(admin.cookie).post(lock(draft.uuid))).statusCode).toBe(200);
    expect(
      (await as(admin.cookie).post(lock('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
  });

  it('answers 409 RESOURCE_LOCKED, naming the holder, while someone else holds it', async () => {
    const { admin, member, lock } = await draftOfGroup();
    const held = (await as(admin.cookie).post(lock())).json<LockAnswer>();
    const refused = await as(member.cookie).post(lock());
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; code: string; expiresAt: string }>();
    expect(body).toMatchObject({
      success: false,
      code: 'RESOURCE_LOCKED',
      lockedBy: 'Ada Lovelace',
      expiresAt: held.lock.expiresAt,
    });
    expect(body.message).toMatch(
      new RegExp(
        `^Ada Lovelace is editing this\\. Their write lock lasts until ${held.lock.expiresAt.slice(11, 16)} UTC \\(in about 2 minutes\\)`,
      ),
    );
  });

  it('refuses a save without the lock, and after the lock ran out', async () => {
    const { admin, member, lock, version } = await draftOfGroup();
    const refused = await as(admin.cookie).put(version(), { ...content, name: 'Unlocked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'LOCK_REQUIRED',
      message: lockRequiredMessage,
    });
    // Someone else's lock is no use either.
    await as(member.cookie).post(lock());
    expect((await as(admin.cookie).put(version(), content)).statusCode).toBe(409);
    await as(member.cookie).delete(lock());

    await as(admin.cookie).post(lock());
    await t.database.db
      .update(writeLocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(writeLocks.userId, admin.user.id));
    const late = await as(admin.cookie).put(version(), content);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'LOCK_REQUIRED' });
    const unchanged = await as(admin.cookie).get(version());
    expect(unchanged.json<ProfileView>().version.name).toBe('Lock Profile');
  });

  it('saves with the lock, and a release lets someone else take it', async () => {
    const { admin, member, lock, version } = await draftOfGroup();
    expect((await as(admin.cookie).post(lock())).statusCode).toBe(200);
    const saved = await as(admin.cookie).put(version(), { ...content, name: 'Locked and saved' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProfileView>().version.name).toBe('Locked and saved');
    // The lock lasts beyond a save, so the editor can save again.
    expect((await as(admin.cookie).put(version(), content)).statusCode).toBe(200);
    expect((await as(member.cookie).post(lock())).statusCode).toBe(409);
    const released = await as(admin.cookie).delete(lock());
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ success: true });
    expect((await as(member.cookie).post(lock())).statusCode).toBe(200);
    expect((await as(member.cookie).put(version(), content)).statusCode).toBe(200);
    expect((await as(admin.cookie).put(version(), content)).statusCode).toBe(409);
  });

  it('moves the lock to the draft a save of the published version creates', async () => {
    const { admin, member, lock, version } = await draftOfGroup();
    await publish(admin.cookie, version());
    await as(admin.cookie).post(lock());
    const saved = await as(admin.cookie).put(version(), { ...content, name: 'Version two' });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json<ProfileView>().version;
    expect(draft.version).toBe(2);
    const rows = await t.database.db
      .select()
      .from(writeLocks)
      .where(eq(writeLocks.userId, admin.user.id));
    expect(rows.map((r) => r.resource)).toEqual([`version:${draft.uuid}`]);
    // The editor keeps editing the draft; the other member waits.
    expect((await as(admin.cookie).put(version(draft.uuid), content)).statusCode).toBe(200);
    expect((await as(member.cookie).post(lock(draft.uuid))).statusCode).toBe(409);
    await as(admin.cookie).delete(lock(draft.uuid));
    expect((await as(member.cookie).post(lock(draft.uuid))).statusCode).toBe(200);
  });

  it('gives the lock to exactly one of two members asking at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { admin, member, lock } = await draftOfGroup();
      const answers = await Promise.all([
        as(admin.cookie).post(lock()),
        as(member.cookie).post(lock()),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
  });
});
