import { successSchema } from '../../../common/api';
import {
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
} from '../../../common/notifications';
import { userStatusSchema } from '../../../common/user';
import { presentSessionUser } from '../../modules/accounts/presenter';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { requireUser } from './actor';
import { clearSessionCookie, SESSION_COOKIE } from './session';

export function userSessionRoutes(app: ZodApp, services: Services): void {
  app.get('/user/status', { schema: { response: { 200: userStatusSchema } } }, async (request) => ({
    loggedIn: request.user !== null,
    user: request.user ? presentSessionUser(request.user) : null,
  }));

  app.post(
    '/user/logout',
    { schema: { response: { 200: successSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await services.sessions.end(token);
      clearSessionCookie(reply, services.config.secureCookies);
      return { success: true as const };
    },
  );

  app.get(
    '/user/notifications',
    { schema: { response: { 200: notificationPreferencesResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        preferences: await services.notifications.preferencesOf(user.id),
      };
    },
  );

  app.put(
    '/user/notifications',
    {
      schema: {
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        success: true as const,
        preferences: await services.notifications.choosePreferences(user.id, request.body),
      };
    },
  );
}
