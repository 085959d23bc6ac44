/**
 * wrk, the load tool of the benchmarks: one run of a few seconds, or one in the background until
 * stopped, read into requests a second and latencies (p50 and p99 from a script of its own).
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  avgMs: number;
  requests: number;
}

/** The arguments of one wrk run of `runSeconds`, with the script that prints p50/p99. */
export function wrkArgs(
  url: string,
  connections: number,
  headers: Record<string, string>,
  runSeconds: number,
): string[] {
  const script = join(tmpdir(), 'xps-bench-latency.lua');
  // wrk prints its own percentiles only for fixed ones; this script prints p50/p99 in microseconds.
  writeFileSync(
    script,
    'done = function(summary, latency, requests)\n' +
      '  io.write(string.format("P50 %d\\nP99 %d\\nMEAN %f\\n", latency:percentile(50), latency:percentile(99), latency.mean))\n' +
      'end\n',
  );
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  return [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${runSeconds}s`,
    '--timeout',
    '30s',
    '-s',
    script,
    ...headerArgs,
    url,
  ];
}

/** One wrk run of `runSeconds`; latencies in ms. */
export function wrk(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  runSeconds = 5,
): WrkResult {
  const output = execFileSync('wrk', wrkArgs(url, connections, headers, runSeconds), {
    encoding: 'utf8',
  });
  return wrkResult(output, url);
}

/** wrk's report read into figures; a run with answers other than 2xx is refused. */
export function wrkResult(output: string, url: string): WrkResult {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? Number.NaN);
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/);
  if (non2xx > 0) throw new Error(`${non2xx} answers were not 2xx for ${url}`);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: number(/P50 (\d+)/) / 1000,
    p99: number(/P99 (\d+)/) / 1000,
    // No request finished in the run: no mean to show.
    avgMs: number(/(\d+) requests in/) > 0 ? number(/MEAN ([\d.]+)/) / 1000 : Number.NaN,
    requests: number(/(\d+) requests in/),
  };
}

/** wrk in the background until `stop` (SIGINT: wrk then reports what it measured so far). */
export function wrkUntilStopped(
  url: string,
  connections: number,
): { stop: () => Promise<WrkResult> } {
  const child = spawn('wrk', wrkArgs(url, connections, {}, 600), {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    stop: async () => {
      child.kill('SIGINT');
      await ended;
      return wrkResult(output, url);
    },
  };
}
