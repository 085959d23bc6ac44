import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../modules/errors';

/** The signed-in user of the request, or a 401 for routes that need one. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Sign in to do this.');
  return request.user;
}
