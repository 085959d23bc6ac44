import type { DeterminingValues } from '../../../common/rule-check';
import {
  SINGLE_VALUED_PROPERTIES,
  type DeterminingProperty,
  type TemplateView,
} from '../../../common/templates';

type Template = TemplateView['template'];
type Json = Record<string, unknown>;

/** The template's determining properties as IRIs, as the rule check takes them. */
export function determiningValuesOf(template: Template): DeterminingValues {
  const values: DeterminingValues = {};
  for (const { property, concepts } of template.determiningProperties) {
    const iris = concepts.map((c) => c.iri);
    values[property] = SINGLE_VALUED_PROPERTIES.includes(property) ? (iris[0] ?? '') : iris;
  }
  return values;
}

export const hasProperty = (template: Template, property: DeterminingProperty) =>
  template.determiningProperties.some((p) => p.property === property && p.concepts.length > 0);

/** A rule's location, or '' when a stored rule has none. */
export const locationOf = (rule: Json): string =>
  typeof rule.location === 'string' ? rule.location : '';

const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);

/** A condition value as it reads in a list: strings as they are, anything else as JSON. */
export const valueText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** The any/all/none lists a rule has, in that order. */
export function conditionsOf(
  rule: Json,
): Array<{ kind: 'any' | 'all' | 'none'; values: unknown[] }> {
  const found: Array<{ kind: 'any' | 'all' | 'none'; values: unknown[] }> = [];
  for (const kind of ['any', 'all', 'none'] as const) {
    const values = list(rule[kind]);
    if (values) found.push({ kind, values });
  }
  return found;
}

/** The conditions of a rule in one line: 'any: a, b; none: c'. */
export const conditionsSummary = (rule: Json): string =>
  conditionsOf(rule)
    .map(({ kind, values }) => `${kind}: ${values.map(valueText).join(', ')}`)
    .join('; ');

/** The other rules of a template, by location, as the rule check compares them. */
export const otherRulesOf = (template: Template, except: number | null) =>
  template.rules
    .map((rule, index) => ({ index, location: locationOf(rule) }))
    .filter((r) => r.index !== except && r.location !== '')
    .map(({ location }) => ({ location }));

/** The rule index of `?rule=N` when the template has that rule, else null. */
export function ruleIndexOf(param: string | null, template: Template): number | null {
  if (param === null || !/^\d+$/.test(param)) return null;
  const index = Number(param);
  return index < template.rules.length ? index : null;
}

/** A rule as the editor shows it: indented JSON. */
export const ruleText = (rule: Json) => JSON.stringify(rule, null, 2);
