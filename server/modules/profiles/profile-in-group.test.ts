import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { anotherNode, createTestDatabase } from '../../test/database';
import { insertUser } from '../accounts/user-repo';
import { insertOrganization, upsertMembership } from '../organizations/repo';
import { findProfileInGroup, insertProfile } from './repo';

/**
 * The one statement every request about a profile starts with: the profile, its group and the
 * viewer's row in that group, read as the three separate reads it replaces read them.
 */
describe('findProfileInGroup', () => {
  let database: Database;
  const ids = { profile: '', group: '', member: '', admin: '', pending: '', stranger: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const person = async (name: string) =>
      (
        await insertUser(db, {
          email: `${name}@example.org`,
          username: name,
          usernameChosen: true,
          firstname: name,
          lastname: 'Person',
          publicizeName: true,
          type: 'user',
          validatedAt: new Date(),
          passwordSalt: 'salt',
          passwordHash: 'hash',
        })
      ).id;
    for (const name of ['member', 'admin', 'pending', 'stranger'] as const)
      ids[name] = await person(name);
    const group = await insertOrganization(db, {
      name: 'Group of the join',
      description: '',
      collaborationLink: '',
      createdBy: ids.admin,
    });
    ids.group = group.id;
    await upsertMembership(db, group.id, ids.member, 'member');
    await upsertMembership(db, group.id, ids.admin, 'admin');
    await upsertMembership(db, group.id, ids.pending, null);
    // Another group the stranger belongs to: a row of another group must not count.
    const other = await insertOrganization(db, {
      name: 'Another group',
      description: '',
      collaborationLink: '',
      createdBy: ids.stranger,
    });
    await upsertMembership(db, other.id, ids.stranger, 'admin');
    ids.profile = (
      await insertProfile(db, {
        iri: 'https://example.org/profiles/in-group',
        iriType: 'external-iri',
        organizationId: group.id,
      })
    ).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads each viewer's standing: a level, null for a pending request, undefined for none", async () => {
    const { db } = database;
    const levelOf = async (userId: string | null) =>
      (await findProfileInGroup(db, ids.profile, userId))?.level;
    expect(await levelOf(ids.member)).toBe('member');
    expect(await levelOf(ids.admin)).toBe('admin');
    expect(await levelOf(ids.pending)).toBeNull();
    expect(await levelOf(ids.stranger)).toBeUndefined();
    expect(await levelOf(null)).toBeUndefined();
    const found = await findProfileInGroup(db, ids.profile, ids.member);
    expect(found?.profile.id).toBe(ids.profile);
    expect(found?.organization?.id).toBe(ids.group);
    expect(found?.organization?.name).toBe('Group of the join');
  });

  it('finds nothing for an unknown profile', async () => {
    expect(
      await findProfileInGroup(database.db, '00000000-0000-4000-8000-000000000000', ids.member),
    ).toBeNull();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "locks the profile's row for update, and only it",
    async () => {
      const second = anotherNode(database);
      try {
        await database.db.transaction(async (tx) => {
          await findProfileInGroup(tx, ids.profile, ids.member, true);
          // Another connection can neither lock nor change the profile meanwhile…
          await expect(
            second.db.execute(
              `select id from profiles where id = '${ids.profile}' for update nowait`,
            ),
          ).rejects.toMatchObject({ cause: { code: '55P03' } }); // lock_not_available
          // …but its group and memberships stay free.
          await second.db.execute(
            `select id from organizations where id = '${ids.group}' for update nowait`,
          );
          await second.db.execute(
            `select user_id from memberships where organization_id = '${ids.group}' for update nowait`,
          );
        });
      } finally {
        await second.close();
      }
    },
  );
});
