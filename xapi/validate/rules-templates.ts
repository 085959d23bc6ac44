import { PROFILE_CONTEXT_IRI } from '../contexts/profile-context.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject, typeName, jsonEqual, withArticle } from '../json.js';
import { parseJsonPath } from '../jsonpath.js';
import type { Entry, ValidationContext } from './context.js';
import {
  IriRef,
  checkIri,
  checkIriArray,
  checkLanguageMap,
  has,
  languageMapProblems,
} from './context.js';

/** Determining properties (§8) and the concept type each must name. */
export const determiningProperties: Record<
  string,
  'Verb' | 'ActivityType' | 'AttachmentUsageType'
> = {
  verb: 'Verb',
  objectActivityType: 'ActivityType',
  contextGroupingActivityType: 'ActivityType',
  contextParentActivityType: 'ActivityType',
  contextOtherActivityType: 'ActivityType',
  contextCategoryActivityType: 'ActivityType',
  attachmentUsageType: 'AttachmentUsageType',
};
const singleValued = new Set(['verb', 'objectActivityType']);

/** I1–I6 and, for each rule, J1–J8. */
export function checkTemplates(ctx: ValidationContext): void {
  const steps = templateSteps(ctx);
  while (!steps.next().done) continue;
}

/** checkTemplates, giving way after each template (see validateSteps). */
export function* templateSteps(ctx: ValidationContext): Generator<void, void, void> {
  const list = ctx.doc.templates;
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (!isObject(item)) {
      ctx.error(
        'I1',
        pointer('', 'templates', i),
        `Each Statement Template must be an object, but this is ${describe(item)}.`,
      );
    }
  });
  for (const entry of ctx.templates) {
    checkTemplate(ctx, entry);
    yield;
  }
}

function checkTemplate(ctx: ValidationContext, entry: Entry): void {
  const { value: t, path } = entry;
  checkIri(ctx, t, 'id', path, 'I1', 'the IRI of this Statement Template', true);
  if (t.type !== 'StatementTemplate') {
    ctx.error(
      'I1',
      has(t, 'type') ? pointer(path, 'type') : path,
      `A Statement Template's "type" must be "StatementTemplate" (exact case), but it is ${describe(t.type)}.`,
    );
  }
  checkIri(ctx, t, 'inScheme', path, 'I1', 'the IRI of the profile version being described', true);
  checkLanguageMap(ctx, t, 'prefLabel', path, 'I1', true);
  checkLanguageMap(ctx, t, 'definition', path, 'I1', true);
  if (has(t, 'deprecated') && typeof t.deprecated !== 'boolean') {
    ctx.error(
      'D4',
      pointer(path, 'deprecated'),
      `"deprecated" must be true or false, but it is ${describe(t.deprecated)}.`,
    );
  }
  for (const [key, type] of Object.entries(determiningProperties)) {
    const refs = singleValued.has(key)
      ? [checkIri(ctx, t, key, path, 'I2', `${withArticle(type)} IRI`, false)]
          .filter((x): x is string => x !== undefined)
          .map((iri) => new IriRef(iri, pointer(path, key)))
      : checkIriArray(ctx, t, key, path, 'I2', `${type} IRIs`);
    for (const ref of refs) checkDetermining(ctx, ref, key, type);
  }
  if (has(t, 'objectStatementRefTemplate') && has(t, 'objectActivityType')) {
    ctx.error(
      'I3',
      path,
      'A template cannot have both "objectStatementRefTemplate" and "objectActivityType": the object is either a StatementRef or an Activity.',
    );
  }
  for (const key of ['objectStatementRefTemplate', 'contextStatementRefTemplate']) {
    for (const ref of checkIriArray(ctx, t, key, path, 'I4', 'Statement Template IRIs')) {
      const target = ctx.byId.get(ref.iri);
      if (!target || target.kind !== 'template') {
        ctx.error(
          'I4',
          ref.path,
          `"${key}" must list Statement Templates of this profile version, but "${ref.iri}" is not one.`,
        );
      } else {
        const other = ctx.otherVersionOf(t, ref.iri);
        if (other !== undefined) {
          ctx.error(
            'I4',
            ref.path,
            `"${key}" must list Statement Templates from this profile version (${JSON.stringify(t.inScheme)}), but "${ref.iri}" is only in version "${other}" of this document.`,
          );
        }
      }
    }
  }
  checkRules(ctx, t, path);
  checkTemplateIdStable(ctx, t, path);
}

function checkDetermining(ctx: ValidationContext, ref: IriRef, key: string, type: string): void {
  const found = ctx.resolve(ref.iri);
  if (!found) {
    ctx.warning(
      'I5',
      ref.path,
      `"${key}" names "${ref.iri}", which neither this profile nor any known profile defines as ${withArticle(type)}; check the IRI, or load the profile that defines it.`,
    );
    return;
  }
  const actual = 'local' in found ? found.local.type : found.known.type;
  if (actual !== type) {
    ctx.error(
      'I5',
      ref.path,
      `"${key}" must name ${withArticle(type)}, but "${ref.iri}" is defined as ${withArticle(typeName(actual))}.`,
    );
  }
}

