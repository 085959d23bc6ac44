import type { JsonValue } from '../json.js';
import { isObject } from '../json.js';
import { parseSteps } from '../model/parse.js';
import { serialize } from '../model/serialize.js';
import type { LanguageMap, Profile } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { typeLabel } from './words.js';
import { runToEnd } from '../steps.js';
import type {
  ChangeCounts,
  ChangeImpact,
  ChangeSet,
  ChangeWarning,
  CompareOptions,
  FieldChange,
  ItemChange,
  ItemKind,
  VersionBump,
} from './types.js';

/** The order of strength: the strongest impact of a list of changes is the item's or the set's. */
const STRENGTH: Record<ChangeImpact, number> = { editorial: 0, additive: 1, breaking: 2 };

export function strongest(impacts: ChangeImpact[]): ChangeImpact | undefined {
  let best: ChangeImpact | undefined;
  for (const impact of impacts) if (!best || STRENGTH[impact] > STRENGTH[best]) best = impact;
  return best;
}

/** JSON text with object keys sorted: equal values give equal text whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** A label for messages: English first, then any language. */
export function labelOf(map: unknown, fallback: string): string {
  if (!isObject(map)) return fallback;
  for (const key of ['en', 'en-US', 'en-us', 'en-GB']) {
    const value = map[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  const first = Object.values(map).find((v) => typeof v === 'string' && v.trim());
  return typeof first === 'string' ? first : fallback;
}

const quote = (value: unknown) =>
  typeof value === 'string'
    ? `“${value.length > 80 ? value.slice(0, 77) + '…' : value}”`
    : canonical(value);

/**
 * Language maps: a language that appears is additive (a new translation), a text that changes or
 * a language that goes away is editorial.
 */
function compareLanguageMap(field: string, noun: string, a: unknown, b: unknown): FieldChange[] {
  const before = (isObject(a) ? a : {}) as LanguageMap;
  const after = (isObject(b) ? b : {}) as LanguageMap;
  const out: FieldChange[] = [];
  const languages = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const lang of languages) {
    const was = before[lang];
    const now = after[lang];
    if (was === now) continue;
    const path = `${field}.${lang}`;
    if (was === undefined)
      out.push({
        field: path,
        description: `Adds the ${noun} in “${lang}”.`,
        impact: 'additive',
        after: now ?? null,
      });
    else if (now === undefined)
      out.push({
        field: path,
        description: `Removes the ${noun} in “${lang}”.`,
        impact: 'editorial',
        before: was,
      });
    else
      out.push({
        field: path,
        description: `Changes the ${noun} in “${lang}”.`,
        impact: 'editorial',
        before: was,
        after: now,
      });
  }
  return out;
}

function asList(value: unknown): JsonValue[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as JsonValue[]) : [value as JsonValue];
}

/** Members of `b` not in `a`, and of `a` not in `b`, compared as JSON. */
function setDifference(a: unknown, b: unknown): { added: JsonValue[]; removed: JsonValue[] } {
  const before = asList(a);
  const after = asList(b);
  const keysBefore = new Set(before.map(canonical));
  const keysAfter = new Set(after.map(canonical));
  return {
    added: after.filter((v) => !keysBefore.has(canonical(v))),
    removed: before.filter((v) => !keysAfter.has(canonical(v))),
  };
}

const list = (values: JsonValue[]) => values.map(quote).join(', ');

/**
 * A list of IRIs read as a set (relations, recommended terms): each addition and removal is one
 * change with the impacts given.
 */
function compareSet(
  field: string,
  noun: string,
  a: unknown,
  b: unknown,
  impacts: { added: ChangeImpact; removed: ChangeImpact },
): FieldChange[] {
  const { added, removed } = setDifference(a, b);
  const out: FieldChange[] = [];
  if (added.length > 0)
    out.push({
      field,
      description: `Adds ${noun}: ${list(added)}.`,
      impact: impacts.added,
      after: added,
    });
  if (removed.length > 0)
    out.push({
      field,
      description: `Removes ${noun}: ${list(removed)}.`,
      impact: impacts.removed,
      before: removed,
    });
  return out;
}

