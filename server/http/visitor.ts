import type { FastifyRequest } from 'fastify';
import type { Visitor } from '../modules/counters/visitors';

/** The client as page views see it; `request.ip` honours TRUST_PROXY. */
export function visitorOf(request: FastifyRequest): Visitor {
  const agent = request.headers['user-agent'];
  return { address: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}
