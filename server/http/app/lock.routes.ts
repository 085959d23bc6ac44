import { z } from 'zod';
import { successSchema } from '../../../common/api';
import { lockAnswerSchema } from '../../../common/locks';
import { lockResource, presentLock } from '../../modules/locks/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { requireUser } from './actor';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});

/**
 * Write locks of the edit screens. Taking, renewing and giving up a lock change state, so they
 * are POST and DELETE (never GET) and carry the CSRF token like every other such `/app` call.
 * Taking one needs the right to edit; giving one up only removes the caller's own lock, so it
 * needs nothing but a session, and works after the version or profile was deleted.
 */
export function lockRoutes(app: ZodApp, services: Services): void {
  const { locks, profiles } = services;

  app.post(
    '/profile/:profileId/version/:versionId/lock',
    { schema: { params: versionParams, response: { 200: lockAnswerSchema } } },
    async (request) => {
      const { user, version } = await profiles.assertEditable(
        request.user,
        request.params.profileId,
        request.params.versionId,
      );
      const lock = await locks.acquire(user, lockResource.version(version.id));
      return { success: true as const, lock: presentLock(lock) };
    },
  );

  app.delete(
    '/profile/:profileId/version/:versionId/lock',
    { schema: { params: versionParams, response: { 200: successSchema } } },
    async (request) => {
      const user = requireUser(request);
      await locks.release(user, lockResource.version(request.params.versionId));
      return { success: true as const };
    },
  );
}
