import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../common/errors';
import {
  findCountProblem,
  findInputProblem,
  findInputProblemSteps,
  type DeclaredCounts,
  type InputProblem,
  type WalkMeter,
} from '../../common/limits';
import { AppError } from '../modules/errors';
import { runInSlices } from '../modules/slices';
import { bodyReadApart } from './json-body';

const PARTS = ['params', 'query', 'body'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The most items each top-level array of the body may hold (see `DeclaredCounts`). */
    counts?: DeclaredCounts;
  }
}

/** As `{ config: counts(...) }` in a route's options: the arrays it takes, and how many. */
export const declareCounts = (counts: DeclaredCounts) => ({ counts });

function refusal(part: string, problem: InputProblem): AppError {
  // Escaped like JSON, so the NUL or surrogate in a key shows instead of breaking the text.
  const field = JSON.stringify([part, ...problem.path].join('.')).slice(1, -1);
  const shown = field.length > 200 ? `${field.slice(0, 200)}…` : field;
  const code = (problem.code as ErrorCode | undefined) ?? ErrorCode.ValidationFailed;
  return new AppError(400, code, `${shown}: ${problem.message}.`);
}

/**
 * The refusal of a request's input, or null: declared counts first (reading only lengths), then
 * one pass over each part. `meter` counts the values that pass visited.
 */
export function checkRequestInput(
  parts: Record<(typeof PARTS)[number], unknown>,
  counts: DeclaredCounts | undefined,
  meter?: WalkMeter,
): AppError | null {
  // Without a generator: this runs for every request, and most have no body and flat parts,
  // which findInputProblem checks without walking.
  const tooMany = counts ? findCountProblem(parts.body, counts) : null;
  if (tooMany) return refusal('body', tooMany);
  for (const part of PARTS) {
    const problem = findInputProblem(parts[part], undefined, meter);
    if (problem) return refusal(part, problem);
  }
  return null;
}

/** checkRequestInput() one step at a time (see findInputProblemSteps). */
function* checkRequestInputSteps(
  parts: Record<(typeof PARTS)[number], unknown>,
  counts: DeclaredCounts | undefined,
  meter?: WalkMeter,
): Generator<void, AppError | null, void> {
  const tooMany = counts ? findCountProblem(parts.body, counts) : null;
  if (tooMany) return refusal('body', tooMany);
  for (const part of PARTS) {
    const problem = yield* findInputProblemSteps(parts[part], undefined, meter);
    if (problem) return refusal(part, problem);
  }
  return null;
}

/**
 * One rule for every route, including routes added later: path parameters, the query and the
 * parsed body hold no NUL and no lone surrogate (PostgreSQL refuses the first, UTF-8 cannot
 * write the second) and nest at most the limit deep. Runs before schema validation, so no route
 * handler, search or lookup ever sees such input; the 400 names the field to fix. An array longer
 * than its route declares (`declareCounts`) is refused first, before anything walks it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request, _reply, done) => {
    const counts = request.routeOptions.config.counts;
    if (!bodyReadApart(request)) {
      done(checkRequestInput(request, counts) ?? undefined);
      return;
    }
    // A large body is walked in slices, as it was scanned and parsed (json-body.ts).
    runInSlices(checkRequestInputSteps(request, counts)).then(
      (refused) => done(refused ?? undefined),
      (error: Error) => done(error),
    );
  });
}
