import { parseJsonPath } from '../xapi/jsonpath';

/**
 * The Rule JSON check of the statement-template rule editor (spec 3 §5): the rule schema, one rule
 * per location, and the rule's agreement with the template's determining properties. The editor
 * runs it on "Check JSON Format"; the server runs it again on save.
 */

export const RULE_VALID_MESSAGE = 'JSON format and properties are valid.';
export const PRESENCE_VALUES = ['included', 'excluded', 'recommended'] as const;
const RULE_KEYS = ['location', 'selector', 'presence', 'any', 'all', 'none', 'scopeNote'];

export const DETERMINING_PROPERTIES = [
  'verb',
  'objectActivityType',
  'contextCategoryActivityType',
  'contextGroupingActivityType',
  'contextOtherActivityType',
  'contextParentActivityType',
  'attachmentUsageType',
] as const;
export type DeterminingProperty = (typeof DETERMINING_PROPERTIES)[number];

/** The determining properties of a template as IRIs (verb and objectActivityType hold one). */
export type DeterminingValues = Partial<Record<DeterminingProperty, string | string[]>>;

export interface Rule {
  location: string;
  selector?: string;
  presence?: (typeof PRESENCE_VALUES)[number];
  any?: unknown[];
  all?: unknown[];
  none?: unknown[];
  scopeNote?: Record<string, string>;
}

interface Mapping {
  property: DeterminingProperty;
  /** The location selects the IRIs themselves, so any/all/none compare against them. */
  value: boolean;
}

/** Statement locations that a determining property governs. */
const locationTable: Map<string, Mapping> = (() => {
  const table = new Map<string, Mapping>([
    ['$.verb', { property: 'verb', value: false }],
    ['$.verb.id', { property: 'verb', value: true }],
    ['$.object.definition', { property: 'objectActivityType', value: false }],
    ['$.object.definition.type', { property: 'objectActivityType', value: true }],
    ['$.attachments', { property: 'attachmentUsageType', value: false }],
    ['$.attachments[*]', { property: 'attachmentUsageType', value: false }],
    ['$.attachments.usageType', { property: 'attachmentUsageType', value: true }],
    ['$.attachments[*].usageType', { property: 'attachmentUsageType', value: true }],
  ]);
  const context: Array<[string, DeterminingProperty]> = [
    ['parent', 'contextParentActivityType'],
    ['grouping', 'contextGroupingActivityType'],
    ['category', 'contextCategoryActivityType'],
    ['other', 'contextOtherActivityType'],
  ];
  for (const [name, property] of context) {
    for (const each of ['', '[*]']) {
      const base = `$.context.contextActivities.${name}${each}`;
      table.set(base, { property, value: false });
      table.set(`${base}.definition`, { property, value: false });
      table.set(`${base}.definition.type`, { property, value: true });
    }
  }
  return table;
})();

/** The determining property a rule location maps to, if any. */
export function determiningPropertyOf(location: string): Mapping | null {
  const normalized = location.replace(/\s+/g, '').replace(/\['([A-Za-z]+)'\]/g, '.$1');
  return locationTable.get(normalized) ?? null;
}

const valuesOf = (values: DeterminingValues, property: DeterminingProperty): string[] => {
  const given = values[property];
  if (given === undefined) return [];
  return (Array.isArray(given) ? given : [given]).filter((v) => v !== '');
};

const isLanguageMap = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((text) => typeof text === 'string');

/** Reads the editor's text: the rule object, with or without its outer braces. */
export function parseRuleText(text: string): { rule?: unknown; error?: string } {
  const trimmed = text.trim();
  const source = trimmed.startsWith('{') ? trimmed : `{${trimmed}}`;
  try {
    return { rule: JSON.parse(source) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'The text is not valid JSON.' };
  }
}

