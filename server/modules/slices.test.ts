import { describe, expect, it } from 'vitest';
import { countTurns } from '../test/loop-turns';
import { runInSlices } from './slices';

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
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("runs work that fits in one slice in one turn, after the caller's turn", async () => {
    const counter = countTurns();
    const seen: number[] = [];
    expect(await runInSlices(steps(5, seen, counter), 60_000)).toBe('done');
    counter.stopped = true;
    // Not in the caller's turn, which may have spent its time already (a large body parsed).
    expect(seen).toEqual([1, 1, 1, 1, 1]);
  });
});
