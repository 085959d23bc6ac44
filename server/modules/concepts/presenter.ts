import { conceptForm, recommendedTermsOf, similarTermsOf } from '../../../common/concept-content';
import { conceptTypeOf, type ConceptRow, type ConceptView } from '../../../common/concepts';
import type { ItemListRow } from '../item-store/listing';
import { presentRowBasics, presentViewBasics } from '../items/presenter';
import type { ItemViewBasics } from '../items/service';

type Json = Record<string, unknown>;

export function presentConceptRow(row: ItemListRow): ConceptRow {
  return {
    ...presentRowBasics(row),
    conceptType: conceptTypeOf(row.item.type) ?? 'Verb',
    type: row.item.type,
  };
}

export interface ConceptViewExtras extends ItemViewBasics {
  names: Map<string, { name: string; uuid: string }>;
}

export function presentConceptView(row: ItemListRow, extras: ConceptViewExtras): ConceptView {
  const content = row.item.content as Json;
  const ref = (iri: string) => ({
    iri,
    name: extras.names.get(iri)?.name ?? null,
    uuid: extras.names.get(iri)?.uuid ?? null,
  });
  return {
    success: true,
    concept: {
      ...presentConceptRow({ ...row, linked: extras.linked }),
      ...presentViewBasics(row, extras),
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