/** One value replaced as a whole. */
function compareValue(
  field: string,
  noun: string,
  a: unknown,
  b: unknown,
  impact: ChangeImpact,
): FieldChange[] {
  if (same(a, b)) return [];
  const change: FieldChange = { field, description: '', impact };
  if (a !== undefined) change.before = a as JsonValue;
  if (b !== undefined) change.after = b as JsonValue;
  if (a === undefined) change.description = `Sets ${noun} to ${quote(b)}.`;
  else if (b === undefined) change.description = `Removes ${noun} (was ${quote(a)}).`;
  else change.description = `Changes ${noun} from ${quote(a)} to ${quote(b)}.`;
  return [change];
}

/** A JSON Schema may be given as a string or an object: the same schema either way is no change. */
function schemaValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Properties kept verbatim because the model does not know them: any change is reported, editorially. */
function compareExtra(a: unknown, b: unknown, prefix = ''): FieldChange[] {
  const before = isObject(a) ? a : {};
  const after = isObject(b) ? b : {};
  const out: FieldChange[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    out.push(
      ...compareValue(
        `${prefix}${key}`,
        `the property “${key}”`,
        before[key],
        after[key],
        'editorial',
      ),
    );
  }
  return out;
}

type Item = Record<string, unknown> & { id: string; type?: unknown };

const SEMANTIC = ['Verb', 'ActivityType', 'AttachmentUsageType'];
const EXTENSIONS = ['ContextExtension', 'ResultExtension', 'ActivityExtension'];
const DOCUMENTS = ['StateResource', 'AgentProfileResource', 'ActivityProfileResource'];
const RELATIONS = [
  'broader',
  'broadMatch',
  'narrower',
  'narrowMatch',
  'related',
  'relatedMatch',
  'exactMatch',
];

const labelChanges = (a: Item, b: Item) => [
  ...compareLanguageMap('prefLabel', 'label', a.prefLabel, b.prefLabel),
  ...compareLanguageMap('definition', 'definition', a.definition, b.definition),
];

function compareActivityDefinition(a: unknown, b: unknown): FieldChange[] {
  const before = (isObject(a) ? a : {}) as Record<string, unknown>;
  const after = (isObject(b) ? b : {}) as Record<string, unknown>;
  const p = 'activityDefinition.';
  const out = [
    ...compareLanguageMap(`${p}name`, 'activity name', before.name, after.name),
    ...compareLanguageMap(
      `${p}description`,
      'activity description',
      before.description,
      after.description,
    ),
    ...compareValue(`${p}type`, 'the activity type', before.type, after.type, 'breaking'),
    ...compareValue(
      `${p}moreInfo`,
      'the moreInfo link',
      before.moreInfo,
      after.moreInfo,
      'editorial',
    ),
    ...compareValue(
      `${p}interactionType`,
      'the interaction type',
      before.interactionType,
      after.interactionType,
      'breaking',
    ),
    ...compareValue(
      `${p}correctResponsesPattern`,
      'the correct responses pattern',
      before.correctResponsesPattern,
      after.correctResponsesPattern,
      'breaking',
    ),
    ...compareValue(
      `${p}@context`,
      'the activity’s JSON-LD context',
      before['@context'],
      after['@context'],
      'editorial',
    ),
    ...compareValue(
      `${p}extensions`,
      'the activity extensions',
      before.extensions,
      after.extensions,
      'breaking',
    ),
  ];
  for (const part of ['choices', 'scale', 'source', 'target', 'steps'])
    out.push(
      ...compareValue(
        `${p}${part}`,
        `the interaction ${part}`,
        before[part],
        after[part],
        'breaking',
      ),
    );
  out.push(...compareExtra(before.extra, after.extra, p));
  return out;
}

