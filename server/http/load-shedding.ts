import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { ErrorCode } from '../../common/errors';
import type { Config } from '../config';
import { RetryLaterError } from '../modules/errors';

/** How long a refused client is asked to wait, in seconds. */
const RETRY_AFTER_SECONDS = 5;

export interface Pressure {
  /** Why the node refuses new work now (empty when it does not). */
  reasons: string[];
  eventLoopDelayMs: number;
  /** The longest single delay of the event loop in the last 10 to 20 seconds. */
  eventLoopDelayMaxMs: number;
  heapUsedBytes: number;
  rssBytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the node is under now, and why it refuses new work if it does. */
    pressure(): Pressure;
    /**
     * Forgets the delays start-up caused (migrations, demo content, a collection of start-up
     * garbage): they say nothing of the load, and a node that has just said it is ready must not
     * answer /health with 503 for them.
     */
    forgetStartUpDelays(): void;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** How often the loop's delay is sampled, in ms: a burst is noticed within a fraction of a second. */
const SAMPLE_MS = 250;
/** The sampling resolution of the delay histograms, in ms. */
const RESOLUTION_MS = 10;

/**
 * The event loop's delay, as this node measures it: the mean over the last sample, and the
 * longest single stall over the last 10 to 20 s. A sample with no measurement in it (the loop
 * was busy the whole time, or idle) keeps the mean before it rather than reading as endless.
 */
function measureDelays(app: FastifyInstance) {
  const samples = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const stalls = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  samples.enable();
  stalls.enable();
  let meanMs = 0;
  let previousMaxNs = 0;
  const sampling = setInterval(() => {
    if (samples.count > 0) meanMs = Math.max(0, samples.mean / 1e6 - RESOLUTION_MS);
    samples.reset();
  }, SAMPLE_MS);
  const windowing = setInterval(() => {
    previousMaxNs = stalls.max;
    stalls.reset();
  }, 10_000);
  sampling.unref();
  windowing.unref();
  app.addHook('onClose', () => {
    clearInterval(sampling);
    clearInterval(windowing);
    samples.disable();
    stalls.disable();
  });
  return {
    forget: () => {
      meanMs = 0;
      samples.reset();
    },
    meanMs: () => meanMs,
    longestMs: () => Math.max(previousMaxNs, stalls.max) / 1e6,
  };
}

/**
 * Load shedding (`@fastify/under-pressure`): while the event loop is delayed past the limit, or
 * the heap is nearly full, every new request but `/health` is answered 503 `OVERLOADED` with
 * `Retry-After`, rather than queued behind the work that delays it. `/health` answers and says
 * why. Either limit set to 0 is off. The delay is this module's own measure, given to the
 * library as a health check: the library's reads an empty sample as an endless delay, which
 * under a steady load refused requests while no stall was longer than a quarter of a second.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  limits: Config['loadShedding'],
): Promise<void> {
  const maxHeapUsedBytes =
    limits.heapPercent > 0
      ? Math.round((v8.getHeapStatistics().heap_size_limit * limits.heapPercent) / 100)
      : 0;
  const delays = measureDelays(app);
  const delayed = () => limits.eventLoopDelayMs > 0 && delays.meanMs() > limits.eventLoopDelayMs;
  const reasonsNow = (heapUsed: number): string[] => {
    const reasons: string[] = [];
    if (delayed())
      reasons.push(
        `the event loop is delayed by ${Math.round(delays.meanMs())} ms (limit ${limits.eventLoopDelayMs} ms)`,
      );
    if (maxHeapUsedBytes > 0 && heapUsed > maxHeapUsedBytes)
      reasons.push(
        `the heap holds ${mb(heapUsed)} (limit ${mb(maxHeapUsedBytes)}, ${limits.heapPercent} % of what it may hold)`,
      );
    return reasons;
  };

  await app.register(underPressure, {
    maxHeapUsedBytes,
    sampleInterval: SAMPLE_MS,
    healthCheck: () => Promise.resolve(!delayed()),
    healthCheckInterval: SAMPLE_MS,
    // A rejection reaches the error handler, which answers it as every other error.
    pressureHandler: async (request) => {
      const reasons = reasonsNow(app.memoryUsage().heapUsed);
      const message = `The server is too busy to take this request now (${reasons.join('; ') || 'under pressure'}); try again in ${RETRY_AFTER_SECONDS} seconds.`;
      request.log.warn({ message }, 'new work refused: the node is under pressure');
      throw new RetryLaterError(503, ErrorCode.Overloaded, message, RETRY_AFTER_SECONDS);
    },
  });

  app.decorate('forgetStartUpDelays', delays.forget);
  app.decorate('pressure', (): Pressure => {
    const usage = app.memoryUsage();
    return {
      reasons: reasonsNow(usage.heapUsed),
      eventLoopDelayMs: Math.round(delays.meanMs() * 10) / 10,
      eventLoopDelayMaxMs: Math.round(delays.longestMs() * 10) / 10,
      heapUsedBytes: usage.heapUsed,
      rssBytes: usage.rssBytes,
    };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Under pressure, the library calls this instead of refusing; answering nothing lets the request through. */
    pressureHandler?: () => undefined;
  }
}

/** Route config that keeps a route answering under pressure (`/health`, which says why). */
export const answersUnderPressure = { pressureHandler: () => undefined };
