import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../common/errors';
import { JSON_TOO_MANY_KEYS_MESSAGE, jsonTextHasTooManyKeys } from '../../common/limits';
import { AppError } from '../modules/errors';

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * Fastify's JSON parser (which refuses `__proto__` and `constructor.prototype`), after one scan
 * that refuses a text holding more distinct object keys than any real document: parsing those
 * costs the thread more than linearly, and no later check could take that time back.
 */
export function guardedJsonParser(app: FastifyInstance): JsonParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (jsonTextHasTooManyKeys(body)) {
      done(new AppError(400, ErrorCode.ValidationFailed, `body: ${JSON_TOO_MANY_KEYS_MESSAGE}`));
      return;
    }
    // Fastify's parser answers through `done`; its return value is nothing.
    void parse(request, body, done);
  };
}

/** Every JSON body of the server is read by the guarded parser. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parser = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
}
