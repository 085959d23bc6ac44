import {
  contentLabels,
  conceptForm,
  recommendedTermsOf,
  similarTermsOf,
} from '../../../common/concept-content';
import {
  conceptTypeOf,
  type ConceptRow,
  type ConceptView,
  type DeletedItem,
} from '../../../common/concepts';
import type { ComponentRow } from '../../db/schema';
import type { ItemListRow } from '../item-store/listing';

type Json = Record<string, unknown>;

export function parentOf(row: ItemListRow): ConceptRow['parentProfile'] {
  if (!row.parent || !row.organization) return null;
  return {
    uuid: row.parent.id,
    name: row.parentVersion?.name ?? row.parent.iri,
    state: row.parent.currentPublishedVersionId ? 'published' : 'draft',
    organization: { uuid: row.organization.id, name: row.organization.name },
  };
}

export function statusOf(component: ComponentRow, published: boolean): ConceptRow['status'] {
  if (component.deprecated) return 'Deprecated';
  return published ? 'Published' : 'Unpublished';
}

export function presentConceptRow(row: ItemListRow): ConceptRow {
  const { component } = row;
  return {
    uuid: component.id,
    iri: component.iri,
    name: component.name,
    description: contentLabels(component.content).description,
    conceptType: conceptTypeOf(component.type) ?? 'Verb',
    type: component.type,
    parentProfile: parentOf(row),
    updatedOn: component.updatedAt.toISOString(),
    status: statusOf(component, row.published),
    linked: row.linked,
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

export interface ViewExtras {
  linked: boolean;
  names: Map<string, { name: string; uuid: string }>;
  deprecatedBy: string | null;
  updatedBy: string | null;
  permissions: ConceptView['permissions'];
}

export function presentConceptView(row: ItemListRow, extras: ViewExtras): ConceptView {
  const { component } = row;
  const content = component.content as Json;
  const ref = (iri: string) => ({
    iri,
    name: extras.names.get(iri)?.name ?? null,
    uuid: extras.names.get(iri)?.uuid ?? null,
  });
  return {
    success: true,
    concept: {
      ...presentConceptRow({ ...row, linked: extras.linked }),
      translations: contentLabels(content).translations,
      deprecation: component.deprecated
        ? {
            reason: component.deprecationReason ?? '',
            link: component.deprecationLink,
            by: extras.deprecatedBy,
            on: (component.deprecatedAt ?? component.updatedAt).toISOString(),
          }
        : null,
      updatedBy: extras.updatedBy,
      publishedInProfile: row.published,
      similarTerms: similarTermsOf(content).map((t) => ({
        ...ref(t.iri),
        relationType: t.relationType,
      })),
      recommendedTerms: recommendedTermsOf(content).map(ref),
      form: conceptForm(content, (iri) => extras.names.get(iri)?.name ?? '') ?? {},
      content,
    },
    permissions: extras.permissions,
  };
}
