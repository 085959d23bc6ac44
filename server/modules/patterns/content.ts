/** Patterns as a profile document carries them (xAPI Profiles §9), built from the authoring form. */
import { contentLabels, toLanguageMaps } from '../../../common/concept-content';
import {
  isListPattern,
  PATTERN_TYPES,
  type EditPatternValues,
  type PatternType,
} from '../../../common/patterns';
import type { ItemExtras } from '../../db/schema';

type Json = Record<string, unknown>;

/** The properties the form manages; anything else of stored content is kept on edit. */
const MANAGED = new Set<string>([
  'id',
  'type',
  'inScheme',
  'prefLabel',
  'definition',
  'primary',
  'deprecated',
  ...PATTERN_TYPES,
]);

/** The operator a stored pattern uses, or null when it has none or several (K5). */
export function patternTypeOf(content: Json): PatternType | null {
  const used = PATTERN_TYPES.filter((type) => content[type] !== undefined);
  return used.length === 1 ? (used[0] ?? null) : null;
}

/** The IRIs a stored pattern names as its components, in order. */
export function componentIrisOf(content: Json): string[] {
  const iris: string[] = [];
  for (const type of PATTERN_TYPES) {
    const value = content[type];
    if (typeof value === 'string') iris.push(value);
    else if (Array.isArray(value))
      for (const iri of value) if (typeof iri === 'string') iris.push(iri);
  }
  return iris;
}

export interface PatternContentContext {
  iri: string;
  /** The version the pattern was defined in. */
  inScheme: string;
  type: PatternType;
  /** The IRIs of the components, in order. */
  componentIris: string[];
  /** The stored content, whose properties the form does not manage are kept. */
  previous?: Json | undefined;
}

type LabelValues = Pick<EditPatternValues, 'name' | 'description' | 'translations' | 'primary'>;

export function patternContent(values: LabelValues, ctx: PatternContentContext): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(ctx.previous ?? {}))
    if (!MANAGED.has(key)) kept[key] = value;
  const members = isListPattern(ctx.type) ? ctx.componentIris : (ctx.componentIris[0] ?? '');
  return {
    id: ctx.iri,
    type: 'Pattern',
    inScheme: ctx.inScheme,
    ...toLanguageMaps(values),
    primary: values.primary,
    ...(ctx.previous?.deprecated === true ? { deprecated: true } : {}),
    [ctx.type]: members,
    ...kept,
  };
}

/**
 * The parts of a pattern that stop changing once a published version lists it: everything but
 * its translations (tags and more information live outside the content).
 */
export function fixedParts(content: Json): string {
  const labels = contentLabels(content);
  const type = patternTypeOf(content);
  return JSON.stringify([
    labels.name,
    labels.description,
    content.primary === true,
    type,
    type ? content[type] : null,
  ]);
}

/** The authoring details kept beside the content, never exported. */
export function patternExtras(
  values: Pick<EditPatternValues, 'tags' | 'moreInformation'>,
  previous: ItemExtras = {},
): ItemExtras {
  return { ...previous, tags: values.tags, moreInformation: values.moreInformation };
}
