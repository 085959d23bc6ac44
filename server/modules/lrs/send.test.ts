import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import { startLrsReceiver, type LrsReceiver } from '../../test/lrs-receiver';
import { endpointProblem, retryAfterMs, sendStatements, statementsUrlOf } from './send';

const credentials = { username: 'simulator', password: 's3cret-Pa55' };

const statementsOf = (count: number): JsonObject[] =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    actor: { objectType: 'Agent', mbox: `mailto:learner${i}@example.org` },
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { en: 'experienced' } },
    object: { id: `https://example.org/activities/${i}` },
  }));

/** Waits recorded instead of slept. */
function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => Promise.resolve(void waits.push(ms)) };
}

let lrs: LrsReceiver;
beforeEach(async () => {
  lrs = await startLrsReceiver(credentials);
});
afterEach(() => lrs.close());

describe('sendStatements', () => {
  it('posts every statement in batches with Basic credentials and the xAPI version header', async () => {
    const sent = statementsOf(250);
    const report = await sendStatements(sent, { endpoint: lrs.endpoint, ...credentials });

    expect(report).toEqual({
      statementsUrl: `${lrs.endpoint}statements`,
      accepted: 250,
      sent: 250,
      batches: 3,
      retries: 0,
      failure: null,
    });
    expect(lrs.requests.map((r) => r.count)).toEqual([100, 100, 50]);
    expect(lrs.statements.map((s) => s.id)).toEqual(sent.map((s) => s.id));
    for (const { headers } of lrs.requests) {
      expect(headers['x-experience-api-version']).toBe('1.0.3');
      expect(headers['content-type']).toBe('application/json');
    }
  });

  it('takes statements from an async stream and sends an xAPI 2.0 version header when asked', async () => {
    async function* stream() {
      yield* statementsOf(3);
    }
    const report = await sendStatements(
      stream(),
      { endpoint: lrs.endpoint, ...credentials },
      { batchSize: 2, xapiVersion: '2.0.0' },
    );
    expect(report.accepted).toBe(3);
    expect(lrs.requests.map((r) => [r.count, r.headers['x-experience-api-version']])).toEqual([
      [2, '2.0.0'],
      [1, '2.0.0'],
    ]);
  });

  it('waits what Retry-After asks after a 429 and sends the batch again', async () => {
    lrs.failNext(429, 1, '2');
    const { waits, sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(10),
      { endpoint: lrs.endpoint, ...credentials },
      { sleep },
    );
    expect(waits).toEqual([2000]);
    expect(report).toMatchObject({ accepted: 10, sent: 10, retries: 1, failure: null });
    expect(lrs.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('backs off doubling after 5xx answers, within the longest wait', async () => {
    lrs.failNext(503, 3);
    const { waits, sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(5),
      { endpoint: lrs.endpoint, ...credentials },
      { sleep, backoffMs: 400, maxWaitMs: 1000 },
    );
    expect(waits).toEqual([400, 800, 1000]);
    expect(report).toMatchObject({ accepted: 5, retries: 3, failure: null });
  });

  it('stops after its retries and says which batch the LRS did not take', async () => {
    lrs.failNext(500, 10);
    const { sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(30),
      { endpoint: lrs.endpoint, ...credentials },
      { sleep, retries: 2, batchSize: 10 },
    );
    expect(report.accepted).toBe(0);
    expect(report.retries).toBe(2);
    expect(report.failure).toEqual({
      batch: 1,
      status: 500,
      message: '{"message":"Told to fail."}',
    });
    expect(lrs.requests).toHaveLength(3);
  });

  it('does not retry a refusal, reports what the LRS said and never the credentials', async () => {
    const { waits, sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(150),
      { endpoint: lrs.endpoint, username: 'simulator', password: 'wrong-Pa55' },
      { sleep },
    );
    expect(waits).toEqual([]);
    expect(report).toMatchObject({ accepted: 0, sent: 100, batches: 0, retries: 0 });
    expect(report.failure).toEqual({
      batch: 1,
      status: 401,
      message: '{"message":"Unknown credentials."}',
    });
    const written = JSON.stringify(report);
    expect(written).not.toContain('wrong-Pa55');
    expect(written).not.toContain(Buffer.from('simulator:wrong-Pa55').toString('base64'));
  });

  it('reports a conflict (409) for a statement id the LRS holds with other content', async () => {
    const [first] = statementsOf(1);
    await sendStatements([first!], { endpoint: lrs.endpoint, ...credentials });
    const changed = { ...first!, verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' } };
    const report = await sendStatements([changed], { endpoint: lrs.endpoint, ...credentials });
    expect(report.failure?.status).toBe(409);
    expect(report.accepted).toBe(0);
  });

  it('posts nothing to a loopback address when the address guard is on', async () => {
    const { waits, sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(5),
      { endpoint: lrs.endpoint, ...credentials },
      { sleep, check: { allowPrivate: false } },
    );
    expect(lrs.requests).toHaveLength(0);
    expect(waits).toEqual([]);
    expect(report.failure?.status).toBeNull();
    expect(report.failure?.message).toMatch(/refused.*loopback/i);
  });

  it('stops between batches and retries when told why, and names the batch not sent', async () => {
    lrs.failNext(503, 1);
    let calls = 0;
    const report = await sendStatements(
      statementsOf(30),
      { endpoint: lrs.endpoint, ...credentials },
      {
        batchSize: 10,
        sleep: () => Promise.resolve(),
        // Go on for the first batch and its retry, then stop.
        stop: () => (++calls > 2 ? 'Sending stopped after 60 s.' : null),
      },
    );
    expect(report).toMatchObject({ accepted: 10, sent: 10, batches: 1, retries: 1 });
    expect(report.failure).toEqual({
      batch: 2,
      status: null,
      message: 'Sending stopped after 60 s.',
    });
    expect(lrs.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('tries again when nothing answers, then says so', async () => {
    await lrs.close();
    const { waits, sleep } = recordedSleep();
    const report = await sendStatements(
      statementsOf(2),
      { endpoint: lrs.endpoint, ...credentials },
      { sleep, retries: 1 },
    );
    expect(waits).toEqual([500]);
    expect(report.failure).toMatchObject({ batch: 1, status: null });
    expect(report.failure?.message).toMatch(/Network error/);
    lrs = await startLrsReceiver(credentials);
  });
});

describe('the endpoint', () => {
  it('posts to {endpoint}/statements with one slash between', () => {
    expect(statementsUrlOf('https://lrs.example.org/xapi')).toBe(
      'https://lrs.example.org/xapi/statements',
    );
    expect(statementsUrlOf('https://lrs.example.org/xapi//')).toBe(
      'https://lrs.example.org/xapi/statements',
    );
  });

  it('refuses what is not an http(s) endpoint of its own, saying what to change', () => {
    expect(endpointProblem('https://lrs.example.org/xapi/')).toBeNull();
    expect(endpointProblem('lrs.example.org')).toMatch(/absolute http/);
    expect(endpointProblem('ftp://lrs.example.org/')).toMatch(/http:\/\/ or https:\/\//);
    expect(endpointProblem('https://user:pw@lrs.example.org/xapi/')).toMatch(/credentials/);
    expect(endpointProblem('https://lrs.example.org/xapi/?x=1')).toMatch(/query/);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
