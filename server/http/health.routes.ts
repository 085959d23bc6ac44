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
/**
 * What to change when a request reached this node through a proxy it does not trust, or null.
 * A proxy names the client in X-Forwarded-For; without TRUST_PROXY the node sees only the
 * proxy's address, and one client's flood then refuses every anonymous caller behind it.
 */
export function proxyAdvice(forwarded: boolean, trustProxy: boolean): string | null {
  if (trustProxy || !forwarded) return null;
  return 'This request came through a proxy (it carries X-Forwarded-For), but TRUST_PROXY is off: every client is counted as the proxy, so one client over its request limit refuses everyone behind it. Set TRUST_PROXY=true when the server is reached only through your proxy.';
}

export async function healthRoutes(
  app: ZodApp,
  services: Services,
  trustProxy: boolean,
): Promise<void> {
  const database = new DatabaseProbe(
    () => services.database.ping(),
    undefined,
    () => services.database.lastAnswerAt?.() ?? 0,
  );
  await database.start();
  app.addHook('onClose', () => database.stop());
  app.get(
    '/health',
    {
      config: answersUnderPressure,
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      const ok = database.answers();
      const pressure = app.pressure();
      const { reasons, eventLoopDelayMs, eventLoopDelayMaxMs, heapUsedBytes, rssBytes } = pressure;
      const status = !ok ? 'unavailable' : reasons.length > 0 ? 'overloaded' : 'ok';
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        database: ok ? 'ok' : 'unavailable',
        pressure: reasons,
        eventLoopDelayMs,
        eventLoopDelayMaxMs,
        heapUsedBytes,
        rssBytes,
        requestsInFlight: pressure.requestsInFlight,
        clientAddress: {
          trustProxy,
          advice: proxyAdvice(request.headers['x-forwarded-for'] !== undefined, trustProxy),
        },
      });
    },
  );
}
