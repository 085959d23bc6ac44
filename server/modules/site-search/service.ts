import { specTypesOf } from '../../../common/concepts';
import type { ItemKind } from '../../../common/items';
import type { ItemResults, ProfileResults, SearchQuery } from '../../../common/search';
import type { Db } from '../../db/client';
import { searchTextOf } from '../search';
import { presentItemHit, presentProfileHit } from './presenter';
import {
  conceptUses,
  profileExtras,
  searchProfiles,
  searchPublishedItems,
  type SearchPage,
} from './repo';

/**
 * The search page's calls: published content only, for everyone. Drafts are found only by the
 * item searches of a version's own add screens (item-store `searchItems`), never here.
 */
export class SiteSearchService {
  constructor(private readonly db: Db) {}

  async profiles(query: SearchQuery): Promise<ProfileResults> {
    const page = pageOf(query);
    const { rows, total } = await searchProfiles(this.db, page);
    const extras = await profileExtras(
      this.db,
      rows.map((r) => r.version_id),
    );
    const byProfile = new Map(extras.map((e) => [e.profile_id, e]));
    return {
      success: true,
      results: rows.map((r) => presentProfileHit(r, byProfile.get(r.profile_id))),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async items(kind: ItemKind, query: SearchQuery): Promise<ItemResults> {
    const types =
      kind === 'concept' && query.conceptType ? specTypesOf(query.conceptType) : undefined;
    const { rows, total } = await searchPublishedItems(this.db, kind, { ...pageOf(query), types });
    const uses =
      kind === 'concept'
        ? await conceptUses(
            this.db,
            rows.map((r) => r.id),
          )
        : [];
    const byId = new Map(uses.map((u) => [u.id, u]));
    return {
      success: true,
      results: rows.map((r) => presentItemHit(r, byId.get(r.id))),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}

function pageOf(query: SearchQuery): SearchPage {
  return {
    text: searchTextOf(query.search),
    page: query.page,
    limit: query.limit,
    deprecated: query.deprecated,
    verified: query.verified,
  };
}
