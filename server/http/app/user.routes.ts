import { successSchema } from '../../../common/api';
import { userStatusSchema } from '../../../common/user';
import { presentSessionUser } from '../../modules/accounts/presenter';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
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
}
