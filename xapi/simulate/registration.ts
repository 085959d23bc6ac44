/**
 * One registration of one actor: a walk of a primary pattern, checked against the specification's
 * greedy matching and the StatementRefs it needs, then built statement by statement and, unless
 * the self-check is off, validated (each statement against its template, the registration against
 * the primary patterns) before any of it leaves.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isObject, jsonEqual } from '../json.js';
import type { Iri } from '../model/types.js';
import type { PatternNode } from '../statement/compile.js';
import { followsPatterns } from '../statement/follow-patterns.js';
import { matchPattern } from '../statement/matches.js';
import type { StatementValidation } from '../statement/types.js';
import { validateStatement } from '../statement/validate-statement.js';
import type { BuildContext } from './builder.js';
import { buildStatement, clone } from './builder.js';
import type { SimulationPlan, TimedPeriod } from './plan.js';
import { Random } from './random.js';
import type { ExtensionRange, SimulatedActor } from './types.js';
import { SIMULATED_BASE, language, lastSegment } from './values.js';
import type { ExtensionMeaning } from './meaning.js';
import { MediaState, fitter, isPageCount, meaningOf } from './meaning.js';
import type { Learner } from './learners.js';
import { pacedMillis, startWithinHours } from './learners.js';
import type { CompiledBound } from './bounds.js';
import { nextWithin, within } from './bounds.js';
import { isoInstant } from './instant.js';
import { UNTYPED } from './model-activities.js';

/** How many walks a registration tries before giving up (a bug once the plan accepted the pattern). */
export const WALK_TRIALS = 40;
/** No registration is longer, whatever the repeats. */
const MAX_WALK = 2000;

/** A generated statement failed its own check: the simulator has a bug, never the profile. */
export class SimulationBugError extends Error {
  constructor(
    message: string,
    readonly statement?: JsonObject,
    readonly detail?: unknown,
  ) {
    super(`xAPI simulation bug: ${message}`);
    this.name = 'SimulationBugError';
  }
}

export function categoryNames(statement: JsonObject, versionId: Iri): boolean {
  const context = statement.context;
  if (!isObject(context) || !isObject(context.contextActivities)) return false;
  const category = context.contextActivities.category;
  return Array.isArray(category) && category.some((a) => isObject(a) && a.id === versionId);
}

/** What building the statements of one registration shares; the fields change per statement. */
export class BuildState implements BuildContext {
  readonly earlier: string[] = [];
  private readonly activities = new Map<string, JsonObject>();
  /** Per-session extension values, drawn once in the registration. */
  private readonly session = new Map<Iri, JsonValue>();
  private media: MediaState | undefined;
  readonly versionActivity: JsonObject;
  recommended: number;
  verify = false;
  registration = '';
  timestamp = '';
  objectRef: string | undefined;
  contextRef: string | undefined;
  /** The statement's place in the registration (0 first). */
  index = 0;
  /** Instants (ms) of the registration's first statement and of this one. */
  startedAt = 0;
  now = 0;
  /**
   * The activity type of the registration's object: a template that names no object type gets
   * this activity too, when preparation found its statements match the same templates with it.
   */
  mainType: Iri | undefined;

  constructor(
    private readonly plan: SimulationPlan,
    readonly random: Random,
    readonly actor: SimulatedActor,
    /** How the actor learns; preparation's trial statements have none. */
    readonly learner?: Learner,
  ) {
    this.versionActivity = plan.versionActivity;
    this.recommended = plan.model.recommended;
  }

  extensionChoice(iri: Iri, choices: JsonValue[]): JsonValue {
    const ext = extensionPlan(this.plan, iri);
    if (ext.meaning.behaviour !== 'session') return clone(this.random.pick(choices));
    const kept = this.session.get(iri);
    if (kept !== undefined && choices.some((c) => jsonEqual(c, kept))) return clone(kept);
    const value = clone(this.random.pick(choices));
    this.session.set(iri, value);
    return value;
  }

  typeName(type: Iri): string {
    return this.plan.typeNames.get(type) ?? lastSegment(type);
  }

  elapsed(): number {
    return this.now - this.startedAt;
  }

