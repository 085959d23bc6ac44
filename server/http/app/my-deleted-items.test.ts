import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { MyDeletedItems } from '../../../common/items';
import type { ProfileView } from '../../../common/profiles';
import { memberships } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { addMember, callsOf, makeGroup, makeProfile } from '../../test/authoring';

/** Deleted Items across profiles: only the groups a person belongs to, decided in the query. */
describe('GET /app/deleted-items', () => {
  const t = useTestApp();

  const base = (view: ProfileView) =>
    `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;

  async function concept(cookie: string, view: ProfileView, name: string) {
    const made = await callsOf(t.app, cookie).post(base(view), {
      conceptType: 'Verb',
      name,
      description: `To ${name}.`,
      iriType: 'generated-iri',
      geniri: name,
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function deletedConcept(cookie: string, view: ProfileView, name: string) {
    const id = await concept(cookie, view, name);
    const calls = callsOf(t.app, cookie);
    expect((await calls.post(`${base(view)}/${id}/lock`)).statusCode).toBe(200);
    const gone = await calls.delete(`${base(view)}/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    return id;
  }

  async function mine(cookie: string | undefined, query = '') {
    return callsOf(t.app, cookie).get(`/app/deleted-items${query}`);
  }

  it('shows a member the deleted items of their group, placed by group, profile and version', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id, 'Reading');
    const skim = await deletedConcept(admin.cookie, view, 'skim');
    await concept(admin.cookie, view, 'read');
    const member = await addMember(t.app, t.database, org.id);

    const answer = await mine(member.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<MyDeletedItems>();
    expect(body.total).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      uuid: skim,
      name: 'skim',
      kind: 'concept',
      reason: 'deleted',
      place: {
        organization: { uuid: org.id, name: org.name },
        profile: { uuid: view.profile.uuid, name: 'Reading' },
        versionId: view.version.uuid,
      },
    });
    expect(body.orphans.place).toMatchObject({ profile: { uuid: view.profile.uuid } });
  });

  it('shows an outsider none of another group’s deleted items', async () => {
    const owner = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, owner.admin.cookie, owner.org.id);
    await deletedConcept(owner.admin.cookie, view, 'skim');
    const outsider = await makeGroup(t.app, t.database);

    const body = (await mine(outsider.admin.cookie)).json<MyDeletedItems>();
    expect(body.total).toBe(0);
    expect(body.items).toEqual([]);
    // With no profile of their own, there is nowhere to claim orphans into.
    expect(body.orphans.place).toBeNull();
  });

  it('keeps a person who only asked to join out, and asks anonymous callers to sign in', async () => {
    const owner = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, owner.admin.cookie, owner.org.id);
    await deletedConcept(owner.admin.cookie, view, 'skim');
    const asking = await addMember(t.app, t.database, owner.org.id);
    await t.database.db
      .update(memberships)
      .set({ level: null })
      .where(
        and(eq(memberships.organizationId, owner.org.id), eq(memberships.userId, asking.user.id)),
      );

    expect((await mine(asking.cookie)).json<MyDeletedItems>().total).toBe(0);
    expect((await mine(undefined)).statusCode).toBe(401);
  });

  it('pages the list, grouped by working group and profile, and bounds the page size', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const first = await makeProfile(t.app, admin.cookie, org.id, 'Alpha');
    const second = await makeProfile(t.app, admin.cookie, org.id, 'Beta');
    await deletedConcept(admin.cookie, second, 'b1');
    await deletedConcept(admin.cookie, first, 'a1');
    await deletedConcept(admin.cookie, first, 'a2');

    const one = (await mine(admin.cookie, '?limit=2&page=1')).json<MyDeletedItems>();
    const two = (await mine(admin.cookie, '?limit=2&page=2')).json<MyDeletedItems>();
    expect(one.total).toBe(3);
    expect(one.items.map((i) => i.place.profile.name)).toEqual(['Alpha', 'Alpha']);
    expect(two.items.map((i) => i.name)).toEqual(['b1']);
    const tooMany = await mine(admin.cookie, '?limit=1000');
    expect(tooMany.statusCode).toBe(400);
  });
});
