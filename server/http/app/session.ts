import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { SessionService } from '../../modules/accounts/sessions';

export const SESSION_COOKIE = 'xps_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an `/app` request, or null. */
    user: UserRow | null;
    /** The id of the live session behind `user`, or null; the CSRF token is bound to it. */
    sessionId: string | null;
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Resolves the session cookie of every `/app` request and rolls its 24-hour lifetime. */
export function registerSessionResolution(
  app: FastifyInstance,
  sessions: SessionService,
  secureCookies: boolean,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) {
      clearSessionCookie(reply, secureCookies);
      return;
    }
    request.user = resolved.user;
    request.sessionId = resolved.sessionId;
    if (resolved.renewedUntil) setSessionCookie(reply, token, resolved.renewedUntil, secureCookies);
  });
}
