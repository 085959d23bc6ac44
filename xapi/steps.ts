/**
 * Long pieces of work here are written as generators that yield between steps, so that a caller
 * serving others meanwhile (a server) can spread them over several turns of its event loop. This
 * runs such a generator to its end at once, for callers with nothing else to do (the command
 * line, the browser's checks as one types, tests) and for the small inputs of nested calls.
 */
export function runToEnd<T>(steps: Generator<unknown, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * How many JSON values a walk of a whole document visits between two yields: a few hundred
 * microseconds of work, well under a slice of a server's thread, and few enough yields that
 * counting them costs nothing a walk would notice.
 */
export const VALUES_PER_STEP = 1000;
