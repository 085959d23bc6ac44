/**
 * A statement template as a profile document carries it (xAPI Profiles §8), and the pure reads
 * and changes of that form the template commands need.
 */
import { toLanguageMaps } from '../../../common/concept-content';
import {
  DETERMINING_PROPERTIES,
  SINGLE_VALUED_PROPERTIES,
  TEMPLATE_REF_KEYS,
  type DeterminingProperty,
  type TemplateDetails,
} from '../../../common/templates';
import type { DeterminingValues } from '../../../common/rule-check';

type Json = Record<string, unknown>;

/** What the details form writes; everything else of stored content is left as it was. */
const HEADER_KEYS = new Set(['id', 'type', 'inScheme', 'prefLabel', 'definition', 'deprecated']);

/** Where a pattern names its components. */
const PATTERN_COMPONENT_KEYS = ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'];

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : [];

export interface TemplateContentContext {
  iri: string;
  /** The version the template was defined in. */
  inScheme: string;
  /** The stored content: determining properties, rules, references and unknown keys stay. */
  previous?: Json | undefined;
}

/** The template from its details (name, description, translations). */
export function templateContent(
  values: Pick<TemplateDetails, 'name' | 'description' | 'translations'>,
  ctx: TemplateContentContext,
): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(ctx.previous ?? {}))
    if (!HEADER_KEYS.has(key)) kept[key] = value;
  return {
    id: ctx.iri,
    type: 'StatementTemplate',
    inScheme: ctx.inScheme,
    ...toLanguageMaps(values),
    ...(ctx.previous?.deprecated === true ? { deprecated: true } : {}),
    ...kept,
  };
}

/** The content with `key` set to `value`, or without it when the value is empty. */
export function withValue(content: Json, key: string, value: unknown): Json {
  const { [key]: _previous, ...rest } = content;
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return empty ? rest : { ...rest, [key]: value };
}

/** The IRIs one determining property names. */
export const determiningIris = (content: Json, property: DeterminingProperty): string[] =>
  strings(content[property]);

/** The determining properties as the rule check reads them. */
export function determiningValuesOf(content: Json): DeterminingValues {
  const values: DeterminingValues = {};
  for (const property of DETERMINING_PROPERTIES) {
    const iris = determiningIris(content, property);
    if (iris.length > 0) values[property] = iris;
  }
  return values;
}

/** The value a determining property is stored as: one IRI for verb and objectActivityType. */
export const determiningValue = (property: DeterminingProperty, iris: string[]) =>
  SINGLE_VALUED_PROPERTIES.includes(property) ? iris[0] : iris;

/** Every concept IRI the determining properties name, once, in property order. */
export const associatedIris = (content: Json): string[] => [
  ...new Set(DETERMINING_PROPERTIES.flatMap((p) => determiningIris(content, p))),
];

export const referencesOf = (
  content: Json,
  key: (typeof TEMPLATE_REF_KEYS)[keyof typeof TEMPLATE_REF_KEYS],
): string[] => strings(content[key]);

/** The rules in order (an imported template may hold odd entries; they keep their place). */
export const rulesOf = (content: Json): unknown[] =>
  Array.isArray(content.rules) ? (content.rules as unknown[]) : [];

/** A rule's location when it has one, for the one-rule-per-location check. */
export const locationOf = (rule: unknown): string | null =>
  isJson(rule) && typeof rule.location === 'string' ? rule.location : null;

/** A rule without its scope note: what stays fixed once the template is published (rule I6). */
export function withoutScopeNote(rule: unknown): unknown {
  if (!isJson(rule)) return rule;
  const { scopeNote: _note, ...rest } = rule;
  return rest;
}

/** Whether an item (template or pattern content) names `iri` as a reference or component. */
export function refersTo(content: Json, iri: string): boolean {
  const keys = [...Object.values(TEMPLATE_REF_KEYS), ...PATTERN_COMPONENT_KEYS];
  return keys.some((key) => strings(content[key]).includes(iri));
}