  extensionValue(iri: Iri): JsonValue | undefined {
    const ext = extensionPlan(this.plan, iri);
    const kept = ext.meaning.behaviour === 'session' ? this.session.get(iri) : undefined;
    if (kept !== undefined) return clone(kept);
    let value: JsonValue | undefined;
    const range = this.plan.model.extensions[iri];
    if (range) {
      const drawn = fromRange(range, this.random);
      if (ext.fits(drawn)) value = drawn;
    }
    if (value === undefined && ext.meaning.make) {
      this.media ??= new MediaState(this.random, () => this.pagesOfText());
      this.media.advance(this.index, this.random);
      const made = ext.meaning.make(this.media, this.random);
      if (ext.fits(made)) value = made;
    }
    if (value === undefined && ext.pool && ext.pool.length > 0) {
      value = clone(this.random.pick(ext.pool));
    }
    if (value !== undefined && ext.meaning.behaviour === 'session') this.session.set(iri, value);
    return value;
  }

  /**
   * The page count the registration's activities give in their definitions' extensions: the
   * smallest, when a book and its chapter both do, so the pages read fit whichever was read.
   */
  private pagesOfText(): number | undefined {
    let fewest: number | undefined;
    for (const activity of this.activities.values()) {
      const extensions = isObject(activity.definition) ? activity.definition.extensions : undefined;
      if (!isObject(extensions)) continue;
      for (const [iri, value] of Object.entries(extensions)) {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) continue;
        if (isPageCount(lastSegment(iri)) && (fewest === undefined || value < fewest))
          fewest = value;
      }
    }
    return fewest;
  }

  /** The same activity of a type throughout a registration, as one learner's session would. */
  activity(type: Iri | undefined): JsonObject {
    const key = type ?? '';
    let chosen = this.activities.get(key);
    if (chosen === undefined) {
      chosen = activityFor(this.plan, this.random, type);
      this.activities.set(key, chosen);
    }
    return clone(chosen) as JsonObject;
  }

  /** The object of a template: the registration's own activity when the template names no type. */
  objectActivity(type: Iri | undefined, usable: readonly Iri[]): JsonObject {
    if (type === undefined && this.mainType !== undefined && usable.includes(this.mainType)) {
      return this.activity(this.mainType);
    }
    return this.activity(type);
  }
}

/** A value of the model's range for an extension: one of its values, or a number within bounds. */
function fromRange(range: ExtensionRange, random: Random): JsonValue {
  if (range.values) return clone(random.pick(range.values));
  const min = range.min ?? Math.min(0, range.max ?? 0);
  const max = range.max ?? min + 100;
  if (Number.isInteger(min) && Number.isInteger(max)) return random.int(min, max);
  return Math.round((min + random.next() * (max - min)) * 100) / 100;
}

/** What a simulation knows of one extension: its meaning, its schema's check and pool. */
export interface ExtensionPlan {
  meaning: ExtensionMeaning;
  fits: (value: JsonValue) => boolean;
  pool?: JsonValue[];
}

/** The extension's plan; one the profile does not define is known by its name alone. */
export function extensionPlan(plan: SimulationPlan, iri: Iri): ExtensionPlan {
  let ext = plan.extensions.get(iri);
  if (ext === undefined) {
    ext = { meaning: meaningOf(lastSegment(iri), undefined), fits: fitter(undefined) };
    plan.extensions.set(iri, ext);
  }
  return ext;
}

function activityFor(plan: SimulationPlan, random: Random, type: Iri | undefined): JsonObject {
  const known = plan.activities.get(type ?? UNTYPED);
  if (known) return clone(known.choices[random.weighted(known.weights)]!) as JsonObject;
  if (type === undefined) {
    return {
      objectType: 'Activity',
      id: `${SIMULATED_BASE}/activities/${random.int(1, 3)}`,
    };
  }
  const name = plan.typeNames.get(type) ?? lastSegment(type);
  const n = random.int(1, 3);
  return {
    objectType: 'Activity',
    id: `${SIMULATED_BASE}/activities/${encodeURIComponent(lastSegment(type))}/${n}`,
    definition: { type, name: language(`${name} ${n}`) },
  };
}

