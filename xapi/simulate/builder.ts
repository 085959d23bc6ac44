/**
 * Builds one statement for a template: determining properties first (verb, object activity type,
 * context activity types, attachment usage types, StatementRefs), the profile version in the
 * category, then every rule satisfied in turn, checked with the validator's own rule evaluation.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isObject, jsonEqual } from '../json.js';
import type { JsonPath } from '../jsonpath.js';
import type { Iri } from '../model/types.js';
import type { CompiledTemplate } from '../statement/compile.js';
import { evaluateRule, ruleValues } from '../statement/rules.js';
import type { CompiledRule } from '../statement/types.js';
import type { Random } from './random.js';
import type { ValueContext } from './values.js';
import { SIMULATED_BASE, agent, finiteDomain, language, lastSegment, valueFor } from './values.js';
import type { PathShape } from './write-path.js';
import { removeAt, shapeOf, writable, writeAt } from './write-path.js';
import type { SimulatedActor } from './types.js';

/** A rule ready for writing: where to write, and which values it allows. */
export interface WritableRule {
  rule: CompiledRule;
  /** The template whose rule it is (another one when that template applies too). */
  templateId: Iri;
  /** The first location path a writer can follow, if any. */
  path?: JsonPath;
  shape?: PathShape;
  selector?: JsonPath;
  /** Values `any`, `all` and `none` allow together; undefined when they do not restrict. */
  choices?: JsonValue[];
  /**
   * The member names of a location that is one path of names, without selector: one value at
   * most, read and written directly (most rules of published profiles; the general way walks
   * JSONPaths and evaluates the rule twice).
   */
  direct?: string[];
  /** The extension IRI the location ends in, if any: its per-session choices are kept. */
  extension?: Iri;
}

export interface TemplateRecipe {
  template: CompiledTemplate;
  verb: JsonObject;
  rules: WritableRule[];
  /** Templates whose determining properties the statements also meet, whose rules are kept too. */
  alsoApplies: Iri[];
  /** The templates every trial statement matched (itself included), for checking walks. */
  matches: Iri[];
  /**
   * For a template that names no object type: the activity types whose activities its statements
   * may carry and still match exactly `matches` (found in preparation).
   */
  objectTypes: Iri[];
}

/** What a statement build needs besides the template. */
export interface BuildContext extends ValueContext {
  random: Random;
  actor: SimulatedActor;
  versionActivity: JsonObject;
  registration: string;
  timestamp: string;
  recommended: number;
  /** Check every rule again once all are written (the plan does; generation relies on the self-check). */
  verify: boolean;
  /** One of `choices` for the extension: kept through the registration when per-session. */
  extensionChoice(iri: Iri, choices: JsonValue[]): JsonValue;
  /** What an activity type is called (its prefLabel, else the end of its IRI). */
  typeName(type: Iri): string;
  /** The object of a template: an activity of `type`, or the registration's own among `usable`. */
  objectActivity(type: Iri | undefined, usable: readonly Iri[]): JsonObject;
  /** The ids of the statements the StatementRefs point at. */
  objectRef?: string;
  contextRef?: string;
}

export type BuildResult =
  | { statement: JsonObject }
  | { failure: { templateId: Iri; ruleIndex: number; location: string; reason: string } };

