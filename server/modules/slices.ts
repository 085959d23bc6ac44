import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs a generator to its end in slices of at most `sliceMs` of this thread, giving the event
 * loop a turn between slices: a long piece of work (a large file harvested statement by
 * statement) then delays other requests by one slice at most, instead of by all of it. The first
 * slice starts in a turn of its own: the caller's turn has already spent time (a large body
 * parsed, say) that this function cannot see.
 */
export async function runInSlices<T>(steps: Generator<unknown, T, void>, sliceMs = 4): Promise<T> {
  await nextTurn();
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