/** The object activity type most templates of the walk name: the registration's own activity. */
function mainTypeOf(plan: SimulationPlan, ids: readonly Iri[]): Iri | undefined {
  const counts = new Map<Iri, number>();
  let best: Iri | undefined;
  let most = 0;
  for (const id of ids) {
    const type = plan.recipes.get(id)!.template.objectActivityType;
    if (type === undefined) continue;
    const n = (counts.get(type) ?? 0) + 1;
    counts.set(type, n);
    if (n > most) {
      most = n;
      best = type;
    }
  }
  return best;
}

/** The first of the periods whose bounds hold the instant (ms); the last holds at any time. */
function periodAt(periods: readonly TimedPeriod[], at: number): TimedPeriod {
  if (periods.length > 1) for (const p of periods) if (!p.bounds || within(p.bounds, at)) return p;
  return periods.at(-1)!;
}

/** Whether a pattern node can give a path made only of buildable templates. */
export function satisfiableNode(plan: SimulationPlan, node: PatternNode): boolean {
  const known = plan.satisfiable.get(node);
  if (known !== undefined) return known;
  plan.satisfiable.set(node, false);
  let ok: boolean;
  switch (node.kind) {
    case 'template':
      ok = plan.recipes.has(node.id);
      break;
    case 'sequence':
      ok = node.members.map((m) => satisfiableNode(plan, m)).every(Boolean);
      break;
    case 'alternates':
      ok = node.members.map((m) => satisfiableNode(plan, m)).some(Boolean);
      break;
    case 'optional':
    case 'zeroOrMore':
      satisfiableNode(plan, node.member);
      ok = true;
      break;
    case 'oneOrMore':
      ok = satisfiableNode(plan, node.member);
      break;
    default:
      ok = false;
  }
  plan.satisfiable.set(node, ok);
  return ok;
}

/** A random path through the pattern: the template ids of one registration, in order. */
export function walk(
  plan: SimulationPlan,
  node: PatternNode,
  random: Random,
  bounds?: CompiledBound[][][],
): Iri[] {
  const trail = bounds ? { enclosing: [plan.model.bounds?.all ?? []], each: bounds } : undefined;
  const w: Walk = { plan, random, out: [], trail };
  walkInto(w, node, false);
  return w.out;
}

/**
 * How often a registration begins with the turns of a `zeroOrMore` that other statements follow
 * (cmi5's `satisfied` statements in front of its sessions): such a repeat is an allowance for
 * what may come at any time, not how an attempt starts, so it is mostly left out there.
 */
export const LEADING_REPEAT_CHANCE = 0.1;

/** One walk under way: the template ids so far and, with the model's bounds, their trail. */
interface Walk {
  plan: SimulationPlan;
  random: Random;
  out: Iri[];
  trail: BoundsTrail | undefined;
}

/**
 * While walking with the model's bounds: the bounds of the patterns the walk is inside, and,
 * per template taken, those and the template's own (each list must hold the statement's instant).
 */
interface BoundsTrail {
  enclosing: CompiledBound[][];
  each: CompiledBound[][][];
}

/** Walks `node`; `followed` when a later member of an enclosing sequence may add statements. */
function walkInto(w: Walk, node: PatternNode, followed: boolean): void {
  if (w.out.length >= MAX_WALK) return;
  const own = w.trail ? w.plan.model.bounds?.byId.get(node.id) : undefined;
  if (own) w.trail!.enclosing.push(own);
  try {
    walkNode(w, node, followed);
  } finally {
    if (own) w.trail!.enclosing.pop();
  }
}

function walkNode(w: Walk, node: PatternNode, followed: boolean): void {
  const { plan, random } = w;
  const model = plan.model;
  switch (node.kind) {
    case 'template':
      w.out.push(node.id);
      w.trail?.each.push([...w.trail.enclosing]);
      return;
    case 'sequence': {
      let last = node.members.length - 1;
      while (last >= 0 && !satisfiableNode(plan, node.members[last]!)) last--;
      node.members.forEach((m, i) => walkInto(w, m, followed || i < last));
      return;
    }
    case 'alternates': {
      const usable = node.members.filter(
        (m) => satisfiableNode(plan, m) && (model.weights[m.id] ?? 1) > 0,
      );
      if (usable.length === 0) return;
      const chosen = usable[random.weighted(usable.map((m) => model.weights[m.id] ?? 1))]!;
      walkInto(w, chosen, followed);
      return;
    }
    case 'optional':
      if (satisfiableNode(plan, node.member) && random.chance(model.optional(node.id))) {
        walkInto(w, node.member, followed);
      }
      return;
    case 'zeroOrMore':
    case 'oneOrMore': {
      if (!satisfiableNode(plan, node.member)) return;
      const least = node.kind === 'oneOrMore' ? 1 : 0;
      const most = Math.max(least, model.repeat(node.id));
      const leading = least === 0 && w.out.length === 0 && followed;
      const turns = !leading
        ? random.int(least, most)
        : most > 0 && random.chance(LEADING_REPEAT_CHANCE)
          ? random.int(1, most)
          : 0;
      for (let i = 0; i < turns; i++) walkInto(w, node.member, followed || i < turns - 1);
      return;
    }
    default:
      return;
  }
}