export function prepareRule(rule: CompiledRule, templateId: Iri): WritableRule {
  const out: WritableRule = { rule, templateId };
  const path = rule.location.find(writable);
  if (path) {
    out.path = path;
    out.shape = shapeOf(path);
    const names = out.shape.names;
    if (names.length >= 2 && names[names.length - 2] === 'extensions') {
      out.extension = names[names.length - 1];
    }
  }
  if (rule.selector) {
    const selector = rule.selector.find(writable);
    if (selector) out.selector = selector;
  } else if (
    rule.location.length === 1 &&
    rule.location[0]!.every(
      (s) => !s.descendant && s.selectors.length === 1 && s.selectors[0]!.kind === 'name',
    )
  ) {
    out.direct = out.shape!.names;
  }
  let choices: JsonValue[] | undefined;
  if (rule.any) choices = rule.any;
  if (rule.all) choices = choices ? choices.filter((v) => rule.allSet!.has(v)) : rule.all;
  if (rule.none && choices) choices = choices.filter((v) => !rule.noneSet!.has(v));
  // Only `none` over a place of few values (success, completion): choose among the others.
  const domain = !choices && rule.none && out.shape ? finiteDomain(out.shape) : undefined;
  if (domain) choices = domain.filter((v) => !rule.noneSet!.has(v));
  if (choices) out.choices = dedupe(choices);
  return out;
}

function dedupe(values: JsonValue[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const v of values) if (!out.some((o) => jsonEqual(o, v))) out.push(v);
  return out;
}

/** Why a rule can never be followed, found from the rule alone. */
export function staticRuleProblem(w: WritableRule): string | undefined {
  const { rule } = w;
  if (rule.broken !== undefined) return rule.broken;
  if (w.choices && w.choices.length === 0 && (rule.presence !== 'excluded' || rule.any)) {
    return 'no value is allowed by "any", "all" and "none" together';
  }
  if (rule.presence === 'excluded' && rule.any) {
    return '"presence": "excluded" forbids a value that "any" requires';
  }
  return undefined;
}

export function buildStatement(recipe: TemplateRecipe, ctx: BuildContext): BuildResult {
  const t = recipe.template;
  const statement: JsonObject = {
    id: ctx.random.uuid(),
    actor: agent(ctx.actor),
    verb: clone(recipe.verb),
    object: objectOf(recipe, ctx),
    context: contextOf(t, ctx),
    timestamp: ctx.timestamp,
  };
  if (t.attachmentUsageType) {
    statement.attachments = t.attachmentUsageType.map((usageType) => ({
      usageType,
      display: language('attachment'),
      contentType: 'text/plain',
      length: 0,
      sha2: ctx.random.hex(64),
    }));
  }
  for (const w of recipe.rules) {
    const reason = w.direct
      ? satisfyDirect(statement, w, w.direct, ctx)
      : satisfy(statement, w, ctx);
    if (reason !== undefined) return failure(w, reason);
  }
  repairObject(statement, ctx);
  settleMadeUpActivities(statement, ctx);
  harmonizeScore(statement, recipe, ctx);
  if (!ctx.verify) return { statement };
  // A later rule may undo an earlier one (the same location, a wider path): check them all again.
  for (const w of recipe.rules) {
    const broken = evaluateRule(statement, w.rule);
    if (broken) {
      const others =
        recipe.alsoApplies.length > 0
          ? ` (its statements also meet the determining properties of ${recipe.alsoApplies.join(', ')}, whose rules are followed too)`
          : '';
      return failure(w, `a later rule undoes it${others}: ${broken.message}`);
    }
  }
  return { statement };
}

const MADE_UP = `${SIMULATED_BASE}/activities/`;

/**
 * A made-up activity without a type that a rule gave one (`grouping[*].definition.type`) becomes
 * the made-up activity of that type, so an activity IRI has one type everywhere: the same id
 * never serves as a course in one statement and as an untyped activity in another.
 */
function settleMadeUpActivities(statement: JsonObject, ctx: BuildContext): void {
  const settle = (a: JsonValue) => {
    if (!isObject(a) || typeof a.id !== 'string' || !a.id.startsWith(MADE_UP)) return;
    const rest = a.id.slice(MADE_UP.length);
    if (rest.includes('/')) return;
    const definition = a.definition;
    if (!isObject(definition) || typeof definition.type !== 'string') return;
    a.id = `${MADE_UP}${encodeURIComponent(lastSegment(definition.type))}/${rest}`;
    definition.name ??= language(`${ctx.typeName(definition.type)} ${rest}`);
  };
  settle(statement.object ?? null);
  const context = statement.context;
  if (!isObject(context) || !isObject(context.contextActivities)) return;
  for (const list of Object.values(context.contextActivities)) {
    if (Array.isArray(list)) list.forEach(settle);
    else settle(list);
  }
}