function compareConcept(a: Item, b: Item, warn: (message: string) => void): FieldChange[] {
  const out: FieldChange[] = [];
  if (a.type !== b.type) {
    // The values stay the type names; the sentences name the types in words.
    for (const change of compareValue('type', 'the concept type', a.type, b.type, 'breaking'))
      out.push({
        ...change,
        description: `Changes the concept type from ${quote(typeLabel(String(a.type)))} to ${quote(typeLabel(String(b.type)))}.`,
      });
    warn(
      `The concept changed type (${typeLabel(String(a.type))} → ${typeLabel(String(b.type))}) under the same IRI: an IRI names one concept, so a different kind of concept needs a new IRI (and the old one deprecated).`,
    );
  }
  out.push(...labelChanges(a, b));
  const type = String(b.type);
  if (SEMANTIC.includes(type) || SEMANTIC.includes(String(a.type))) {
    for (const relation of RELATIONS)
      out.push(
        ...compareSet(relation, `“${relation}” concepts`, a[relation], b[relation], {
          added: 'editorial',
          removed: 'editorial',
        }),
      );
  }
  if (EXTENSIONS.includes(type) || EXTENSIONS.includes(String(a.type))) {
    out.push(
      ...compareSet(
        'recommendedActivityTypes',
        'recommended activity types',
        a.recommendedActivityTypes,
        b.recommendedActivityTypes,
        {
          added: 'editorial',
          removed: 'editorial',
        },
      ),
      ...compareSet(
        'recommendedVerbs',
        'recommended verbs',
        a.recommendedVerbs,
        b.recommendedVerbs,
        {
          added: 'editorial',
          removed: 'editorial',
        },
      ),
    );
  }
  if (DOCUMENTS.includes(type) || DOCUMENTS.includes(String(a.type)))
    out.push(
      ...compareValue('contentType', 'the media type', a.contentType, b.contentType, 'breaking'),
    );
  out.push(
    ...compareValue('context', 'the JSON-LD context', a.context, b.context, 'editorial'),
    ...compareValue('schema', 'the schema IRI', a.schema, b.schema, 'breaking'),
  );
  const inlineBefore = schemaValue(a.inlineSchema);
  const inlineAfter = schemaValue(b.inlineSchema);
  if (!same(inlineBefore, inlineAfter)) {
    out.push({
      field: 'inlineSchema',
      description:
        a.inlineSchema === undefined
          ? 'Adds an inline JSON Schema.'
          : b.inlineSchema === undefined
            ? 'Removes the inline JSON Schema.'
            : 'Changes the inline JSON Schema.',
      // A schema appearing or changing can refuse values that were accepted; one removed cannot.
      impact: b.inlineSchema === undefined ? 'additive' : 'breaking',
      ...(a.inlineSchema === undefined ? {} : { before: a.inlineSchema as JsonValue }),
      ...(b.inlineSchema === undefined ? {} : { after: b.inlineSchema as JsonValue }),
    });
  }
  if (type === 'Activity' || a.type === 'Activity')
    out.push(...compareActivityDefinition(a.activityDefinition, b.activityDefinition));
  out.push(...compareExtra(a.extra, b.extra));
  return out;
}

/* ---------- templates ---------- */

const DETERMINING = [
  'verb',
  'objectActivityType',
  'contextGroupingActivityType',
  'contextParentActivityType',
  'contextOtherActivityType',
  'contextCategoryActivityType',
  'attachmentUsageType',
];
const REFERENCES = ['objectStatementRefTemplate', 'contextStatementRefTemplate'];

type RuleObject = Record<string, unknown>;

/** Rules keyed by location; a second rule on the same location gets `#2`, and so on. */
function rulesByLocation(rules: unknown): Map<string, RuleObject> {
  const out = new Map<string, RuleObject>();
  if (!Array.isArray(rules)) return out;
  for (const rule of rules) {
    if (!isObject(rule) || isUnrecognized(rule)) continue;
    const location = typeof rule.location === 'string' ? rule.location : '(no location)';
    let key = location;
    for (let n = 2; out.has(key); n += 1) key = `${location}#${n}`;
    out.set(key, rule);
  }
  return out;
}

const isRequired = (presence: unknown) => presence === 'included' || presence === 'excluded';

function describeRule(rule: RuleObject): string {
  const parts: string[] = [];
  if (typeof rule.presence === 'string') parts.push(`presence ${rule.presence}`);
  for (const key of ['any', 'all', 'none'])
    if (Array.isArray(rule[key])) parts.push(`${key} of ${list(rule[key] as JsonValue[])}`);
  if (typeof rule.selector === 'string') parts.push(`selector ${rule.selector}`);
  return parts.length > 0 ? parts.join(', ') : 'no constraint';
}

