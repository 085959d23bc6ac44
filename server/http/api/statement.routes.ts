import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatementCheckService } from '../../modules/statement-check/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import {
  errors,
  followedSchema,
  statementCheckErrorSchema,
  validatePatternsBodySchema,
  validateTemplatesBodySchema,
} from './schemas';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The statement checks of the xAPI Profiles communication spec (§3): POST variables `statement`
 * or `statements` and `profile`, 204 when followed, 400 explaining what failed. No key needed.
 */
export function statementCheckRoutes(app: ZodApp, services: Services): void {
  const checks = new StatementCheckService(services.database.db);

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The spec sends POST variables; only these calls read form bodies, whose values are JSON text.
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.post(
      '/validate_templates',
      {
        schema: {
          summary: 'Validate a statement against a profile’s templates',
          description:
            'The spec’s `validates`: `statement` (one xAPI statement) against the templates of `profile`, a profile or version IRI published here. Form-encoded (values are JSON text) or JSON. 204 when it follows them; 400 `STATEMENT_INVALID` with the templates that apply and each failed rule. No key needed.',
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
        await checks.checkTemplates(request.body);
        return reply.status(204).send(null);
      },
    );

    scope.post(
      '/validate_patterns',
      {
        schema: {
          summary: 'Validate statements against a profile’s patterns',
          description:
            'The spec’s `follows`: `statements` (a JSON array, at most 1,000) grouped per registration, ordered by timestamp, against the primary patterns of `profile`, a profile or version IRI published here. Only statements naming a version of the profile in `context.contextActivities.category` are checked. 204 when every registration follows a primary pattern; 400 `PATTERNS_NOT_FOLLOWED` with, per registration, each pattern’s outcome and how far it got. No key needed.',
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
  });
}