/**
 * A score whose parts were drawn one by one made to agree, as a learner's record would: `raw`
 * within `min` and `max`, `scaled` = (raw − min) / (max − min), and a success on the side of the
 * mastery threshold (a `mastery…` context extension, else 0.5) that agrees with it. Rules come
 * first: when the change breaks a rule of the template on the result, the result is put back.
 */
function harmonizeScore(statement: JsonObject, recipe: TemplateRecipe, ctx: BuildContext): void {
  const result = statement.result;
  if (!isObject(result) || !isObject(result.score)) return;
  const before = clone(result) as JsonObject;
  const score = result.score;
  const success = result.success;
  const threshold = masteryOf(statement) ?? 0.5;
  const { raw, min, max } = score;
  if (typeof min === 'number' && typeof max === 'number' && max > min) {
    const span = max - min;
    let r = typeof raw === 'number' ? Math.min(max, Math.max(min, raw)) : undefined;
    if (r === undefined && typeof score.scaled === 'number') r = min + score.scaled * span;
    if (r === undefined) r = min + ctx.random.next() * span;
    let s = (r - min) / span;
    if (success === true && s < threshold) s = threshold + ctx.random.next() * (1 - threshold);
    if (success === false && s >= threshold) s = ctx.random.next() * threshold * 0.99;
    r =
      Number.isInteger(min) && Number.isInteger(max) ? Math.round(min + s * span) : min + s * span;
    if (success === false && (r - min) / span >= threshold) r = Math.max(min, r - 1);
    if ('raw' in score || !('scaled' in score)) score.raw = r;
    score.scaled = Math.round(((r - min) / span) * 10000) / 10000;
  } else if (typeof score.scaled === 'number' && typeof success === 'boolean') {
    const s = score.scaled;
    if (success && s < threshold)
      score.scaled = Math.round((threshold + ctx.random.next() * (1 - threshold)) * 100) / 100;
    if (!success && s >= threshold)
      score.scaled = Math.floor(ctx.random.next() * threshold * 100) / 100;
  } else return;
  for (const w of recipe.rules) {
    if (w.rule.locationText.includes('result') && !follows(statement, w.rule)) {
      statement.result = before;
      return;
    }
  }
}

/** A mastery score the statement's context carries (cmi5's `masteryscore`), 0 to 1. */
function masteryOf(statement: JsonObject): number | undefined {
  const context = statement.context;
  if (!isObject(context) || !isObject(context.extensions)) return undefined;
  for (const [key, value] of Object.entries(context.extensions)) {
    if (/mastery/i.test(key) && typeof value === 'number' && value >= 0 && value <= 1) return value;
  }
  return undefined;
}

/**
 * A rule may give the object another `objectType` (an Agent, a Group, a StatementRef): the object
 * is then remade as xAPI defines that kind, keeping only what the kind allows.
 */
function repairObject(statement: JsonObject, ctx: BuildContext): void {
  const object = statement.object;
  if (!isObject(object)) return;
  const kind = object.objectType;
  if (kind === 'Agent' && !hasIdentifier(object)) {
    statement.object = { ...object, ...agent(peer), objectType: 'Agent' };
    delete statement.object.definition;
    if (!hasIdentifier(statement.object)) statement.object = agent(peer);
    dropActivityParts(statement.object);
  } else if (kind === 'Group' && !hasIdentifier(object) && !Array.isArray(object.member)) {
    dropActivityParts(object);
    object.name ??= 'Simulated group';
    object.member = [agent(ctx.actor)];
  } else if (
    kind === 'StatementRef' &&
    (typeof object.id !== 'string' || !uuidLike.test(object.id))
  ) {
    statement.object = {
      objectType: 'StatementRef',
      id: ctx.objectRef ?? ctx.earlier.at(-1) ?? ctx.random.uuid(),
    };
  }
}

