import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  max,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MemberLevel } from '../../../common/organizations';
import { ORPHAN_CONTAINER_NAME } from '../../../common/profiles';
import { queryRows, type Db } from '../../db/client';
import {
  memberships,
  organizations,
  profileVersions,
  profiles,
  users,
  type OrganizationRow,
  type ProfileRow,
  type ProfileVersionRow,
  type UserRow,
} from '../../db/schema';
import { profileCountIn } from '../counters/repo';
import { containsPattern } from '../search';

export async function findProfile(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<ProfileRow | null> {
  const query = db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** A profile with its working group and the viewer's row in that group. */
export interface ProfileInGroup {
  profile: ProfileRow;
  organization: OrganizationRow | null;
  /** The viewer's level: null for a pending request, undefined for no row (or no viewer). */
  level: MemberLevel | null | undefined;
}

/**
 * A profile, its group and the viewer's membership in one statement: nearly every request about
 * a profile needs all three, and on the embedded database each statement is a fixed cost of its
 * own. `forUpdate` locks the profile's row only, as `findProfile` does.
 */
export async function findProfileInGroup(
  db: Db,
  id: string,
  userId: string | null,
  forUpdate = false,
): Promise<ProfileInGroup | null> {
  const query = db
    .select({
      profile: profiles,
      organization: organizations,
      memberUserId: memberships.userId,
      level: memberships.level,
    })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.organizationId, profiles.organizationId),
        // No viewer, no row: a join on a null id matches nothing.
        eq(memberships.userId, userId ?? sql`null`),
      ),
    )
    .where(eq(profiles.id, id))
    .limit(1);
  const rows = forUpdate ? await query.for('update', { of: profiles }) : await query;
  const row = rows[0];
  if (!row) return null;
  return {
    profile: row.profile,
    organization: row.organization,
    level: row.memberUserId === null ? undefined : row.level,
  };
}

