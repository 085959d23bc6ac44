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
 * From this many characters on, a body's scan, its parse and what its route then does each take
 * a turn of the event loop of their own: for the largest profiles (742 KB) the three in one turn
 * held the thread for 40–50 ms, every other request waiting behind them.
 */
export const BODY_PARSED_APART_CHARS = 64 * 1024;

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
    if (body.length < BODY_PARSED_APART_CHARS) return void parse(request, body, done);
    setImmediate(() => {
      void parse(request, body, (error, value) => setImmediate(done, error, value));
    });
  };
}

/** Every JSON body of the server is read by the guarded parser. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parser = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
}
