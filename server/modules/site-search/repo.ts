/**
 * The site search over the one search index (migration 0011_search_index): published profiles
 * and the concepts, templates and patterns that published versions list. Visibility is decided
 * in the query itself: nothing a draft holds can match, be counted or be shown.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { itemRevisions, profileItems, profileVersions, type ItemRow } from '../../db/schema';
import {
  preciseThenFuzzy,
  textMatch,
  textRank,
  type MatchMode,
  type SearchColumns,
  type SearchText,
} from '../search';

export interface SearchPage {
  text: SearchText;
  page: number;
  limit: number;
  /** true also finds deprecated items. */
  deprecated: boolean;
  /** Only what verified profiles publish. */
  verified: boolean;
}

/** The indexed columns of a profile's published version (aliased `v`, its profile `p`). */
const versionSearchColumns: SearchColumns = {
  vector: sql`v.search_vector`,
  name: sql`v.name`,
  iris: [sql`v.iri`, sql`p.iri`],
};

export interface ProfileHit {
  profile_id: string;
  version_id: string;
  name: string;
  iri: string;
  description: string;
  tags: string[];
  is_verified: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  organization_id: string;
  organization_name: string;
  total: number | string;
}

/** One page of published profiles the text finds, best first, newest first among equals. */
export function searchProfiles(db: Db, q: SearchPage) {
  return preciseThenFuzzy(db, q.text, (mode, text) =>
    searchProfilesBy(db, { ...q, text: text ?? q.text }, mode),
  );
}

