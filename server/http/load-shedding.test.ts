import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { Health } from '../../common/site';
import { useTestApp } from '../test/app';
import { registerErrorHandling } from './errors';
import { answersUnderPressure, registerLoadShedding, type Pressure } from './load-shedding';

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

  describe('when the event loop is delayed (refusing from the first request in progress)', () => {
    // How the delay is measured, with one request at a time: every request counts as queued.
    const t = useTestApp({
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '200',
      LOAD_SHED_MIN_IN_FLIGHT: '0',
      LOAD_SHED_HEAP_PERCENT: '0',
    });

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

  describe('when the event loop is delayed and one client asks at a time', () => {
    const t = useTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '200', LOAD_SHED_HEAP_PERCENT: '0' });

    it('serves a lone client whatever the delay, and /health says the loop is delayed but no work is refused', async () => {
      expect(await settles(() => t.app.inject({ method: 'GET', url: '/health' }))).toBe(200);
      holdThread(2_000);
      await nextTurn();
      // Right after the stall the loop's delay is past the limit, and nothing is refused.
      const during = await t.app.inject({ method: 'GET', url: '/health' });
      expect(during.statusCode).toBe(200);
      const body = during.json<Health>();
      expect(body).toMatchObject({ status: 'ok', pressure: [], requestsInFlight: 1 });
      expect(body.eventLoopDelayMs).toBeGreaterThan(200);
      // The lone client is served. Its request on PostgreSQL on a loaded machine has taken past
      // the half second the delay is counted for, so the delay is read before it, not after.
      const served = await t.app.inject({ method: 'GET', url: '/api/profile' });
      expect(served.statusCode, served.body).toBe(200);
      // The longest stall of the last ten seconds still tells of it.
      const after = (await t.app.inject({ method: 'GET', url: '/health' })).json<Health>();
      expect(after.eventLoopDelayMaxMs).toBeGreaterThan(1_000);
    });
  });

  describe('when requests queue at a delayed event loop', () => {
    /** A bare node with the shedding hook, a route that waits until let go, and a quick one. */
    async function node(minInFlight: number) {
      const app = Fastify();
      registerErrorHandling(app);
      registerLoadShedding(app, { eventLoopDelayMs: 200, minInFlight, heapPercent: 0 });
      const gates: Array<() => void> = [];
      app.get('/wait', () => new Promise<string>((resolve) => gates.push(() => resolve('done'))));
      app.get('/quick', () => 'ok');
      app.get('/pressure', { config: answersUnderPressure }, () => app.pressure());
      await app.ready();
      return { app, release: () => gates.splice(0).forEach((go) => go()) };
    }

    it('refuses new work while more than the floor are in progress, and serves again as they end', async () => {
      const { app, release } = await node(2);
      const waiting = [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/wait' }));
      await nextTurn();
      expect(app.pressure().requestsInFlight).toBe(3);
      holdThread(1_000);
      await nextTurn();
      const refused = await app.inject({ method: 'GET', url: '/quick' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json<{ message: string }>().message).toMatch(
        /the event loop is delayed by \d+ ms \(limit 200 ms\) with 4 requests in progress \(more than 2\)/,
      );
      const why = await app.inject({ method: 'GET', url: '/pressure' });
      expect(why.json<Pressure>().reasons).toEqual([expect.stringMatching(/requests in progress/)]);
      release();
      expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
      // Once the queue is gone the same delay refuses nobody.
      holdThread(1_000);
      await nextTurn();
      expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
      expect(app.pressure().requestsInFlight).toBe(0);
      await app.close();
    });

    it('counts a request whose client went away as no longer in progress', async () => {
      const { app, release } = await node(2);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const gone = new AbortController();
      const asked = fetch(`${address}/wait`, { signal: gone.signal }).catch(() => null);
      for (let i = 0; i < 50 && app.pressure().requestsInFlight === 0; i++) await nextTurn();
      expect(app.pressure().requestsInFlight).toBe(1);
      gone.abort();
      await asked;
      for (let i = 0; i < 50 && app.pressure().requestsInFlight > 0; i++) await nextTurn();
      expect(app.pressure().requestsInFlight).toBe(0);
      release();
      await app.close();
    });
  });
});
