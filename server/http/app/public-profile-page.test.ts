import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../common/profiles';
import { profileCounters } from '../../db/schema';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf, makeProfile, publishVersion } from '../../test/authoring';
import { ANNOUNCED_WITHIN_MS, eventually } from '../../test/jobs';
import { makePerson } from '../../test/people';

/**
 * A profile page as signed-out readers see it is one answer for all of them, kept in memory until
 * the profile or its group changes. These tests hold what keeping it must never change.
 */
describe('the profile page of a signed-out reader', () => {
  const t = useTestApp({ COUNTER_FLUSH_SECONDS: '300' }, {}, { recordStatements: true });
  let group: KeyedGroup;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Page readers');
  });

  async function published(): Promise<ProfileView> {
    const draft = await makeProfile(t.app, group.cookie, group.organizationId);
    return publishVersion(t.app, group.cookie, draft.profile.uuid, draft.version.uuid);
  }

  async function page(url: string, cookie?: string): Promise<ProfileView> {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: cookie ? { cookie } : {},
      remoteAddress: '198.51.100.90',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProfileView>();
  }

  /** Version 2 of a published profile as a draft, made by editing its details. */
  async function draftAfter(view: ProfileView, name: string): Promise<ProfileView> {
    const calls = callsOf(t.app, group.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    expect((await calls.post(`${base}/lock`)).statusCode).toBe(200);
    const edited = await calls.put(base, {
      name,
      description: view.version.description,
      translations: [],
      moreInformation: '',
      tags: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    return edited.json<ProfileView>();
  }

  it('is answered from memory once read, and each reader is still counted', async () => {
    const view = await published();
    const urls = [
      `/app/profile/${view.profile.uuid}`,
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`,
    ];
    // A read that overlapped the publication's announcement (PostgreSQL hears it a moment after
    // the commit) is not kept: read until the pages are.
    await eventually('the pages kept', async () => {
      t.statements.length = 0;
      for (const url of urls) await page(url);
      return t.statements.length === 0;
    });
    t.statements.length = 0;
    for (const url of urls) {
      const again = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.91' });
      expect(again.statusCode).toBe(200);
    }
    expect(t.statements).toEqual([]);

    await t.app.services.counters.flush();
    const views = await t.database.db
      .select({ count: profileCounters.count })
      .from(profileCounters)
      .where(
        and(eq(profileCounters.profileId, view.profile.uuid), eq(profileCounters.counter, 'view')),
      );
    // Two addresses, two readers: the second was answered from memory and counted all the same.
    expect(views.map((v) => v.count)).toEqual([2]);
  });

  it('shows a new version, and a renamed group, as soon as they are saved', async () => {
    const first = await published();
    const url = `/app/profile/${first.profile.uuid}`;
    expect((await page(url)).version.version).toBe(1);

    const draft = await draftAfter(first, 'Reading, second edition');
    expect((await page(url)).version.version).toBe(1);
    await publishVersion(t.app, group.cookie, draft.profile.uuid, draft.version.uuid);
    // On PostgreSQL the node hears its own announcement a moment after the commit; well within
    // the bound, which is shorter than any time a kept page could live.
    const after = await eventually(
      'the new version on the page',
      async () => {
        const shown = await page(url);
        return shown.version.version === 2 ? shown : null;
      },
      ANNOUNCED_WITHIN_MS,
    );
    expect(after.version).toMatchObject({ version: 2, name: 'Reading, second edition' });
    expect(after.profile.versions.map((v) => v.version)).toEqual([2, 1]);

    const renamed = await callsOf(t.app, group.cookie).put(`/app/org/${group.organizationId}`, {
      name: 'Page readers, renamed',
      collaborationLink: 'https://example.org',
      description: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(
      'the new name on the page',
      async () => (await page(url)).profile.organization.name === 'Page readers, renamed',
      ANNOUNCED_WITHIN_MS,
    );
  });

  it("never shows a member's draft to a signed-out reader, nor a reader's view to a member", async () => {
    const first = await published();
    const draft = await draftAfter(first, 'Reading, in progress');
    const url = `/app/profile/${first.profile.uuid}`;
    const stranger = (await makePerson(t.database.db, t.app.services.sessions)).cookie;

    for (let round = 0; round < 2; round++) {
      const member = await page(url, group.cookie);
      expect(member.version.uuid).toBe(draft.version.uuid);
      expect(member.profile.currentDraftVersion?.uuid).toBe(draft.version.uuid);
      expect(member.profile.membership).toBe('admin');

      const reader = await page(url);
      expect(reader.version.uuid).toBe(first.version.uuid);
      expect(reader.profile.currentDraftVersion).toBeNull();
      expect(reader.profile.versions.map((v) => v.state)).toEqual(['published']);
      expect(reader.profile.membership).toBeNull();

      // Signed in but not of the group: the published version, with their standing.
      const other = await page(url, stranger);
      expect(other.version.uuid).toBe(first.version.uuid);
      expect(other.profile.membership).not.toBe('admin');
    }
    const draftPage = await t.app.inject({
      method: 'GET',
      url: `/app/profile/${first.profile.uuid}/version/${draft.version.uuid}`,
    });
    expect(draftPage.statusCode).toBe(404);
  });
});
