import { ACTIVITY_CONTEXT_IRI } from '../contexts/activity-context.js';
import {
  PROFILE_CONTEXT_IRI,
  profileContextTerms,
  setContainerTerms,
} from '../contexts/profile-context.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { ObjectKind } from '../model/fields.js';
import { conceptKind, fieldsOf } from '../model/fields.js';
import type { ValidationContext } from './context.js';

/** Terms added by inline `@context` objects next to the profile context, and whether they expand. */
interface ExtraTerms {
  terms: Map<string, boolean>;
  /** Some other context is referenced by IRI, so unknown words might be defined there. */
  opaque: boolean;
}

function extraTerms(context: JsonValue | undefined): ExtraTerms {
  const out: ExtraTerms = { terms: new Map(), opaque: false };
  const list = Array.isArray(context) ? context : context === undefined ? [] : [context];
  for (const item of list) {
    if (typeof item === 'string') {
      if (item !== PROFILE_CONTEXT_IRI && item !== ACTIVITY_CONTEXT_IRI) out.opaque = true;
    } else if (isObject(item)) {
      for (const [term, def] of Object.entries(item)) {
        const target = isObject(def) ? def['@id'] : def;
        out.terms.set(term, typeof target === 'string' && target.includes(':'));
      }
    }
  }
  return out;
}

const allConceptKeys = new Set(
  (['semanticConcept', 'extension', 'documentResource', 'activity'] as const).flatMap((k) =>
    Object.keys(fieldsOf[k]),
  ),
);

const keysOf = Object.fromEntries(
  Object.entries(fieldsOf).map(([kind, fields]) => [kind, new Set(Object.keys(fields))]),
) as Record<ObjectKind, Set<string>>;

const kindNames: Record<ObjectKind, string> = {
  profile: 'a Profile',
  version: 'a Profile version',
  author: 'an author',
  semanticConcept: 'this concept type',
  extension: 'an extension',
  documentResource: 'a document resource',
  activity: 'an Activity concept',
  activityDefinition: 'an activity definition',
  component: 'an interaction component',
  template: 'a Statement Template',
  rule: 'a rule',
  pattern: 'a Pattern',
};

/** A2–A4: the JSON is in compacted form and every property expands to an IRI. */
export function checkDocumentForm(ctx: ValidationContext): void {
  const extra = extraTerms(ctx.doc['@context']);
  checkKeys(ctx, ctx.doc, 'profile', '', extra);
  const nested: [string, ObjectKind | 'concept'][] = [
    ['versions', 'version'],
    ['concepts', 'concept'],
    ['templates', 'template'],
    ['patterns', 'pattern'],
  ];
  if (isObject(ctx.doc.author)) checkKeys(ctx, ctx.doc.author, 'author', '/author', extra);
  for (const [key, of] of nested) {
    const list = ctx.doc[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (!isObject(item)) return;
      const path = pointer('', key, i);
      const kind = of === 'concept' ? conceptKind(item.type) : of;
      checkKeys(ctx, item, kind, path, extra);
      if (kind === 'template' && Array.isArray(item.rules)) {
        item.rules.forEach((rule, r) => {
          if (isObject(rule)) checkKeys(ctx, rule, 'rule', pointer(path, 'rules', r), extra);
        });
      }
    });
  }
}

function checkKeys(
  ctx: ValidationContext,
  obj: JsonObject,
  kind: ObjectKind | undefined,
  path: string,
  extra: ExtraTerms,
): void {
  const allowed = kind === undefined ? allConceptKeys : keysOf[kind];
  for (const key in obj) {
    if (key === '@id' || key === '@type') {
      const alias = key.slice(1);
      ctx.error(
        'A2',
        pointer(path, key),
        `Use "${alias}" instead of "${key}": profiles are written in compacted form, where the context aliases "${alias}" to "${key}".`,
      );
      continue;
    }
    if (allowed.has(key)) {
      const value = obj[key];
      if (setContainerTerms.has(key) && !Array.isArray(value) && value !== null) {
        ctx.error(
          'A2',
          pointer(path, key),
          `"${key}" is a set in the profile context, so compaction always writes it as an array: wrap the value in [ ].`,
        );
      }
      continue;
    }
    // `id` and `type` alias JSON-LD keywords, which may appear wherever JSON-LD allows (A6).
    if (key.startsWith('@') || key.includes(':') || key === 'id' || key === 'type') continue;
    const at = pointer(path, key);
    const defined = extra.terms.get(key);
    if (defined === true) continue;
    if (defined === false) {
      ctx.error(
        'A3',
        at,
        `"${key}" is defined by this document's @context, but not as an absolute or compact IRI, so it does not expand.`,
      );
      continue;
    }
    if (profileContextTerms.has(key)) {
      ctx.warning(
        'A4',
        at,
        `"${key}" is not a property of ${kind === undefined ? 'a concept' : kindNames[kind]} in the specification; remove it or use a compact or absolute IRI for custom data.`,
      );
      continue;
    }
    const message = `"${key}" is not a property the specification defines. Custom properties must be compact IRIs (prefix:name) or absolute IRIs; check the spelling if you meant a standard property.`;
    if (extra.opaque) {
      ctx.warning(
        'A4',
        at,
        message +
          ' It may be defined in another @context of this document, which cannot be checked offline.',
      );
    } else ctx.error('A4', at, message);
  }
}

/**
 * A5: no null, empty string, empty array or empty object anywhere in the document. Recursion is
 * safe because loadJson() bounds the depth; keys are kept on one shared stack and turned into a
 * JSON Pointer only when something is reported, which keeps large documents cheap to walk. It
 * yields after each member of a top-level list, so a large document is checked in slices.
 */
export function* checkNoEmptyValues(ctx: ValidationContext): Generator<void, void, void> {
  const keys: (string | number)[] = [];
  const report = (message: string) => ctx.error('A5', pointer('', ...keys), message);
  const visit = (value: JsonValue): void => {
    if (value === null) report('Values must not be null; remove the property instead.');
    else if (value === '')
      report('Values must not be empty strings; fill it in or remove the property.');
    else if (Array.isArray(value)) {
      if (value.length === 0) report('Arrays must not be empty; remove the property instead.');
      for (let i = 0; i < value.length; i++) {
        keys.push(i);
        visit(value[i]!);
        keys.pop();
      }
    } else if (typeof value === 'object') {
      let empty = true;
      for (const key in value) {
        empty = false;
        keys.push(key);
        visit(value[key]!);
        keys.pop();
      }
      if (empty && keys.length > 0)
        report('Objects must not be empty; remove the property instead.');
    }
  };
  // The document itself is an object (validate checked) that is never reported empty; its
  // top-level lists (concepts, templates, patterns) are walked a member a step.
  for (const key in ctx.doc) {
    keys.push(key);
    const value = ctx.doc[key]!;
    if (Array.isArray(value) && value.length > 0) {
      for (let i = 0; i < value.length; i++) {
        keys.push(i);
        visit(value[i]!);
        keys.pop();
        yield;
      }
    } else visit(value);
    keys.pop();
  }
}
