/**
 * The preparation of a simulation: everything that can go wrong is found here, before the first
 * statement. Each template is built a few times (every recommended value written, then none, then
 * at random) and validated; each primary pattern is walked until a path is found that can be built
 * and that the specification's greedy matching accepts, and one registration of it is checked.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { Activity, Concept, Iri, Profile, StatementTemplate } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import type { CompiledProfile, PatternNode } from '../statement/compile.js';
import { compileProfile } from '../statement/compile.js';
import { validateStatement } from '../statement/validate-statement.js';
import type { TemplateRecipe, WritableRule } from './builder.js';
import { buildStatement, clone, prepareRule, staticRuleProblem } from './builder.js';
import { isIri } from '../values.js';
import { Random } from './random.js';
import type {
  ExtensionRange,
  Period,
  SimulatedActor,
  SimulationOptions,
  SimulationProblem,
} from './types.js';
import type { SchemaPool } from './values.js';
import { SIMULATED_BASE, language, lastSegment, schemaPool } from './values.js';
import type { ExtensionPlan } from './registration.js';
import { BuildState, categoryNames, checkPattern, satisfiableNode } from './registration.js';
import { fitter, meaningOf } from './meaning.js';
import type { Learner } from './learners.js';
import { resolveLearners } from './learners.js';
import type { ActivityChoices, ModelActivity } from './model-activities.js';
import { activityChoices, readModelActivities } from './model-activities.js';
import { readPersonaModels } from './personae-models.js';
import type { CompiledBound } from './bounds.js';
import { nextWithin, readBounds } from './bounds.js';

export const PROFILE_ACTIVITY_TYPE = 'https://w3id.org/xapi/profiles/meta/profile';
const DEFAULT_START = '2025-01-01T00:00:00.000Z';
const DEFAULT_MAX = 1000;
const TEMPLATE_TRIALS = 6;

export interface SimulationPlan {
  /** The simulated profile with the templates its patterns borrow from the other profiles. */
  compiled: CompiledProfile;
  profileId: Iri;
  versionId: Iri;
  versionActivity: JsonObject;
  recipes: Map<Iri, TemplateRecipe>;
  /** Primary patterns that can be generated, with their weights. */
  patterns: { node: PatternNode; weight: number }[];
  /** Whether each pattern node can produce a path of buildable templates. */
  satisfiable: Map<PatternNode, boolean>;
  actors: SimulatedActor[];
  model: ResolvedModel;
  seed: string;
  max: number;
  start: number;
  end: number;
  registrations: number;
  selfCheck: boolean;
  /** The activities to choose from by type (`UNTYPED` for templates that name none). */
  activities: Map<Iri, ActivityChoices>;
  typeNames: Map<Iri, string>;
  /** Every extension's meaning, schema check and pool of schema values, by IRI. */
  extensions: Map<Iri, ExtensionPlan>;
  /** The plan of an actor the model's `personae` give a model of its own, by `actorKey`. */
  personaPlans: Map<string, SimulationPlan>;
  problems: SimulationProblem[];
}

export interface ResolvedModel {
  weights: Record<Iri, number>;
  optional: (id: Iri) => number;
  repeat: (id: Iri) => number;
  recommended: number;
  /** The periods of a template, in order; the last holds at any time. */
  period: (templateId: Iri) => TimedPeriod[];
  gap: Period;
  extensions: Record<Iri, ExtensionRange>;
  /** How an actor learns, by the actor's identifier (`actorKey`). */
  learner: (actorKey: string) => Learner;
  /** The model's own activities, in place of the profile's of their types. */
  activities: ModelActivity[];
  /** When statements may happen; undefined when the model bounds nothing. */
  bounds: ResolvedBounds | undefined;
}

/** A period, and the bounds (when any) the time must be inside for it to hold. */
export interface TimedPeriod extends Period {
  bounds?: CompiledBound[];
}

/** Bounds for every statement (`all`, possibly empty) and by template or pattern IRI. */
export interface ResolvedBounds {
  all: CompiledBound[];
  byId: Map<Iri, CompiledBound[]>;
}

/** The result of preparing: a plan when at least one primary pattern can be generated. */
export type Preparation =
  | { ok: true; plan: SimulationPlan; problems: SimulationProblem[] }
  | { ok: false; problems: SimulationProblem[] };

