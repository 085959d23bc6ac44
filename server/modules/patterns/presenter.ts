import { contentLabels } from '../../../common/concept-content';
import type {
  PatternComponent,
  PatternRow,
  PatternType,
  PatternView,
} from '../../../common/patterns';
import type { ItemListRow } from '../item-store/listing';
import { parentOf, presentRowBasics, presentViewBasics, statusOf } from '../items/presenter';
import type { ItemViewBasics } from '../items/service';
import { patternTypeOf } from './content';

export function presentPatternRow(row: ItemListRow): PatternRow {
  const { content } = row.item;
  return {
    ...presentRowBasics(row),
    type: patternTypeOf(content),
    primary: content.primary === true,
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
  const { item } = row;
  const kind = item.kind === 'concept' ? null : item.kind;
  const patternType: PatternType | null = kind === 'pattern' ? patternTypeOf(item.content) : null;
  return {
    uuid: item.id,
    iri,
    name: item.name,
    description: contentLabels(item.content).description,
    componentType: kind,
    patternType,
    status: statusOf(item, row.published),
    parentProfile: parentOf(row),
  };
}

export interface PatternViewExtras extends ItemViewBasics {
  components: PatternComponent[];
}

export function presentPatternView(row: ItemListRow, extras: PatternViewExtras): PatternView {
  const { item } = row;
  return {
    success: true,
    pattern: {
      ...presentPatternRow({ ...row, linked: extras.linked }),
      ...presentViewBasics(row, extras),
      tags: item.extras.tags ?? [],
      moreInformation: item.extras.moreInformation ?? '',
      components: extras.components,
      content: item.content,
    },
    permissions: extras.permissions,
  };
}
