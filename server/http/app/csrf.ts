import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../common/errors';
import { AppError } from '../../modules/errors';

export const CSRF_COOKIE = 'xps_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit tokens bound to a per-browser secret: the cookie holds a random value the page
 * cannot read, the token is its HMAC under the server secret. Another site can make the browser
 * send the cookie but cannot learn the token.
 */
export class Csrf {
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  tokenFor(browserSecret: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${browserSecret}`).digest('base64url');
  }

  /** Returns the token for this browser, setting its secret cookie on first use. */
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
    return this.tokenFor(browserSecret);
  }

  isValid(request: FastifyRequest): boolean {
    const browserSecret = request.cookies[CSRF_COOKIE];
    const sent = request.headers[CSRF_HEADER];
    if (!browserSecret || typeof sent !== 'string' || sent.length > 200) return false;
    const expected = Buffer.from(this.tokenFor(browserSecret));
    const given = Buffer.from(sent);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Every state-changing `/app` call must carry the token; reads need none. Checked before
   * routing, so even an unknown `/app` path never hints at what exists without a token.
   */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !/^\/app(\/|\?|$)/.test(request.url)) return;
      if (!this.isValid(request)) {
        throw new AppError(
          403,
          ErrorCode.CsrfInvalid,
          'Missing or invalid CSRF token: fetch one from GET /app/csrf and send it in the x-csrf-token header.',
        );
      }
    });
  }
}