/** A rule that appears: it constrains statements unless it only recommends or explains. */
function addedRule(key: string, rule: RuleObject): FieldChange {
  const constrains =
    isRequired(rule.presence) || ['any', 'all', 'none'].some((k) => Array.isArray(rule[k]));
  return {
    field: `rules[${key}]`,
    description: `Adds a rule on ${key}: ${describeRule(rule)}.`,
    impact: constrains ? 'breaking' : 'additive',
    after: rule as JsonValue,
  };
}

const presenceName = (p: unknown) => (typeof p === 'string' ? p : '(none)');

function comparePresence(field: string, key: string, a: unknown, b: unknown): FieldChange[] {
  if (a === b) return [];
  // Tighter when a value becomes required or forbidden, or flips between the two.
  const impact: ChangeImpact = isRequired(b) ? 'breaking' : 'additive';
  return [
    {
      field,
      description: `Changes the presence on ${key} from ${presenceName(a)} to ${presenceName(b)}.`,
      impact,
      ...(a === undefined ? {} : { before: a as JsonValue }),
      ...(b === undefined ? {} : { after: b as JsonValue }),
    },
  ];
}

/**
 * `any` and `all` list allowed values: a list appearing or a value leaving tightens, a value
 * joining or the list going away loosens. `none` lists forbidden values: the other way round.
 */
function compareValueList(
  field: string,
  key: string,
  which: 'any' | 'all' | 'none',
  a: unknown,
  b: unknown,
): FieldChange[] {
  if (same(a, b)) return [];
  const allowList = which !== 'none';
  if (a === undefined)
    return [
      {
        field,
        description: `Adds “${which}” on ${key}: ${list(asList(b))}.`,
        impact: 'breaking',
        after: b as JsonValue,
      },
    ];
  if (b === undefined)
    return [
      {
        field,
        description: `Removes “${which}” on ${key} (was ${list(asList(a))}).`,
        impact: 'additive',
        before: a as JsonValue,
      },
    ];
  const { added, removed } = setDifference(a, b);
  const out: FieldChange[] = [];
  if (added.length > 0)
    out.push({
      field,
      description: `Adds to “${which}” on ${key}: ${list(added)}.`,
      impact: allowList ? 'additive' : 'breaking',
      after: added,
    });
  if (removed.length > 0)
    out.push({
      field,
      description: `Removes from “${which}” on ${key}: ${list(removed)}.`,
      impact: allowList ? 'breaking' : 'additive',
      before: removed,
    });
  return out;
}

function compareRules(a: unknown, b: unknown): FieldChange[] {
  const before = rulesByLocation(a);
  const after = rulesByLocation(b);
  const out: FieldChange[] = [];
  for (const [key, rule] of after) {
    const old = before.get(key);
    if (!old) {
      out.push(addedRule(key, rule));
      continue;
    }
    const f = `rules[${key}]`;
    out.push(
      ...compareValue(
        `${f}.selector`,
        `the selector on ${key}`,
        old.selector,
        rule.selector,
        'breaking',
      ),
      ...comparePresence(`${f}.presence`, key, old.presence, rule.presence),
      ...compareValueList(`${f}.any`, key, 'any', old.any, rule.any),
      ...compareValueList(`${f}.all`, key, 'all', old.all, rule.all),
      ...compareValueList(`${f}.none`, key, 'none', old.none, rule.none),
      ...compareLanguageMap(
        `${f}.scopeNote`,
        `scope note on ${key}`,
        old.scopeNote,
        rule.scopeNote,
      ),
      ...compareExtra(old.extra, rule.extra, `${f}.`),
    );
  }
  for (const [key, rule] of before) {
    if (after.has(key)) continue;
    out.push({
      field: `rules[${key}]`,
      description: `Removes the rule on ${key} (${describeRule(rule)}).`,
      impact: 'additive',
      before: rule as JsonValue,
    });
  }
  return out;
}

