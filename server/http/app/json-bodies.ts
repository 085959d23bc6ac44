import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../../common/errors';
import { AppError } from '../../modules/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
function isJson(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * `/app` writes take JSON or nothing. A form or `text/plain` post is what another site can send
 * without a preflight, so refusing every other content type, even on a body-less route, keeps such
 * a post from reaching a handler. A body-less write with no content type (what the web app sends
 * for DELETE and for leaving a page) is fine. Checked before the body is read.
 */
export function registerJsonBodiesOnly(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const contentType = request.headers['content-type'];
    if (contentType === undefined || isJson(contentType)) return;
    throw new AppError(
      415,
      ErrorCode.UnsupportedMediaType,
      `The request body has content type "${contentType.slice(0, 100)}"; send application/json, or no body and no content type.`,
    );
  });
}
