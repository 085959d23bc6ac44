import { contentLabels } from '../../../common/concept-content';
import type { DeletedItem, ItemRowBasics } from '../../../common/items';
import { revisionTag } from '../edit-conflicts';
import type { ItemRow } from '../../db/schema';
import type { ItemListRow } from '../item-store/listing';
import type { ItemViewBasics } from './service';

export function parentOf(row: ItemListRow): ItemRowBasics['parentProfile'] {
  if (!row.parent || !row.organization) return null;
  return {
    uuid: row.parent.id,
    name: row.parentVersion?.name ?? row.parent.iri,
    state: row.parent.currentPublishedVersionId ? 'published' : 'draft',
    organization: { uuid: row.organization.id, name: row.organization.name },
  };
}

export function statusOf(item: ItemRow, published: boolean): ItemRowBasics['status'] {
  if (item.deprecated) return 'Deprecated';
  return published ? 'Published' : 'Unpublished';
}

/** What a row of every kind shows in lists. */
export function presentRowBasics(row: ItemListRow): ItemRowBasics {
  const { item } = row;
  return {
    uuid: item.id,
    iri: item.iri,
    name: item.name,
    description: contentLabels(item.content).description,
    parentProfile: parentOf(row),
    updatedOn: item.updatedAt.toISOString(),
    status: statusOf(item, row.published),
    linked: row.linked,
  };
}

/** What the detail of every kind shows besides its row and its own parts. */
export function presentViewBasics(row: ItemListRow, basics: ItemViewBasics) {
  const { item } = row;
  return {
    translations: contentLabels(item.content).translations,
    deprecation: item.deprecated
      ? {
          reason: item.deprecationReason ?? '',
          link: item.deprecationLink,
          by: basics.deprecatedBy,
          on: (item.deprecatedAt ?? item.updatedAt).toISOString(),
        }
      : null,
    updatedBy: basics.updatedBy,
    publishedInProfile: row.published,
    revision: revisionTag(item.revisionId, item.updatedAt),
  };
}

export function presentDeletedItem(row: ItemListRow): DeletedItem {
  const { item } = row;
  return {
    uuid: item.id,
    iri: item.iri,
    name: item.name,
    kind: item.kind,
    type: item.type,
    parentProfile: parentOf(row),
    updatedOn: item.updatedAt.toISOString(),
    reason: item.profileId === null ? 'orphaned' : 'deleted',
    deletedOn: item.deletedAt?.toISOString() ?? null,
  };
}