/** Why a walk cannot be used: the greedy matching rejects it, or a StatementRef has no target. */
export function walkProblem(
  plan: SimulationPlan,
  node: PatternNode,
  ids: Iri[],
): string | undefined {
  if (ids.length === 0) return 'the path is empty';
  // Each statement is known by the templates its trials always matched, as the matching will see it.
  const match = matchPattern(
    ids.map((id) => plan.recipes.get(id)!.matches),
    node,
  );
  if (match.outcome !== 'success' || match.remaining !== 0) {
    const overlaps = [...new Set(ids)]
      .map((id) => ({ id, also: plan.recipes.get(id)!.matches.filter((m) => m !== id) }))
      .filter((o) => o.also.length > 0)
      .map((o) => `statements of ${o.id} also match ${o.also.join(', ')}`);
    const why = overlaps.length > 0 ? ` (${overlaps.join('; ')})` : '';
    return `the specification's greedy matching does not accept the path ${ids.map(lastSegment).join(', ')}${why}: ${match.trace.message}`;
  }
  for (let i = 0; i < ids.length; i++) {
    const t = plan.recipes.get(ids[i]!)!.template;
    for (const allowed of [t.objectStatementRefTemplate, t.contextStatementRefTemplate]) {
      if (allowed && refTarget(ids, i, allowed) < 0) {
        return `${t.id} refers to a statement of ${allowed.join(' or ')}, and none comes before it in the path`;
      }
    }
  }
  return undefined;
}

function refTarget(ids: Iri[], before: number, allowed: Iri[]): number {
  for (let j = before - 1; j >= 0; j--) if (allowed.includes(ids[j]!)) return j;
  return -1;
}

export interface BuiltRegistration {
  statements: JsonObject[];
  /** Each statement's instant (ms), so merging actors reads no timestamp text. */
  times: number[];
  /** The instant of the last statement (ms). */
  last: number;
  /** The template each statement was built from, in order. */
  templates: Iri[];
}

/**
 * Builds one registration starting after `cursor` (ms). Returns why no walk worked when every
 * trial failed (the plan reports it for the pattern; during generation it is a bug).
 */
export function buildRegistration(
  plan: SimulationPlan,
  node: PatternNode,
  random: Random,
  actor: SimulatedActor,
  cursor: number,
  learner?: Learner,
): BuiltRegistration | { reason: string } | { outOfTime: true } {
  let reason = 'no path was found';
  for (let attempt = 0; attempt < WALK_TRIALS; attempt++) {
    const bounds: CompiledBound[][][] | undefined = plan.model.bounds ? [] : undefined;
    const ids = walk(plan, node, random, bounds);
    const problem = walkProblem(plan, node, ids);
    if (problem) {
      reason = problem;
      continue;
    }
    const state = new BuildState(plan, random, actor, learner);
    state.registration = random.uuid();
    state.mainType = mainTypeOf(plan, ids);
    const statements: JsonObject[] = [];
    const times: number[] = [];
    let time = cursor;
    for (let i = 0; i < ids.length; i++) {
      const recipe = plan.recipes.get(ids[i]!)!;
      const t = recipe.template;
      time += Math.max(1, pacedMillis(random, periodAt(plan.model.period(t.id), time), learner));
      if (i === 0 && learner) time = startWithinHours(time, learner, random);
      if (bounds) {
        // Outside the model's bounds the learner waits for the next instant inside them.
        const within = nextWithin(bounds[i]!, time);
        if (within === undefined) return { outOfTime: true };
        time = within;
      }
      if (i === 0) state.startedAt = time;
      state.now = time;
      state.index = i;
      const ref = (allowed: Iri[] | undefined) =>
        allowed ? (statements[refTarget(ids, i, allowed)]!.id as string) : undefined;
      state.objectRef = ref(t.objectStatementRefTemplate);
      state.contextRef = ref(t.contextStatementRefTemplate);
      state.timestamp = isoInstant(time);
      const built = buildStatement(recipe, state);
      if ('failure' in built) {
        const f = built.failure;
        throw new SimulationBugError(
          `the plan accepted ${t.id}, but its rule ${f.ruleIndex + 1} at ${f.location} failed: ${f.reason}`,
        );
      }
      statements.push(built.statement);
      times.push(time);
      state.earlier.push(built.statement.id as string);
    }
    if (plan.selfCheck) {
      const problem = selfCheck(plan, ids, statements);
      if (problem) {
        reason = problem;
        continue;
      }
    }
    return { statements, times, last: time, templates: ids };
  }
  return { reason };
}

