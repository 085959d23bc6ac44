import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { tooMany } from '../../modules/abuse/rate-limiter';
import type { ApiCaller } from '../../modules/public-api/access';
import { badKey } from '../../modules/public-api/access';
import type { Services } from '../../services';
import { guardedJsonParser } from '../json-body';
import { addressSubject, WindowLimit } from './window-limit';

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

/**
 * Everything `/api` shares: CORS for reads and validation, the key in `x-api-key` (never a
 * cookie, so no CSRF), and request limits with Retry-After: a request with a valid key is
 * counted against its key alone, so one key's flood never refuses another key calling from the
 * same address (one office, one proxy); anonymous requests, and keys that open nothing, are
 * counted against the client's address. While an address is over its limit, a key this node
 * has not found lately is refused without looking it up, so guessing keys costs the database
 * nothing.
 *
 * The limits are counted in this node's memory (`WindowLimit`), so a request writes nothing;
 * with several nodes behind a balancer each node allows the full limit.
 */
export function registerApiCaller(app: FastifyInstance, services: Services, config: Config): void {
  app.decorateRequest('apiCaller', null as unknown as ApiCaller);

  const perAddress = new WindowLimit(config.apiRateLimit.perAddress, MINUTE);
  const perKey = new WindowLimit(config.apiRateLimit.perKey, MINUTE);

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

  // A callback hook: a request without a key, the most common, passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    allowCrossOrigin(request, reply);
    request.apiCaller = { key: null };
    if (request.method === 'OPTIONS') return done();
    const address = addressSubject(request.ip);
    const fromAddress = (wait: number) => tooMany('API requests from this address', wait);
    const given = request.headers['x-api-key'];
    if (given === undefined) {
      const wait = perAddress.hit(address);
      return done(wait > 0 ? fromAddress(wait) : undefined);
    }
    const value = typeof given === 'string' ? given : '';
    const addressWait = perAddress.wait(address);
    if (addressWait > 0 && !services.apiKeys.knows(value)) return done(fromAddress(addressWait));
    services.apiKeys.authenticate(value).then((key) => {
      if (!key || !key.isEnabled) {
        const wait = perAddress.hit(address);
        return done(wait > 0 ? fromAddress(wait) : badKey());
      }
      request.apiCaller = { key };
      const keyWait = perKey.hit(key.id);
      done(keyWait > 0 ? tooMany('API requests with this key', keyWait) : undefined);
    }, done);
  });

  // Profiles are JSON-LD; tools send them as application/ld+json as often as application/json.
  app.addContentTypeParser(['application/ld+json'], { parseAs: 'string' }, guardedJsonParser(app));
}