/**
 * Prepares the simulation of `profiles[0]`; the others lend templates and concepts it uses.
 * Problems are listed whether or not generation can go on with what remains.
 */
export function prepareSimulation(
  profiles: readonly Profile[],
  options: SimulationOptions = {},
): Preparation {
  const problems: SimulationProblem[] = [];
  const main = profiles[0];
  if (main === undefined) {
    return { ok: false, problems: [{ kind: 'profile', id: '', reason: 'no profile was given' }] };
  }
  const profileId = main.id ?? '';
  const parameters = options.parameters ?? {};
  const seed = String(parameters.seed ?? 0);
  const start = Date.parse(parameters.start ?? DEFAULT_START);
  const end = parameters.end === undefined ? Infinity : Date.parse(parameters.end);
  if (isNaN(start))
    problems.push(param(`start ${JSON.stringify(parameters.start)} is not an ISO 8601 instant`));
  if (isNaN(end))
    problems.push(param(`end ${JSON.stringify(parameters.end)} is not an ISO 8601 instant`));
  if (start > end) problems.push(param('end is before start'));
  const max = parameters.max ?? DEFAULT_MAX;
  if (!Number.isInteger(max) || max < 0)
    problems.push(param('max must be a whole number, 0 or more'));
  const registrations = parameters.registrations ?? Infinity;
  if (registrations !== Infinity && (!Number.isInteger(registrations) || registrations < 1)) {
    problems.push(param('registrations must be a whole number, 1 or more'));
  }
  const groups = new Map<string, string[]>();
  const actors = actorsOf(options.personae, problems, groups);
  const rawModel = options.model === undefined ? {} : options.model;
  const model = resolveModel(rawModel, actors.map(actorKey), start, problems);
  const personaModels = personaModelsOf(rawModel, actors, groups, start, problems);

  const versionId = firstVersion(main);
  if (versionId === undefined) {
    problems.push({
      kind: 'profile',
      id: profileId,
      reason: 'the profile has no version IRI to name in the category',
    });
  }
  const compiled = compileProfile(withBorrowedTemplates(main, profiles.slice(1)));
  if (compiled.primaryPatterns.length === 0) {
    problems.push({
      kind: 'profile',
      id: profileId,
      reason: 'the profile has no primary pattern to follow',
    });
  }
  if (
    problems.length > 0 &&
    (versionId === undefined ||
      compiled.primaryPatterns.length === 0 ||
      problems.some((p) => p.kind === 'parameters'))
  ) {
    return { ok: false, problems };
  }

  const concepts = new Map<Iri, Concept>();
  for (const p of profiles) {
    for (const c of p.concepts ?? []) {
      if (!isUnrecognized(c) && c.id !== undefined && !concepts.has(c.id)) concepts.set(c.id, c);
    }
  }
  const typeNames = new Map<Iri, string>();
  const profileActivities: JsonObject[] = [];
  for (const c of concepts.values()) {
    if (c.type === 'ActivityType') typeNames.set(c.id!, labelOf(c.prefLabel) ?? lastSegment(c.id!));
    if (c.type === 'Activity') profileActivities.push(activityOfConcept(c));
  }
  const activities = activityChoices(profileActivities, model.activities, model.weights);
  const extensions = new Map<Iri, ExtensionPlan>();
  const poolProblems = new Map<Iri, string>();
  const poolSeed = new Random(seed, 'schemas').uint32() & 0x7fffffff;
  for (const c of concepts.values()) {
    if (
      c.type !== 'ContextExtension' &&
      c.type !== 'ResultExtension' &&
      c.type !== 'ActivityExtension'
    )
      continue;
    let schema: JsonValue | undefined;
    if (c.inlineSchema !== undefined) {
      if (typeof c.inlineSchema === 'string') {
        try {
          schema = JSON.parse(c.inlineSchema) as JsonValue;
        } catch {
          poolProblems.set(c.id!, 'its inlineSchema is not JSON');
          continue;
        }
      } else schema = c.inlineSchema;
    } else if (c.schema !== undefined) {
      schema = options.schemas?.[c.schema];
      if (schema === undefined) {
        poolProblems.set(
          c.id!,
          `its schema ${c.schema} was not given (the library reads nothing from the network)`,
        );
        continue;
      }
    }
    const name = lastSegment(c.id!);
    if (schema === undefined) {
      extensions.set(c.id!, { meaning: meaningOf(name, undefined), fits: fitter(undefined) });
      continue;
    }
    const pool: SchemaPool = schemaPool(schema, poolSeed);
    if ('values' in pool) {
      extensions.set(c.id!, {
        meaning: meaningOf(name, schema),
        fits: fitter(schema),
        pool: pool.values,
      });
    } else poolProblems.set(c.id!, pool.problem);
  }

  const versionActivity: JsonObject = {
    objectType: 'Activity',
    id: versionId!,
    definition: { type: PROFILE_ACTIVITY_TYPE },
  };
  const plan: SimulationPlan = {
    compiled,
    profileId,
    versionId: versionId!,
    versionActivity,
    recipes: new Map(),
    patterns: [],
    satisfiable: new Map(),
    actors,
    model,
    seed,
    max,
    start,
    end,
    registrations,
    selfCheck: options.selfCheck ?? true,
    activities,
    typeNames,
    extensions,
    personaPlans: new Map(),
    problems,
  };

  // Templates: a recipe each, tried until its statements validate (or the reason they cannot).
  const unusedVerb = [...concepts.values()].find(
    (c) => c.type === 'Verb' && !compiled.templates.some((t) => t.verb === c.id),
  );
  for (const t of compiled.templates) {
    const verbId = t.verb ?? unusedVerb?.id ?? `${SIMULATED_BASE}/verbs/experienced`;
    const verbConcept = concepts.get(verbId);
    const display =
      labelOf(verbConcept && 'prefLabel' in verbConcept ? verbConcept.prefLabel : undefined) ??
      lastSegment(verbId);
    const recipe: TemplateRecipe = {
      template: t,
      verb: { id: verbId, display: language(display) },
      rules: t.rules.map((r) => prepareRule(r, t.id)),
      alsoApplies: [],
      matches: [t.id],
      objectTypes: [],
    };
    const problem = checkTemplate(plan, recipe, poolProblems);
    if (problem) problems.push(problem);
    else plan.recipes.set(t.id, recipe);
  }

  // Patterns: which can be walked, and one walk of each checked end to end.
  for (const node of compiled.primaryPatterns) satisfiableNode(plan, node);
  plan.patterns = checkedPatterns(plan, problems);
  // An actor with a model of its own is simulated with a plan of its own: the same recipes, its
  // model's weights, activities and bounds, its patterns checked under them.
  for (const persona of personaModels) {
    const own: SimulationPlan = {
      ...plan,
      model: persona.model,
      activities: activityChoices(
        profileActivities,
        persona.model.activities,
        persona.model.weights,
      ),
      patterns: [],
      personaPlans: new Map(),
    };
    const found: SimulationProblem[] = [];
    own.patterns = checkedPatterns(own, found);
    for (const f of found)
      if (!problems.some((p) => p.id === f.id && p.reason === f.reason))
        problems.push({ ...f, reason: `for ${persona.where}: ${f.reason}` });
    if (own.patterns.length === 0) {
      problems.push(param(`${persona.where} leaves its actors no primary pattern to follow`));
      return { ok: false, problems };
    }
    for (const key of persona.keys) plan.personaPlans.set(key, own);
  }
  if (plan.patterns.length === 0) {
    if (!problems.some((p) => p.kind === 'pattern')) {
      problems.push({
        kind: 'profile',
        id: profileId,
        reason: 'every primary pattern has a weight of 0 in the model',
      });
    }
    return { ok: false, problems };
  }
  return { ok: true, plan, problems };
}