const peer = { name: 'Simulated peer', mbox: 'mailto:peer@example.org' };
const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hasIdentifier(o: JsonObject): boolean {
  return (
    typeof o.mbox === 'string' ||
    typeof o.mbox_sha1sum === 'string' ||
    typeof o.openid === 'string' ||
    isObject(o.account)
  );
}

/** An agent or group has no activity id or definition. */
function dropActivityParts(o: JsonObject): void {
  if (typeof o.id === 'string') delete o.id;
  delete o.definition;
}

function failure(w: WritableRule, reason: string): BuildResult {
  return {
    failure: {
      templateId: w.templateId,
      ruleIndex: w.rule.ruleIndex,
      location: w.rule.locationText,
      reason,
    },
  };
}

function objectOf(recipe: TemplateRecipe, ctx: BuildContext): JsonObject {
  const t = recipe.template;
  if (t.objectStatementRefTemplate) {
    return { objectType: 'StatementRef', id: ctx.objectRef ?? ctx.random.uuid() };
  }
  return ctx.objectActivity(t.objectActivityType, recipe.objectTypes);
}

function contextOf(t: CompiledTemplate, ctx: BuildContext): JsonObject {
  const activities: JsonObject = {};
  if (t.contextParentActivityType)
    activities.parent = activitiesOf(t.contextParentActivityType, ctx);
  if (t.contextGroupingActivityType) {
    activities.grouping = activitiesOf(t.contextGroupingActivityType, ctx);
  }
  const category = [clone(ctx.versionActivity)];
  for (const type of t.contextCategoryActivityType ?? []) category.push(ctx.activity(type));
  activities.category = category;
  if (t.contextOtherActivityType) activities.other = activitiesOf(t.contextOtherActivityType, ctx);
  const context: JsonObject = { registration: ctx.registration, contextActivities: activities };
  if (t.contextStatementRefTemplate) {
    context.statement = { objectType: 'StatementRef', id: ctx.contextRef ?? ctx.random.uuid() };
  }
  return context;
}

/**
 * `satisfy` for a location of names only: at most one value, so the spec's `follows_rule` reduces
 * to a few comparisons, without JSONPath or a failure report.
 */
function satisfyDirect(
  statement: JsonObject,
  w: WritableRule,
  names: string[],
  ctx: BuildContext,
): string | undefined {
  const { rule } = w;
  const last = names.length - 1;
  let parent: JsonObject | undefined = statement;
  for (let i = 0; i < last && parent !== undefined; i++) {
    const child: JsonValue | undefined = parent[names[i]!];
    parent = isObject(child) ? child : child === undefined ? undefined : NOT_OBJECT;
  }
  if (parent === NOT_OBJECT) return satisfy(statement, w, ctx);
  const key = names[last]!;
  const value = parent?.[key];
  if (rule.presence === 'excluded') {
    if (value !== undefined) delete parent![key];
    return undefined;
  }
  let write = false;
  if (value === undefined) {
    write =
      rule.presence === 'included' ||
      (rule.presence !== 'recommended' && rule.any !== undefined) ||
      (rule.presence === 'recommended' && ctx.random.chance(ctx.recommended));
  } else {
    write =
      (rule.anySet !== undefined && !rule.anySet.has(value)) ||
      (rule.allSet !== undefined && !rule.allSet.has(value)) ||
      (rule.noneSet !== undefined && rule.noneSet.has(value));
  }
  if (!write) return undefined;
  if (w.choices?.length === 0) return 'no value is allowed by "any", "all" and "none" together';
  const chosen = w.choices ? pickChoice(w, w.choices, ctx) : freeValue(w, ctx);
  if (chosen === undefined) {
    if (rule.presence !== 'recommended') {
      return `every value drawn for ${rule.locationText} is one its "none" forbids`;
    }
    if (value !== undefined) delete parent![key];
    return undefined;
  }
  let target: JsonObject = parent ?? statement;
  if (parent === undefined) {
    for (let i = 0; i < last; i++) {
      const name = names[i]!;
      const child: JsonValue | undefined = target[name];
      if (isObject(child)) target = child;
      else {
        const made = containerFor({ names: names.slice(0, i + 1), element: false }, ctx) ?? {};
        target[name] = made;
        target = made;
      }
    }
  }
  target[key] = chosen;
  return undefined;
}

