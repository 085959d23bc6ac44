import { conceptTypeOf } from '../../../common/concepts';
import {
  DETERMINING_PROPERTIES,
  TEMPLATE_REF_KEYS,
  type ConceptRef,
  type ItemRef,
  type TemplateRow,
  type TemplateView,
} from '../../../common/templates';
import type { ItemRow } from '../../db/schema';
import type { ItemListRow } from '../item-store/listing';
import { presentRowBasics, presentViewBasics } from '../items/presenter';
import type { ItemViewBasics } from '../items/service';
import { associatedIris, determiningIris, referencesOf, rulesOf } from './content';

type Json = Record<string, unknown>;

export const presentTemplateRow = (row: ItemListRow): TemplateRow => presentRowBasics(row);

export interface TemplateViewExtras extends ItemViewBasics {
  /** The items this server has for the IRIs the template names. */
  known: Map<string, ItemRow>;
  permissions: TemplateView['permissions'];
}

export function presentTemplateView(row: ItemListRow, extras: TemplateViewExtras): TemplateView {
  const { item } = row;
  const content = item.content as Json;
  const itemRef = (iri: string): ItemRef => {
    const found = extras.known.get(iri);
    return { iri, name: found?.name ?? null, uuid: found?.id ?? null };
  };
  const conceptRef = (iri: string): ConceptRef => {
    const found = extras.known.get(iri);
    return {
      ...itemRef(iri),
      conceptType: found?.kind === 'concept' ? conceptTypeOf(found.type) : null,
    };
  };
  return {
    success: true,
    template: {
      ...presentTemplateRow({ ...row, linked: extras.linked }),
      ...presentViewBasics(row, extras),
      tags: item.extras.tags ?? [],
      moreInformation: item.extras.moreInformation ?? '',
      statementExample: item.extras.statementExample ?? '',
      determiningProperties: DETERMINING_PROPERTIES.map((property) => ({
        property,
        concepts: determiningIris(content, property).map(conceptRef),
      })).filter((p) => p.concepts.length > 0),
      // Positions are the rules' ids, so nothing is left out; import refuses non-object rules.
      rules: rulesOf(content).map((rule) =>
        typeof rule === 'object' && rule !== null && !Array.isArray(rule)
          ? (rule as Json)
          : { value: rule },
      ),
      objectStatementRefTemplate: referencesOf(content, TEMPLATE_REF_KEYS.object).map(itemRef),
      contextStatementRefTemplate: referencesOf(content, TEMPLATE_REF_KEYS.context).map(itemRef),
      concepts: associatedIris(content).map(conceptRef),
      content,
    },
    permissions: extras.permissions,
  };
}

/** Every IRI a template view names, to look up at once. */
export const namedIris = (content: Json): string[] => [
  ...associatedIris(content),
  ...referencesOf(content, TEMPLATE_REF_KEYS.object),
  ...referencesOf(content, TEMPLATE_REF_KEYS.context),
];
