import type { FastifyInstance } from 'fastify';

/**
 * The SPA runs under this policy: scripts only from our origin, Mantine's inline styles allowed,
 * the captcha's proof-of-work workers from blob URLs, nothing framed and nothing sent elsewhere.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000' } : {}),
  };
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    // The request's id too: one hook for every header an answer always carries.
    reply.headers(headers).header('x-request-id', request.id);
    done(null, payload);
  });
}
