import type { FastifyInstance } from 'fastify';
import v8 from 'node:v8';
import { ErrorCode } from '../../common/errors';
import type { Config } from '../config';
import { RetryLaterError } from '../modules/errors';
import { observe } from '../modules/observations';

/** How long a refused client is asked to wait, in seconds. */
const RETRY_AFTER_SECONDS = 5;

export interface Pressure {
  /** Why the node refuses new work now (empty when it does not). */
  reasons: string[];
  /** The mean wait a request met at the event loop over the last quarter to half second. */
  eventLoopDelayMs: number;
  /** The longest single delay of the event loop in the last 10 to 20 seconds. */
  eventLoopDelayMaxMs: number;
  heapUsedBytes: number;
  rssBytes: number;
  /** Requests this node has taken and not yet answered, the one asking included. */
  requestsInFlight: number;
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
  interface FastifyContextConfig {
    /** Answered even under pressure (`/health`, which says why). */
    answersUnderPressure?: boolean;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** How often a sample of the loop's delay ends, in ms: a burst is noticed within a fraction of a second. */
const SAMPLE_MS = 250;
/** How often the loop's turns are timed, in ms. */
const RESOLUTION_MS = 10;

/**
 * The turns of the event loop in one sample, as a timer every `RESOLUTION_MS` times them: a turn
 * that held the loop S ms is seen as a gap of S ms between two runs of the timer.
 */
class Turns {
  private sum = 0;
  private sumOfSquares = 0;
  longest = 0;

  add(ms: number): void {
    this.sum += ms;
    this.sumOfSquares += ms * ms;
    this.longest = Math.max(this.longest, ms);
  }

  /**
   * The mean wait of a request that arrived at a random moment of the sample. A turn of S ms is
   * S ms of the sample and delays what arrives during it by S/2 on average, so the mean wait is
   * Σ S² / (2 Σ S). A plain mean of the turns instead weighs a 2 s stall like one 10 ms turn, and
   * reads below the limit or above it depending on how far into the sample the stall began. Half
   * the resolution is taken off: an idle loop's turns are the resolution itself, and it waits
   * nothing. Undefined for a sample with no turn in it.
   */
  meanWaitMs(): number | undefined {
    if (this.sum <= 0) return undefined;
    return Math.max(0, this.sumOfSquares / (2 * this.sum) - RESOLUTION_MS / 2);
  }
}

/**
 * The event loop's delay and the process's memory, as this node measures them. The delay is read
 * live at each request over the sample under way and the one before it, so a stall that has just
 * ended counts at once and for a quarter to half a second after, whichever of the timers ran first
 * when it ended. A sample with no turn in it keeps the one before. The turns are timed here rather
 * than by `monitorEventLoopDelay`: its histogram drops the first turn after each reset, so a
 * stall that began just after a sample ended was not counted at all.
 */
function measureLoad(app: FastifyInstance) {
  let current = new Turns();
  let previousWaitMs = 0;
  let stalls = new Turns();
  let previousLongestMs = 0;
  let last = performance.now();
  let memory = process.memoryUsage();
  const timing = setInterval(() => {
    const now = performance.now();
    current.add(now - last);
    stalls.add(now - last);
    last = now;
  }, RESOLUTION_MS);
  const sampling = setInterval(() => {
    previousWaitMs = current.meanWaitMs() ?? previousWaitMs;
    current = new Turns();
    // Read here rather than per request: the resident size is a read of /proc on Linux.
    memory = process.memoryUsage();
  }, SAMPLE_MS);
  const windowing = setInterval(() => {
    previousLongestMs = stalls.longest;
    stalls = new Turns();
  }, 10_000);
  for (const timer of [timing, sampling, windowing]) timer.unref();
  app.addHook('onClose', () => {
    for (const timer of [timing, sampling, windowing]) clearInterval(timer);
  });
  return {
    forget: () => {
      previousWaitMs = 0;
      current = new Turns();
      last = performance.now();
    },
    waitMs: () => Math.max(previousWaitMs, current.meanWaitMs() ?? 0),
    longestMs: () => Math.max(previousLongestMs, stalls.longest),
    memory: () => memory,
  };
}

/**
 * Load shedding: while requests queue at a delayed event loop (the loop's delay past the limit
 * and more than `minInFlight` requests taken and not yet answered), or the heap is nearly full,
 * every new request but `/health` is answered 503 `OVERLOADED` with `Retry-After`, rather than
 * queued behind the work that delays it. A delay alone refuses nobody: a busy host delays the
 * loop of a node that serves one client, and refusing that client shortens no queue. `/health`
 * answers and says why. Either limit set to 0 is off. Decided at each request from what is
 * measured then; why this is not `@fastify/under-pressure` is in
 * docs/decisions/bounded-work-per-request.md.
 */
export function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): void {
  const maxHeapUsedBytes =
    limits.heapPercent > 0
      ? Math.round((v8.getHeapStatistics().heap_size_limit * limits.heapPercent) / 100)
      : 0;
  const load = measureLoad(app);
  let inFlight = 0;
  const answered = () => {
    inFlight -= 1;
  };
  const reasonsNow = (): string[] => {
    const reasons: string[] = [];
    const waitMs = load.waitMs();
    if (
      limits.eventLoopDelayMs > 0 &&
      waitMs > limits.eventLoopDelayMs &&
      inFlight > limits.minInFlight
    )
      reasons.push(
        `the event loop is delayed by ${Math.round(waitMs)} ms (limit ${limits.eventLoopDelayMs} ms) with ${inFlight} requests in progress (more than ${limits.minInFlight})`,
      );
    const { heapUsed } = load.memory();
    if (maxHeapUsedBytes > 0 && heapUsed > maxHeapUsedBytes)
      reasons.push(
        `the heap holds ${mb(heapUsed)} (limit ${mb(maxHeapUsedBytes)}, ${limits.heapPercent} % of what it may hold)`,
      );
    return reasons;
  };

  // A hook on the root instance runs for every route, and for requests no route matched.
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('onRequest', (request, reply, done) => {
    // Counted until its answer is sent or its client goes: 'close' comes once, either way.
    inFlight += 1;
    reply.raw.once('close', answered);
    const reasons = request.routeOptions.config.answersUnderPressure ? [] : reasonsNow();
    if (reasons.length === 0) {
      done();
      return;
    }
    const message = `The server is too busy to take this request now (${reasons.join('; ')}); try again in ${RETRY_AFTER_SECONDS} seconds.`;
    request.log.warn({ message }, 'new work refused: the node is under pressure');
    observe('loadShed', { reason: reasons[0]?.startsWith('the heap') ? 'heap' : 'event-loop' });
    // The error reaches the error handler, which answers it as every other error.
    done(new RetryLaterError(503, ErrorCode.Overloaded, message, RETRY_AFTER_SECONDS));
  });

  app.decorate('forgetStartUpDelays', load.forget);
  app.decorate('pressure', (): Pressure => {
    const { heapUsed, rss } = load.memory();
    return {
      reasons: reasonsNow(),
      eventLoopDelayMs: Math.round(load.waitMs() * 10) / 10,
      eventLoopDelayMaxMs: Math.round(load.longestMs() * 10) / 10,
      heapUsedBytes: heapUsed,
      rssBytes: rss,
      requestsInFlight: inFlight,
    };
  });
}

/** Route config that keeps a route answering under pressure (`/health`, which says why). */
export const answersUnderPressure = { answersUnderPressure: true };
