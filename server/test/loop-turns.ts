/**
 * Counts the turns the event loop takes until stopped: what other requests would get while a
 * piece of work runs.
 */
export function countTurns(): { turns: number; stopped: boolean } {
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
