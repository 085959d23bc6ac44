import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../common/errors';
import {
  JSON_TOO_MANY_KEYS_MESSAGE,
  jsonTextHasTooManyKeys,
  jsonTextHasTooManyKeysSteps,
} from '../../common/limits';
import { AppError } from '../modules/errors';
import { runInSlices } from '../modules/slices';

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * From this many characters on, a body's scan, its parse and what its route then does each take
 * turns of the event loop of their own: for the largest profiles (742 KB) the three in one turn
 * held the thread for 40–50 ms, every other request waiting behind them. The scan goes in slices
 * (it alone took 8–13 ms of that body), and so does the input guard's walk of the parsed body.
 */
export const BODY_PARSED_APART_CHARS = 64 * 1024;

/** The requests whose body was read apart: the input guard walks these in slices too. */
const readApart = new WeakSet<FastifyRequest>();

/** Whether this request's body was large enough to be read in turns of its own. */
export const bodyReadApart = (request: FastifyRequest): boolean => readApart.has(request);

const tooManyKeys = () =>
  new AppError(400, ErrorCode.ValidationFailed, `body: ${JSON_TOO_MANY_KEYS_MESSAGE}`);

/**
 * Fastify's JSON parser (which refuses `__proto__` and `constructor.prototype`), after one scan
 * that refuses a text holding more distinct object keys than any real document: parsing those
 * costs the thread more than linearly, and no later check could take that time back.
 */
export function guardedJsonParser(app: FastifyInstance): JsonParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    // Fastify's parser answers through `done`; its return value is nothing.
    if (body.length < BODY_PARSED_APART_CHARS) {
      if (jsonTextHasTooManyKeys(body)) done(tooManyKeys());
      else void parse(request, body, done);
      return;
    }
    readApart.add(request);
    runInSlices(jsonTextHasTooManyKeysSteps(body)).then(
      (refused) => {
        if (refused) return done(tooManyKeys());
        setImmediate(() => {
          void parse(request, body, (error, value) => setImmediate(done, error, value));
        });
      },
      (error: Error) => done(error),
    );
  };
}

/** Every JSON body of the server is read by the guarded parser. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parser = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
}
