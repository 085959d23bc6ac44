/**
 * Values for the places a rule names, shaped as xAPI 1.0.3 expects them there (a score where a
 * score goes, a duration where a duration goes, an activity in a context activity list), and
 * extension values drawn from pools made of the extension's JSON Schema.
 */
import { generateSync } from 'json-schema-faker';
import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { Iri } from '../model/types.js';
import { sentence, words } from './meaning.js';
import type { Random } from './random.js';
import type { Learner } from './learners.js';
import { scaledByAbility, successByAbility } from './learners.js';
import type { SimulatedActor } from './types.js';
import type { PathShape } from './write-path.js';

/** A deep copy of JSON data, faster than structuredClone for the small values of a statement. */
function copy(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: JsonObject = {};
  for (const key in value) out[key] = copy(value[key]!);
  return out;
}

/** Where made-up activities, verbs and usage types live: a documentation domain, never a real record. */
export const SIMULATED_BASE = 'https://example.org/simulated';

/** What a value may depend on while one statement is built. */
export interface ValueContext {
  random: Random;
  actor: SimulatedActor;
  /**
   * A value for the extension, by its schema and what its name means, kept through the
   * registration when it is a per-session value (undefined: nothing can be said of it).
   */
  extensionValue(iri: Iri): JsonValue | undefined;
  /** Milliseconds since the registration's first statement, at this statement. */
  elapsed(): number;
  /** An activity of the profile, or a made-up one, of the given type. */
  activity(type: Iri | undefined): JsonObject;
  /** Ids of earlier statements of the registration, newest last. */
  earlier: readonly string[];
  /** How the actor learns (their ability steers scores and successes); none in preparation. */
  learner?: Learner | undefined;
}

const contextKinds = new Set(['parent', 'grouping', 'category', 'other']);

/** A value for the place the path describes. */
export function valueFor(shape: PathShape, ctx: ValueContext): JsonValue {
  const { names, element } = shape;
  const n = names.length;
  const extensionsAt = names.lastIndexOf('extensions');
  if (extensionsAt >= 0 && extensionsAt === n - 2) {
    return ctx.extensionValue(names[n - 1]!) ?? words(ctx.random);
  }
  if (extensionsAt >= 0 && extensionsAt < n - 2) return words(ctx.random);
  const last = names[n - 1];
  const parent = names[n - 2];
  if (last === undefined) return {};
  if (n === 1) {
    if (last === 'id') return ctx.random.uuid();
    if (last === 'actor' || last === 'authority') return agent(ctx.actor);
    if (last === 'attachments') return element ? attachment(ctx) : [attachment(ctx)];
    if (last === 'duration') return elapsedDuration(ctx);
  }
  if (parent === 'contextActivities' && contextKinds.has(last)) {
    return element ? ctx.activity(undefined) : [ctx.activity(undefined)];
  }
  const grand = names[n - 3];
  if (grand === 'contextActivities' && parent !== undefined && contextKinds.has(parent)) {
    const activity = ctx.activity(undefined);
    return activity[last] ?? words(ctx.random);
  }
  if (parent === 'result' || (parent === undefined && last === 'result')) {
    return resultValue(last, ctx);
  }
  if (parent === 'score') return scoreValue(last, ctx);
  if (parent === 'context') return contextValue(last, ctx);
  if (parent === 'statement' && last === 'id') return ctx.earlier.at(-1) ?? ctx.random.uuid();
  if (parent === 'statement' && last === 'objectType') return 'StatementRef';
  if (last === 'definition') return definitionOf(names, ctx);
  if (last === 'name' && (parent === 'definition' || parent === 'display'))
    return language(words(ctx.random));
  if (
    last === 'description' ||
    last === 'display' ||
    (last === 'name' && parent === 'definition')
  ) {
    return language(sentence(ctx.random));
  }
  if (last === 'name') return ctx.actor.name ?? 'Simulated learner';
  if (last === 'mbox') return ctx.actor.mbox ?? 'mailto:learner@example.org';
  if (last === 'moreInfo' || last === 'homePage' || last === 'id' || last === 'type') {
    return SIMULATED_BASE;
  }
  if (last === 'objectType' && parent === 'object') return 'Activity';
  if (last === 'attachments') return element ? attachment(ctx) : [attachment(ctx)];
  return words(ctx.random);
}

/**
 * An activity definition where a path passes through one that is missing: the object's own (a
 * made-up activity may have none), so the activity stays the one of the registration; never a
 * `type` of null, which xAPI refuses.
 */
function definitionOf(names: readonly string[], ctx: ValueContext): JsonObject {
  if (names.length === 2 && names[0] === 'object') return {};
  const a = ctx.activity(undefined);
  return isObject(a.definition) ? (copy(a.definition) as JsonObject) : {};
}

/**
 * Every value xAPI allows at a place, when they are few (a boolean): a rule's `none` then leaves
 * the others to choose from, so generation follows the rule instead of hoping to.
 */
export function finiteDomain(shape: PathShape): JsonValue[] | undefined {
  const { names } = shape;
  const n = names.length;
  const last = names[n - 1];
  if (names[n - 2] === 'result' && (last === 'success' || last === 'completion')) {
    return [true, false];
  }
  if (names[n - 2] === 'statement' && last === 'objectType') return ['StatementRef'];
  return undefined;
}