/** The primary patterns the plan's model gives a weight, each walked once and checked. */
function checkedPatterns(
  plan: SimulationPlan,
  problems: SimulationProblem[],
): SimulationPlan['patterns'] {
  const out: SimulationPlan['patterns'] = [];
  for (const node of plan.compiled.primaryPatterns) {
    const weight = plan.model.weights[node.id] ?? 1;
    if (weight <= 0) continue;
    const reason = checkPattern(plan, node);
    if (reason) problems.push({ kind: 'pattern', id: node.id, reason });
    else out.push({ node, weight });
  }
  return out;
}

/**
 * The models of the main model's `personae`, each read over the main one; a problem the main
 * model already has is not told again for each.
 */
function personaModelsOf(
  raw: unknown,
  actors: readonly SimulatedActor[],
  groups: ReadonlyMap<string, string[]>,
  start: number,
  problems: SimulationProblem[],
): Array<{ where: string; keys: string[]; model: ResolvedModel }> {
  if (!isObject(raw)) return [];
  const keys = actors.map(actorKey);
  const texts: string[] = [];
  const personae = readPersonaModels(raw, new Set(keys), groups, texts);
  for (const text of texts) problems.push(param(text));
  return personae.map((persona) => {
    const found: SimulationProblem[] = [];
    const model = resolveModel(persona.raw, keys, start, found);
    for (const f of found)
      if (!problems.some((p) => p.reason === f.reason))
        problems.push(param(`${persona.where}: ${f.reason}`));
    return { where: persona.where, keys: persona.keys, model };
  });
}