function compareTemplate(a: Item, b: Item, warn: (message: string) => void): FieldChange[] {
  const out: FieldChange[] = [...labelChanges(a, b)];
  const determining: string[] = [];
  for (const field of DETERMINING) {
    const changes =
      field === 'verb' || field === 'objectActivityType'
        ? compareValue(field, `the determining property ${field}`, a[field], b[field], 'breaking')
        : compareSet(field, `${field} (determining)`, a[field], b[field], {
            added: 'breaking',
            removed: 'breaking',
          });
    if (changes.length > 0) determining.push(field);
    out.push(...changes);
  }
  if (determining.length > 0)
    warn(
      `The determining properties changed in place (${determining.join(', ')}): statements are matched to this template by them, so the same IRI now names a different template. The specification expects a new template IRI, with this one deprecated.`,
    );
  for (const field of REFERENCES) {
    if (same(a[field], b[field])) continue;
    if (a[field] === undefined)
      out.push({
        field,
        description: `Adds ${field}: ${list(asList(b[field]))}.`,
        impact: 'breaking',
        after: b[field] as JsonValue,
      });
    else if (b[field] === undefined)
      out.push({
        field,
        description: `Removes ${field} (was ${list(asList(a[field]))}).`,
        impact: 'additive',
        before: a[field] as JsonValue,
      });
    else
      out.push(
        ...compareSet(field, `templates in ${field}`, a[field], b[field], {
          added: 'additive',
          removed: 'breaking',
        }),
      );
  }
  out.push(...compareRules(a.rules, b.rules), ...compareExtra(a.extra, b.extra));
  return out;
}

/* ---------- patterns ---------- */

const PATTERN_KINDS = ['alternates', 'optional', 'oneOrMore', 'sequence', 'zeroOrMore'] as const;

function patternKind(pattern: Item): string {
  return PATTERN_KINDS.filter((k) => pattern[k] !== undefined).join('+') || '(none)';
}

function comparePattern(a: Item, b: Item, warn: (message: string) => void): FieldChange[] {
  const out: FieldChange[] = [...labelChanges(a, b)];
  if ((a.primary === true) !== (b.primary === true))
    out.push({
      field: 'primary',
      description:
        b.primary === true
          ? 'Makes the pattern primary: statements of the profile must now follow it.'
          : 'Makes the pattern no longer primary.',
      impact: b.primary === true ? 'breaking' : 'additive',
      before: a.primary === true,
      after: b.primary === true,
    });
  const kindBefore = patternKind(a);
  const kindAfter = patternKind(b);
  if (kindBefore !== kindAfter) {
    out.push({
      field: 'kind',
      description: `Changes the pattern from ${kindBefore} to ${kindAfter}.`,
      impact: 'breaking',
      before: kindBefore,
      after: kindAfter,
    });
    warn(
      `The pattern changed kind (${kindBefore} → ${kindAfter}) under the same IRI: a pattern with a different structure is a different pattern and needs a new IRI.`,
    );
    for (const kind of PATTERN_KINDS)
      out.push(...compareValue(kind, `the ${kind} components`, a[kind], b[kind], 'breaking'));
  } else if (kindAfter === 'sequence') {
    if (!same(a.sequence, b.sequence)) {
      const { added, removed } = setDifference(a.sequence, b.sequence);
      const reordered = added.length === 0 && removed.length === 0;
      out.push({
        field: 'sequence',
        description: reordered
          ? 'Changes the order of the sequence.'
          : `Changes the sequence${added.length ? `, adding ${list(added)}` : ''}${removed.length ? `, removing ${list(removed)}` : ''}.`,
        impact: 'breaking',
        before: a.sequence as JsonValue,
        after: b.sequence as JsonValue,
      });
    }
  } else if (kindAfter === 'alternates') {
    out.push(
      ...compareSet('alternates', 'alternatives', a.alternates, b.alternates, {
        added: 'additive',
        removed: 'breaking',
      }),
    );
  } else {
    for (const kind of ['optional', 'oneOrMore', 'zeroOrMore'])
      out.push(...compareValue(kind, `the ${kind} component`, a[kind], b[kind], 'breaking'));
  }
  out.push(...compareExtra(a.extra, b.extra));
  return out;
}

/* ---------- items ---------- */