function checkRules(ctx: ValidationContext, t: JsonObject, path: string): void {
  if (!has(t, 'rules')) return;
  const rules = t.rules;
  if (!Array.isArray(rules)) {
    ctx.error(
      'A2',
      pointer(path, 'rules'),
      `"rules" must be an array of rule objects, but it is ${describe(rules)}.`,
    );
    return;
  }
  const extraContext = hasExtraContext(ctx.doc['@context']);
  rules.forEach((rule, i) => {
    const rp = pointer(path, 'rules', i);
    if (!isObject(rule)) {
      ctx.error(
        'J1',
        rp,
        `Each rule must be an object with a "location", but this is ${describe(rule)}.`,
      );
      return;
    }
    if (!has(rule, 'location')) {
      ctx.error(
        'J1',
        rp,
        'Missing "location": a rule needs a JSONPath such as "$.result.score.scaled".',
      );
    } else {
      checkPath(ctx, rule.location, pointer(rp, 'location'), 'J1', 'location');
    }
    if (has(rule, 'selector'))
      checkPath(ctx, rule.selector, pointer(rp, 'selector'), 'J2', 'selector');
    const present = ['presence', 'any', 'all', 'none'].filter((k) => has(rule, k));
    if (present.length === 0) {
      ctx.error(
        'J3',
        rp,
        'A rule must include at least one of "presence", "any", "all" or "none".',
      );
    } else if (!has(rule, 'presence') && ctx.mode === 'authoring') {
      ctx.warning(
        'J3',
        rp,
        'This rule has no "presence": it is then evaluated strictly, so a statement without values at the location fails it. Add "presence": "recommended" if the values are optional.',
      );
    }
    if (
      has(rule, 'presence') &&
      !['included', 'excluded', 'recommended'].includes(rule.presence as string)
    ) {
      ctx.error(
        'J4',
        pointer(rp, 'presence'),
        `"presence" must be "included", "excluded" or "recommended", but it is ${describe(rule.presence)}.`,
      );
    }
    for (const key of ['any', 'all', 'none']) {
      if (!has(rule, key)) continue;
      const values = rule[key];
      if (!Array.isArray(values) || values.length === 0) {
        ctx.error(
          'J5',
          pointer(rp, key),
          `"${key}" must be a non-empty array of values, but it is ${describe(values)}${typeof values === 'string' ? `; write [${JSON.stringify(values)}]` : ''}.`,
        );
        continue;
      }
      if (!extraContext && values.some((v) => isObject(v) || Array.isArray(v))) {
        ctx.error(
          'J8',
          pointer(rp, key),
          `"${key}" holds objects or arrays; their keys must be defined by an additional "@context" on the profile, besides "${PROFILE_CONTEXT_IRI}".`,
        );
      }
    }
    if (has(rule, 'scopeNote'))
      languageMapProblems(ctx, rule.scopeNote, pointer(rp, 'scopeNote'), 'J6', 'scopeNote');
  });
}

function hasExtraContext(context: JsonValue | undefined): boolean {
  return Array.isArray(context) && context.some((c) => c !== PROFILE_CONTEXT_IRI);
}

function checkPath(
  ctx: ValidationContext,
  value: JsonValue | undefined,
  at: string,
  ruleId: string,
  key: string,
) {
  if (typeof value !== 'string') {
    ctx.error(ruleId, at, `"${key}" must be a JSONPath string, but it is ${describe(value)}.`);
    return;
  }
  if (value === '') return;
  const parsed = parseJsonPath(value);
  if (!parsed.ok) {
    const hint = !value.trimStart().startsWith('$') ? ` Did you mean "$.${value.trim()}"?` : '';
    ctx.error(
      'J7',
      at,
      `"${value}" is not a valid profile JSONPath: ${parsed.message} (at character ${parsed.offset + 1}).${hint}`,
    );
  }
}

/** I6: the same template id in an earlier version must have the same determining properties and rules. */
function checkTemplateIdStable(ctx: ValidationContext, t: JsonObject, path: string): void {
  if (typeof t.id !== 'string') return;
  for (const other of ctx.otherVersions) {
    const previous = (Array.isArray(other.templates) ? other.templates : []).find(
      (x) => isObject(x) && x.id === t.id,
    );
    if (!isObject(previous)) continue;
    const changed = [
      ...Object.keys(determiningProperties),
      'objectStatementRefTemplate',
      'contextStatementRefTemplate',
    ].filter((k) => !jsonEqual(t[k], previous[k]));
    if (!jsonEqual(withoutScopeNotes(t.rules), withoutScopeNotes(previous.rules)))
      changed.push('rules');
    if (changed.length > 0) {
      ctx.error(
        'I6',
        pointer(path, 'id'),
        `Template "${t.id}" changed ${changed.join(', ')} since an earlier version of this profile; give it a new id.`,
      );
    }
  }
}

function withoutScopeNotes(rules: JsonValue | undefined): JsonValue | undefined {
  if (!Array.isArray(rules)) return rules;
  return rules.map((r) => {
    if (!isObject(r)) return r;
    const { scopeNote: _ignored, ...rest } = r;
    return rest;
  });
}
