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
  organizations,
  profileComponents,
  profileVersions,
  profiles,
  users,
  versionComponents,
  type ComponentRow,
  type OrganizationRow,
  type ProfileRow,
  type ProfileVersionRow,
} from '../../db/schema';
import { containsPattern } from '../search';

/** The version that names a profile in lists: its published one, else its draft. */
const shownVersion = alias(profileVersions, 'shown_version');
const otherEntry = alias(versionComponents, 'other_entry');

/** Listed by a published version of its own profile: from then on it may be in use. */
export const publishedInProfile = sql<boolean>`exists (
  select 1 from ${versionComponents} pe
  join ${profileVersions} pv on pv.id = pe.version_id
  where pe.component_id = ${profileComponents.id} and pv.state = 'published'
    and pv.profile_id = ${profileComponents.profileId})`;

/** Listed by any published version at all: the public may see it. */
export const listedPublicly = sql<boolean>`exists (
  select 1 from ${versionComponents} le join ${profileVersions} lv on lv.id = le.version_id
  where le.component_id = ${profileComponents.id} and lv.state = 'published')`;

export interface ItemListRow {
  component: ComponentRow;
  linked: boolean;
  published: boolean;
  parent: ProfileRow | null;
  parentVersion: ProfileVersionRow | null;
  organization: OrganizationRow | null;
}

const columns = () => ({
  component: profileComponents,
  published: publishedInProfile,
  parent: profiles,
  parentVersion: shownVersion,
  organization: organizations,
});

function joinParents(db: Db, linkedColumn: SQL<boolean>) {
  return db
    .select({ ...columns(), linked: linkedColumn })
    .from(profileComponents)
    .leftJoin(profiles, eq(profiles.id, profileComponents.profileId))
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
  name: [asc(sql`lower(${profileComponents.name})`)],
  '-name': [desc(sql`lower(${profileComponents.name})`)],
  type: [asc(profileComponents.type), asc(sql`lower(${profileComponents.name})`)],
  '-type': [desc(profileComponents.type), asc(sql`lower(${profileComponents.name})`)],
  updated: [asc(profileComponents.updatedAt)],
  '-updated': [desc(profileComponents.updatedAt)],
};

/** One kind of item a version lists, own and linked, sorted and paged in SQL. */
export async function pageVersionItems(
  db: Db,
  versionId: string,
  kind: ComponentRow['kind'],
  options: { sort: ItemSort; page: number; limit: number },
): Promise<{ rows: ItemListRow[]; total: number }> {
  const where = and(eq(versionComponents.versionId, versionId), eq(profileComponents.kind, kind));
  const [total] = await db
    .select({ n: count() })
    .from(versionComponents)
    .innerJoin(profileComponents, eq(profileComponents.id, versionComponents.componentId))
    .where(where);
  const rows = await joinParents(db, sql<boolean>`${versionComponents.linked}`)
    .innerJoin(versionComponents, eq(versionComponents.componentId, profileComponents.id))
    .where(where)
    .orderBy(...orderOf[options.sort], asc(profileComponents.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function findItem(db: Db, id: string): Promise<ItemListRow | null> {
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(eq(profileComponents.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findEntry(db: Db, versionId: string, componentId: string) {
  const rows = await db
    .select()
    .from(versionComponents)
    .where(
      and(
        eq(versionComponents.versionId, versionId),
        eq(versionComponents.componentId, componentId),
      ),
    )
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
    .select({ n: max(versionComponents.position) })
    .from(versionComponents)
    .where(eq(versionComponents.versionId, versionId));
  const start = (last?.n ?? -1) + 1;
  await db
    .insert(versionComponents)
    .values(entries.map((e, i) => ({ versionId, ...e, position: start + i })))
    .onConflictDoNothing();
}

export async function removeEntry(db: Db, versionId: string, componentId: string): Promise<void> {
  await db
    .delete(versionComponents)
    .where(
      and(
        eq(versionComponents.versionId, versionId),
        eq(versionComponents.componentId, componentId),
      ),
    );
}

/** Whether a published version of any profile lists the item. */
export async function isListedByPublished(db: Db, componentId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(versionComponents)
    .innerJoin(profileVersions, eq(profileVersions.id, versionComponents.versionId))
    .where(
      and(eq(versionComponents.componentId, componentId), eq(profileVersions.state, 'published')),
    )
    .limit(1);
  return rows.length > 0;
}

export interface SearchOptions {
  kind: ComponentRow['kind'] | Array<ComponentRow['kind']>;
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
 * Items anyone may find: listed by some published version — plus, for members editing a version,
 * the items of that version's own profile. Never deleted ones; never what the version lists.
 */
export async function searchItems(db: Db, options: SearchOptions) {
  const visibility: SQL[] = [listedPublicly];
  if (options.version && options.memberOfVersion)
    visibility.push(eq(profileComponents.profileId, options.version.profileId));
  const listed = options.listed ?? 'hide';
  const inVersion = (versionId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(otherEntry)
        .where(
          and(
            eq(otherEntry.componentId, profileComponents.id),
            eq(otherEntry.versionId, versionId),
            listed === 'only' ? eq(otherEntry.linked, false) : undefined,
          ),
        ),
    );
  const conditions: (SQL | undefined)[] = [
    Array.isArray(options.kind)
      ? inArray(profileComponents.kind, options.kind)
      : eq(profileComponents.kind, options.kind),
    isNull(profileComponents.deletedAt),
    isNotNull(profileComponents.profileId),
    or(...visibility),
    options.types ? inArray(profileComponents.type, options.types) : undefined,
    options.onlyProfileId ? eq(profileComponents.profileId, options.onlyProfileId) : undefined,
    options.excludeDeprecated ? eq(profileComponents.deprecated, false) : undefined,
    options.search
      ? or(
          ilike(profileComponents.name, containsPattern(options.search)),
          ilike(profileComponents.iri, containsPattern(options.search)),
        )
      : undefined,
    options.version && listed === 'hide' ? not(inVersion(options.version.id)) : undefined,
    options.version && listed === 'only' ? inVersion(options.version.id) : undefined,
    options.excludeIds && options.excludeIds.length > 0
      ? not(inArray(profileComponents.id, options.excludeIds))
      : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(profileComponents).where(where);
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(where)
    .orderBy(asc(sql`lower(${profileComponents.name})`), asc(profileComponents.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
}

/** The newest items some published version lists, for the home page. */
export async function latestPublished(db: Db, kind: ComponentRow['kind'], limit: number) {
  return joinParents(db, sql<boolean>`false`)
    .where(
      and(eq(profileComponents.kind, kind), isNull(profileComponents.deletedAt), listedPublicly),
    )
    .orderBy(desc(profileComponents.createdAt), asc(profileComponents.id))
    .limit(limit);
}

/** A profile's deleted items (for its members) and every orphan (for anyone signed in). */
export async function listDeletedItems(
  db: Db,
  options: { profileId: string; includeDeleted: boolean; page: number; limit: number },
) {
  const where = or(
    options.includeDeleted
      ? and(
          eq(profileComponents.profileId, options.profileId),
          isNotNull(profileComponents.deletedAt),
        )
      : undefined,
    isNull(profileComponents.profileId),
  );
  const [total] = await db.select({ n: count() }).from(profileComponents).where(where);
  const rows = await joinParents(db, sql<boolean>`false`)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${profileComponents.deletedAt}, ${profileComponents.updatedAt})`),
      asc(profileComponents.id),
    )
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return { rows, total: total?.n ?? 0 };
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
