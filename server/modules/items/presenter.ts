import { contentLabels } from '../../../common/concept-content';
import type { DeletedItem, ItemRowBasics } from '../../../common/items';
import type { ComponentRow } from '../../db/schema';
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

export function statusOf(component: ComponentRow, published: boolean): ItemRowBasics['status'] {
  if (component.deprecated) return 'Deprecated';
  return published ? 'Published' : 'Unpublished';
}

/** What a row of every kind shows in lists. */
export function presentRowBasics(row: ItemListRow): ItemRowBasics {
  const { component } = row;
  return {
    uuid: component.id,
    iri: component.iri,
    name: component.name,
    description: contentLabels(component.content).description,
    parentProfile: parentOf(row),
    updatedOn: component.updatedAt.toISOString(),
    status: statusOf(component, row.published),
    linked: row.linked,
  };
}

/** What the detail of every kind shows besides its row and its own parts. */
export function presentViewBasics(row: ItemListRow, basics: ItemViewBasics) {
  const { component } = row;
  return {
    translations: contentLabels(component.content).translations,
    deprecation: component.deprecated
      ? {
          reason: component.deprecationReason ?? '',
          link: component.deprecationLink,
          by: basics.deprecatedBy,
          on: (component.deprecatedAt ?? component.updatedAt).toISOString(),
        }
      : null,
    updatedBy: basics.updatedBy,
    publishedInProfile: row.published,
  };
}

export function presentDeletedItem(row: ItemListRow): DeletedItem {
  const { component } = row;
  return {
    uuid: component.id,
    iri: component.iri,
    name: component.name,
    kind: component.kind,
    type: component.type,
    parentProfile: parentOf(row),
    updatedOn: component.updatedAt.toISOString(),
    reason: component.profileId === null ? 'orphaned' : 'deleted',
    deletedOn: component.deletedAt?.toISOString() ?? null,
  };
}
