import type { FastifyRequest } from 'fastify';
import { loggableError } from '../db/errors';

/** The path of a request URL: query strings carry search text, reset keys and addresses. */
export function pathOnly(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

/**
 * How the server's log writes errors and requests, for every logger built from the app's (each
 * request's, the job runner's). An error is logged without the values its query carried; a
 * request without its query string.
 */
export const logSerializers = {
  err: (error: unknown) => loggableError(error),
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOnly(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
