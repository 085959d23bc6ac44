/**
 * A load that is nothing but CPU: processes that spin for a while, as many cores' worth as asked
 * (a fraction of one spins that share of every 10 ms and sleeps the rest). The large-import row
 * measures reads beside it, to tell what any such load does to them on this machine from what the
 * import does beyond it.
 */
import { spawn } from 'node:child_process';

// Plain JavaScript for `node -e`: spins until the deadline, `duty` of each 10 ms.
const SPIN = `
const [ms, duty] = process.argv.slice(1).map(Number);
const pause = new Int32Array(new SharedArrayBuffer(4));
const end = Date.now() + ms;
while (Date.now() < end) {
  const sliceEnd = Date.now() + 10 * duty;
  while (Date.now() < sliceEnd);
  if (duty < 1) Atomics.wait(pause, 0, 0, 10 * (1 - duty));
}`;

/** Keeps `cores` cores' worth of CPU busy (whole processes, then one for the fraction) for `ms`. */
export async function busyLoad(cores: number, ms: number): Promise<void> {
  const duties: number[] = [];
  for (let left = cores; left > 0.05; left -= 1) duties.push(Math.min(1, left));
  const children = duties.map((duty) =>
    spawn(process.execPath, ['-e', SPIN, String(Math.round(ms)), duty.toFixed(2)], {
      stdio: 'ignore',
    }),
  );
  await Promise.all(children.map((child) => new Promise((done) => child.once('exit', done))));
}
