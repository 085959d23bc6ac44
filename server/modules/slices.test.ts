import { describe, expect, it } from 'vitest';
import { runInSlices } from './slices';

/** Counts the turns the event loop takes until stopped: what other requests would get. */
function countTurns() {
  const counter = { turns: 0, stopped: false };
  const next = () =>
    setImmediate(() => {
      if (counter.stopped) return;
      counter.turns += 1;
      next();
    });
  next();
  return counter;
}

function* steps(count: number, seen: number[], counter: { turns: number }) {
  for (let i = 0; i < count; i++) {
    seen.push(counter.turns);
    yield i;
  }
  return 'done';
}

describe('runInSlices', () => {
  it('gives the event loop a turn between slices, and answers what the work returns', async () => {
    const counter = countTurns();
    const seen: number[] = [];
    expect(await runInSlices(steps(5, seen, counter), 0)).toBe('done');
    counter.stopped = true;
    // With no time allowed per slice, each step ran after another turn of the loop.
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('runs work that fits in one slice without yielding', async () => {
    const counter = countTurns();
    const seen: number[] = [];
    expect(await runInSlices(steps(5, seen, counter), 60_000)).toBe('done');
    counter.stopped = true;
    expect(seen).toEqual([0, 0, 0, 0, 0]);
  });
});
