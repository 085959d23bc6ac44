/**
 * Statement templates in plain words: each determining property and each rule as a sentence a
 * content author can follow, e.g. "`$.result.score.scaled` is required and must be one of 0, 1".
 * The sentences follow the validator's reading (`xapi/statement/rules.ts`): a rule without
 * `presence` still needs a value for `any`, a `recommended` rule's values are checked only when
 * present.
 */
import type { JsonValue } from '../json.js';
import type { Iri, Rule, StatementTemplate } from '../model/types.js';

/** A run of words: plain text, code (a path, a value), or a reference to an item by IRI. */
export type Segment = string | { code: string } | { ref: Iri };
export type Words = Segment[];

/** Most values a sentence lists before it says how many more there are. */
const MOST_VALUES = 12;

const valueText = (value: JsonValue) => (typeof value === 'string' ? value : JSON.stringify(value));
const isIri = (value: JsonValue): value is string =>
  typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);

/** `a`, `b` or `c` (or "and"), references for IRIs. */
export function listOf(values: readonly JsonValue[], last: 'or' | 'and' = 'or'): Words {
  const shown = values.slice(0, MOST_VALUES);
  const out: Words = [];
  shown.forEach((value, i) => {
    if (i > 0)
      out.push(i === shown.length - 1 && values.length <= MOST_VALUES ? ` ${last} ` : ', ');
    out.push(isIri(value) ? { ref: value } : { code: valueText(value) });
  });
  if (values.length > MOST_VALUES) out.push(` ${last} ${values.length - MOST_VALUES} more`);
  return out;
}

/** The place a rule reads: its location, or a selector within each value there. */
function place(rule: Rule): Words {
  const location = rule.location ?? '';
  const alternatives = location.includes('|')
    ? location.split('|').map((p) => p.trim())
    : undefined;
  const where: Words = alternatives
    ? [
        'the first of ',
        ...alternatives.flatMap((p, i): Words => [
          ...(i > 0 ? [i === alternatives.length - 1 ? ' or ' : ', '] : []),
          { code: p },
        ]),
        ' that has a value',
      ]
    : [{ code: location || '(no location)' }];
  if (rule.selector === undefined) return where;
  return [{ code: rule.selector }, ' within each value of ', ...where];
}

const capitalized = (words: Words): Words => {
  const [first, ...rest] = words;
  return typeof first === 'string'
    ? [first.charAt(0).toUpperCase() + first.slice(1), ...rest]
    : words;
};

/** What a rule's `any`, `all` and `none` ask of the values, as clauses. */
function conditions(rule: Rule): Words[] {
  const out: Words[] = [];
  if (Array.isArray(rule.any) && rule.any.length > 0)
    out.push([
      'must include ',
      ...(rule.any.length === 1 ? [] : ['at least one of ']),
      ...listOf(rule.any),
    ]);
  if (Array.isArray(rule.all) && rule.all.length > 0)
    out.push(['may only be ', ...listOf(rule.all)]);
  if (Array.isArray(rule.none) && rule.none.length > 0)
    out.push(['must not include ', ...listOf(rule.none)]);
  return out;
}

const joined = (clauses: Words[]): Words =>
  clauses.flatMap((c, i) => [
    ...(i === 0 ? [] : [i === clauses.length - 1 ? ' and ' : ', ']),
    ...c,
  ]);

/** One rule as a sentence. */
export function ruleWords(rule: Rule): Words {
  const subject = place(rule);
  const clauses = conditions(rule);
  let sentence: Words;
  switch (rule.presence) {
    case 'included':
      sentence = [
        ...subject,
        ' is required',
        ...(clauses.length ? [' and ', ...joined(clauses)] : []),
      ];
      break;
    case 'excluded':
      sentence = [...subject, ' must not be present'];
      break;
    case 'recommended':
      sentence = [
        ...subject,
        ' is recommended',
        ...(clauses.length ? ['; when present, it ', ...joined(clauses)] : []),
      ];
      break;
    default:
      // Without presence the rule still needs a value for `any` and `all` (the pseudocode's
      // reading, which the validator follows).
      sentence = clauses.length
        ? [...subject, ' ', ...joined(clauses)]
        : [...subject, ' has no requirement'];
  }
  return [...capitalized(sentence), '.'];
}

/** The plain-text form of words, references as their IRIs (for tests and summaries). */
export function plainWords(words: Words): string {
  return words.map((s) => (typeof s === 'string' ? s : 'code' in s ? s.code : s.ref)).join('');
}

const CONTEXT_WORDS: Record<
  | 'contextParentActivityType'
  | 'contextGroupingActivityType'
  | 'contextCategoryActivityType'
  | 'contextOtherActivityType',
  string
> = {
  contextParentActivityType: 'parent',
  contextGroupingActivityType: 'grouping',
  contextCategoryActivityType: 'category',
  contextOtherActivityType: 'other',
};

/** The determining properties: which statements the template is about. */
export function determiningWords(t: StatementTemplate): Words[] {
  const out: Words[] = [];
  if (t.verb) out.push(['The verb is ', { ref: t.verb }, '.']);
  if (t.objectActivityType)
    out.push(['The object is an activity of type ', { ref: t.objectActivityType }, '.']);
  for (const key of Object.keys(CONTEXT_WORDS) as (keyof typeof CONTEXT_WORDS)[]) {
    const types = t[key];
    if (!Array.isArray(types) || types.length === 0) continue;
    out.push([
      `The context has ${CONTEXT_WORDS[key]} activities of ${types.length === 1 ? 'type' : 'each type'} `,
      ...listOf(types, 'and'),
      '.',
    ]);
  }
  if (Array.isArray(t.attachmentUsageType) && t.attachmentUsageType.length > 0)
    out.push([
      `The statement has attachments of ${t.attachmentUsageType.length === 1 ? 'usage type' : 'each usage type'} `,
      ...listOf(t.attachmentUsageType, 'and'),
      '.',
    ]);
  if (Array.isArray(t.objectStatementRefTemplate) && t.objectStatementRefTemplate.length > 0)
    out.push([
      'The object is a StatementRef to a statement matching ',
      ...listOf(t.objectStatementRefTemplate),
      '.',
    ]);
  if (Array.isArray(t.contextStatementRefTemplate) && t.contextStatementRefTemplate.length > 0)
    out.push([
      'The context’s statement is a StatementRef to a statement matching ',
      ...listOf(t.contextStatementRefTemplate),
      '.',
    ]);
  return out;
}