async function searchProfilesBy(db: Db, q: SearchPage, mode: MatchMode) {
  const hasText = q.text.raw !== '';
  const where: SQL[] = [];
  if (hasText) where.push(textMatch(versionSearchColumns, q.text, mode));
  if (q.verified) where.push(sql`v.is_verified`);
  const rank = hasText ? textRank(versionSearchColumns, q.text, mode) : sql`0::float8`;
  const rows = await queryRows<ProfileHit>(
    db,
    sql`select p.id as profile_id, v.id as version_id, v.name, p.iri, v.description, v.tags,
        v.is_verified, p.created_at, v.updated_at, o.id as organization_id,
        o.name as organization_name, count(*) over () as total
      from ${profileVersions} v
      join profiles p on p.current_published_version_id = v.id
      join organizations o on o.id = p.organization_id
      where v.state = 'published' ${where.length > 0 ? sql`and ${sql.join(where, sql` and `)}` : sql``}
      order by ${rank} desc, v.updated_at desc, p.id
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : await countOf(
          db,
          sql`select count(*) as n from ${profileVersions} v
            join profiles p on p.current_published_version_id = v.id
            where v.state = 'published' ${where.length > 0 ? sql`and ${sql.join(where, sql` and `)}` : sql``}`,
        );
  return { rows, total };
}

export interface ProfileExtras {
  profile_id: string;
  concepts: number | string;
  templates: number | string;
  patterns: number | string;
  similar: Array<{ uuid: string; name: string }> | null;
}

/**
 * What a profile card shows beyond its row: how many concepts, templates and patterns its
 * published version lists, and up to three other published profiles sharing most of its tags.
 */
export async function profileExtras(db: Db, versionIds: string[]): Promise<ProfileExtras[]> {
  if (versionIds.length === 0) return [];
  return queryRows<ProfileExtras>(
    db,
    sql`select v.profile_id, k.concepts, k.templates, k.patterns,
        (select json_agg(json_build_object('uuid', s.id, 'name', s.name)) from (
          select p2.id, v2.name from profiles p2
          join profile_versions v2 on v2.id = p2.current_published_version_id
          where p2.id <> v.profile_id and jsonb_array_length(v.tags) > 0
            and v2.tags ?| array(select jsonb_array_elements_text(v.tags))
          order by (select count(*) from jsonb_array_elements_text(v2.tags) t
                    where v.tags ? t) desc, v2.updated_at desc, p2.id
          limit 3) s) as similar
      from profile_versions v
      cross join lateral (
        select count(*) filter (where i.kind = 'concept') as concepts,
          count(*) filter (where i.kind = 'template') as templates,
          count(*) filter (where i.kind = 'pattern') as patterns
        from version_components e join profile_components i on i.id = e.component_id
        where e.version_id = v.id) k
      where v.id in (${sql.join(
        versionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
}

export interface ItemHit {
  id: string;
  kind: ItemRow['kind'];
  type: string;
  iri: string;
  name: string;
  content: Record<string, unknown>;
  extras: ItemRow['extras'];
  deprecated: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  parent_id: string | null;
  parent_name: string | null;
  organization_id: string | null;
  organization_name: string | null;
  total: number | string;
}

/**
 * One page of items of a kind that published versions list, best first. The parent shown is
 * the profile's published version (never a draft's name), or none.
 */
export function searchPublishedItems(db: Db, kind: ItemRow['kind'], q: ItemSearchPage) {
  return preciseThenFuzzy(db, q.text, (mode, text) =>
    searchPublishedItemsBy(db, kind, { ...q, text: text ?? q.text }, mode),
  );
}

type ItemSearchPage = SearchPage & { types?: string[] | undefined };

/** What `searchable_items` (aliased `s`) ranks on: copies of its published revision's columns. */
const searchableColumns: SearchColumns = {
  vector: sql`s.search_vector`,
  name: sql`s.name`,
  iris: [sql`s.iri`],
};

/**
 * Ranks and counts in `searchable_items` alone (the items the public may read, see migration
 * 0021), then reads item, revision, profile and group for the rows of the page only.
 */
async function searchPublishedItemsBy(
  db: Db,
  kind: ItemRow['kind'],
  q: ItemSearchPage,
  mode: MatchMode,
) {
  const hasText = q.text.raw !== '';
  const where: SQL[] = [sql`s.kind = ${kind}`];
  if (hasText) where.push(textMatch(searchableColumns, q.text, mode));
  if (!q.deprecated) where.push(sql`not s.deprecated`);
  if (q.verified)
    where.push(sql`exists (select 1 from profiles vp
      join profile_versions vv on vv.id = vp.current_published_version_id
      where vp.id = s.profile_id and vv.is_verified)`);
  if (q.types && q.types.length > 0)
    where.push(
      sql`s.type in (${sql.join(
        q.types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  const from = sql`from searchable_items s where ${sql.join(where, sql` and `)}`;
  const rank = hasText ? textRank(searchableColumns, q.text, mode) : sql`0::float8`;
  const rows = await queryRows<ItemHit>(
    db,
    sql`with hits as (
        select s.item_id, s.revision_id, s.deprecated, ${rank} as rank, s.updated_at,
          count(*) over () as total
        ${from}
        order by rank desc, s.updated_at desc, s.item_id
        limit ${q.limit} offset ${(q.page - 1) * q.limit})
      select ${profileItems.id} as id, ${profileItems.kind} as kind, ${itemRevisions.type} as type,
        ${profileItems.iri} as iri, ${itemRevisions.name} as name, ${itemRevisions.content} as content,
        ${itemRevisions.extras} as extras, hits.deprecated,
        ${profileItems.createdAt} as created_at, ${itemRevisions.updatedAt} as updated_at,
        pv.profile_id as parent_id, pv.name as parent_name,
        case when pv.id is null then null else o.id end as organization_id,
        case when pv.id is null then null else o.name end as organization_name,
        hits.total
      from hits
      join ${profileItems} on ${profileItems.id} = hits.item_id
      join ${itemRevisions} on ${itemRevisions.id} = hits.revision_id
      left join profiles p on p.id = ${profileItems.profileId}
      left join profile_versions pv on pv.id = p.current_published_version_id
      left join organizations o on o.id = p.organization_id
      order by hits.rank desc, hits.updated_at desc, hits.item_id`,
  );
  const total =
    rows.length > 0 ? Number(rows[0]!.total) : await countOf(db, sql`select count(*) as n ${from}`);
  return { rows, total };
}

export interface ConceptUse {
  id: string;
  templates: number | string;
  profiles: number | string;
}

/**
 * How many templates that published versions list use each concept (as verb, activity type,
 * attachment usage type or extension, anywhere in the template), and how many profiles'
 * published versions list it.
 */
export async function conceptUses(db: Db, ids: string[]): Promise<ConceptUse[]> {
  if (ids.length === 0) return [];
  return queryRows<ConceptUse>(
    db,
    sql`select c.id,
        (select count(*) from profile_components t
          join item_revisions tr on tr.id = t.published_revision_id
          where t.kind = 'template' and t.deleted_at is null
            and jsonb_path_exists(tr.content, '$.** ? (@ == $iri)', jsonb_build_object('iri', c.iri))
            and exists (select 1 from version_components te join profile_versions tv on tv.id = te.version_id
                        where te.component_id = t.id and tv.state = 'published')) as templates,
        (select count(distinct lv.profile_id) from version_components le
          join profile_versions lv on lv.id = le.version_id
          join profiles lp on lp.current_published_version_id = lv.id
          where le.component_id = c.id) as profiles
      from profile_components c
      where c.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
}

async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}
