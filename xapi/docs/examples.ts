/**
 * Example statements for the documentation of a profile that has none written: one statement per
 * template its primary patterns reach, made by the simulator (correct by construction, checked
 * against its template) from a fixed seed, so the same document always gets the same examples.
 * Kept out of `xapi/docs/index.ts`, as the simulator is, so browser bundles stay free of it.
 */
import type { JsonValue } from '../json.js';
import type { Iri } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { parse } from '../model/parse.js';
import { generateTraced, prepareSimulation } from '../simulate/index.js';
import { runToEnd } from '../steps.js';

/** Most statements made while looking for one of each template. */
const MOST_STATEMENTS = 400;

export type GeneratedExamples = Map<Iri, { statement: JsonValue; source: 'generated' }>;

/**
 * The examples as steps: it yields after each statement made, so a server can run it in slices
 * of its thread, and returns the examples. It ends once every template has one, when the
 * statements run out, or when `stop` says so (asked before each registration).
 */
export function* exampleSteps(
  document: unknown,
  options: { stop?: () => boolean } = {},
): Generator<void, GeneratedExamples, void> {
  const examples: GeneratedExamples = new Map();
  const { model } = parse(document);
  if (!model) return examples;
  const templates = (model.templates ?? []).filter((t) => !isUnrecognized(t)).length;
  const prepared = prepareSimulation([model], {
    personae: [{ name: 'Example Learner', mbox: 'mailto:learner@example.org' }],
    parameters: { seed: 'documentation', max: MOST_STATEMENTS },
    // Every optional part taken and repeats kept short, so more templates appear sooner.
    model: { optional: 1, repeat: 2, recommended: 1 },
  });
  if (!prepared.ok) return examples;
  try {
    for (const traced of generateTraced(prepared.plan, options)) {
      if (!examples.has(traced.template))
        examples.set(traced.template, { statement: traced.statement, source: 'generated' });
      if (examples.size >= templates) break;
      yield;
    }
  } catch {
    // A statement the simulator's own check refused: the pages go without the rest of the examples.
  }
  return examples;
}

/** The examples, made at once (the command line, tests). */
export function generatedExamples(
  document: unknown,
  options: { stop?: () => boolean } = {},
): GeneratedExamples {
  return runToEnd(exampleSteps(document, options));
}
