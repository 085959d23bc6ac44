import { describe, expect, it } from 'vitest';
import type { Health } from '../../common/site';
import { useTestApp } from '../test/app';

/** Holds this thread, as a long piece of synchronous work would. */
function holdThread(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: nothing else may run.
  }
}

/**
 * Lets the delay monitor's overdue timer record the stall, as it does before a request that
 * waited is read. A timer of 0 ms may run first: it is timed from the loop's clock as it read
 * before the stall, and the monitor's from its last turn up to its 10 ms resolution earlier.
 */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 30));

/** The status a call answers once the node has calmed down (a 503 is asked again, for 10 s). */
async function settles(call: () => Promise<{ statusCode: number }>): Promise<number> {
  const until = Date.now() + 10_000;
  for (;;) {
    const { statusCode } = await call();
    if (statusCode !== 503 || Date.now() > until) return statusCode;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('load shedding', () => {
  describe('when the heap is nearly full', () => {
    // 1 % of the heap's limit is always used: the node is under pressure from the start.
    const t = useTestApp({ LOAD_SHED_HEAP_PERCENT: '1' });

    it('refuses new work with 503 and Retry-After, while /health answers and says why', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await t.app.inject({ method: 'GET', url: '/api/profile' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'OVERLOADED',
        message: expect.stringMatching(/the heap holds \d+ MB \(limit \d+ MB, 1 % of/) as unknown,
      });
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      const body = health.json<Health>();
      expect(body).toMatchObject({ status: 'overloaded', database: 'ok' });
      expect(body.pressure).toEqual([expect.stringMatching(/^the heap holds/)]);
      expect(body.heapUsedBytes).toBeGreaterThan(0);
    });
  });

  describe('when the event loop is delayed', () => {
    const t = useTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '200', LOAD_SHED_HEAP_PERCENT: '0' });

    it('refuses new work until the loop runs freely again', async () => {
      // Start-up held the loop too: wait for the samples that follow it.
      expect(await settles(() => t.app.inject({ method: 'GET', url: '/health' }))).toBe(200);
      holdThread(2_000);
      await nextTurn();
      const refused = await t.app.inject({ method: 'GET', url: '/api/profile' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json<{ message: string }>().message).toMatch(
        /the event loop is delayed by \d+ ms \(limit 200 ms\)/,
      );
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.json<Health>()).toMatchObject({ status: 'overloaded' });
      expect(health.json<Health>().eventLoopDelayMs).toBeGreaterThan(200);
      // Samples without a held thread bring the node back.
      expect(await settles(() => t.app.inject({ method: 'GET', url: '/api/profile' }))).toBe(200);
    });

    it('counts a stall wherever in a sample it falls, among many short turns', async () => {
      expect(await settles(() => t.app.inject({ method: 'GET', url: '/health' }))).toBe(200);
      // After a quiet wait the sample holds up to 25 turns of 10 ms: a plain mean of the turns
      // would put a 700 ms stall at about 30 ms, far under the limit.
      for (const quietMs of [0, 120, 240]) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        holdThread(700);
        await nextTurn();
        const refused = await t.app.inject({ method: 'GET', url: '/api/profile' });
        expect(refused.statusCode, `a stall after ${quietMs} ms of quiet`).toBe(503);
        expect(await settles(() => t.app.inject({ method: 'GET', url: '/health' }))).toBe(200);
      }
    });

    it('does not count what start-up held once the node says it is ready', async () => {
      holdThread(2_000);
      await nextTurn();
      const held = await t.app.inject({ method: 'GET', url: '/health' });
      expect(held.statusCode).toBe(503);
      t.app.forgetStartUpDelays();
      const ready = await t.app.inject({ method: 'GET', url: '/health' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json<Health>()).toMatchObject({ status: 'ok', pressure: [] });
    });
  });
});
