/**
 * The server's CPU time from /proc, for the benchmark rows that report CPU per request or wait
 * for the server to be idle before measuring.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, µs) used so far by a process and its children (a cluster's
 * processes), from /proc; the clock ticks are Linux's USER_HZ (100).
 */
export function cpuMicros(pid: number): number {
  const ticksOf = (stat: string) => {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  };
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = ticksOf(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (Number(entry) === pid || stat.ppid === pid) ticks += stat.ticks;
    } catch {
      // The process ended while being read.
    }
  }
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Waits until the server has used under a tenth of a core for two seconds in a row (at most
 * 60 s): the imports before a read row leave work behind them for a few seconds (the outbox, the
 * jobs, the SPARQL store), which would otherwise be counted in the read's CPU per request.
 */
export async function untilQuiet(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    const before = cpuMicros(pid);
    await sleep(1_000);
    quiet = cpuMicros(pid) - before < 100_000 ? quiet + 1 : 0;
  }
}

/**
 * CPU time (µs) the whole machine has spent busy so far, every core and every process (the
 * first line of /proc/stat, less idle and I/O wait): what a piece of work took of the machine,
 * wherever it ran (a database thread, a PostgreSQL backend, the load tool).
 */
export function machineBusyMicros(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return ((total - idle) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
