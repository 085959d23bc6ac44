import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { ApiCaller } from '../../modules/public-api/access';
import { badKey } from '../../modules/public-api/access';
import type { Services } from '../../services';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller;
  }
}

const MINUTE = 60_000;

/** The calls that only check what they are sent: any origin may POST to them. */
const VALIDATING = new Set(['/api/validate', '/api/validate_templates', '/api/validate_patterns']);

/** Browsers on any origin may read and validate; nothing carries credentials. */
function allowCrossOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? '';
  const readable = request.method === 'GET' || request.method === 'HEAD';
  const validating = VALIDATING.has(path);
  if (!readable && !validating && request.method !== 'OPTIONS') return;
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'Last-Modified, ETag, Retry-After');
}

/**
 * Everything `/api` shares: CORS for reads and validation, the key in `x-api-key` (never a
 * cookie, so no CSRF), and request limits per client address and per key with Retry-After.
 */
export function registerApiCaller(app: FastifyInstance, services: Services, config: Config) {
  app.decorateRequest('apiCaller', null as unknown as ApiCaller);

  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', VALIDATING.has(path) ? 'POST' : 'GET, HEAD')
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
    await services.limiter.hit(
      {
        name: 'api:ip',
        max: config.apiRateLimit.perAddress,
        windowMs: MINUTE,
        what: 'API requests from this address',
      },
      request.ip,
    );
    const given = request.headers['x-api-key'];
    if (given === undefined) return;
    const key = typeof given === 'string' ? await services.apiKeys.authenticate(given) : null;
    if (!key || !key.isEnabled) throw badKey();
    await services.limiter.hit(
      {
        name: 'api:key',
        max: config.apiRateLimit.perKey,
        windowMs: MINUTE,
        what: 'API requests with this key',
      },
      key.id,
    );
    request.apiCaller = { key };
  });

  // Profiles are JSON-LD; tools send them as application/ld+json as often as application/json.
  app.addContentTypeParser(
    ['application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
}