function param(reason: string): SimulationProblem {
  return { kind: 'parameters', id: '', reason };
}

/** The newest version: the specification lists versions newest first. */
function firstVersion(profile: Profile): Iri | undefined {
  for (const v of profile.versions ?? []) if (!isUnrecognized(v) && v.id !== undefined) return v.id;
  return undefined;
}

/** The profile, with the templates of other profiles its patterns and StatementRefs name. */
function withBorrowedTemplates(main: Profile, others: readonly Profile[]): Profile {
  if (others.length === 0) return main;
  const own = new Set<Iri>();
  for (const t of main.templates ?? []) if (!isUnrecognized(t) && t.id) own.add(t.id);
  for (const p of main.patterns ?? []) if (!isUnrecognized(p) && p.id) own.add(p.id);
  const named = new Set<Iri>();
  for (const p of main.patterns ?? []) {
    if (isUnrecognized(p)) continue;
    for (const m of [...(p.sequence ?? []), ...(p.alternates ?? [])]) named.add(m);
    for (const m of [p.optional, p.zeroOrMore, p.oneOrMore]) if (m) named.add(m);
  }
  const borrowed: StatementTemplate[] = [];
  const queue = [...named].filter((id) => !own.has(id));
  const seen = new Set<Iri>();
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const other of others) {
      const t = (other.templates ?? []).find((x) => !isUnrecognized(x) && x.id === id);
      if (t && !isUnrecognized(t)) {
        borrowed.push(t);
        for (const ref of [
          ...(t.objectStatementRefTemplate ?? []),
          ...(t.contextStatementRefTemplate ?? []),
        ]) {
          if (!own.has(ref)) queue.push(ref);
        }
        break;
      }
    }
  }
  return { ...main, templates: [...(main.templates ?? []), ...borrowed] };
}

export function actorKey(a: SimulatedActor): string {
  if (a.mbox) return a.mbox;
  if (a.mbox_sha1sum) return `sha1:${a.mbox_sha1sum}`;
  if (a.openid) return a.openid;
  if (a.account) return `${a.account.homePage}|${a.account.name}`;
  return '';
}

const defaultActors: SimulatedActor[] = [
  { name: 'Alice Simulated', mbox: 'mailto:alice@example.org' },
  { name: 'Bob Simulated', mbox: 'mailto:bob@example.org' },
  { name: 'Carol Simulated', mbox: 'mailto:carol@example.org' },
];

/**
 * Every actor once, in order of appearance, with what makes one unusable. The input is read as
 * untyped JSON: it comes from files and request bodies.
 */
function actorsOf(
  personae: unknown,
  problems: SimulationProblem[],
  groupsOut: Map<string, string[]>,
): SimulatedActor[] {
  if (personae === undefined) return defaultActors;
  const groups: unknown[] = Array.isArray(personae) ? personae : [personae];
  const out: SimulatedActor[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    const isGroup = isObject(g) && Array.isArray(g.member);
    const members: unknown[] = isGroup ? (g.member as unknown[]) : [g];
    // A group is known by its name and, when it has one, its identifier, for `personae` models.
    const names = isGroup ? [g.name, actorProblem(g) === undefined ? actorKey(g) : undefined] : [];
    for (const name of names)
      if (typeof name === 'string' && name !== '')
        groupsOut.set(
          name,
          members.filter((m) => !actorProblem(m)).map((m) => actorKey(m as SimulatedActor)),
        );
    for (const m of members) {
      const problem = actorProblem(m);
      if (problem) {
        problems.push(param(`the actor ${JSON.stringify(m)} ${problem}`));
        continue;
      }
      const actor = m as SimulatedActor;
      const key = actorKey(actor);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(actor);
    }
  }
  if (out.length === 0 && problems.length === 0) problems.push(param('the personae hold no actor'));
  return out;
}

