import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../common/errors';
import { findInputProblem } from '../../common/limits';
import { AppError } from '../modules/errors';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * One rule for every route, including routes added later: path parameters, the query and the
 * parsed body hold no NUL and no lone surrogate (PostgreSQL refuses the first, UTF-8 cannot
 * write the second) and nest at most the limit deep. Runs before schema validation, so no route
 * handler, search or lookup ever sees such input; the 400 names the field to fix.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of PARTS) {
      const problem = findInputProblem(request[part]);
      if (!problem) continue;
      // Escaped like JSON, so the NUL or surrogate in a key shows instead of breaking the text.
      const field = JSON.stringify([part, ...problem.path].join('.')).slice(1, -1);
      const shown = field.length > 200 ? `${field.slice(0, 200)}…` : field;
      done(new AppError(400, ErrorCode.ValidationFailed, `${shown}: ${problem.message}.`));
      return;
    }
    done();
  });
}
