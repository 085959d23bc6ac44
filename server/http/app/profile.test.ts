import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfileList, ProfileView } from '../../../common/profiles';
import { validate } from '../../../xapi/index';
import { memberships, organizations, profileCounters, profileVersions } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { ANNOUNCED_WITHIN_MS, eventually } from '../../test/jobs';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

describe('profiles and versions', () => {
  const t = useTestApp({ PROFILE_ROOT_IRI: 'https://w3id.org/xapi/test-root' });
  const as = (cookie?: string) => ({
    get: (url: string) => new TestBrowser(t.app).request('GET', url, undefined, cookie),
    post: (url: string, body: unknown = {}) =>
      new TestBrowser(t.app).request('POST', url, body, cookie),
    put: (url: string, body: unknown) => new TestBrowser(t.app).request('PUT', url, body, cookie),
    delete: (url: string) => new TestBrowser(t.app).request('DELETE', url, undefined, cookie),
  });

  async function group() {
    const admin = await makePerson(t.database.db, t.app.services.sessions);
    const [org] = await t.database.db
      .insert(organizations)
      .values({
        name: `WG ${randomUUID().slice(0, 6)}`,
        collaborationLink: 'https://wg.example.org',
      })
      .returning();
    await t.database.db
      .insert(memberships)
      .values({ organizationId: org!.id, userId: admin.user.id, level: 'admin' });
    return { org: org!, admin };
  }

  const content = {
    name: 'Reading Profile',
    description: 'Statements about reading books.',
    translations: [
      {
        language: 'fr',
        translationName: 'Profil de lecture',
        translationDesc: 'Des déclarations sur la lecture.',
      },
    ],
    moreInformation: 'https://example.org/docs',
    tags: ['reading', 'books'],
  };

  async function createProfile(cookie: string, orgId: string, extra: Record<string, unknown> = {}) {
    const response = await as(cookie).post(`/app/org/${orgId}/profile`, {
      iriType: 'generated-iri',
      ...content,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProfileView>();
  }

  /** Saving details needs the version's write lock, as the edit screen takes it. */
  async function lock(cookie: string, profileId: string, versionId: string) {
    const response = await as(cookie).post(`/app/profile/${profileId}/version/${versionId}/lock`);
    expect(response.statusCode, response.body).toBe(200);
  }

  async function publish(cookie: string, view: ProfileView) {
    const response = await as(cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/publish`,
      { confirmed: true },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProfileView>();
  }

  it('creates a draft version 1 with a generated IRI under the configured root', async () => {
    const { org, admin } = await group();
    const view = await createProfile(admin.cookie, org.id);
    expect(view.profile.iri).toMatch(/^https:\/\/w3id\.org\/xapi\/test-root\/[0-9a-f-]{36}$/);
    expect(view.version).toMatchObject({
      version: 1,
      state: 'draft',
      name: 'Reading Profile',
      tags: ['reading', 'books'],
    });
    expect(view.version.iri).toBe(`${view.profile.iri}/v1`);
    expect(view.profile.currentDraftVersion?.uuid).toBe(view.version.uuid);
  });

  it('gives the profile the generated IRI the form showed, and only one this server could mint', async () => {
    const { org, admin } = await group();
    const shown = `https://w3id.org/xapi/test-root/${randomUUID()}`;
    const view = await createProfile(admin.cookie, org.id, { generatedIri: shown });
    expect(view.profile.iri).toBe(shown);
    expect(view.version.iri).toBe(`${shown}/v1`);

    const again = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
      iriType: 'generated-iri',
      generatedIri: shown,
      ...content,
    });
    expect(again.statusCode).toBe(409);
    for (const generatedIri of [
      `https://example.org/elsewhere/${randomUUID()}`,
      'https://w3id.org/xapi/test-root/chosen-name',
      `https://w3id.org/xapi/test-root/${randomUUID().toUpperCase()}`,
      `https://w3id.org/xapi/test-root/${randomUUID()}/more`,
    ]) {
      const refused = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'generated-iri',
        generatedIri,
        ...content,
      });
      expect(refused.statusCode, generatedIri).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(
        'A generated IRI is https://w3id.org/xapi/test-root/ followed by a new lowercase UUID',
      );
    }
  });

  it('removes the trailing slash of an external IRI and refuses bad or taken ones', async () => {
    const { org, admin } = await group();
    const iri = `https://example.org/profiles/${randomUUID()}`;
    const view = await createProfile(admin.cookie, org.id, {
      iriType: 'external-iri',
      extiri: `${iri}//`,
    });
    expect(view.profile.iri).toBe(iri);
    const taken = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
      iriType: 'external-iri',
      extiri: iri,
      ...content,
    });
    expect(taken.statusCode).toBe(409);
    for (const extiri of ['javascript:alert(1)', 'not an iri', '']) {
      const bad = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'external-iri',
        extiri,
        ...content,
      });
      expect(bad.statusCode, extiri).toBe(400);
      expect(bad.json<{ message: string }>().message).toContain(
        'IRI did not match expected format.',
      );
    }
    const info = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
      iriType: 'generated-iri',
      ...content,
      moreInformation: 'nope',
    });
    expect(info.json<{ message: string }>().message).toContain(
      'More Information needs to be a URL.',
    );
    const english = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
      iriType: 'generated-iri',
      ...content,
      translations: [{ language: 'en', translationName: 'x', translationDesc: 'y' }],
    });
    expect(english.statusCode).toBe(400);
    const forged = await as(admin.cookie).post(`/app/org/${org.id}/profile`, {
      iriType: 'generated-iri',
      ...content,
      isVerified: true,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('switches a never-published profile from an external to a generated IRI', async () => {
    const { org, admin } = await group();
    const external = `https://example.org/switch/${randomUUID()}`;
    const view = await createProfile(admin.cookie, org.id, {
      iriType: 'external-iri',
      extiri: external,
    });
    await lock(admin.cookie, view.profile.uuid, view.version.uuid);
    const switched = await as(admin.cookie).put(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`,
      {
        ...content,
        iriType: 'generated-iri',
      },
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const profile = switched.json<ProfileView>().profile;
    expect(profile).toMatchObject({ iriType: 'generated-iri' });
    expect(profile.iri).toMatch(/^https:\/\/w3id\.org\/xapi\/test-root\/[0-9a-f-]{36}$/);
    expect(switched.json<ProfileView>().version.iri).toBe(`${profile.iri}/v1`);
    // And back to an external one at publication.
    const published = await as(admin.cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/publish`,
      {
        confirmed: true,
        iriType: 'external-iri',
        extiri: `${external}/`,
      },
    );
    expect(published.json<ProfileView>().profile).toMatchObject({
      iri: external,
      iriType: 'external-iri',
      iriFixed: true,
    });
  });

  it('keeps drafts from everyone outside the group, by every route', async () => {
    const { org, admin } = await group();
    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const view = await createProfile(admin.cookie, org.id);
    const base = `/app/profile/${view.profile.uuid}`;
    for (const cookie of [undefined, outsider.cookie]) {
      for (const url of [
        base,
        `${base}/version/${view.version.uuid}`,
        `${base}/version/${view.version.uuid}/export`,
        `${base}/version/${view.version.uuid}/document`,
      ]) {
        expect((await as(cookie).get(url)).statusCode, url).toBe(404);
      }
      expect(
        (await as(cookie).get(`/app/profile/resolve?iri=${encodeURIComponent(view.profile.iri)}`))
          .statusCode,
      ).toBe(404);
      const listed = (await as(cookie).get(`/app/org/${org.id}/profile`)).json<ProfileList>();
      expect(listed.total).toBe(0);
    }
    expect(
      (await as(admin.cookie).get(`/app/org/${org.id}/profile`)).json<ProfileList>().total,
    ).toBe(1);
    expect(
      (await as(outsider.cookie).put(`${base}/version/${view.version.uuid}`, content)).statusCode,
    ).toBe(404);
    expect(
      (
        await as(outsider.cookie).post(`${base}/version/${view.version.uuid}/publish`, {
          confirmed: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('publishes a validated snapshot that a later draft never changes', async () => {
    const { org, admin } = await group();
    const draft = await createProfile(admin.cookie, org.id);
    const unconfirmed = await as(admin.cookie).post(
      `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/publish`,
      {},
    );
    expect(unconfirmed.statusCode).toBe(400);
    const published = await publish(admin.cookie, draft);
    expect(published.version).toMatchObject({ state: 'published', version: 1 });
    expect(published.profile).toMatchObject({ iriFixed: true, currentDraftVersion: null });

    const exported = (
      await as().get(`/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/export`)
    ).json<Record<string, unknown>>();
    expect(exported).toMatchObject({
      id: draft.profile.iri,
      type: 'Profile',
      prefLabel: { en: 'Reading Profile', fr: 'Profil de lecture' },
      seeAlso: 'https://example.org/docs',
      author: { type: 'Organization', name: org.name },
    });
    expect(validate(exported, { mode: 'authoring' }).filter((f) => f.severity === 'error')).toEqual(
      [],
    );

    // Editing the published version makes draft 2 and leaves version 1 exactly as it was.
    await lock(admin.cookie, draft.profile.uuid, draft.version.uuid);
    const edited = await as(admin.cookie).put(
      `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}`,
      {
        ...content,
        name: 'Reading Profile, revised',
        tags: [...content.tags, 'library'],
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const v2 = edited.json<ProfileView>();
    expect(v2.version).toMatchObject({
      version: 2,
      state: 'draft',
      name: 'Reading Profile, revised',
    });
    const again = (
      await as().get(`/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/export`)
    ).json<Record<string, unknown>>();
    expect(again).toEqual(exported);
    const publicView = (await as().get(`/app/profile/${draft.profile.uuid}`)).json<ProfileView>();
    expect(publicView.version.name).toBe('Reading Profile');
    expect(publicView.profile.versions.map((v) => v.version)).toEqual([1]);

    // A second draft is a conflict.
    const second = await as(admin.cookie).put(
      `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}`,
      content,
    );
    expect([403, 409]).toContain(second.statusCode);
    // Published tags stay (the lock moved to the new draft with the save).
    const dropTag = await as(admin.cookie).put(
      `/app/profile/${draft.profile.uuid}/version/${v2.version.uuid}`,
      { ...content, tags: ['books'] },
    );
    expect(dropTag.statusCode).toBe(400);
    expect(dropTag.json<{ message: string }>().message).toContain(
      'Published tags cannot be removed: reading',
    );

    const v2published = await publish(admin.cookie, v2);
    const doc = (
      await as().get(`/app/profile/${draft.profile.uuid}/version/${v2.version.uuid}/export`)
    ).json<{ versions: Array<{ id: string; wasRevisionOf?: string[] }> }>();
    expect(doc.versions.map((v) => v.id)).toEqual([
      `${draft.profile.iri}/v2`,
      `${draft.profile.iri}/v1`,
    ]);
    expect(doc.versions[0]?.wasRevisionOf).toEqual([`${draft.profile.iri}/v1`]);
    expect(v2published.profile.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('keeps version numbers gapless when a draft is deleted', async () => {
    const { org, admin } = await group();
    const draft = await createProfile(admin.cookie, org.id);
    await publish(admin.cookie, draft);
    await lock(admin.cookie, draft.profile.uuid, draft.version.uuid);
    const v2 = (
      await as(admin.cookie).put(
        `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}`,
        content,
      )
    ).json<ProfileView>();
    expect(v2.version.version).toBe(2);
    expect(
      (await as(admin.cookie).delete(`/app/profile/${draft.profile.uuid}/draft`)).statusCode,
    ).toBe(200);
    await lock(admin.cookie, draft.profile.uuid, draft.version.uuid);
    const v2again = (
      await as(admin.cookie).put(
        `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}`,
        content,
      )
    ).json<ProfileView>();
    expect(v2again.version.version).toBe(2);
    expect(v2again.version.iri).toBe(`${draft.profile.iri}/v2`);
  });

  it('deletes a profile only when its name is typed exactly', async () => {
    const { org, admin } = await group();
    const draft = await createProfile(admin.cookie, org.id);
    await publish(admin.cookie, draft);
    expect(
      (await as(admin.cookie).delete(`/app/profile/${draft.profile.uuid}?confirmName=Reading`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await as(admin.cookie).delete(
          `/app/profile/${draft.profile.uuid}?confirmName=${encodeURIComponent('Reading Profile')}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await as(admin.cookie).get(`/app/profile/${draft.profile.uuid}`)).statusCode).toBe(404);
  });

  it('runs verification: request, admin approval, revocation with a reason', async () => {
    const { org, admin } = await group();
    const siteAdmin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
    const draft = await createProfile(admin.cookie, org.id);
    expect(
      (
        await as(admin.cookie).post(
          `/app/profile/${draft.profile.uuid}/version/${draft.version.uuid}/verification`,
        )
      ).statusCode,
    ).toBe(409);
    const published = await publish(admin.cookie, draft);
    const requested = await as(admin.cookie).post(
      `/app/profile/${draft.profile.uuid}/version/${published.version.uuid}/verification`,
    );
    expect(requested.json<ProfileView>().version.verificationRequest).not.toBeNull();
    expect((await as(admin.cookie).get('/app/admin/verificationRequests')).statusCode).toBe(403);
    const queue = await as(siteAdmin.cookie).get('/app/admin/verificationRequests');
    expect(
      queue.json<{ requests: Array<{ versionUuid: string }> }>().requests.map((r) => r.versionUuid),
    ).toContain(published.version.uuid);

    expect(
      (
        await as(siteAdmin.cookie).post(`/app/admin/verify/${published.version.uuid}`, {
          approval: 'deny',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(admin.cookie).post(`/app/admin/verify/${published.version.uuid}`, {
          approval: 'approve',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(siteAdmin.cookie).post(`/app/admin/verify/${published.version.uuid}`, {
          approval: 'approve',
        })
      ).statusCode,
    ).toBe(200);
    const verified = (await as().get(`/app/profile/${draft.profile.uuid}`)).json<ProfileView>();
    expect(verified.version.isVerified).toBe(true);
    const after = await as(siteAdmin.cookie).get('/app/admin/verificationRequests');
    expect(
      after.json<{ requests: Array<{ versionUuid: string }> }>().requests.map((r) => r.versionUuid),
    ).not.toContain(published.version.uuid);

    expect(
      (
        await as(siteAdmin.cookie).post(`/app/admin/revoke/${published.version.uuid}`, {
          reason: '  ',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(siteAdmin.cookie).post(`/app/admin/revoke/${published.version.uuid}`, {
          reason: 'Broken IRIs',
        })
      ).statusCode,
    ).toBe(200);
    // Signed-out readers share one kept view of the page, which ends when the revocation is
    // announced: PostgreSQL delivers that a moment after the commit.
    await eventually(
      'the signed-out page to show the revocation',
      async () =>
        !(await as().get(`/app/profile/${draft.profile.uuid}`)).json<ProfileView>().version
          .isVerified,
      ANNOUNCED_WITHIN_MS,
    );
  });

  it('lists published profiles with search, verified filter, counts and the orphan container hidden', async () => {
    const { org, admin } = await group();
    const tag = randomUUID().slice(0, 6);
    const a = await createProfile(admin.cookie, org.id, { name: `Alpha ${tag}` });
    const b = await createProfile(admin.cookie, org.id, { name: `Beta ${tag}` });
    await createProfile(admin.cookie, org.id, { name: `Draft only ${tag}` });
    const orphan = await createProfile(admin.cookie, org.id, { name: 'Orphan Container Profile' });
    for (const view of [a, b, orphan]) await publish(admin.cookie, view);
    // Two visitors (a view counts once per visitor and day).
    await new TestBrowser(t.app, '198.51.100.8').get(`/app/profile/${b.profile.uuid}`);
    await new TestBrowser(t.app, '198.51.100.9').get(`/app/profile/${b.profile.uuid}`);
    await as().get(`/app/profile/${b.profile.uuid}/version/${b.version.uuid}/export`);
    // Reading the document for a tool on the page is not an export.
    const read = await as().get(
      `/app/profile/${b.profile.uuid}/version/${b.version.uuid}/document`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ id: string }>().id).toBe(b.profile.iri);
    await t.app.services.counters.flush();

    const list = (await as().get(`/app/profiles?search=${tag}&sort=-views`)).json<ProfileList>();
    expect(list.profiles.map((p) => [p.name, p.views, p.exports])).toEqual([
      [`Beta ${tag}`, 2, 1],
      [`Alpha ${tag}`, 0, 0],
    ]);
    expect(
      (await as().get(`/app/profiles?search=${tag}&verified=true`)).json<ProfileList>().total,
    ).toBe(0);
    const all = (await as().get('/app/profiles?limit=100')).json<ProfileList>();
    expect(all.profiles.map((p) => p.name)).not.toContain('Orphan Container Profile');
    const [counter] = await t.database.db
      .select()
      .from(profileCounters)
      .where(eq(profileCounters.profileId, b.profile.uuid));
    expect(counter).toBeDefined();
    const home = (await as().get('/app/home')).json<{ latestProfiles: unknown[] }>();
    expect(home.latestProfiles.length).toBeGreaterThan(0);
    expect(home.latestProfiles.length).toBeLessThanOrEqual(3);
  });

  it('resolves a profile or version IRI to its page', async () => {
    const { org, admin } = await group();
    const view = await publish(admin.cookie, await createProfile(admin.cookie, org.id));
    const byProfile = (
      await as().get(`/app/profile/resolve?iri=${encodeURIComponent(view.profile.iri)}`)
    ).json<unknown>();
    expect(byProfile).toMatchObject({
      profileUuid: view.profile.uuid,
      versionUuid: view.version.uuid,
      organizationUuid: org.id,
    });
    const byVersion = (
      await as().get(`/app/profile/resolve?iri=${encodeURIComponent(view.version.iri)}`)
    ).json<unknown>();
    expect(byVersion).toMatchObject({ versionUuid: view.version.uuid });
    expect(
      (
        await as().get(
          `/app/profile/resolve?iri=${encodeURIComponent('https://nowhere.example/x')}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to publish a document with validator errors and shows the findings', async () => {
    const { org, admin } = await group();
    const view = await createProfile(admin.cookie, org.id);
    // The forms cannot produce an invalid document, so break one behind their back: seeAlso
    // must be an IRI.
    await t.database.db
      .update(profileVersions)
      .set({ moreInformation: 'not an iri at all' })
      .where(eq(profileVersions.id, view.version.uuid));
    const refused = await as(admin.cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/publish`,
      { confirmed: true },
    );
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{
      findings: Array<{ ruleId: string; path: string; message: string }>;
    }>();
    expect(body.findings.length).toBeGreaterThan(0);
    expect(body.findings[0]).toMatchObject({ ruleId: 'B7', path: '/seeAlso', severity: 'error' });
    const after = await as(admin.cookie).get(`/app/profile/${view.profile.uuid}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<ProfileView>().version.state).toBe('draft');
  });
});
