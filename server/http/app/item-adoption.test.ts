import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeletedItems } from '../../../common/items';
import type { PatternChange } from '../../../common/patterns';
import type { ProfileView } from '../../../common/profiles';
import type { TemplateChange } from '../../../common/templates';
import { profileItems, versionItems } from '../../db/schema';
import { addEntries } from '../../modules/item-store/listing';
import { findItemsByIris, insertItem } from '../../modules/item-store/repo';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile } from '../../test/authoring';

/** Restoring deleted templates and patterns, and claiming orphaned ones, through `/app`. */
describe('template and pattern adoption', () => {
  const t = useTestApp();

  async function groupWithProfile() {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    return { org, admin, view };
  }

  /** An item stored as an import or the editor leaves it, listed by the profile's draft. */
  async function storeItem(view: ProfileView, kind: 'template' | 'pattern') {
    const iri = `${view.profile.iri}/${kind}s/${randomUUID()}`;
    const content =
      kind === 'template'
        ? {
            id: iri,
            type: 'StatementTemplate',
            inScheme: view.version.iri,
            prefLabel: { en: 'Read a page' },
            definition: { en: 'Someone read a page.' },
          }
        : {
            id: iri,
            type: 'Pattern',
            primary: true,
            inScheme: view.version.iri,
            prefLabel: { en: 'Reading' },
            definition: { en: 'Pages read in order.' },
            sequence: [`${view.profile.iri}/templates/a`, `${view.profile.iri}/templates/b`],
          };
    const row = await insertItem(t.database.db, {
      kind,
      type: String(content.type),
      iri,
      profileId: view.profile.uuid,
      name: content.prefLabel.en,
      content,
    });
    await addEntries(t.database.db, view.version.uuid, [{ componentId: row.id, linked: false }]);
    return row.id;
  }

  async function listedBy(versionId: string, componentId: string) {
    const rows = await t.database.db
      .select()
      .from(versionItems)
      .where(eq(versionItems.versionId, versionId));
    return rows.some((r) => r.componentId === componentId);
  }

  it('lets a member of another group claim an orphaned template into their draft', async () => {
    const gone = await groupWithProfile();
    const templateId = await storeItem(gone.view, 'template');
    const deleted = await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${gone.view.profile.uuid}?confirmName=${encodeURIComponent(gone.view.version.name)}`,
    );
    expect([200, 204]).toContain(deleted.statusCode);

    const taker = await groupWithProfile();
    const calls = callsOf(t.app, taker.admin.cookie);
    const items = (
      await calls.get(
        `/app/deleted-items/profile/${taker.view.profile.uuid}/version/${taker.view.version.uuid}?limit=100`,
      )
    ).json<DeletedItems>();
    expect(items.items.find((i) => i.uuid === templateId)).toMatchObject({
      kind: 'template',
      reason: 'orphaned',
    });

    const url = `/app/template/${templateId}/claim`;
    const body = { profileId: taker.view.profile.uuid };
    // A draft profile does not exist for anyone outside its group, signed in or not.
    expect((await callsOf(t.app).post(url, body)).statusCode).toBe(404);
    const stranger = await makeGroup(t.app, t.database);
    expect((await callsOf(t.app, stranger.admin.cookie).post(url, body)).statusCode).toBe(404);
    // The pattern route does not adopt templates.
    expect((await calls.post(`/app/pattern/${templateId}/claim`, body)).statusCode).toBe(404);

    const claimed = await calls.post(url, body);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const change = claimed.json<TemplateChange>();
    expect(change).toEqual({
      success: true,
      template: { uuid: templateId },
      versionId: taker.view.version.uuid,
    });
    expect(await listedBy(taker.view.version.uuid, templateId)).toBe(true);
    const [identity] = await t.database.db
      .select()
      .from(profileItems)
      .where(eq(profileItems.id, templateId));
    const [row] = await findItemsByIris(t.database.db, [identity!.iri]);
    expect(row?.profileId).toBe(taker.view.profile.uuid);
    expect(row?.content.inScheme).toBe(taker.view.version.iri);
    // Once it has a profile again it is no orphan.
    expect((await calls.post(url, body)).statusCode).toBe(409);
  });

  it('lets members restore a deleted pattern into their profile, and nobody else', async () => {
    const { admin, view } = await groupWithProfile();
    const patternId = await storeItem(view, 'pattern');
    await t.database.db
      .update(profileItems)
      .set({ deletedAt: new Date() })
      .where(eq(profileItems.id, patternId));
    await t.database.db.delete(versionItems).where(eq(versionItems.componentId, patternId));

    const url = `/app/pattern/${patternId}/restore`;
    const body = { profileId: view.profile.uuid };
    const outsider = await makeGroup(t.app, t.database);
    expect((await callsOf(t.app, outsider.admin.cookie).post(url, body)).statusCode).toBe(404);
    // A draft profile does not exist for anyone outside its group, signed in or not.
    expect((await callsOf(t.app).post(url, body)).statusCode).toBe(404);

    const restored = await callsOf(t.app, admin.cookie).post(url, body);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<PatternChange>().pattern.uuid).toBe(patternId);
    expect(await listedBy(view.version.uuid, patternId)).toBe(true);
    // Restoring what is not deleted is refused.
    expect((await callsOf(t.app, admin.cookie).post(url, body)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad profile id', async () => {
    const { admin } = await groupWithProfile();
    const response = await callsOf(t.app, admin.cookie).post(
      `/app/template/${randomUUID()}/restore`,
      { profileId: 'nope' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('profileId');
  });
});
