import {
  createPatternSchema,
  editPatternSchema,
  isListPattern,
  PATTERN_TYPES,
  type ComponentFacts,
  type ComponentInput,
  type CreatePatternValues,
  type EditPatternValues,
  type PatternComponent,
  type PatternType,
  type PatternView,
} from '../../../../common/patterns';
import type { Translation } from '../../../../common/profiles';

/** A component chosen for the pattern being built: what it is, and what the form shows of it. */
export interface ChosenComponent extends ComponentFacts {
  iri: string;
  /** The profile that defines it, when the server knows. */
  parentName: string | null;
}

/** The pattern's own fields as the form holds them; the IRI choice only on a new pattern. */
export interface DetailsValues {
  name: string;
  description: string;
  translations: Translation[];
  tags: string[];
  moreInformation: string;
  primary: boolean;
  iriType: 'generated-iri' | 'external-iri';
  extiri: string;
  geniri: string;
}

export const blankDetails = (): DetailsValues => ({
  name: '',
  description: '',
  translations: [],
  tags: [],
  moreInformation: '',
  primary: true,
  iriType: 'generated-iri',
  extiri: '',
  geniri: '',
});

/** The details of a saved pattern, for its edit form (its IRI is fixed). */
export function detailsOf(pattern: PatternView['pattern']): DetailsValues {
  return {
    ...blankDetails(),
    name: pattern.name,
    description: pattern.description,
    translations: pattern.translations,
    tags: pattern.tags,
    moreInformation: pattern.moreInformation,
    primary: pattern.primary,
  };
}

/**
 * The components of a saved pattern as the form can keep them: those this server knows. An IRI
 * it does not know cannot be chosen again, so it is counted to be told.
 */
export function chosenOf(components: readonly PatternComponent[]): {
  chosen: ChosenComponent[];
  unknown: number;
} {
  const chosen: ChosenComponent[] = [];
  for (const c of components) {
    if (c.uuid === null || c.componentType === null) continue;
    chosen.push(chosenFrom({ ...c, uuid: c.uuid, componentType: c.componentType }));
  }
  return { chosen, unknown: components.length - chosen.length };
}

/** A known component (a search result or a saved one) as the form keeps it. */
export function chosenFrom(
  c: PatternComponent & { uuid: string; componentType: ComponentInput['componentType'] },
): ChosenComponent {
  return {
    componentType: c.componentType,
    componentId: c.uuid,
    name: c.name ?? c.iri,
    patternType: c.patternType ?? undefined,
    iri: c.iri,
    parentName: c.parentProfile?.name ?? null,
  };
}

/** A pattern type named in an address, in any letter case; anything else is none. */
export function patternTypeOfParam(param: string | undefined): PatternType | null {
  const wanted = (param ?? '').toLowerCase();
  return PATTERN_TYPES.find((t) => t.toLowerCase() === wanted) ?? null;
}

/**
 * Adds a component: a list pattern appends it; the others hold one, so it replaces what was
 * there.
 */
export function withComponent(
  type: PatternType,
  list: readonly ChosenComponent[],
  component: ChosenComponent,
): ChosenComponent[] {
  return isListPattern(type) ? [...list, component] : [component];
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length)
    return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

const inputsOf = (chosen: readonly ChosenComponent[]): ComponentInput[] =>
  chosen.map((c) => ({ componentType: c.componentType, componentId: c.componentId }));

/**
 * The create request, as the contract reads it, with the IRI field not chosen cleared; `null`
 * while the details are not valid.
 */
export function createInput(
  type: PatternType,
  details: DetailsValues,
  chosen: readonly ChosenComponent[],
): CreatePatternValues | null {
  const generated = details.iriType === 'generated-iri';
  const parsed = createPatternSchema.safeParse({
    type,
    ...details,
    extiri: generated ? '' : details.extiri,
    geniri: generated ? details.geniri : '',
    components: inputsOf(chosen),
  });
  return parsed.success ? parsed.data : null;
}

/** The edit request, as the contract reads it; `null` while the details are not valid. */
export function editInput(
  details: DetailsValues,
  chosen: readonly ChosenComponent[],
): EditPatternValues | null {
  const { iriType: _iriType, extiri: _extiri, geniri: _geniri, ...rest } = details;
  const parsed = editPatternSchema.safeParse({ ...rest, components: inputsOf(chosen) });
  return parsed.success ? parsed.data : null;
}
