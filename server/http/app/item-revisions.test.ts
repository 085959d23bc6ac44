import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authoredDir, authoredPresent } from '../../../xapi/fixtures/corpus';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { queryRows } from '../../db/client';
import {
  callsOf,
  makeGroup,
  makeProfile,
  publishVersion,
  verbForm as verb,
} from '../../test/authoring';

/**
 * A later draft never changes what a published version shows: each version reads its own
 * revisions of its items, and public reads outside a version read the newest published one.
 */
const audio = () =>
  JSON.parse(readFileSync(join(authoredDir, 'audio/v1.0/audio.jsonld'), 'utf8')) as Record<
    string,
    unknown
  >;

const CONCEPT = 'https://w3id.org/xapi/audio/activity-type/audio';

interface Metadata {
  profile_url: string;
  version_uuid: string;
  name: string;
}

/** The audio profile's next version, its concept's label with one word more. */
function nextVersion(word: string): Record<string, unknown> {
  const document = audio();
  const concepts = document.concepts as Array<Record<string, unknown>>;
  const concept = concepts.find((c) => c.id === CONCEPT) as Record<string, unknown>;
  concept.prefLabel = { en: `audio ${word}` };
  return {
    ...document,
    versions: [
      {
        id: 'https://w3id.org/xapi/audio/v2.0',
        wasRevisionOf: ['https://w3id.org/xapi/audio/v1.0'],
      },
      ...(document.versions as unknown[]),
    ],
  };
}

describe.skipIf(!authoredPresent)(
  'item revisions: a draft leaves published versions as they are',
  () => {
    const t = useTestApp();

    it('keeps searches, item pages and IRI answers of the published version after a draft and its deletion', async () => {
      const group = await makeKeyedGroup(t.app, 'Audio');
      const send = (profile: Record<string, unknown>, published: boolean) =>
        t.app.inject({
          method: 'POST',
          url: '/api/profile',
          headers: { 'x-api-key': group.keys.readWrite },
          payload: { profile, status: { published } },
        });
      const first = await send(audio(), true);
      expect(first.statusCode, first.body).toBe(200);
      const v1 = first.json<{ metadata: Metadata }>().metadata;
      const profileId = v1.profile_url.split('/').pop() as string;
      const word = `zq${Date.now().toString(36)}`;
      const second = await send(nextVersion(word), false);
      expect(second.statusCode, second.body).toBe(200);
      const v2 = second.json<{ metadata: Metadata }>().metadata;

      const member = callsOf(t.app, group.cookie);
      const anonymous = callsOf(t.app);
      const concepts = (versionId: string) =>
        `/app/profile/${profileId}/version/${versionId}/concepts`;
      const listed = await member.get(`${concepts(v1.version_uuid)}?page=1&limit=10`);
      expect(listed.statusCode, listed.body).toBe(200);
      const conceptId = listed.json<{ concepts: Array<{ uuid: string }> }>().concepts[0]?.uuid;
      const page = (versionId: string) =>
        member.get(`${concepts(versionId)}/${conceptId as string}`);

      // What the published version and the public show, before and after the draft goes.
      const published = async () => {
        const v1Page = await page(v1.version_uuid);
        expect(v1Page.statusCode, v1Page.body).toBe(200);
        expect(v1Page.body).not.toContain(word);
        const v1List = await anonymous.get(`${concepts(v1.version_uuid)}?page=1&limit=10`);
        expect(v1List.statusCode, v1List.body).toBe(200);
        expect(v1List.body).not.toContain(word);
        for (const url of [
          `/app/search/concepts?search=${word}`,
          `/app/concepts/search?search=${word}&page=1&limit=10`,
        ]) {
          const found = await anonymous.get(url);
          expect(found.statusCode, `${url}: ${found.body}`).toBe(200);
          expect(found.json<{ total: number }>().total, url).toBe(0);
        }
        const byLabel = await anonymous.get('/app/search/concepts?search=audio');
        expect(byLabel.json<{ results: Array<{ iri: string; name: string }> }>().results).toEqual(
          expect.arrayContaining([expect.objectContaining({ iri: CONCEPT, name: 'audio' })]),
        );
        const dereferenced = await t.app.inject({
          method: 'GET',
          url: `/api/iri/${encodeURIComponent(CONCEPT)}`,
          headers: { accept: 'application/ld+json' },
        });
        expect(dereferenced.statusCode, dereferenced.body).toBe(200);
        expect(dereferenced.body).not.toContain(word);
      };

      await published();
      // The draft has its own revision, with the word.
      const v2Page = await page(v2.version_uuid);
      expect(v2Page.statusCode, v2Page.body).toBe(200);
      expect(v2Page.body).toContain(word);

      await t.app.services.profiles.deleteDraft(group.admin, profileId);
      await published();
    });
  },
);