/** Why a value cannot be a statement's actor (an xAPI Agent), or nothing. */
function actorProblem(a: unknown): string | undefined {
  if (!isObject(a)) return 'is not an object';
  if (a.name !== undefined && typeof a.name !== 'string') return 'has a "name" that is not text';
  if (a.mbox !== undefined) {
    return typeof a.mbox === 'string' && /^mailto:[^@\s]+@[^@\s]+$/.test(a.mbox)
      ? undefined
      : 'has an "mbox" that is not a mailto: address';
  }
  if (a.mbox_sha1sum !== undefined) {
    return typeof a.mbox_sha1sum === 'string' && /^[0-9a-f]{40}$/i.test(a.mbox_sha1sum)
      ? undefined
      : 'has an "mbox_sha1sum" that is not 40 hexadecimal digits';
  }
  if (a.openid !== undefined) {
    return isIri(a.openid) ? undefined : 'has an "openid" that is not an IRI';
  }
  if (a.account !== undefined) {
    const account = a.account;
    return isObject(account) && isIri(account.homePage) && typeof account.name === 'string'
      ? undefined
      : 'has an "account" without "homePage" (an IRI) and "name" (text)';
  }
  return 'has no mbox, mbox_sha1sum, openid or account';
}

/** The model as read from untyped JSON: every field checked, defaults filled in. */
function resolveModel(
  raw: unknown,
  actorKeys: readonly string[],
  start: number,
  problems: SimulationProblem[],
): ResolvedModel {
  const m: Record<string, unknown> = isObject(raw) ? raw : {};
  if (!isObject(raw)) problems.push(param('the model must be a JSON object'));
  const number = (v: unknown, ok: (n: number) => boolean, what: string): number | undefined => {
    if (typeof v === 'number' && ok(v)) return v;
    problems.push(param(what));
    return undefined;
  };
  const isProbability = (n: number) => n >= 0 && n <= 1;
  // 0 never takes a zeroOrMore (a oneOrMore still takes its one turn): what a model wants left
  // out of every registration.
  const isRepeat = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;
  /** A number for all, or numbers by IRI. */
  const perId = (
    value: unknown,
    fallback: number,
    ok: (n: number) => boolean,
    name: string,
    requirement: string,
  ): ((id: Iri) => number) => {
    if (value === undefined) return () => fallback;
    if (isObject(value)) {
      const map: Record<Iri, number> = {};
      for (const [id, v] of Object.entries(value)) {
        const n = number(v, ok, `${name} of ${id} must be ${requirement}`);
        if (n !== undefined) map[id] = n;
      }
      return (id) => map[id] ?? fallback;
    }
    const n = number(value, ok, `${name} must be ${requirement}`) ?? fallback;
    return () => n;
  };
  const period = (value: unknown, fallback: Period, what: string): Period => {
    if (value === undefined) return fallback;
    if (
      isObject(value) &&
      typeof value.min === 'number' &&
      typeof value.max === 'number' &&
      value.min >= 0 &&
      value.max >= value.min &&
      value.max <= 366 * 86400
    ) {
      return { min: value.min, max: value.max };
    }
    problems.push(param(`${what} must be {"min", "max"} in seconds, 0 <= min <= max <= a year`));
    return fallback;
  };
  const weights: Record<Iri, number> = {};
  if (m.weights !== undefined && !isObject(m.weights)) {
    problems.push(param('weights must be an object of numbers by IRI'));
  }
  for (const [id, w] of Object.entries(isObject(m.weights) ? m.weights : {})) {
    const n = number(
      w,
      (x) => x >= 0 && Number.isFinite(x),
      `the weight of ${id} must be 0 or more`,
    );
    if (n !== undefined) weights[id] = n;
  }
  /** A period, or a list of periods with bounds; a list whose every entry is bounded ends with `fallback`. */
  const timedPeriods = (value: unknown, fallback: TimedPeriod[], what: string): TimedPeriod[] => {
    if (!Array.isArray(value)) return [period(value, fallback.at(-1)!, what)];
    if (value.length === 0) {
      problems.push(param(`${what} must not be an empty list`));
      return fallback;
    }
    const out: TimedPeriod[] = value.map((entry, i) => {
      const at = `${what}, entry ${i + 1}`;
      const { bounds, ...rest } = isObject(entry) ? entry : { bounds: undefined };
      const timed: TimedPeriod = period(isObject(entry) ? rest : entry, fallback.at(-1)!, at);
      if (bounds === undefined) return timed;
      const texts: string[] = [];
      const read = readBounds(bounds, `the bounds of ${at}`, texts);
      for (const text of texts) problems.push(param(text));
      return read ? { ...timed, bounds: read } : timed;
    });
    return out.some((p) => !p.bounds) ? out : [...out, ...fallback.filter((p) => !p.bounds)];
  };
  const base = timedPeriods(m.period, [{ min: 5, max: 120 }], 'period');
  const periods: Record<Iri, TimedPeriod[]> = {};
  if (m.periods !== undefined && !isObject(m.periods)) {
    problems.push(param('periods must be an object of periods by template IRI'));
  }
  for (const [id, p] of Object.entries(isObject(m.periods) ? m.periods : {})) {
    periods[id] = timedPeriods(p, base, `the period of ${id}`);
  }
  const recommended =
    m.recommended === undefined
      ? 0.5
      : (number(
          m.recommended,
          isProbability,
          'recommended must be a probability between 0 and 1',
        ) ?? 0.5);
  const extensions: Record<Iri, ExtensionRange> = {};
  if (m.extensions !== undefined && !isObject(m.extensions)) {
    problems.push(param('extensions must be an object of value ranges by extension IRI'));
  }
  for (const [id, r] of Object.entries(isObject(m.extensions) ? m.extensions : {})) {
    const ok =
      isObject(r) &&
      (r.values === undefined || (Array.isArray(r.values) && r.values.length > 0)) &&
      (r.min === undefined || (typeof r.min === 'number' && Number.isFinite(r.min))) &&
      (r.max === undefined || (typeof r.max === 'number' && Number.isFinite(r.max))) &&
      (typeof r.min !== 'number' || typeof r.max !== 'number' || r.min <= r.max) &&
      (r.values !== undefined || r.min !== undefined || r.max !== undefined);
    if (!ok) {
      problems.push(
        param(
          `the extension range of ${id} must be {"values": [...]} (not empty) or {"min", "max"} numbers with min <= max`,
        ),
      );
      continue;
    }
    const range = r as ExtensionRange;
    extensions[id] = {
      ...(range.values !== undefined ? { values: range.values } : {}),
      ...(range.min !== undefined ? { min: range.min } : {}),
      ...(range.max !== undefined ? { max: range.max } : {}),
    };
  }
  const texts: string[] = [];
  const modelActivities = readModelActivities(m.activities, texts);
  const bounds = resolveBounds(m.bounds, start, texts);
  for (const text of texts) problems.push(param(text));
  return {
    extensions,
    weights,
    optional: perId(m.optional, 0.5, isProbability, 'optional', 'a probability between 0 and 1'),
    repeat: perId(m.repeat, 3, isRepeat, 'repeat', 'a whole number from 0 to 100'),
    recommended,
    period: (id) => periods[id] ?? base,
    gap: period(m.gap, { min: 3600, max: 86400 }, 'gap'),
    learner: resolveLearners(m, actorKeys, problems),
    activities: modelActivities,
    bounds,
  };
}

