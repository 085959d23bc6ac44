import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

type RouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * The answer serializer: each answer is checked against its route's response schema and written
 * as JSON. A frozen answer is one kept in memory and shared by every request until a change ends
 * it (`ReadCache.keepList`), so it cannot differ from one request to the next: it is checked and
 * written once per route and status, and the same text is sent from then on. Measured on the
 * public list of profiles, checking and writing was four tenths of a request's time. A route may
 * return a frozen answer only if it is frozen all the way down, as `keepList` freezes it: what a
 * frozen answer holds is taken never to change.
 */
export const keptAnswerSerializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (
  route,
) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
