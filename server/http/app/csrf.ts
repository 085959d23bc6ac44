import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../common/errors';
import { AppError } from '../../modules/errors';

export const CSRF_COOKIE = 'xps_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Stands for "no session" in the token's input; a session id is a UUID, never this. */
const NO_SESSION = '-';

/**
 * Double-submit tokens bound to a per-browser secret and to the session: the cookie holds a
 * random value the page cannot read, the token is an HMAC under the server secret over that value
 * and the id of the browser's live session (or "none" before sign-in). Another site can make the
 * browser send its cookies but cannot learn the token; a token minted for another browser or for
 * another session (even planted with its own csrf cookie) does not fit. Signing in or out changes
 * the session, so the web app fetches a new token then. Every node computes the same token: it
 * needs only the shared secret and the session row in the shared database.
 */
export class Csrf {
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  tokenFor(browserSecret: string, sessionId: string | null): string {
    return createHmac('sha256', this.secret)
      .update(`csrf:${browserSecret}:${sessionId ?? NO_SESSION}`)
      .digest('base64url');
  }

  /**
   * Returns the token for this browser and its current session, setting the browser's secret
   * cookie on first use. Needs the session resolved first (`request.sessionId`).
   */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    let browserSecret = request.cookies[CSRF_COOKIE];
    if (!browserSecret || browserSecret.length < 20 || browserSecret.length > 100) {
      browserSecret = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, browserSecret, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secureCookies,
      });
    }
    return this.tokenFor(browserSecret, request.sessionId);
  }

  isValid(request: FastifyRequest): boolean {
    const browserSecret = request.cookies[CSRF_COOKIE];
    const sent = request.headers[CSRF_HEADER];
    if (!browserSecret || typeof sent !== 'string' || sent.length > 200) return false;
    const expected = Buffer.from(this.tokenFor(browserSecret, request.sessionId));
    const given = Buffer.from(sent);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Guards the `/app` scope it is registered in: every state-changing call of a route that scope
   * registered must carry the token; reads need none. The decision rests on the route Fastify
   * matched (hooks of a scope run only for its routes), never on the raw URL, so no spelling of
   * the path (`/%61pp/…`, an absolute-form request line) escapes it. Call it after the session
   * hook, which it needs, and before the scope's not-found handler is set, so that an unknown
   * `/app` path is checked too and never hints at what exists without a token.
   */
  guard(scope: FastifyInstance): void {
    scope.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!this.isValid(request)) {
        throw new AppError(
          403,
          ErrorCode.CsrfInvalid,
          'Missing or invalid CSRF token: fetch one from GET /app/csrf (again after signing in or out) and send it in the x-csrf-token header.',
        );
      }
    });
  }
}
