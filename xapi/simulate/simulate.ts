/**
 * `simulate(profiles, options)`: statements of a profile's primary patterns for every actor of the
 * personae, lazily, in timestamp order. Each actor has its own random numbers, seeded from the
 * seed and the actor's identifier, so an actor's statements do not depend on who else is simulated.
 */
import type { JsonObject } from '../json.js';
import type { Iri, Profile } from '../model/types.js';
import type { Preparation, SimulationPlan } from './plan.js';
import { actorKey, prepareSimulation } from './plan.js';
import type { Learner } from './learners.js';
import { pacedMillis } from './learners.js';
import { Random } from './random.js';
import { SimulationBugError, buildRegistration } from './registration.js';
import type { SimulatedActor, SimulationOptions, SimulationProblem } from './types.js';

/** The profile cannot be simulated: nothing was generated. */
export class SimulationError extends Error {
  constructor(readonly problems: SimulationProblem[]) {
    super(
      `The profile cannot be simulated: ${problems.map((p) => `${p.id}${p.ruleIndex !== undefined ? ` rule ${p.ruleIndex + 1}` : ''}: ${p.reason}`).join('; ')}`,
    );
    this.name = 'SimulationError';
  }
}

/**
 * Prepares, then generates. Throws `SimulationError` (before yielding anything) when no primary
 * pattern can be generated; problems that leave something to generate are in `prepareSimulation`.
 */
export function* simulate(
  profiles: readonly Profile[],
  options: SimulationOptions = {},
): Generator<JsonObject, void, undefined> {
  const prepared = prepareSimulation(profiles, options);
  if (!prepared.ok) throw new SimulationError(prepared.problems);
  yield* generate(prepared.plan);
}

export interface GenerateOptions {
  /**
   * Asked before each new registration: true ends the run there. Registrations already started
   * are finished, so every registration written stays whole (a time limit, a client gone).
   */
  stop?: () => boolean;
}

/** Generates from a plan that `prepareSimulation` accepted. */
export function* generate(
  plan: SimulationPlan,
  options: GenerateOptions = {},
): Generator<JsonObject, void, undefined> {
  for (const traced of generateTraced(plan, options)) yield traced.statement;
}

/**
 * A generated statement with where it came from, beside it: the statement is the one `generate`
 * yields, byte for byte, and carries nothing more.
 */
export interface TracedStatement {
  statement: JsonObject;
  /** The template the statement was built from. */
  template: Iri;
  /** The primary pattern its registration follows. */
  pattern: Iri;
}

/** `generate`, each statement with the template and primary pattern it came from. */
export function* generateTraced(
  plan: SimulationPlan,
  options: GenerateOptions = {},
): Generator<TracedStatement, void, undefined> {
  const streams = plan.actors.map(
    (actor, index) => new ActorStream(plan.personaPlans.get(actorKey(actor)) ?? plan, actor, index),
  );
  const heap = new Heap<ActorStream>((a, b) => a.nextTime - b.nextTime || a.index - b.index);
  const budget = { left: plan.max, stop: options.stop };
  for (const s of streams) if (s.advance(budget)) heap.push(s);
  for (;;) {
    const s = heap.pop();
    if (s === undefined) return;
    yield s.take();
    if (s.advance(budget)) heap.push(s);
  }
}

/** One actor's statements, a registration at a time. */
class ActorStream {
  private readonly random: Random;
  private buffer: JsonObject[] = [];
  private times: number[] = [];
  private templates: Iri[] = [];
  private pattern: Iri = '';
  private at = 0;
  private registrations = 0;
  private cursor: number;
  private done = false;
  private readonly learner: Learner;
  nextTime = 0;

  constructor(
    private readonly plan: SimulationPlan,
    private readonly actor: SimulatedActor,
    readonly index: number,
  ) {
    this.random = new Random(plan.seed, 'actor', actorKey(actor));
    this.learner = plan.model.learner(actorKey(actor));
    this.cursor = plan.start;
  }

  /**
   * Makes the next statement ready; false when this actor has no more. A registration is taken
   * whole or not at all: it must fit in what is left of `max`, so no registration is ever cut.
   */
  advance(budget: { left: number; stop: (() => boolean) | undefined }): boolean {
    if (this.at < this.buffer.length) {
      this.nextTime = this.times[this.at]!;
      return true;
    }
    if (this.done || this.registrations >= this.plan.registrations) return false;
    if (budget.stop?.()) {
      this.done = true;
      return false;
    }
    const { plan, random, learner } = this;
    const pattern = plan.patterns[random.weighted(plan.patterns.map((p) => p.weight))]!.node;
    if (this.registrations > 0) this.cursor += pacedMillis(random, plan.model.gap, learner);
    const built = buildRegistration(plan, pattern, random, this.actor, this.cursor, learner);
    if ('outOfTime' in built) {
      // The model's bounds leave this actor no more time.
      this.done = true;
      return false;
    }
    if ('reason' in built) {
      throw new SimulationBugError(
        `the plan accepted ${pattern.id}, yet no registration of it could be made: ${built.reason}`,
      );
    }
    this.registrations++;
    if (built.last > plan.end || built.statements.length > budget.left) {
      this.done = true;
      return false;
    }
    budget.left -= built.statements.length;
    // A learner who drops out finishes this registration and takes no other.
    if (learner.dropout > 0 && random.chance(learner.dropout)) this.done = true;
    this.cursor = built.last;
    this.buffer = built.statements;
    this.times = built.times;
    this.templates = built.templates;
    this.pattern = pattern.id;
    this.at = 0;
    this.nextTime = this.times[0]!;
    return true;
  }

  take(): TracedStatement {
    const at = this.at++;
    return { statement: this.buffer[at]!, template: this.templates[at]!, pattern: this.pattern };
  }
}

/** A binary min-heap: the actor whose next statement comes first is on top. */
class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => number) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.before(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(items[l]!, items[m]!) < 0) m = l;
        if (r < items.length && this.before(items[r]!, items[m]!) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

export type { Preparation };
