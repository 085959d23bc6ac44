import { healthSchema } from '../../common/site';
import type { Services } from '../services';
import { DatabaseProbe } from './database-probe';
import { answersUnderPressure } from './load-shedding';
import type { ZodApp } from './types';

/**
 * Whether this node takes work: 200 when its database answers (probed every second, see
 * `DatabaseProbe`) and it is under no pressure,
 * else 503 saying why (`unavailable`: the database; `overloaded`: the reasons in `pressure`).
 * Answers even while every other route is refused for load.
 */
export async function healthRoutes(app: ZodApp, services: Services): Promise<void> {
  const database = new DatabaseProbe(() => services.database.ping());
  await database.start();
  app.addHook('onClose', () => database.stop());
  app.get(
    '/health',
    {
      config: answersUnderPressure,
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const ok = database.answers();
      const { reasons, eventLoopDelayMs, eventLoopDelayMaxMs, heapUsedBytes, rssBytes } =
        app.pressure();
      const status = !ok ? 'unavailable' : reasons.length > 0 ? 'overloaded' : 'ok';
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        database: ok ? 'ok' : 'unavailable',
        pressure: reasons,
        eventLoopDelayMs,
        eventLoopDelayMaxMs,
        heapUsedBytes,
        rssBytes,
      });
    },
  );
}