/**
 * Every statement validated against its template (a failure is a bug), then the registration
 * against the primary patterns (a failure only sends the walk back: another path is tried).
 */
function selfCheck(plan: SimulationPlan, ids: Iri[], statements: JsonObject[]): string | undefined {
  const byId = new Map(statements.map((s) => [s.id as string, s]));
  const options = { lookupStatement: (id: string) => byId.get(id) };
  const validations: StatementValidation[] = [];
  statements.forEach((s, i) => {
    const v = validateStatement(s, plan.compiled, options);
    if (v.outcome !== 'success' || !v.matched.includes(ids[i]!)) {
      const why =
        v.statementProblems[0]?.message ??
        v.templates.flatMap((e) => e.failedRules.map((r) => `${e.templateId}: ${r.message}`))[0] ??
        v.templates.flatMap((e) =>
          e.statementRefs.filter((r) => r.status === 'failed').map((r) => r.message),
        )[0] ??
        `outcome ${v.outcome}, matched ${v.matched.join(', ') || 'nothing'}`;
      throw new SimulationBugError(
        `a statement of ${ids[i]} does not validate against its template: ${why}`,
        s,
        v,
      );
    }
    if (!categoryNames(s, plan.versionId)) {
      throw new SimulationBugError(
        `a statement of ${ids[i]} does not name the profile version in its category`,
        s,
      );
    }
    validations.push(v);
  });
  const follows = followsPatterns(statements, plan.compiled, { ...options, validations });
  if (!follows.followed || follows.streams.length !== 1 || follows.skipped.length > 0) {
    const stream = follows.streams[0];
    const trace = stream?.patterns.map((p) => p.trace.message).join(' ') ?? '';
    return `a registration of ${ids.map(lastSegment).join(', ')} does not follow the primary patterns: ${trace}`;
  }
  return undefined;
}

/** Whether the pattern can be generated: a walk found, built and checked. */
export function checkPattern(plan: SimulationPlan, node: PatternNode): string | undefined {
  if (!satisfiableNode(plan, node)) {
    return `every path needs a template that cannot be built (${unbuildable(plan, node)
      .map((id) => JSON.stringify(id))
      .join(', ')})`;
  }
  const random = new Random(plan.seed, 'plan', node.id);
  const selfCheckWas = plan.selfCheck;
  plan.selfCheck = true;
  try {
    const built = buildRegistration(plan, node, random, plan.actors[0]!, plan.start);
    if ('outOfTime' in built)
      return "the model's bounds leave no instant after the start for one of its statements";
    return 'reason' in built
      ? `no path could be generated in ${WALK_TRIALS} tries; the last: ${built.reason}`
      : undefined;
  } finally {
    plan.selfCheck = selfCheckWas;
  }
}

/** The templates of a pattern that cannot be built, in order of appearance. */
function unbuildable(plan: SimulationPlan, node: PatternNode, out: Iri[] = []): Iri[] {
  if (node.kind === 'template') {
    if (!plan.recipes.has(node.id) && !out.includes(node.id)) out.push(node.id);
  } else if (node.kind === 'invalid') {
    if (!out.includes(node.id)) out.push(`${node.id} (${node.reason})`);
  } else if ('members' in node) {
    for (const m of node.members) unbuildable(plan, m, out);
  } else unbuildable(plan, node.member, out);
  return out;
}