function itemsOf(model: Profile, kind: ItemKind): Item[] {
  const members =
    (kind === 'concept'
      ? model.concepts
      : kind === 'template'
        ? model.templates
        : model.patterns) ?? [];
  const out: Item[] = [];
  for (const member of members) {
    if (!isObject(member) || isUnrecognized(member)) continue;
    const item = member as unknown as Item;
    if (typeof item.id === 'string' && item.id !== '') out.push(item);
  }
  return out;
}

function itemLabel(item: Item): string {
  const definition = isObject(item.activityDefinition) ? item.activityDefinition : undefined;
  return labelOf(item.prefLabel ?? definition?.name, item.id);
}

function itemType(item: Item, kind: ItemKind): string {
  if (kind === 'template') return 'StatementTemplate';
  if (kind === 'pattern') return 'Pattern';
  return typeof item.type === 'string' ? item.type : 'Concept';
}

/** The content of an item apart from its IRI and scheme: equal signatures mean a likely rename. */
function signature(item: Item, kind: ItemKind): string {
  const key = kind === 'concept' ? 'concepts' : kind === 'template' ? 'templates' : 'patterns';
  const written = serialize({ [key]: [item] })[key];
  const json = Array.isArray(written) && isObject(written[0]) ? { ...written[0] } : {};
  delete json.id;
  delete json.inScheme;
  return canonical(json);
}

function* compareKind(
  kind: ItemKind,
  older: Profile,
  newer: Profile,
  warnings: ChangeWarning[],
  published?: ReadonlySet<string>,
): Generator<void, ItemChange[], void> {
  const before = new Map(itemsOf(older, kind).map((i) => [i.id, i]));
  const after = new Map(itemsOf(newer, kind).map((i) => [i.id, i]));
  const out: ItemChange[] = [];
  const compare =
    kind === 'concept' ? compareConcept : kind === 'template' ? compareTemplate : comparePattern;

  const removed = [...before.values()].filter((i) => !after.has(i.id));
  const added = [...after.values()].filter((i) => !before.has(i.id));
  // A removed item whose whole content reappears under a new IRI most likely moved there.
  const renamedFrom = new Map<string, Item>();
  const removedBySignature = new Map<string, Item[]>();
  for (const item of removed) {
    const key = signature(item, kind);
    removedBySignature.set(key, [...(removedBySignature.get(key) ?? []), item]);
  }
  for (const item of added) {
    const candidates = removedBySignature.get(signature(item, kind));
    const match = candidates?.shift();
    if (match) renamedFrom.set(item.id, match);
  }
  const renamedIds = new Set([...renamedFrom.values()].map((i) => i.id));

  for (const item of after.values()) {
    // Gives way before each item (see compareVersionsSteps).
    yield;
    const old = before.get(item.id);
    const base = { kind, id: item.id, type: itemType(item, kind), label: itemLabel(item) };
    if (!old) {
      const previous = renamedFrom.get(item.id);
      if (previous) {
        out.push({
          ...base,
          previousId: previous.id,
          change: 'renamed',
          impact: 'breaking',
          fields: [
            {
              field: 'id',
              description: `Moves to a new IRI with the same content (was ${previous.id}).`,
              impact: 'breaking',
              before: previous.id,
              after: item.id,
            },
          ],
        });
        if (previous.deprecated !== true)
          warnings.push({
            id: previous.id,
            message: `${previous.id} moved to ${item.id}: statements using the old IRI no longer match. The specification expects the old ${kind} to stay, deprecated, with the new one as its replacement.`,
          });
      } else {
        out.push({
          ...base,
          change: 'added',
          impact: 'additive',
          fields: [],
        });
      }
      continue;
    }
    const itemWarnings: string[] = [];
    const fields = compare(old, item, (message) => itemWarnings.push(message));
    for (const message of itemWarnings) warnings.push({ id: item.id, message });
    const wasDeprecated = old.deprecated === true;
    const isDeprecated = item.deprecated === true;
    if (wasDeprecated !== isDeprecated) {
      out.push({
        ...base,
        change: isDeprecated ? 'deprecated' : 'undeprecated',
        impact: strongest(['additive', ...fields.map((f) => f.impact)]) ?? 'additive',
        fields: [
          {
            field: 'deprecated',
            description: isDeprecated ? 'Deprecates the item.' : 'Withdraws the deprecation.',
            impact: 'additive',
            before: wasDeprecated,
            after: isDeprecated,
          },
          ...fields,
        ],
      });
    } else if (fields.length > 0) {
      out.push({
        ...base,
        change: 'changed',
        impact: strongest(fields.map((f) => f.impact)) ?? 'editorial',
        fields,
      });
    }
  }
  for (const item of removed) {
    if (renamedIds.has(item.id)) continue;
    // An item no published version carried was never in anyone's hands: taking it out of a
    // draft breaks nothing, and there was nothing to deprecate first.
    const unpublished = published !== undefined && !published.has(item.id);
    out.push({
      kind,
      id: item.id,
      type: itemType(item, kind),
      label: itemLabel(item),
      change: 'removed',
      impact: unpublished ? 'editorial' : 'breaking',
      fields: [],
    });
    if (item.deprecated !== true && !unpublished)
      warnings.push({
        id: item.id,
        message: `${item.id} was removed without being deprecated first: the specification expects a ${kind} to be deprecated in one version (with its replacements named) before it goes.`,
      });
  }
  return out;
}

