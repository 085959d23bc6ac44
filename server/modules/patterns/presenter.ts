import { contentLabels } from '../../../common/concept-content';
import type {
  PatternComponent,
  PatternRow,
  PatternType,
  PatternView,
} from '../../../common/patterns';
import type { ItemListRow } from '../item-store/listing';
import { parentOf, statusOf } from '../concepts/presenter';
import { patternTypeOf } from './content';

export function presentPatternRow(row: ItemListRow): PatternRow {
  const { component } = row;
  const content = component.content;
  return {
    uuid: component.id,
    iri: component.iri,
    name: component.name,
    description: contentLabels(content).description,
    type: patternTypeOf(content),
    primary: content.primary === true,
    parentProfile: parentOf(row),
    updatedOn: component.updatedAt.toISOString(),
    status: statusOf(component, row.published),
    linked: row.linked,
  };
}

/** A template or pattern as a component; `row` is null for an IRI this server does not know. */
export function presentComponent(iri: string, row: ItemListRow | null): PatternComponent {
  if (!row)
    return {
      uuid: null,
      iri,
      name: null,
      description: '',
      componentType: null,
      patternType: null,
      status: null,
      parentProfile: null,
    };
  const { component } = row;
  const kind = component.kind === 'concept' ? null : component.kind;
  const patternType: PatternType | null =
    kind === 'pattern' ? patternTypeOf(component.content) : null;
  return {
    uuid: component.id,
    iri,
    name: component.name,
    description: contentLabels(component.content).description,
    componentType: kind,
    patternType,
    status: statusOf(component, row.published),
    parentProfile: parentOf(row),
  };
}

export interface PatternViewExtras {
  linked: boolean;
  components: PatternComponent[];
  deprecatedBy: string | null;
  updatedBy: string | null;
  permissions: PatternView['permissions'];
}

export function presentPatternView(row: ItemListRow, extras: PatternViewExtras): PatternView {
  const { component } = row;
  const content = component.content;
  return {
    success: true,
    pattern: {
      ...presentPatternRow({ ...row, linked: extras.linked }),
      translations: contentLabels(content).translations,
      tags: component.extras.tags ?? [],
      moreInformation: component.extras.moreInformation ?? '',
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
      components: extras.components,
      content,
    },
    permissions: extras.permissions,
  };
}