describe('item revisions: the database keeps what a published version lists', () => {
  const t = useTestApp();

  /** A profile with one verb; the revision its version 1 lists. */
  async function withVerb(publish: boolean) {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const created = await callsOf(t.app, admin.cookie).post(base, verb('read'));
    expect(created.statusCode, created.body).toBe(200);
    if (publish) await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const [entry] = await queryRows<{ revision_id: string }>(
      t.database.db,
      sql`select revision_id from version_components where version_id = ${view.version.uuid}`,
    );
    return { versionId: view.version.uuid, revisionId: entry!.revision_id };
  }

  /** The database's refusal, whether the driver reports it or the cause it wraps. */
  async function refused(query: Promise<unknown>) {
    const error: unknown = await query.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const text = (e: unknown): string =>
      e instanceof Error ? `${e.message} ${text((e as { cause?: unknown }).cause)}` : '';
    expect(text(error)).toMatch(/published (version|profile)|published versions hold/);
  }

  it('refuses to change or delete a revision a published version lists', async () => {
    const { versionId, revisionId } = await withVerb(true);
    const db = t.database.db;
    await refused(
      db.execute(sql`update item_revisions set name = 'changed' where id = ${revisionId}`),
    );
    await refused(
      db.execute(
        sql`update item_revisions set content = content || '{"deprecated":true}' where id = ${revisionId}`,
      ),
    );
    await refused(db.execute(sql`delete from item_revisions where id = ${revisionId}`));
    const [other] = await queryRows<{ id: string }>(
      db,
      sql`insert into item_revisions (item_id, type, name, content)
        select item_id, type, 'other', content from item_revisions where id = ${revisionId}
        returning id`,
    );
    await refused(
      db.execute(
        sql`update version_components set revision_id = ${other!.id} where version_id = ${versionId}`,
      ),
    );
    // Who changed it last may be forgotten, as deleting an account does.
    await db.execute(sql`update item_revisions set updated_by = null where id = ${revisionId}`);
    const [kept] = await queryRows<{ name: string }>(
      db,
      sql`select name from item_revisions where id = ${revisionId}`,
    );
    expect(kept?.name).toBe('read');
  });

  it('refuses to add an entry to a published version or take one from it', async () => {
    const { versionId, revisionId } = await withVerb(true);
    const db = t.database.db;
    await refused(db.execute(sql`delete from version_components where version_id = ${versionId}`));
    const other = await withVerb(false);
    await refused(
      db.execute(
        sql`insert into version_components (version_id, component_id, revision_id, position)
          select ${versionId}, item_id, id, 99 from item_revisions where id = ${other.revisionId}`,
      ),
    );
    const [listed] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from version_components where version_id = ${versionId}`,
    );
    expect(listed?.n).toBe(1);
    expect(revisionId).toBeTruthy();
  });

  it('lets a published version go with its profile, entries, graph and all, and only so', async () => {
    const { versionId } = await withVerb(true);
    const db = t.database.db;
    const [version] = await queryRows<{ profile_id: string }>(
      db,
      sql`select profile_id from profile_versions where id = ${versionId}`,
    );
    await refused(db.execute(sql`delete from profile_versions where id = ${versionId}`));
    await db.execute(sql`delete from profiles where id = ${version!.profile_id}`);
    const [listed] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*)::int from version_components where version_id = ${versionId})
        + (select count(*)::int from profile_versions where id = ${versionId})
        + (select count(*)::int from profile_version_graphs where version_id = ${versionId}) as n`,
    );
    expect(listed?.n).toBe(0);
  });

  it('keeps a published version published, with everything it serves, in the database itself', async () => {
    const { versionId } = await withVerb(true);
    const db = t.database.db;
    const [row] = await queryRows<{ profile_id: string; component_id: string }>(
      db,
      sql`select v.profile_id, vc.component_id from profile_versions v
        join version_components vc on vc.version_id = v.id where v.id = ${versionId}`,
    );
    const { profile_id: profileId, component_id: itemId } = row!;
    await db.execute(sql`insert into profile_version_graphs (version_id, format, ntriples)
      values (${versionId}, 1, '<urn:a> <urn:b> <urn:c> .') on conflict (version_id) do nothing`);

    for (const statement of [
      sql`update profile_versions set state = 'draft' where id = ${versionId}`,
      sql`update profile_versions set name = 'Renamed' where id = ${versionId}`,
      sql`update profile_versions set description = 'Other words.' where id = ${versionId}`,
      sql`update profile_versions set iri = iri || '-moved' where id = ${versionId}`,
      sql`update profile_versions set snapshot = snapshot || '{"x":1}' where id = ${versionId}`,
      sql`update profile_versions set tags = '["new"]' where id = ${versionId}`,
      sql`update profile_versions set updated_by = (select id from users limit 1)
        where id = ${versionId}`,
      sql`update version_components set position = position + 1 where version_id = ${versionId}`,
      sql`update version_components set linked = not linked where version_id = ${versionId}`,
      sql`update profile_version_graphs set ntriples = '' where version_id = ${versionId}`,
      sql`delete from profile_version_graphs where version_id = ${versionId}`,
      sql`update profiles set iri = iri || '-moved' where id = ${profileId}`,
      sql`update profiles set current_published_version_id = null where id = ${profileId}`,
      sql`update profile_components set iri = iri || '-moved' where id = ${itemId}`,
      sql`truncate item_revisions cascade`,
      sql`truncate profile_versions cascade`,
      sql`truncate profile_version_graphs`,
    ])
      await refused(db.execute(statement));

    // What may happen to it: a verification decision, which moves Last-Modified; forgetting who
    // made it; a newer conversion of its graph.
    await db.execute(sql`update profile_versions set is_verified = true,
      verification_decided_at = now(), updated_at = now() where id = ${versionId}`);
    await db.execute(sql`update profile_versions set created_by = null where id = ${versionId}`);
    await db.execute(
      sql`update profile_version_graphs set format = 2 where version_id = ${versionId}`,
    );
    const [after] = await queryRows<{ state: string; name: string; verified: boolean }>(
      db,
      sql`select state, name, is_verified as verified from profile_versions where id = ${versionId}`,
    );
    expect(after).toEqual({ state: 'published', name: 'Reading', verified: true });
  });

  it('lets a draft change a revision only it lists', async () => {
    const { revisionId } = await withVerb(false);
    await t.database.db.execute(
      sql`update item_revisions set name = 'reread' where id = ${revisionId}`,
    );
    const [changed] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from item_revisions where id = ${revisionId}`,
    );
    expect(changed?.name).toBe('reread');
  });
});

describe('item revisions: a draft owns the items first created in it', () => {
  const t = useTestApp();

  it('frees the IRI of an item created in a draft when the draft is deleted', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const concepts = (versionId: string) =>
      `/app/profile/${view.profile.uuid}/version/${versionId}/concepts`;
    expect((await calls.post(concepts(view.version.uuid), verb('read'))).statusCode).toBe(200);
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);

    const first = await calls.post(concepts(view.version.uuid), verb('highlighted'));
    expect(first.statusCode, first.body).toBe(200);
    const draftId = first.json<{ versionId: string }>().versionId;
    expect(draftId).not.toBe(view.version.uuid);
    // Created and deleted in the draft: it waits in Deleted Items while the draft lives.
    const other = await calls.post(concepts(draftId), verb('skimmed'));
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json<{ concept: { uuid: string } }>().concept.uuid;
    expect((await calls.post(`${concepts(draftId)}/${otherId}/lock`)).statusCode).toBe(200);
    expect((await calls.delete(`${concepts(draftId)}/${otherId}`)).statusCode).toBe(200);

    const deleted = await calls.delete(`/app/profile/${view.profile.uuid}/draft`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const again = await calls.post(concepts(view.version.uuid), verb('highlighted'));
    expect(again.statusCode, again.body).toBe(200);
    const secondDraft = again.json<{ versionId: string }>().versionId;
    const skimmed = await calls.post(concepts(secondDraft), verb('skimmed'));
    expect(skimmed.statusCode, skimmed.body).toBe(200);
    const [held] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from profile_components
        where profile_id = ${view.profile.uuid} and deleted_at is not null`,
    );
    expect(Number(held?.n)).toBe(0);
  });

  it('undoes a deprecation with the draft it was made in', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const word = `zq${Date.now().toString(36)}`;
    const concepts = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const made = await calls.post(concepts, verb(word));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ concept: { uuid: string } }>().concept.uuid;
    await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    const found = async () =>
      (await callsOf(t.app).get(`/app/search/concepts?search=${word}`)).json<{ total: number }>()
        .total;
    expect(await found()).toBe(1);
    expect((await calls.post(`${concepts}/${id}/lock`)).statusCode).toBe(200);
    const deprecated = await calls.post(`${concepts}/${id}/deprecate`, { reason: 'Old.' });
    expect(deprecated.statusCode, deprecated.body).toBe(200);
    // The deprecation is the draft's: the public finds the item as it was published.
    expect(await found()).toBe(1);
    expect(
      (await calls.get(`${concepts}/${id}`)).json<{ concept: { status: string } }>().concept.status,
    ).toBe('Published');
    const draftId = deprecated.json<{ versionId: string }>().versionId;
    const inDraft = await calls.get(
      `/app/profile/${view.profile.uuid}/version/${draftId}/concepts/${id}`,
    );
    expect(inDraft.json<{ concept: { status: string } }>().concept.status).toBe('Deprecated');
    const gone = await calls.delete(`/app/profile/${view.profile.uuid}/draft`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await found()).toBe(1);
    const page = await calls.get(`${concepts}/${id}`);
    expect(page.json<{ concept: { status: string } }>().concept.status).toBe('Published');
  });
});