function compareProfile(older: Profile, newer: Profile, warnings: ChangeWarning[]): FieldChange[] {
  const out: FieldChange[] = [
    ...compareLanguageMap('prefLabel', 'name', older.prefLabel, newer.prefLabel),
    ...compareLanguageMap('definition', 'definition', older.definition, newer.definition),
    ...compareValue('seeAlso', 'the “see also” link', older.seeAlso, newer.seeAlso, 'editorial'),
  ];
  const authorBefore = (older.author ?? {}) as Record<string, unknown>;
  const authorAfter = (newer.author ?? {}) as Record<string, unknown>;
  for (const key of ['type', 'name', 'url'])
    out.push(
      ...compareValue(
        `author.${key}`,
        `the author’s ${key}`,
        authorBefore[key],
        authorAfter[key],
        'editorial',
      ),
    );
  // Custom properties of the profile itself, as of its items: a line each that changed.
  out.push(...compareExtra(older.extra, newer.extra));
  if (older.id !== undefined && newer.id !== undefined && older.id !== newer.id) {
    out.push(...compareValue('id', 'the profile IRI', older.id, newer.id, 'breaking'));
    warnings.push({
      id: newer.id,
      message: `The profile IRI changed (${older.id} → ${newer.id}): versions of one profile share its IRI; a different IRI is a different profile.`,
    });
  }
  return out;
}

/* ---------- versions ---------- */

/** The version IRI of a document: its first `versions` entry (the newest, by convention). */
function versionIri(model: Profile): string | null {
  const first = model.versions?.find((v) => isObject(v) && !isUnrecognized(v));
  const id = first && 'id' in first ? first.id : undefined;
  return typeof id === 'string' ? id : null;
}

/**
 * Reads `1`, `1.2` or `1.2.3` (an optional leading `v`) as the whole last segment of a label or
 * IRI (`…/v1.0.2`, `…/v/3`, `…#2.1`); digits inside a word (`…/profile2024`) are no version.
 */
