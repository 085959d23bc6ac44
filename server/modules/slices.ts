/**
 * Runs a generator to its end in slices of at most `sliceMs` of this thread, giving the event
 * loop a turn between slices: a long piece of work (a large file harvested statement by
 * statement) then delays other requests by one slice at most, instead of by all of it.
 */
export async function runInSlices<T>(steps: Generator<unknown, T, void>, sliceMs = 10): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
