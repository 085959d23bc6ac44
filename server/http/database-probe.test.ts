import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseProbe } from './database-probe';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DatabaseProbe', () => {
  let probe: DatabaseProbe | null = null;
  afterEach(() => probe?.stop());

  it('answers from the last probe, and follows the database going down and back', async () => {
    let up = true;
    let asked = 0;
    probe = new DatabaseProbe(
      () => {
        asked += 1;
        return up ? Promise.resolve(true) : Promise.reject(new Error('connection refused'));
      },
      { everyMs: 20, overdueMs: 1_000 },
    );
    await probe.start();
    expect(probe.answers()).toBe(true);
    up = false;
    await wait(80);
    expect(probe.answers()).toBe(false);
    up = true;
    await wait(80);
    expect(probe.answers()).toBe(true);
    expect(asked).toBeGreaterThan(3);
  });

  it('counts a probe left unanswered too long as a database that does not answer, and asks once', async () => {
    let asked = 0;
    let answer: (ok: boolean) => void = () => undefined;
    let hang = false;
    probe = new DatabaseProbe(
      () => {
        asked += 1;
        return hang ? new Promise<boolean>((resolve) => (answer = resolve)) : Promise.resolve(true);
      },
      { everyMs: 20, overdueMs: 100 },
    );
    await probe.start();
    hang = true;
    await wait(60);
    // Under way, not yet overdue: the last answer stands.
    expect(probe.answers()).toBe(true);
    await wait(150);
    expect(probe.answers()).toBe(false);
    const askedWhileHanging = asked;
    await wait(60);
    expect(asked).toBe(askedWhileHanging);
    hang = false;
    answer(true);
    await wait(60);
    expect(probe.answers()).toBe(true);
  });

  it('holds a probe queued behind a long transaction as answering while other statements finish', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    let hang = false;
    let lastAnswerAt = Date.now();
    probe = new DatabaseProbe(
      () => (hang ? new Promise<boolean>((resolve) => (answer = resolve)) : Promise.resolve(true)),
      { everyMs: 20, overdueMs: 100 },
      () => lastAnswerAt,
    );
    await probe.start();
    hang = true;
    // The transaction's statements go on finishing: past the probe's limit, still answering.
    for (let i = 0; i < 10; i++) {
      await wait(30);
      lastAnswerAt = Date.now();
    }
    expect(probe.answers()).toBe(true);
    // Then nothing finishes any more: the database has stopped answering.
    await wait(200);
    expect(probe.answers()).toBe(false);
    hang = false;
    answer(true);
    await wait(60);
    expect(probe.answers()).toBe(true);
  });
});