/**
 * The model's `bounds`: a list for every statement, or lists by template or pattern IRI. A list
 * that leaves no instant after the start is a problem: no statement could ever be made.
 */
function resolveBounds(
  raw: unknown,
  start: number,
  problems: string[],
): ResolvedBounds | undefined {
  if (raw === undefined) return undefined;
  const resolved: ResolvedBounds = { all: [], byId: new Map() };
  const read = (value: unknown, where: string): CompiledBound[] | undefined => {
    const before = problems.length;
    const bounds = readBounds(value, where, problems);
    if (bounds === undefined || problems.length > before) return undefined;
    if (!isNaN(start) && nextWithin([bounds], start) === undefined)
      problems.push(`${where} leave no instant after the start`);
    return bounds;
  };
  if (Array.isArray(raw)) {
    resolved.all = read(raw, 'the bounds') ?? [];
  } else if (isObject(raw)) {
    for (const [id, value] of Object.entries(raw)) {
      const bounds = read(value, `the bounds of ${id}`);
      if (bounds) resolved.byId.set(id, bounds);
    }
  } else {
    problems.push('bounds must be a list of bounds, or lists of bounds by template or pattern IRI');
  }
  return resolved;
}

function labelOf(map: Record<string, string> | undefined): string | undefined {
  if (!map) return undefined;
  return map.en ?? map['en-US'] ?? Object.values(map)[0];
}