/** The rule schema alone (checklist J1–J7). */
export function ruleSchemaErrors(rule: unknown): string[] {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
    return ['A rule must be a JSON object.'];
  const r = rule as Record<string, unknown>;
  const errors: string[] = [];
  for (const key of Object.keys(r))
    if (!RULE_KEYS.includes(key))
      errors.push(`"${key}" is not a rule property; use ${RULE_KEYS.join(', ')}.`);
  if (typeof r.location !== 'string' || r.location.trim() === '') {
    errors.push('"location" is required: a JSONPath such as "$.result.score.raw".');
  } else {
    const parsed = parseJsonPath(r.location);
    if (!parsed.ok) errors.push(`"location" is not a valid JSONPath: ${parsed.message}`);
  }
  if (r.selector !== undefined) {
    const parsed = typeof r.selector === 'string' ? parseJsonPath(r.selector) : null;
    if (!parsed) errors.push('"selector" must be a JSONPath string.');
    else if (!parsed.ok) errors.push(`"selector" is not a valid JSONPath: ${parsed.message}`);
  }
  if (r.presence !== undefined && !(PRESENCE_VALUES as readonly unknown[]).includes(r.presence))
    errors.push(`"presence" must be one of ${PRESENCE_VALUES.join(', ')}.`);
  for (const key of ['any', 'all', 'none'])
    if (r[key] !== undefined && (!Array.isArray(r[key]) || (r[key] as unknown[]).length === 0))
      errors.push(`"${key}" must be a non-empty array of values.`);
  if (r.scopeNote !== undefined && !isLanguageMap(r.scopeNote))
    errors.push('"scopeNote" must be a language map, e.g. {"en": "…"}.');
  if (['presence', 'any', 'all', 'none'].every((key) => r[key] === undefined))
    errors.push('A rule needs at least one of "presence", "any", "all" or "none".');
  return errors;
}

/** How a rule sits with the template's determining properties (the spec's messages, verbatim). */
export function determiningPropertyErrors(rule: Rule, values: DeterminingValues): string[] {
  const loc = rule.location;
  const errors: string[] = [];
  if (rule.presence === 'excluded' && (rule.any !== undefined || rule.all !== undefined))
    errors.push(
      `There is a presence condition equal to excluded and at least one of an any or all condition types for location ${loc}.`,
    );
  const mapping = determiningPropertyOf(loc);
  if (!mapping) return errors;
  const type = mapping.property;
  const determined = valuesOf(values, type);
  if (rule.presence === 'excluded' && determined.length > 0)
    errors.push(
      `The presence cannot be excluded for location ${loc} because a ${type} determining property has been specified for this template.`,
    );
  if (!mapping.value) return errors;
  for (const condition of ['all', 'any'] as const) {
    if (rule[condition] !== undefined && determined.length === 0)
      errors.push(
        `There cannot be an ${condition} condition for location ${loc} because a ${type} determining property has not been specified for this template.`,
      );
  }
  if (determined.length === 0) return errors;
  if (rule.all !== undefined && !determined.every((v) => rule.all?.includes(v)))
    errors.push(
      `Not every value in the ${type} determining property specified for ${loc} is present in the all condition values.`,
    );
  if (rule.any !== undefined && !determined.some((v) => rule.any?.includes(v)))
    errors.push(
      `No value in the ${type} determining property specified for ${loc} is present in the any condition values.`,
    );
  if (rule.none !== undefined && determined.some((v) => rule.none?.includes(v)))
    errors.push(
      `There are values in the ${type} determining property specified for ${loc} that are present in the none condition values.`,
    );
  return errors;
}

export type RuleCheck = { ok: true; rule: Rule; message: string } | { ok: false; errors: string[] };

/**
 * The whole check of one rule as typed: JSON, schema, one rule per location (against the
 * template's other rules) and determining properties.
 */
export function checkRule(
  text: string,
  template: { determining: DeterminingValues; otherRules: Array<{ location: string }> },
): RuleCheck {
  const parsed = parseRuleText(text);
  if (parsed.error !== undefined) return { ok: false, errors: [parsed.error] };
  const schemaErrors = ruleSchemaErrors(parsed.rule);
  if (schemaErrors.length > 0) return { ok: false, errors: schemaErrors };
  const rule = parsed.rule as Rule;
  const errors: string[] = [];
  const same = (a: string) => a.replace(/\s+/g, '') === rule.location.replace(/\s+/g, '');
  if (template.otherRules.some((other) => same(other.location)))
    errors.push(
      `This template already has a rule for location ${rule.location}; edit that rule instead.`,
    );
  errors.push(...determiningPropertyErrors(rule, template.determining));
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, rule, message: RULE_VALID_MESSAGE };
}
