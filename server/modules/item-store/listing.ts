/** Listing, finding and searching the items of profile versions, with their parent profiles. */
import { alias } from 'drizzle-orm/pg-core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  max,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  memberships,
  organizations,
  profileItems,
  profileVersions,
  profiles,
  users,
  versionItems,
  type ItemRow,
  type OrganizationRow,
  type ProfileRow,
  type ProfileVersionRow,
} from '../../db/schema';
import {
  containsPattern,
  preciseThenFuzzy,
  searchTextOf,
  textMatch,
  textRank,
  type MatchMode,
  type SearchColumns,
} from '../search';

/** The indexed columns of an item (see migration 0011_search_index). */
export const itemSearchColumns: SearchColumns = {
  vector: sql`${profileItems}.search_vector`,
  name: profileItems.name,
  iris: [profileItems.iri],
};

/** The version that names a profile in lists: its published one, else its draft. */
const shownVersion = alias(profileVersions, 'shown_version');
const otherEntry = alias(versionItems, 'other_entry');

/** Listed by a published version of its own profile: from then on it may be in use. */
export const publishedInProfile = sql<boolean>`exists (
  select 1 from ${versionItems} pe
  join ${profileVersions} pv on pv.id = pe.version_id
  where pe.component_id = ${profileItems.id} and pv.state = 'published'
    and pv.profile_id = ${profileItems.profileId})`;

/** Listed by any published version at all: the public may see it. */
export const listedPublicly = sql<boolean>`exists (
  select 1 from ${versionItems} le join ${profileVersions} lv on lv.id = le.version_id
  where le.component_id = ${profileItems.id} and lv.state = 'published')`;

export interface ItemListRow {
  item: ItemRow;
  linked: boolean;
  published: boolean;
  parent: ProfileRow | null;
  parentVersion: ProfileVersionRow | null;
  organization: OrganizationRow | null;
}

const columns = () => ({
  item: profileItems,
  published: publishedInProfile,
  parent: profiles,
  parentVersion: shownVersion,
  organization: organizations,
});

function joinParents(db: Db, linkedColumn: SQL<boolean>) {
  return db
    .select({ ...columns(), linked: linkedColumn })
    .from(profileItems)
    .leftJoin(profiles, eq(profiles.id, profileItems.profileId))
    .leftJoin(
      shownVersion,
      eq(
        shownVersion.id,
        sql`coalesce(${profiles.currentPublishedVersionId}, ${profiles.currentDraftVersionId})`,
      ),
    )
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId));
}

export type ItemSort = 'name' | '-name' | 'type' | '-type' | 'updated' | '-updated';

const orderOf: Record<ItemSort, SQL[]> = {
  name: [asc(sql`lower(${profileItems.name})`)],
  '-name': [desc(sql`lower(${profileItems.name})`)],
  type: [asc(profileItems.type), asc(sql`lower(${profileItems.name})`)],
  '-type': [desc(profileItems.type), asc(sql`lower(${profileItems.name})`)],
  updated: [asc(profileItems.updatedAt)],
  '-updated': [desc(profileItems.updatedAt)],
};