export function readVersionNumber(
  text: string | null | undefined,
): [number, number, number] | null {
  if (!text) return null;
  const match = /(?:^|[/#:=_-])v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\/?$/i.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * The next number in the MODEL.REVISION.ADDITION scheme: MODEL when a producer must change,
 * REVISION when existing items or the profile's own description changed without breaking,
 * ADDITION when the only changes are new items.
 */
export function suggestVersion(
  from: string | null,
  items: ItemChange[],
  profile: FieldChange[],
): VersionBump {
  const number = readVersionNumber(from);
  const read = number ? number.join('.') : null;
  const breaking =
    items.some((i) => i.impact === 'breaking') || profile.some((f) => f.impact === 'breaking');
  const revision = profile.length > 0 || items.some((i) => i.change !== 'added');
  const addition = items.length > 0;
  const part = breaking ? 'MODEL' : revision ? 'REVISION' : addition ? 'ADDITION' : 'NONE';
  const reason = {
    MODEL: 'Some changes can make statements that were valid invalid (breaking).',
    REVISION: 'Existing items or the profile’s description changed without breaking statements.',
    ADDITION: 'The only changes are new items.',
    NONE: 'The two versions have the same content.',
  }[part];
  if (!number) return { from: read, part, next: null, reason };
  const [m, r, a] = number;
  const next =
    part === 'MODEL'
      ? [m + 1, 0, 0]
      : part === 'REVISION'
        ? [m, r + 1, 0]
        : part === 'ADDITION'
          ? [m, r, a + 1]
          : [m, r, a];
  return { from: read, part, next: next.join('.'), reason };
}

function emptyCounts(): ChangeCounts {
  return { added: 0, removed: 0, renamed: 0, deprecated: 0, undeprecated: 0, changed: 0 };
}

function* modelOf(input: unknown, which: string): Generator<void, Profile, void> {
  const { model } = yield* parseSteps(input);
  if (!model)
    throw new TypeError(`The ${which} version is not a profile document (a JSON object).`);
  return model;
}

/**
 * Compares two versions of a profile document (JSON text, parsed JSON or anything `parse`
 * accepts). Items are matched by IRI; an item that left one IRI and appeared, with the same
 * content, under another is reported once as a likely rename.
 */
export function compareVersions(
  older: unknown,
  newer: unknown,
  options: CompareOptions = {},
): ChangeSet {
  return runToEnd(compareVersionsSteps(older, newer, options));
}

/**
 * compareVersions() one step at a time: it gives way while reading each document (see
 * parseSteps) and before each item, so a caller serving others meanwhile can run it in slices (two versions of a
 * thousand items take a hundred milliseconds and more to compare).
 */
export function* compareVersionsSteps(
  older: unknown,
  newer: unknown,
  options: CompareOptions = {},
): Generator<void, ChangeSet, void> {
  const a = yield* modelOf(older, 'older');
  yield;
  const b = yield* modelOf(newer, 'newer');
  yield;
  const warnings: ChangeWarning[] = [];
  const profile = compareProfile(a, b, warnings);
  const items = [
    ...(yield* compareKind('concept', a, b, warnings, options.published)),
    ...(yield* compareKind('template', a, b, warnings, options.published)),
    ...(yield* compareKind('pattern', a, b, warnings, options.published)),
  ];
  const counts: ChangeSet['counts'] = {
    byImpact: { breaking: 0, additive: 0, editorial: 0 },
    concept: emptyCounts(),
    template: emptyCounts(),
    pattern: emptyCounts(),
  };
  for (const item of items) {
    counts[item.kind][item.change] += 1;
    counts.byImpact[item.impact] += 1;
  }
  for (const field of profile) counts.byImpact[field.impact] += 1;
  const fromIri = versionIri(a);
  const toIri = versionIri(b);
  const fromVersion =
    options.fromVersion ??
    (readVersionNumber(fromIri) ? readVersionNumber(fromIri)!.join('.') : null);
  const toVersion =
    options.toVersion ?? (readVersionNumber(toIri) ? readVersionNumber(toIri)!.join('.') : null);
  return {
    from: { id: fromIri, version: fromVersion, label: labelOf(a.prefLabel, a.id ?? 'Profile') },
    to: { id: toIri, version: toVersion, label: labelOf(b.prefLabel, b.id ?? 'Profile') },
    impact: strongest([...items.map((i) => i.impact), ...profile.map((f) => f.impact)]) ?? 'none',
    profile,
    items,
    counts,
    suggestedVersion: suggestVersion(fromVersion, items, profile),
    warnings,
  };
}

/**
 * Compares two revisions of one item (each in the form a profile document carries it) with the
 * same rules as `compareVersions`: what an item's history shows between one save and the next.
 * Answers null when they say the same (apart from the version that carries them, `inScheme`).
 */
export function compareItems(kind: ItemKind, older: unknown, newer: unknown): ItemChange | null {
  const key = kind === 'concept' ? 'concepts' : kind === 'template' ? 'templates' : 'patterns';
  const a = runToEnd(modelOf({ [key]: [older] }, 'older'));
  const b = runToEnd(modelOf({ [key]: [newer] }, 'newer'));
  const changes = runToEnd(compareKind(kind, a, b, []));
  return changes.find((change) => change.change !== 'removed') ?? null;
}
