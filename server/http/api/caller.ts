import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { RateLimitedError } from '../../modules/abuse/rate-limiter';
import type { ApiCaller } from '../../modules/public-api/access';
import { badKey } from '../../modules/public-api/access';
import type { Services } from '../../services';
import { guardedJsonParser } from '../json-body';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller;
  }
}

const MINUTE = 60_000;

/** The calls that only check what they are sent: any origin may POST to them. */
const VALIDATING = new Set(['/api/validate', '/api/validate_templates', '/api/validate_patterns']);
/** Read-only calls that take their input in a POST body; any origin may send them too. */
const QUERYING = new Set(['/api/sparql', '/api/simulate']);

/**
 * Browsers on any origin may read and validate; nothing carries credentials. Which calls validate
 * is read from the route the router matched, never from the URL as sent.
 */
function allowCrossOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url ?? '';
  const readable = request.method === 'GET' || request.method === 'HEAD';
  const validating = VALIDATING.has(route) || QUERYING.has(route);
  if (!readable && !validating && request.method !== 'OPTIONS') return;
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'Last-Modified, ETag, Retry-After');
}

/** Answers like every other limit of the server: 429, RATE_LIMITED, Retry-After in seconds. */
function refuse(what: string, retryAfterSeconds: number): never {
  const seconds = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  throw new RateLimitedError(
    `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}

/**
 * Everything `/api` shares: CORS for reads and validation, the key in `x-api-key` (never a
 * cookie, so no CSRF), and request limits per client address and per key with Retry-After.
 *
 * The limits are counted in this node's memory (`@fastify/rate-limit`'s store), so a request
 * writes nothing; with several nodes behind a balancer each node allows the full limit.
 */
export async function registerApiCaller(
  app: FastifyInstance,
  services: Services,
  config: Config,
): Promise<void> {
  app.decorateRequest('apiCaller', null as unknown as ApiCaller);

  // No route gets the plugin's own hook: the limits below run where the key is known.
  await app.register(fastifyRateLimit, { global: false });
  const perAddress = app.createRateLimit({
    max: config.apiRateLimit.perAddress,
    timeWindow: MINUTE,
  });
  const perKey = app.createRateLimit({
    max: config.apiRateLimit.perKey,
    timeWindow: MINUTE,
    keyGenerator: (request) => `key:${request.apiCaller.key?.id ?? ''}`,
  });

  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    // The call a preflight asks about, read as the router reads paths (a trailing slash is
    // ignored), so it allows what the call itself then allows.
    const path = (request.url.split('?')[0] ?? '').replace(/(?<=.)\/$/, '');
    reply
      .header('access-control-allow-origin', '*')
      .header(
        'access-control-allow-methods',
        QUERYING.has(path) ? 'GET, HEAD, POST' : VALIDATING.has(path) ? 'POST' : 'GET, HEAD',
      )
      .header(
        'access-control-allow-headers',
        'Content-Type, x-api-key, If-None-Match, If-Modified-Since',
      )
      .header('access-control-max-age', '600');
    return reply.status(204).send();
  });

  app.addHook('onRequest', async (request, reply) => {
    allowCrossOrigin(request, reply);
    request.apiCaller = { key: null };
    if (request.method === 'OPTIONS') return;
    const byAddress = await perAddress(request);
    if (!byAddress.isAllowed && byAddress.isExceeded)
      refuse('API requests from this address', byAddress.ttlInSeconds);
    const given = request.headers['x-api-key'];
    if (given === undefined) return;
    const key = typeof given === 'string' ? await services.apiKeys.authenticate(given) : null;
    if (!key || !key.isEnabled) throw badKey();
    request.apiCaller = { key };
    const byKey = await perKey(request);
    if (!byKey.isAllowed && byKey.isExceeded)
      refuse('API requests with this key', byKey.ttlInSeconds);
  });

  // Profiles are JSON-LD; tools send them as application/ld+json as often as application/json.
  app.addContentTypeParser(['application/ld+json'], { parseAs: 'string' }, guardedJsonParser(app));
}
