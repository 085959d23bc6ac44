import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../common/errors';
import { BODY_LIMITS } from '../../../common/limits';
import { STATEMENT_LIMITS } from '../../modules/statement-check/input';
import { SIMULATION_LIMITS } from '../../modules/statement-check/simulate';
import type { SimulationProblem, TracedStatement } from '../../../xapi/simulate/index';
import type { Services } from '../../services';
import { watchClientGone } from '../client-gone';
import { declareCounts } from '../input-guard';
import type { ZodApp } from '../types';
import {
  errors,
  followedSchema,
  simulateBodySchema,
  simulationErrorSchema,
  statementCheckErrorSchema,
  validatePatternsBodySchema,
  validateTemplatesBodySchema,
} from './schemas';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The statement checks of the xAPI Profiles communication spec (§3): POST variables `statement`
 * or `statements` and `profile`, 204 when followed, 400 explaining what failed or, for patterns,
 * what is still open. No key needed.
 */
export function statementCheckRoutes(app: ZodApp, services: Services): void {
  const { statementChecks: checks, simulations } = services;

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The spec sends POST variables; only these calls read form bodies, whose values are JSON text.
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.post(
      '/validate_templates',
      {
        bodyLimit: BODY_LIMITS.statement,
        schema: {
          summary: 'Validate a statement against a profile’s templates',
          description:
            'The spec’s `validates`: `statement` (one xAPI statement) against the templates of `profile`, a profile or version IRI published here, whatever its category: naming the profile in the call asks for the check. Form-encoded (values are JSON text) or JSON, at most 1 MB. 204 when it follows them; 400 `STATEMENT_INVALID` with the templates that apply and each failed rule. No key needed.',
          tags: ['Validation'],
          consumes: [FORM, 'application/json'],
          body: validateTemplatesBodySchema,
          response: {
            204: followedSchema,
            400: statementCheckErrorSchema,
            ...errors(404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const { xapiVersion } = await checks.checkTemplates(request.body);
        return reply.header('xapi-checked-as', xapiVersion).status(204).send(null);
      },
    );

    scope.post(
      '/validate_patterns',
      {
        bodyLimit: BODY_LIMITS.statements,
        // A longer array is refused before anything walks it.
        config: declareCounts({
          statements: {
            max: STATEMENT_LIMITS.maxStatements,
            what: 'statements',
            code: ErrorCode.TooManyStatements,
          },
        }),
        schema: {
          summary: 'Validate statements against a profile’s patterns',
          description:
            'The spec’s `follows`: `statements` (a JSON array, at most 1,000; the body at most 4 MB) grouped per registration, ordered by timestamp, against the primary patterns of `profile`, a profile or version IRI published here. The profile binds the statements naming one of its versions in `context.contextActivities.category`: only those are checked; the others are listed as `skipped` and fail nothing (a batch with none bound is a 400: nothing was checked). Each registration is followed, partial (it stopped part way: more statements could complete a primary pattern) or not followed (a statement failed its templates, statements were left over, or no primary pattern matched). 204 only when every registration follows a primary pattern. 400 `PATTERNS_INCOMPLETE` (`outcome: partial`) when none is broken but some is partial: not followed yet. 400 `PATTERNS_NOT_FOLLOWED` (`outcome: not-followed`) otherwise. Either 400 explains, per registration not followed, its outcome, why, what it expects next and how far each primary pattern got. No key needed.',
          tags: ['Validation'],
          consumes: [FORM, 'application/json'],
          body: validatePatternsBodySchema,
          response: {
            204: followedSchema,
            400: statementCheckErrorSchema,
            ...errors(404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        await checks.checkPatterns(request.body);
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/simulate',
      {
        bodyLimit: BODY_LIMITS.statement,
        schema: {
          summary: 'Simulate statements from a profile',
          description: `Statements generated from the primary patterns of \`profile\` (a profile or version IRI published here; with a read key of its group in \`x-api-key\`, a draft's version IRI, or the IRI of a profile never published), as NDJSON (\`application/x-ndjson\`, one statement a line), streamed as they are made. Every statement is checked against its template and every registration against the primary patterns before it is sent; the same input and \`seed\` give the same bytes. Bounded: at most ${SIMULATION_LIMITS.maxStatements.toLocaleString('en-US')} statements, and no registration starts after ${SIMULATION_LIMITS.maxMilliseconds / 1000} s of work (those started are finished, so every registration sent is whole). 400 \`SIMULATION_IMPOSSIBLE\` lists in \`problems\` why the profile cannot be simulated (a rule no statement can follow, a pattern the specification's matching never accepts), each with the template or pattern id and, for a rule, its index and location. When only part of the profile cannot be simulated, the rest is: the answer's \`Simulation-Left-Out\` header counts the problems and \`Simulation-Problems\` carries them as percent-encoded JSON (as many as fit in ${PROBLEMS_HEADER_CHARS.toLocaleString('en-US')} characters); send \`strict: true\` to be refused with all of them instead. No key needed.`,
          tags: ['Validation'],
          body: simulateBodySchema,
          produces: ['application/x-ndjson'],
          response: {
            200: z.string().describe('NDJSON: one xAPI statement a line.'),
            400: simulationErrorSchema,
            ...errors(401, 403, 404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const deadline = Date.now() + SIMULATION_LIMITS.maxMilliseconds;
        const gone = watchClientGone(reply);
        const run = await simulations.start(
          request.apiCaller,
          request.body,
          () => gone() || Date.now() > deadline,
        );
        if (run.problems.length > 0) {
          reply.header('simulation-left-out', String(run.problems.length));
          reply.header('simulation-problems', problemsHeader(run.problems));
        }
        // A stream is piped as it is, never serialized; the schema above documents its lines.
        return reply
          .header('cache-control', 'no-store')
          .type('application/x-ndjson; charset=utf-8')
          .send(Readable.from(ndjson(run.statements)) as unknown as string);
      },
    );
  });
}

/** Room for the problems of a partial run in one header, below what proxies commonly allow. */
const PROBLEMS_HEADER_CHARS = 4096;

/**
 * The problems of a partial run as percent-encoded JSON, as many whole ones as fit. Each is
 * encoded once: the encoding of a JSON array is the encoding of its parts between encoded
 * brackets and commas.
 */
export function problemsHeader(problems: readonly SimulationProblem[]): string {
  const [open, comma, close] = ['[', ',', ']'].map(encodeURIComponent) as [string, string, string];
  const parts: string[] = [];
  let length = open.length + close.length;
  for (const problem of problems) {
    const part = encodeURIComponent(JSON.stringify(problem));
    const added = part.length + (parts.length > 0 ? comma.length : 0);
    if (length + added > PROBLEMS_HEADER_CHARS) break;
    parts.push(part);
    length += added;
  }
  return open + parts.join(comma) + close;
}

/** Lines in chunks, giving the event loop a turn between chunks so other requests go on. */
async function* ndjson(statements: Iterator<TracedStatement>): AsyncGenerator<string> {
  for (;;) {
    let chunk = '';
    for (let i = 0; i < 200; i++) {
      const next = statements.next();
      if (next.done) {
        if (chunk) yield chunk;
        return;
      }
      chunk += JSON.stringify(next.value.statement) + '\n';
    }
    yield chunk;
    await nextTurn();
  }
}
