import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MemberLevel } from '../../../common/organizations';
import type { Db } from '../../db/client';
import {
  apiKeys,
  memberships,
  organizations,
  users,
  type OrganizationRow,
  type UserRow,
} from '../../db/schema';
import { normalizeEmail } from '../accounts/email';
import { containsPattern } from '../search';

export type Sort = 'name' | '-name' | 'createdOn' | '-createdOn';

const orderBy: Record<Sort, SQL[]> = {
  name: [asc(sql`lower(${organizations.name})`), asc(organizations.id)],
  '-name': [desc(sql`lower(${organizations.name})`), asc(organizations.id)],
  createdOn: [asc(organizations.createdAt), asc(organizations.id)],
  '-createdOn': [desc(organizations.createdAt), asc(organizations.id)],
};

const memberCount = sql<number>`(select count(*)::int from ${memberships} m
  where m.organization_id = ${organizations.id} and m.level is not null)`;

export interface ListedOrganization {
  organization: OrganizationRow;
  members: number;
  viewerLevel: MemberLevel | null | undefined;
}

export async function listOrganizations(
  db: Db,
  options: {
    search?: string | undefined;
    sort: Sort;
    page: number;
    limit: number;
    viewerId: string | null;
    mineOnly: boolean;
  },
): Promise<{ rows: ListedOrganization[]; total: number }> {
  const viewer = options.viewerId;
  const conditions: SQL[] = [eq(organizations.orphanContainer, false)];
  if (options.search) conditions.push(ilike(organizations.name, containsPattern(options.search)));
  if (options.mineOnly) {
    if (!viewer) return { rows: [], total: 0 };
    conditions.push(
      sql`exists (select 1 from ${memberships} m where m.organization_id = ${organizations.id} and m.user_id = ${viewer})`,
    );
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(organizations).where(where);
  const rows = await db
    .select({
      organization: organizations,
      members: memberCount,
      viewerRow: viewer
        ? sql<string | null>`(select coalesce(m.level, 'pending') from ${memberships} m
        where m.organization_id = ${organizations.id} and m.user_id = ${viewer})`
        : sql<null>`null`,
    })
    .from(organizations)
    .where(where)
    .orderBy(...orderBy[options.sort])
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => ({
      organization: r.organization,
      members: r.members,
      viewerLevel:
        r.viewerRow === null
          ? undefined
          : r.viewerRow === 'pending'
            ? null
            : (r.viewerRow as MemberLevel),
    })),
  };
}

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | null> {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The user's row in the group: a level, null for a pending request, undefined for none. */
export async function findLevel(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<MemberLevel | null | undefined> {
  const rows = await db
    .select({ level: memberships.level })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return rows.length === 0 ? undefined : (rows[0]?.level ?? null);
}

export async function insertOrganization(
  db: Db,
  row: { name: string; description: string; collaborationLink: string; createdBy: string },
): Promise<OrganizationRow> {
  const [created] = await db.insert(organizations).values(row).returning();
  if (!created) throw new Error('insert into organizations returned no row');
  return created;
}

export async function updateOrganization(
  db: Db,
  id: string,
  changes: { name: string; description: string; collaborationLink: string },
): Promise<OrganizationRow> {
  const [updated] = await db
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, id))
    .returning();
  if (!updated) throw new Error(`organization ${id} vanished during an update`);
  return updated;
}

export async function deleteOrganization(db: Db, id: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, id));
}

export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), isNotNull(memberships.level)));
  return row?.n ?? 0;
}

export async function countApiKeys(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId));
  return row?.n ?? 0;
}

export interface MemberRow {
  user: UserRow;
  level: MemberLevel | null;
  since: Date;
}

export async function listMemberRows(db: Db, organizationId: string): Promise<MemberRow[]> {
  const rows = await db
    .select({ user: users, level: memberships.level, since: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(
      asc(sql`lower(${users.lastname})`),
      asc(sql`lower(${users.firstname})`),
      asc(users.id),
    );
  return rows;
}

/** Adds or changes a row; `null` files a request to join. */
export async function upsertMembership(
  db: Db,
  organizationId: string,
  userId: string,
  level: MemberLevel | null,
) {
  await db
    .insert(memberships)
    .values({ organizationId, userId, level })
    .onConflictDoUpdate({
      target: [memberships.organizationId, memberships.userId],
      set: { level },
    });
}

/** Turns a pending request into a membership; false when there was no pending request. */
export async function approveRequest(
  db: Db,
  organizationId: string,
  userId: string,
  level: MemberLevel,
) {
  const rows = await db
    .update(memberships)
    .set({ level, createdAt: new Date() })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        isNull(memberships.level),
      ),
    )
    .returning({ userId: memberships.userId });
  return rows.length === 1;
}

export async function deleteMembership(
  db: Db,
  organizationId: string,
  userId: string,
  pendingOnly = false,
) {
  const rows = await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        pendingOnly ? isNull(memberships.level) : undefined,
      ),
    )
    .returning({ userId: memberships.userId });
  return rows.length === 1;
}

/** Locks the group's admin rows for the rest of the transaction and answers their user ids. */
export async function lockAdmins(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.level, 'admin')))
    .for('update');
  return rows.map((r) => r.userId);
}

export async function setLevel(db: Db, organizationId: string, userId: string, level: MemberLevel) {
  const rows = await db
    .update(memberships)
    .set({ level })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        isNotNull(memberships.level),
      ),
    )
    .returning({ userId: memberships.userId });
  return rows.length === 1;
}

/**
 * People to add to a group, not already in it: by username, by name only where its owner made
 * the name public, and by e-mail address only when the whole address is typed — so a search can
 * neither harvest addresses letter by letter nor reveal names their owners keep private.
 */
export async function searchUsersOutside(
  db: Db,
  organizationId: string,
  text: string,
  limit: number,
): Promise<UserRow[]> {
  const pattern = containsPattern(text);
  return db
    .select()
    .from(users)
    .where(
      and(
        isNotNull(users.validatedAt),
        or(
          ilike(users.username, pattern),
          and(
            eq(users.publicizeName, true),
            ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
          ),
          // Addresses are stored normalised, so this is the case-insensitive exact match.
          eq(users.email, normalizeEmail(text)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(memberships)
            .where(
              and(eq(memberships.organizationId, organizationId), eq(memberships.userId, users.id)),
            ),
        ),
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${users.username}, ${users.id}::text))`))
    .limit(limit);
}

export async function listGroupsOf(db: Db, userId: string) {
  return db
    .select({ organization: organizations, level: memberships.level })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(organizations.orphanContainer, false)))
    .orderBy(asc(sql`lower(${organizations.name})`));
}