/** One kind of item a version lists, own and linked, sorted and paged in SQL. */
export async function pageVersionItems(
  db: Db,
  versionId: string,
  kind: ItemRow['kind'],
  options: { sort: ItemSort; page: number; limit: number; filter?: string },
): Promise<{ rows: ItemListRow[]; total: number }> {
  const filter = options.filter?.trim() ?? '';
  const pattern = containsPattern(filter);
  const where = and(
    eq(versionItems.versionId, versionId),
    eq(profileItems.kind, kind),
    // Name, IRI or type containing the text, in any letter case.
    filter === ''
      ? undefined
      : or(
          ilike(profileItems.name, pattern),
          ilike(profileItems.iri, pattern),
          ilike(profileItems.type, pattern),
        ),
  );
  const [total] = await db
    .select({ n: count() })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
    .where(where);
  const rows = await joinParents(db, sql<boolean>`${versionItems.linked}`)
    .innerJoin(versionItems, eq(versionItems.componentId, profileItems.id))
    .where(where)
    .orderBy(...orderOf[options.sort], asc(profileItems.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function findItem(db: Db, id: string): Promise<ItemListRow | null> {
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(eq(profileItems.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findEntry(db: Db, versionId: string, componentId: string) {
  const rows = await db
    .select()
    .from(versionItems)
    .where(and(eq(versionItems.versionId, versionId), eq(versionItems.componentId, componentId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function addEntries(
  db: Db,
  versionId: string,
  entries: Array<{ componentId: string; linked: boolean }>,
): Promise<void> {
  if (entries.length === 0) return;
  const [last] = await db
    .select({ n: max(versionItems.position) })
    .from(versionItems)
    .where(eq(versionItems.versionId, versionId));
  const start = (last?.n ?? -1) + 1;
  await db
    .insert(versionItems)
    .values(entries.map((e, i) => ({ versionId, ...e, position: start + i })))
    .onConflictDoNothing();
}

export async function removeEntry(db: Db, versionId: string, componentId: string): Promise<void> {
  await db
    .delete(versionItems)
    .where(and(eq(versionItems.versionId, versionId), eq(versionItems.componentId, componentId)));
}

/** Whether a published version of any profile lists the item. */
export async function isListedByPublished(db: Db, componentId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(versionItems)
    .innerJoin(profileVersions, eq(profileVersions.id, versionItems.versionId))
    .where(and(eq(versionItems.componentId, componentId), eq(profileVersions.state, 'published')))
    .limit(1);
  return rows.length > 0;
}

export interface SearchOptions {
  kind: ItemRow['kind'] | Array<ItemRow['kind']>;
  search: string;
  types?: string[] | undefined;
  /** The version being edited: its own drafts are visible, what it lists is hidden. */
  version?: ProfileVersionRow | undefined;
  /** The viewer may see the drafts of the version's profile. */
  memberOfVersion: boolean;
  onlyProfileId?: string | undefined;
  excludeDeprecated: boolean;
  /**
   * What the version lists: 'hide' (adding items to it), 'include' (choosing pattern
   * components, which the version usually lists already) or 'only' (its own items alone).
   */
  listed?: 'hide' | 'include' | 'only' | undefined;
  /** Items left out, e.g. the one being edited. */
  excludeIds?: string[] | undefined;
  page: number;
  limit: number;
}

/**
 * Items anyone may find, through the one search index (best match first, then by name): listed
 * by some published version — plus, for members editing a version,
 * the items of that version's own profile. Never deleted ones; never what the version lists.
 */
export function searchItems(db: Db, options: SearchOptions) {
  const text = options.search.trim() ? searchTextOf(options.search) : null;
  return preciseThenFuzzy(text, (mode) => searchItemsBy(db, options, text, mode));
}

async function searchItemsBy(
  db: Db,
  options: SearchOptions,
  text: ReturnType<typeof searchTextOf> | null,
  mode: MatchMode,
) {
  const visibility: SQL[] = [listedPublicly];
  if (options.version && options.memberOfVersion)
    visibility.push(eq(profileItems.profileId, options.version.profileId));
  const listed = options.listed ?? 'hide';
  const inVersion = (versionId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(otherEntry)
        .where(
          and(
            eq(otherEntry.componentId, profileItems.id),
            eq(otherEntry.versionId, versionId),
            listed === 'only' ? eq(otherEntry.linked, false) : undefined,
          ),
        ),
    );
  const conditions: (SQL | undefined)[] = [
    Array.isArray(options.kind)
      ? inArray(profileItems.kind, options.kind)
      : eq(profileItems.kind, options.kind),
    isNull(profileItems.deletedAt),
    isNotNull(profileItems.profileId),
    or(...visibility),
    options.types ? inArray(profileItems.type, options.types) : undefined,
    options.onlyProfileId ? eq(profileItems.profileId, options.onlyProfileId) : undefined,
    options.excludeDeprecated ? eq(profileItems.deprecated, false) : undefined,
    text ? textMatch(itemSearchColumns, text, mode) : undefined,
    options.version && listed === 'hide' ? not(inVersion(options.version.id)) : undefined,
    options.version && listed === 'only' ? inVersion(options.version.id) : undefined,
    options.excludeIds && options.excludeIds.length > 0
      ? not(inArray(profileItems.id, options.excludeIds))
      : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(profileItems).where(where);
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(where)
    .orderBy(
      ...(text ? [desc(textRank(itemSearchColumns, text, mode))] : []),
      asc(sql`lower(${profileItems.name})`),
      asc(profileItems.id),
    )
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** The newest items some published version lists, for the home page. */
export async function latestPublished(db: Db, kind: ItemRow['kind'], limit: number) {
  return joinParents(db, sql<boolean>`false`)
    .where(and(eq(profileItems.kind, kind), isNull(profileItems.deletedAt), listedPublicly))
    .orderBy(desc(profileItems.createdAt), asc(profileItems.id))
    .limit(limit);
}

/** A profile's deleted items (for its members) and every orphan (for anyone signed in). */
export async function listDeletedItems(
  db: Db,
  options: { profileId: string; includeDeleted: boolean; page: number; limit: number },
) {
  const where = or(
    options.includeDeleted
      ? and(eq(profileItems.profileId, options.profileId), isNotNull(profileItems.deletedAt))
      : undefined,
    isNull(profileItems.profileId),
  );
  const [total] = await db.select({ n: count() }).from(profileItems).where(where);
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${profileItems.deletedAt}, ${profileItems.updatedAt})`),
      asc(profileItems.id),
    )
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** Joined rows of the groups `userId` is a member or admin of (a pending request is not). */
const memberOf = (userId: string) =>
  and(
    eq(memberships.organizationId, profiles.organizationId),
    eq(memberships.userId, userId),
    isNotNull(memberships.level),
  );

/**
 * The deleted items of every profile of the groups `userId` belongs to, by group and profile,
 * newest deletion first. Membership is part of the query, so nothing else is ever read.
 */
export async function listMemberDeletedItems(
  db: Db,
  options: { userId: string; page: number; limit: number },
) {
  const where = isNotNull(profileItems.deletedAt);
  const [total] = await db
    .select({ n: count() })
    .from(profileItems)
    .innerJoin(profiles, eq(profiles.id, profileItems.profileId))
    .innerJoin(memberships, memberOf(options.userId))
    .where(where);
  const rows = await joinParents(db, sql<boolean>`false`)
    .innerJoin(memberships, memberOf(options.userId))
    .where(where)
    .orderBy(
      asc(sql`lower(${organizations.name})`),
      asc(organizations.id),
      asc(sql`lower(${shownVersion.name})`),
      asc(profiles.id),
      desc(profileItems.deletedAt),
      asc(profileItems.id),
    )
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** How many items were left without a profile when theirs was deleted. */
export async function countOrphans(db: Db): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(profileItems)
    .where(isNull(profileItems.profileId));
  return total?.n ?? 0;
}

/** The first profile (by group and name) of the groups `userId` belongs to, with its group. */
export async function firstMemberProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: profiles, version: shownVersion, organization: organizations })
    .from(profiles)
    .innerJoin(memberships, memberOf(userId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .innerJoin(
      shownVersion,
      eq(
        shownVersion.id,
        sql`coalesce(${profiles.currentPublishedVersionId}, ${profiles.currentDraftVersionId})`,
      ),
    )
    .orderBy(
      asc(sql`lower(${organizations.name})`),
      asc(organizations.id),
      asc(sql`lower(${shownVersion.name})`),
      asc(profiles.id),
    )
    .limit(1);
  return row ?? null;
}

export async function findEmail(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.email ?? null;
}