/** The profile's activity as a statement carries it: no JSON-LD `@context`, no unrecognised parts. */
function activityOfConcept(c: Activity): JsonObject {
  const d = c.activityDefinition ?? {};
  const definition: JsonObject = {};
  for (const key of [
    'type',
    'name',
    'description',
    'moreInfo',
    'interactionType',
    'correctResponsesPattern',
  ] as const) {
    const v = d[key];
    if (v !== undefined) definition[key] = clone(v);
  }
  for (const key of ['choices', 'scale', 'source', 'target', 'steps'] as const) {
    const list = d[key];
    if (list) {
      definition[key] = list
        .filter((x) => !isUnrecognized(x))
        .map((x) => {
          const comp = x as { id?: string; description?: Record<string, string> };
          const out: JsonObject = {};
          if (comp.id !== undefined) out.id = comp.id;
          if (comp.description !== undefined) out.description = { ...comp.description };
          return out;
        });
    }
  }
  if (d.extensions) definition.extensions = clone(d.extensions);
  return { objectType: 'Activity', id: c.id!, definition };
}

/** Builds a template's statement a few ways; returns the first reason it fails, or nothing. */
function checkTemplate(
  plan: SimulationPlan,
  recipe: TemplateRecipe,
  poolProblems: Map<Iri, string>,
): SimulationProblem | undefined {
  const t = recipe.template;
  if (t.objectStatementRefTemplate && t.objectActivityType) {
    return {
      kind: 'template',
      id: t.id,
      reason:
        'the object must be a StatementRef (objectStatementRefTemplate) and an activity of a type (objectActivityType) at once',
    };
  }
  const rules: WritableRule[] = recipe.rules;
  for (const w of rules) {
    const reason = staticRuleProblem(w) ?? schemaProblem(w, poolProblems);
    if (reason)
      return {
        kind: 'template',
        id: t.id,
        ruleIndex: w.rule.ruleIndex,
        location: w.rule.locationText,
        reason,
      };
  }
  for (let round = 0; round < 4; round++) {
    const failure = tryTemplate(plan, recipe);
    if (failure === undefined) return undefined;
    if ('also' in failure) {
      const other = plan.compiled.templateById.get(failure.also)!;
      recipe.alsoApplies.push(other.id);
      const added = other.rules.map((r) => prepareRule(r, other.id));
      for (const w of added) {
        const reason = staticRuleProblem(w) ?? schemaProblem(w, poolProblems);
        if (reason) {
          return {
            kind: 'template',
            id: t.id,
            reason: `its statements also meet the determining properties of ${other.id}, whose rule ${w.rule.ruleIndex + 1} at ${w.rule.locationText} cannot be followed: ${reason}`,
          };
        }
      }
      recipe.rules = [...recipe.rules, ...added];
      continue;
    }
    return failure;
  }
  return {
    kind: 'template',
    id: t.id,
    reason: `its statements also meet the determining properties of ${recipe.alsoApplies.join(', ')}, whose rules cannot all be followed together`,
  };
}

/** An extension a rule requires whose schema cannot give values. */
function schemaProblem(w: WritableRule, poolProblems: Map<Iri, string>): string | undefined {
  const names = w.shape?.names ?? [];
  const at = names.lastIndexOf('extensions');
  if (at < 0 || at !== names.length - 2) return undefined;
  const problem = poolProblems.get(names[names.length - 1]!);
  if (
    problem === undefined ||
    w.rule.presence === 'recommended' ||
    w.rule.presence === 'excluded' ||
    w.choices
  )
    return undefined;
  return `the extension ${names[names.length - 1]} is required, but ${problem}`;
}