export async function findProfileByIri(
  db: Db,
  iri: string,
  forUpdate = false,
): Promise<ProfileRow | null> {
  const query = db.select().from(profiles).where(eq(profiles.iri, iri)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findVersion(db: Db, id: string): Promise<ProfileVersionRow | null> {
  const rows = await db.select().from(profileVersions).where(eq(profileVersions.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * What an import of `profileIri` at `versionIri` finds in one statement: whether a version has
 * that IRI already, and the profile with that IRI if there is one (not locked: lock it with
 * `findProfileByIri` before changing it).
 */
export async function findImportTarget(
  db: Db,
  profileIri: string,
  versionIri: string,
): Promise<{
  /** The group whose profile holds the version IRI, if one does. */
  versionOrganizationId: string | null;
  profileId: string | null;
}> {
  const [row] = await queryRows<{ version_org: string | null; profile_id: string | null }>(
    db,
    sql`select
      (select p.organization_id from ${profileVersions} v join ${profiles} p on p.id = v.profile_id
        where v.iri = ${versionIri}) as version_org,
      (select ${profiles.id} from ${profiles} where ${profiles.iri} = ${profileIri}) as profile_id`,
  );
  return { versionOrganizationId: row?.version_org ?? null, profileId: row?.profile_id ?? null };
}

/** The group whose profile has a version with this IRI, if any. */
export async function versionIriOwner(db: Db, iri: string): Promise<string | null> {
  const [row] = await queryRows<{ org: string }>(
    db,
    sql`select p.organization_id as org from ${profileVersions} v
      join ${profiles} p on p.id = v.profile_id where v.iri = ${iri}`,
  );
  return row?.org ?? null;
}

export async function findVersionByIri(db: Db, iri: string): Promise<ProfileVersionRow | null> {
  const rows = await db.select().from(profileVersions).where(eq(profileVersions.iri, iri)).limit(1);
  return rows[0] ?? null;
}

export async function listVersions(db: Db, profileId: string): Promise<ProfileVersionRow[]> {
  return db
    .select()
    .from(profileVersions)
    .where(eq(profileVersions.profileId, profileId))
    .orderBy(desc(profileVersions.version));
}

export async function nextVersionNumber(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(profileVersions.version) })
    .from(profileVersions)
    .where(eq(profileVersions.profileId, profileId));
  return (row?.n ?? 0) + 1;
}

export async function insertProfile(
  db: Db,
  row: typeof profiles.$inferInsert,
): Promise<ProfileRow> {
  const [created] = await db.insert(profiles).values(row).returning();
  if (!created) throw new Error('insert into profiles returned no row');
  return created;
}

export async function updateProfile(
  db: Db,
  id: string,
  changes: Partial<typeof profiles.$inferInsert>,
): Promise<ProfileRow> {
  const [updated] = await db.update(profiles).set(changes).where(eq(profiles.id, id)).returning();
  if (!updated) throw new Error(`profile ${id} vanished during an update`);
  return updated;
}

export async function insertVersion(
  db: Db,
  row: typeof profileVersions.$inferInsert,
): Promise<ProfileVersionRow> {
  const [created] = await db.insert(profileVersions).values(row).returning();
  if (!created) throw new Error('insert into profile_versions returned no row');
  return created;
}

export async function updateVersion(
  db: Db,
  id: string,
  changes: Partial<typeof profileVersions.$inferInsert>,
): Promise<ProfileVersionRow> {
  const [updated] = await db
    .update(profileVersions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profileVersions.id, id))
    .returning();
  if (!updated) throw new Error(`version ${id} vanished during an update`);
  return updated;
}

export async function deleteVersion(db: Db, id: string): Promise<void> {
  await db.delete(profileVersions).where(eq(profileVersions.id, id));
}

export async function deleteProfile(db: Db, id: string): Promise<void> {
  await db.delete(profiles).where(eq(profiles.id, id));
}

export async function findUser(db: Db, id: string | null): Promise<UserRow | null> {
  if (!id) return null;
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Profiles per group: all for members, only those with a published version for others. */
export async function countProfilesByOrganization(
  db: Db,
  organizationIds: string[],
  publishedOnly: Set<string>,
) {
  if (organizationIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      organizationId: profiles.organizationId,
      all: count(),
      published: count(profiles.currentPublishedVersionId),
    })
    .from(profiles)
    .where(inArray(profiles.organizationId, organizationIds))
    .groupBy(profiles.organizationId);
  return new Map(
    rows.map((r) => [r.organizationId, publishedOnly.has(r.organizationId) ? r.published : r.all]),
  );
}

export type PublishedSort =
  | 'name'
  | '-name'
  | 'organization'
  | '-organization'
  | 'updated'
  | '-updated'
  | 'views'
  | '-views'
  | 'exports'
  | '-exports';

const windowStart = (days: number, today: Date) =>
  new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

export interface PublishedRow {
  profile: ProfileRow;
  version: ProfileVersionRow;
  organization: OrganizationRow;
  views: number;
  exports: number;
}

/** Published profiles (their current published version), searched, sorted and paged in SQL. */
export async function listPublished(
  db: Db,
  options: {
    search?: string | undefined;
    verifiedOnly: boolean;
    sort: PublishedSort;
    page: number;
    limit: number;
    organizationId?: string;
    today: Date;
  },
): Promise<{ rows: PublishedRow[]; total: number }> {
  // The last 30 days, today included, as the rankings of the same page count them.
  const window = {
    from: windowStart(30, options.today),
    to: options.today.toISOString().slice(0, 10),
  };
  const views = profileCountIn(profiles.id, ['view'], window);
  const exportsCount = profileCountIn(profiles.id, ['uiExport', 'apiExport'], window);
  const conditions: SQL[] = [
    ne(profileVersions.name, ORPHAN_CONTAINER_NAME),
    eq(organizations.orphanContainer, false),
  ];
  if (options.search) conditions.push(ilike(profileVersions.name, containsPattern(options.search)));
  if (options.verifiedOnly) conditions.push(eq(profileVersions.isVerified, true));
  if (options.organizationId) conditions.push(eq(profiles.organizationId, options.organizationId));
  const where = and(...conditions);
  const order: Record<PublishedSort, SQL[]> = {
    name: [asc(sql`lower(${profileVersions.name})`)],
    '-name': [desc(sql`lower(${profileVersions.name})`)],
    organization: [asc(sql`lower(${organizations.name})`)],
    '-organization': [desc(sql`lower(${organizations.name})`)],
    updated: [asc(profileVersions.publishedAt)],
    '-updated': [desc(profileVersions.publishedAt)],
    views: [asc(views)],
    '-views': [desc(views)],
    exports: [asc(exportsCount)],
    '-exports': [desc(exportsCount)],
  };
  const base = () =>
    db
      .select({
        profile: profiles,
        version: profileVersions,
        organization: organizations,
        views,
        exports: exportsCount,
      })
      .from(profiles)
      .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
      .innerJoin(organizations, eq(organizations.id, profiles.organizationId));
  const [total] = await db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(profileVersions, eq(profileVersions.id, profiles.currentPublishedVersionId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(...order[options.sort], asc(profiles.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** A group's profiles with the version a viewer sees: the draft for members, else the published one. */
export async function listGroupProfiles(
  db: Db,
  organizationId: string,
  member: boolean,
  page: number,
  limit: number,
) {
  const shown = member
    ? sql`coalesce(${profiles.currentDraftVersionId}, ${profiles.currentPublishedVersionId})`
    : sql`${profiles.currentPublishedVersionId}`;
  const where = and(
    eq(profiles.organizationId, organizationId),
    member ? undefined : isNotNull(profiles.currentPublishedVersionId),
  );
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select({ profile: profiles, version: profileVersions })
    .from(profiles)
    .innerJoin(profileVersions, eq(profileVersions.id, shown))
    .where(where)
    .orderBy(asc(sql`lower(${profileVersions.name})`), asc(profiles.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: total?.n ?? 0 };
}

export async function listVerificationRequests(db: Db) {
  return db
    .select({
      version: profileVersions,
      profile: profiles,
      organization: organizations,
      requester: users,
    })
    .from(profileVersions)
    .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .leftJoin(users, eq(users.id, profileVersions.verificationRequestedBy))
    .where(
      and(
        isNotNull(profileVersions.verificationRequestedAt),
        eq(profileVersions.state, 'published'),
        eq(profileVersions.isVerified, false),
      ),
    )
    .orderBy(asc(profileVersions.verificationRequestedAt))
    .limit(500);
}

/** Versions published before `version`, newest first. */
export async function publishedBefore(
  db: Db,
  profileId: string,
  version: number,
): Promise<ProfileVersionRow[]> {
  const rows = await listVersions(db, profileId);
  return rows.filter((v) => v.state === 'published' && v.version < version);
}
