import { healthSchema } from '../../common/site';
import type { Services } from '../services';
import type { ZodApp } from './types';

export function healthRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const ok = await services.database.ping();
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'ok' : 'unavailable' });
    },
  );
}
