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
import { queryRows, type Db } from '../../db/client';
import {
  itemRevisions,
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
import { itemColumns, revisionOf } from './repo';

/** The indexed columns of an item's revision (see migrations 0011_search_index and 0014). */
export const itemSearchColumns: SearchColumns = {
  vector: sql`${itemRevisions}.search_vector`,
  name: itemRevisions.name,
  // The IRI inside the content is the item's (an item's IRI never changes): matching it there
  // keeps every branch of a search's OR on one table, where one bitmap scan answers it.
  iris: [sql`(${itemRevisions.content} ->> 'id')`],
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
  item: itemColumns,
  published: publishedInProfile,
  parent: profiles,
  parentVersion: shownVersion,
  organization: organizations,
});

/** Items with the revision `revision` names (see `revisionOf`), their profiles and groups. */
function joinParents(db: Db, linkedColumn: SQL<boolean>, revision: SQL) {
  return db
    .select({ ...columns(), linked: linkedColumn })
    .from(profileItems)
    .innerJoin(itemRevisions, eq(itemRevisions.id, revision))
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
  name: [asc(sql`lower(${itemRevisions.name})`)],
  '-name': [desc(sql`lower(${itemRevisions.name})`)],
  type: [asc(itemRevisions.type), asc(sql`lower(${itemRevisions.name})`)],
  '-type': [desc(itemRevisions.type), asc(sql`lower(${itemRevisions.name})`)],
  updated: [asc(itemRevisions.updatedAt)],
  '-updated': [desc(itemRevisions.updatedAt)],
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
          ilike(itemRevisions.name, pattern),
          ilike(profileItems.iri, pattern),
          ilike(itemRevisions.type, pattern),
        ),
  );
  const [total] = await db
    .select({ n: count() })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
    .innerJoin(itemRevisions, eq(itemRevisions.id, versionItems.revisionId))
    .where(where);
  const rows = await joinParents(
    db,
    sql<boolean>`${versionItems.linked}`,
    revisionOf.version(versionId),
  )
    .innerJoin(versionItems, eq(versionItems.componentId, profileItems.id))
    .where(where)
    .orderBy(...orderOf[options.sort], asc(profileItems.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One item with the revision `revision` names: the newest published one unless told otherwise
 * (a version's, or the newest for its own members and for deleted or orphaned items).
 */
export async function findItem(
  db: Db,
  id: string,
  revision: SQL = revisionOf.publishedElseLatest,
): Promise<ItemListRow | null> {
  const rows = await joinParents(db, sql<boolean>`false`, revision)
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

/**
 * When the save of an item's revision `basedOnId` was, if `latestId` is that same save carried
 * into a draft: a copy that differs only in `inScheme`, naming the draft (see
 * `nameDraftInScheme`), and keeps the time of the save. Null for anything else.
 */
export async function carriedSaveTime(
  db: Db,
  itemId: string,
  basedOnId: string,
  latestId: string,
): Promise<Date | null> {
  const rows = await queryRows<{ updated_at: string | Date }>(
    db,
    sql`select a.updated_at from ${itemRevisions} a join ${itemRevisions} b on b.id = ${latestId}
      where a.id = ${basedOnId} and a.item_id = ${itemId} and b.item_id = ${itemId}
        and a.updated_at = b.updated_at and a.name = b.name and a.type = b.type
        and a.extras = b.extras and (a.content - 'inScheme') = (b.content - 'inScheme')`,
  );
  const at = rows[0]?.updated_at;
  return at === undefined ? null : new Date(at);
}

/** The revision a version lists of an item: which, when it was saved and by whom. */
export async function findListedRevision(db: Db, versionId: string, componentId: string) {
  const rows = await db
    .select({
      id: itemRevisions.id,
      updatedAt: itemRevisions.updatedAt,
      updatedBy: itemRevisions.updatedBy,
    })
    .from(versionItems)
    .innerJoin(itemRevisions, eq(itemRevisions.id, versionItems.revisionId))
    .where(and(eq(versionItems.versionId, versionId), eq(versionItems.componentId, componentId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Lists items in a version after what it lists. Each entry lists a revision: a link the one the
 * public reads (the newest published), an own item its newest.
 */
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
  const batch = JSON.stringify(
    entries.map((e, i) => ({ component_id: e.componentId, linked: e.linked, position: start + i })),
  );
  await db.execute(sql`insert into ${versionItems} (version_id, component_id, revision_id, position, linked)
    select ${versionId}::uuid, p.id,
      case when x.linked then coalesce(p.published_revision_id, p.latest_revision_id)
        else p.latest_revision_id end,
      x.position, x.linked
    from jsonb_to_recordset(${batch}::jsonb) as x(component_id uuid, linked boolean, position integer)
    join ${profileItems} p on p.id = x.component_id
    on conflict do nothing`);
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
  return preciseThenFuzzy(db, text, (mode, typed) => searchItemsBy(db, options, typed, mode));
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
    options.types ? inArray(itemRevisions.type, options.types) : undefined,
    options.onlyProfileId ? eq(profileItems.profileId, options.onlyProfileId) : undefined,
    options.excludeDeprecated ? not(itemColumns.deprecated) : undefined,
    text ? textMatch(itemSearchColumns, text, mode) : undefined,
    options.version && listed === 'hide' ? not(inVersion(options.version.id)) : undefined,
    options.version && listed === 'only' ? inVersion(options.version.id) : undefined,
    options.excludeIds && options.excludeIds.length > 0
      ? not(inArray(profileItems.id, options.excludeIds))
      : undefined,
  ];
  const where = and(...conditions);
  // What the version lists is read as it lists it; otherwise its own profile's items, for its
  // members, as they are now, and everything else as published.
  const own =
    options.version && options.memberOfVersion
      ? sql`case when ${profileItems.profileId} = ${options.version.profileId} then ${revisionOf.latest} else ${revisionOf.published} end`
      : revisionOf.published;
  const revision = options.version
    ? sql`coalesce(${revisionOf.version(options.version.id)}, ${own})`
    : own;
  const [total] = await db
    .select({ n: count() })
    .from(profileItems)
    .innerJoin(itemRevisions, eq(itemRevisions.id, revision))
    .where(where);
  const rows = await joinParents(db, sql<boolean>`false`, revision)
    .where(where)
    .orderBy(
      ...(text ? [desc(textRank(itemSearchColumns, text, mode))] : []),
      asc(sql`lower(${itemRevisions.name})`),
      asc(profileItems.id),
    )
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** The newest items some published version lists, for the home page. */
export async function latestPublished(db: Db, kind: ItemRow['kind'], limit: number) {
  return joinParents(db, sql<boolean>`false`, revisionOf.published)
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
  const rows = await joinParents(db, sql<boolean>`false`, revisionOf.latest)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${profileItems.deletedAt}, ${itemRevisions.updatedAt})`),
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
  const rows = await joinParents(db, sql<boolean>`false`, revisionOf.latest)
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

/** The IRIs of a profile's own items that a published version of it listed. */
export async function publishedItemIris(db: Db, profileId: string): Promise<Set<string>> {
  const rows = await db
    .select({ iri: profileItems.iri })
    .from(profileItems)
    .where(and(eq(profileItems.profileId, profileId), publishedInProfile));
  return new Set(rows.map((r) => r.iri));
}