const NOT_OBJECT: JsonObject = {};

/** One of a rule's values; for a per-session extension, the one the registration already has. */
function pickChoice(w: WritableRule, choices: JsonValue[], ctx: BuildContext): JsonValue {
  if (w.extension !== undefined) return ctx.extensionChoice(w.extension, choices);
  return clone(ctx.random.pick(choices));
}

/** Draws for a value none of a rule's `none` values is, before the place is given up. */
const NONE_TRIES = 32;

/**
 * A value for the rule's place that none of its `none` values is. Places of few values have their
 * choices made in `prepareRule`; elsewhere a forbidden value is drawn again. When every draw is
 * forbidden the rule is left unfollowed here and `satisfy` reports it (or drops a recommended
 * value), never a forbidden value written.
 */
function freeValue(w: WritableRule, ctx: BuildContext): JsonValue | undefined {
  return allowedValue(w, w.shape!, ctx);
}

function allowedValue(w: WritableRule, shape: PathShape, ctx: BuildContext): JsonValue | undefined {
  for (let i = 0; i < NONE_TRIES; i++) {
    const v = valueFor(shape, ctx);
    if (!w.rule.noneSet?.has(v)) return v;
  }
  return undefined;
}

function activitiesOf(types: Iri[], ctx: BuildContext): JsonValue[] {
  const out: JsonValue[] = [];
  for (const type of types) out.push(ctx.activity(type));
  return out;
}

/** Makes the statement follow one rule; returns why it cannot. */
function satisfy(statement: JsonObject, w: WritableRule, ctx: BuildContext): string | undefined {
  const { rule } = w;
  if (rule.broken !== undefined) return rule.broken;
  if (rule.presence === 'recommended' && ctx.random.chance(ctx.recommended)) {
    if (!hasMatchable(statement, rule)) write(statement, w, ctx);
  }
  if (follows(statement, rule)) return undefined;
  if (rule.presence === 'excluded' || hasForbidden(statement, rule)) {
    for (const path of rule.location) removeTarget(statement, path, w);
    if (follows(statement, rule)) return undefined;
  }
  if (rule.presence !== 'excluded') {
    if (!write(statement, w, ctx)) {
      if (rule.presence === 'recommended') return dropRecommended(statement, w);
      return w.path
        ? `nothing can be written at ${rule.locationText}${w.selector || !rule.selector ? '' : ` through the selector ${rule.selectorText ?? ''}`}`
        : `the location ${rule.locationText} cannot be written into (recursive descent, or "*" over an object with no member)`;
    }
    if (follows(statement, rule)) return undefined;
  }
  if (rule.presence === 'recommended') return dropRecommended(statement, w);
  // Only a rule that cannot be followed pays for the validator's report.
  return evaluateRule(statement, rule)?.message ?? 'the rule cannot be followed';
}

/** Whether a value the rule's `none` forbids is there. */
function hasForbidden(statement: JsonObject, rule: CompiledRule): boolean {
  if (!rule.noneSet) return false;
  for (const v of ruleValues(statement, rule)) {
    if (!('unmatchable' in v) && rule.noneSet.has(v.value)) return true;
  }
  return false;
}

/**
 * Whether the statement follows the rule: the same decision as the validator's `evaluateRule`,
 * without writing its report, which costs more than the check when most rules start unfollowed.
 */
