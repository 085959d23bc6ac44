import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../common/errors';
import { SPARQL_LIMITS, SPARQL_QUERY_MAX_CHARS } from '../../../common/limits';
import { AppError, badRequest } from '../../modules/errors';
import { requireKey } from '../../modules/public-api/access';
import { BINDINGS } from '../../modules/sparql/protocol';
import type { QueryCaller, SparqlAnswer } from '../../modules/sparql/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { pickMediaType } from '../ld/negotiation';
import { errors } from './schemas';

const FORM = 'application/x-www-form-urlencoded';
const SPARQL_QUERY = 'application/sparql-query';

/** What SELECT and ASK answers are offered as (SPARQL 1.1 Protocol), the first by default. */
const RESULT_TYPES = [
  'application/sparql-results+json',
  'application/sparql-results+xml',
  'text/csv',
  'text/tab-separated-values',
  'application/json',
];
/** What CONSTRUCT and DESCRIBE answers are offered as. */
const GRAPH_TYPES = ['text/turtle', 'application/n-triples', 'application/ld+json'];

const queryText = z
  .string()
  .min(1, 'send a SPARQL query')
  .max(SPARQL_QUERY_MAX_CHARS, `a query has at most ${SPARQL_QUERY_MAX_CHARS} characters`);

const bindingSchema = z.object({
  type: z.enum(['uri', 'bnode', 'literal']),
  value: z.string(),
  datatype: z.string().optional(),
  'xml:lang': z.string().optional(),
});

const answerSchema = z
  .object({
    success: z.literal(true),
    results: z
      .array(z.record(z.string(), bindingSchema))
      .describe(
        'One object per solution, each variable with its type and value (SPARQL 1.1 Query Results JSON). An ASK gives one binding `boolean`; CONSTRUCT and DESCRIBE give `subject`, `predicate`, `object` per statement.',
      ),
  })
  .meta({ id: 'SparqlAnswer' });

const notAcceptable = (offered: string[]) =>
  new AppError(
    406,
    ErrorCode.NotAcceptable,
    `This answer is available as ${offered.join(', ')}; ask for one of them in Accept.`,
  );

const KEY = [{ apiKey: [] }];

const description = `Runs a read-only SPARQL 1.1 query over every published profile (xAPI Profiles Part Three §1). The default graph holds each profile's current published version; every published version is also a named graph named by its version IRI. SKOS relations are inferred (broader/narrower, broadMatch/narrowMatch, related, relatedMatch, exactMatch, closeMatch), and every concept, template and pattern a profile lists is \`skos:inScheme\` the profile. Needs a key with read permission.

- \`text/plain\` body: the query; answers \`{success, results}\`, a list of bindings.
- SPARQL 1.1 Protocol: \`application/sparql-query\` body, a form-encoded \`query\`, or \`GET ?query=\`; answers \`application/sparql-results+json\` (or XML, CSV, TSV by Accept) for SELECT and ASK, Turtle (or N-Triples, JSON-LD) for CONSTRUCT and DESCRIBE.

Updates are refused (400 \`QUERY_INVALID\`). Before the store sees it, a query may nest groups, parentheses and brackets at most ${SPARQL_LIMITS.depthMax} levels deep (each \`!\` counting as one more; else 400 \`QUERY_TOO_DEEP\`) and hold at most ${SPARQL_LIMITS.tokensMax} terms, keywords and operators, the data of VALUES blocks not counted (else 400 \`QUERY_TOO_LARGE\`). A query running longer than the server's limit (10 s by default) is stopped (503 \`QUERY_TIMEOUT\`); a larger answer than allowed is refused (413 \`RESULT_TOO_LARGE\`).

Queries are taken in turn, one key after another: a key has at most one query running and two waiting; more answer 429 \`RATE_LIMITED\` with \`Retry-After\`. When too many queries wait in all, or one cannot start in time, the answer is 503 \`SERVICE_UNAVAILABLE\` with \`Retry-After\`. A query whose client disconnects is dropped, or stopped if it runs. If the store itself fails while answering, the answer is 503 \`SPARQL_UNAVAILABLE\` and the store restarts: send the query again.`;

/**
 * Who asks, for the store's turns and logs (the key's id, never the key), and a signal that
 * fires when the client disconnects before its answer is written.
 */
function callerOf(keyId: string, reply: FastifyReply): QueryCaller {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { keyId, signal: controller.signal };
}

/** The SPARQL endpoint: `POST /api/sparql` as the spec has it, and the SPARQL 1.1 Protocol. */
export function sparqlRoutes(app: ZodApp, services: Services): void {
  const { sparql } = services;

  const protocol = async (request: FastifyRequest, reply: FastifyReply, text: string) => {
    const key = requireKey(request.apiCaller, 'read');
    const accept = request.headers.accept;
    const answer: SparqlAnswer = await sparql.query(
      text,
      (form) => {
        const offered = form === 'select' || form === 'ask' ? RESULT_TYPES : GRAPH_TYPES;
        const chosen = pickMediaType(accept, offered);
        if (!chosen) throw notAcceptable(offered);
        return chosen === 'application/json' ? 'application/sparql-results+json' : chosen;
      },
      callerOf(key.id, reply),
    );
    const offered = answer.form === 'select' || answer.form === 'ask' ? RESULT_TYPES : GRAPH_TYPES;
    const chosen = pickMediaType(accept, offered) as string;
    return reply
      .header('vary', 'Accept')
      .header('cache-control', 'no-store')
      .type(`${chosen}; charset=utf-8`)
      .send(Buffer.from(answer.body));
  };

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(SPARQL_QUERY, { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(
      '/sparql',
      {
        schema: {
          summary: 'SPARQL query (SPARQL 1.1 Protocol, GET)',
          description,
          tags: ['SPARQL'],
          querystring: z.object({ query: queryText }),
          security: KEY,
          produces: [...RESULT_TYPES, ...GRAPH_TYPES],
          response: { ...errors(400, 401, 403, 406, 413, 429, 503) },
        },
      },
      (request, reply) => protocol(request, reply, request.query.query),
    );

    scope.post(
      '/sparql',
      {
        schema: {
          summary: 'SPARQL query',
          description,
          tags: ['SPARQL'],
          consumes: ['text/plain', SPARQL_QUERY, FORM],
          body: z.union([queryText, z.object({ query: queryText })]),
          security: KEY,
          produces: ['application/json', ...RESULT_TYPES, ...GRAPH_TYPES],
          response: {
            200: answerSchema,
            ...errors(400, 401, 403, 406, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        const body = request.body;
        if (type === SPARQL_QUERY || type === FORM) {
          const text = typeof body === 'string' ? body : body.query;
          return protocol(request, reply, text);
        }
        if (typeof body !== 'string')
          throw badRequest('Send the query as the text/plain body, or use the SPARQL protocol.');
        const key = requireKey(request.apiCaller, 'read');
        const answer = await sparql.query(body, () => BINDINGS, callerOf(key.id, reply));
        // The worker wrote the bindings as JSON already; the schema above documents them.
        const bytes = Buffer.from(`{"success":true,"results":${answer.body}}`);
        return reply
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(bytes as unknown as z.infer<typeof answerSchema>);
      },
    );
  });
}