function resultValue(last: string, ctx: ValueContext): JsonValue {
  const random = ctx.random;
  switch (last) {
    case 'result':
      return {};
    case 'score':
      return score(ctx);
    case 'success':
      return successByAbility(ctx.learner, random);
    case 'completion':
      return random.chance(0.5);
    case 'response':
      return sentence(random);
    case 'duration':
      return elapsedDuration(ctx);
    default:
      return words(random);
  }
}

/** A duration no longer than the time since the registration's first statement. */
export function elapsedDuration(ctx: ValueContext): string {
  const cs = Math.floor(ctx.elapsed() / 10);
  const took = cs <= 0 ? 0 : ctx.random.int(Math.floor(cs / 4), cs);
  return `PT${Math.floor(took / 100)}.${String(took % 100).padStart(2, '0')}S`;
}

/** A raw score out of 100: near the learner's ability when they have one, else anywhere. */
function rawOutOf100(ctx: ValueContext): number {
  const scaled = scaledByAbility(ctx.learner, ctx.random);
  return scaled === undefined ? ctx.random.int(0, 100) : Math.round(scaled * 100);
}

function score(ctx: ValueContext): JsonObject {
  const raw = rawOutOf100(ctx);
  return { scaled: raw / 100, raw, min: 0, max: 100 };
}

function scoreValue(last: string, ctx: ValueContext): JsonValue {
  if (last === 'scaled') return rawOutOf100(ctx) / 100;
  if (last === 'min') return 0;
  if (last === 'max') return 100;
  return rawOutOf100(ctx);
}

function contextValue(last: string, ctx: ValueContext): JsonValue {
  switch (last) {
    case 'registration':
      return ctx.random.uuid();
    case 'instructor':
      return {
        objectType: 'Agent',
        name: 'Simulated instructor',
        mbox: 'mailto:instructor@example.org',
      };
    case 'team':
      return { objectType: 'Group', name: 'Simulated team', member: [agent(ctx.actor)] };
    case 'revision':
      return '1';
    case 'platform':
      return ctx.random.pick(['Moodle', 'Canvas', 'Web app', 'iOS app', 'Android app']);
    case 'language':
      return 'en-US';
    case 'statement':
      return { objectType: 'StatementRef', id: ctx.earlier.at(-1) ?? ctx.random.uuid() };
    case 'contextActivities':
      return {};
    default:
      return words(ctx.random);
  }
}

export function agent(actor: SimulatedActor): JsonObject {
  const out: JsonObject = { objectType: 'Agent' };
  if (actor.name !== undefined) out.name = actor.name;
  if (actor.mbox !== undefined) out.mbox = actor.mbox;
  else if (actor.mbox_sha1sum !== undefined) out.mbox_sha1sum = actor.mbox_sha1sum;
  else if (actor.openid !== undefined) out.openid = actor.openid;
  else if (actor.account !== undefined) out.account = { ...actor.account };
  return out;
}

function attachment(ctx: ValueContext): JsonObject {
  return {
    usageType: `${SIMULATED_BASE}/attachment`,
    display: language('attachment'),
    contentType: 'text/plain',
    length: 0,
    sha2: ctx.random.hex(64),
  };
}

/** An ISO 8601 duration of up to an hour, to the hundredth of a second. */
export function duration(random: Random): string {
  const cs = random.int(100, 360000);
  return `PT${Math.floor(cs / 100)}.${String(cs % 100).padStart(2, '0')}S`;
}

export function language(text: string): JsonObject {
  return { 'en-US': text };
}

/** How many values each extension schema contributes: enough for variety, cheap to make once. */
export const POOL_SIZE = 16;

export type SchemaPool = { values: JsonValue[] } | { problem: string };

/**
 * Values made of a JSON Schema by json-schema-faker, seeded, once per simulation: drawing from the
 * pool keeps generation fast (the faker costs about 13 µs a value) and deterministic.
 */
export function schemaPool(schema: JsonValue, seed: number): SchemaPool {
  if (!isObject(schema) && typeof schema !== 'boolean') {
    return { problem: 'the schema is not a JSON object' };
  }
  if (schema === false) return { problem: 'the schema is false: no value is allowed' };
  if (isObject(schema) && hasRemoteRef(schema)) {
    return { problem: 'the schema refers to another document ($ref), which is not read' };
  }
  const values: JsonValue[] = [];
  try {
    for (let i = 0; i < POOL_SIZE; i++) {
      const value = generateSync(schema, { seed: seed + i, maxDepth: 4, maxDefaultItems: 3 });
      if (value === undefined) return { problem: 'json-schema-faker made no value' };
      values.push(value as JsonValue);
    }
  } catch (e) {
    return {
      problem: `json-schema-faker cannot make a value: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  return { values };
}

function hasRemoteRef(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(hasRemoteRef);
  if (!isObject(value)) return false;
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && !v.startsWith('#')) return true;
    if (hasRemoteRef(v)) return true;
  }
  return false;
}

/** The last part of an IRI, as a readable name when the profile gives none. */
export function lastSegment(iri: string): string {
  return (
    iri
      .replace(/[/#]+$/, '')
      .split(/[/#]/)
      .pop() ?? iri
  );
}