function tryTemplate(
  plan: SimulationPlan,
  recipe: TemplateRecipe,
): SimulationProblem | { also: Iri } | undefined {
  const t = recipe.template;
  const actor = plan.actors[0]!;
  let matches: Iri[] | undefined;
  for (let trial = 0; trial < TEMPLATE_TRIALS; trial++) {
    const random = new Random(plan.seed, 'plan', t.id, trial);
    const recommended = trial === 0 ? 1 : trial === 1 ? 0 : plan.model.recommended;
    const state = new BuildState(plan, random, actor);
    state.registration = random.uuid();
    state.timestamp = new Date(plan.start).toISOString();
    state.recommended = recommended;
    state.verify = true;
    const result = buildStatement(recipe, state);
    if ('failure' in result) {
      const f = result.failure;
      return {
        kind: 'template',
        id: t.id,
        ruleIndex: f.ruleIndex,
        location: f.location,
        reason:
          f.templateId === t.id
            ? f.reason
            : `its statements also meet the determining properties of ${f.templateId}, whose rule ${f.ruleIndex + 1} cannot be followed: ${f.reason}`,
      };
    }
    const v = validateStatement(result.statement, plan.compiled);
    if (v.outcome === 'not-a-statement') {
      const p = v.statementProblems[0]!;
      return {
        kind: 'template',
        id: t.id,
        location: p.path,
        reason: `the statement its rules call for is not a valid xAPI statement: ${p.message}`,
      };
    }
    if (!v.matched.includes(t.id)) {
      const e = v.templates.find((x) => x.templateId === t.id)!;
      const rule = e.failedRules[0];
      if (rule)
        return {
          kind: 'template',
          id: t.id,
          ruleIndex: rule.ruleIndex,
          location: rule.location,
          reason: rule.message,
        };
      const ref = e.statementRefs.find((r) => r.status === 'failed');
      return {
        kind: 'template',
        id: t.id,
        reason: e.mismatch?.message ?? ref?.message ?? 'the statement does not match the template',
      };
    }
    const other = v.failed.find((id) => id !== t.id && !recipe.alsoApplies.includes(id));
    if (other !== undefined) return { also: other };
    if (v.failed.length > 0) {
      return {
        kind: 'template',
        id: t.id,
        reason: `its statements also meet the determining properties of ${v.failed.join(', ')}, whose rules cannot all be followed together`,
      };
    }
    if (!categoryNames(result.statement, plan.versionId)) {
      return {
        kind: 'template',
        id: t.id,
        reason: `its rules take the profile version ${plan.versionId} out of context.contextActivities.category, so its statements would not be checked against the profile's patterns`,
      };
    }
    matches = matches ? matches.filter((id) => v.matched.includes(id)) : v.matched;
  }
  recipe.matches = matches ?? [t.id];
  recipe.objectTypes =
    t.objectActivityType || t.objectStatementRefTemplate ? [] : objectTypesFor(plan, recipe);
  return undefined;
}

/**
 * The object activity types of the profile's templates that a template naming none may carry, so
 * a registration keeps one object throughout: each is tried, and kept when the statement still
 * matches exactly the templates it matched without it, and follows them.
 */
function objectTypesFor(plan: SimulationPlan, recipe: TemplateRecipe): Iri[] {
  const types = new Set<Iri>();
  for (const other of plan.compiled.templates) {
    if (other.objectActivityType) types.add(other.objectActivityType);
  }
  const usable: Iri[] = [];
  const actor = plan.actors[0]!;
  const expected = [...recipe.matches].sort().join(' ');
  for (const type of types) {
    let ok = true;
    for (let trial = 0; trial < 2 && ok; trial++) {
      const random = new Random(plan.seed, 'plan-object', recipe.template.id, type, trial);
      const state = new BuildState(plan, random, actor);
      state.registration = random.uuid();
      state.timestamp = new Date(plan.start).toISOString();
      state.recommended = trial === 0 ? 1 : 0;
      state.verify = true;
      state.mainType = type;
      const result = buildStatement({ ...recipe, objectTypes: [type] }, state);
      if ('failure' in result) {
        ok = false;
        break;
      }
      const v = validateStatement(result.statement, plan.compiled);
      ok = v.outcome === 'success' && [...v.matched].sort().join(' ') === expected;
    }
    if (ok) usable.push(type);
  }
  return usable;
}