function follows(statement: JsonObject, rule: CompiledRule): boolean {
  const values = ruleValues(statement, rule);
  let matchable = 0;
  for (const v of values) if (!('unmatchable' in v)) matchable++;
  const unmatchable = values.length > matchable;
  if (rule.presence === 'included' && (unmatchable || values.length === 0)) return false;
  if (rule.presence === 'excluded' && matchable > 0) return false;
  if (rule.presence === 'recommended' && matchable === 0) return true;
  if (rule.anySet && !values.some((v) => !('unmatchable' in v) && rule.anySet!.has(v.value))) {
    return false;
  }
  if (
    rule.allSet &&
    (unmatchable || values.some((v) => !rule.allSet!.has((v as { value: JsonValue }).value)))
  ) {
    return false;
  }
  if (rule.noneSet && values.some((v) => !('unmatchable' in v) && rule.noneSet!.has(v.value))) {
    return false;
  }
  return true;
}

/** A recommended value that cannot be made right is left out, which the rule allows. */
function dropRecommended(statement: JsonObject, w: WritableRule): string | undefined {
  for (const path of w.rule.location) removeTarget(statement, path, w);
  const failed = evaluateRule(statement, w.rule);
  return failed ? failed.message : undefined;
}

function removeTarget(statement: JsonObject, path: JsonPath, w: WritableRule): void {
  if (!w.rule.selector) {
    removeAt(statement, path);
    return;
  }
  const selectors = w.rule.selector;
  // Remove what the selector finds inside each location value, not the location value itself.
  writeAt(statement, path, (existing) => {
    if (existing !== undefined) for (const s of selectors) removeAt(existing, s);
    return existing ?? {};
  });
}

function hasMatchable(statement: JsonObject, rule: CompiledRule): boolean {
  return ruleValues(statement, rule).some((v) => !('unmatchable' in v));
}

function write(statement: JsonObject, w: WritableRule, ctx: BuildContext): boolean {
  if (!w.path || w.choices?.length === 0) return false;
  // One value of `any` is enough: add it beside what a `*` already reaches rather than over it.
  const append = w.rule.any !== undefined && w.rule.all === undefined;
  // Inline arrows only: tsx names every arrow kept in a variable, at a cost on each call.
  if (!w.rule.selector) {
    return writeAt(statement, w.path, (_existing, shape) => ruleValue(w, shape, ctx), {
      append,
      container: (shape) => containerFor(shape, ctx),
    });
  }
  const selector = w.selector;
  if (!selector) return false;
  let ok = true;
  const done = writeAt(
    statement,
    w.path,
    (existing, shape) => {
      const node = isObject(existing) ? existing : (containerFor(shape, ctx) ?? {});
      ok =
        writeAt(node, selector, (_e, inner) => ruleValue(w, inner, ctx), {
          container: (inner) => containerFor(inner, ctx),
        }) && ok;
      return node;
    },
    { container: (shape) => containerFor(shape, ctx) },
  );
  return done && ok;
}

/** A value the rule allows at that place: one of its choices, or one shaped for it and not forbidden. */
function ruleValue(w: WritableRule, shape: PathShape, ctx: BuildContext): JsonValue {
  if (w.choices) return pickChoice(w, w.choices, ctx);
  // A forbidden value left here is found by `follows` and the rule reported, never written out.
  return allowedValue(w, shape, ctx) ?? valueFor(shape, ctx);
}

/** The object xAPI expects where a path passes through a missing member (a StatementRef, an activity). */
function containerFor(shape: PathShape, ctx: BuildContext): JsonObject | undefined {
  const v = valueFor(shape, ctx);
  return isObject(v) ? v : undefined;
}

/** A deep copy of JSON data, faster than structuredClone for the small values of a statement. */
export function clone(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const out: JsonObject = {};
  for (const key in value) out[key] = clone(value[key]!);
  return out;
}
