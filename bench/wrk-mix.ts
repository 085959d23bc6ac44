/**
 * wrk walking a mix of URLs, one per request, from a Lua script it is given: the load generator
 * of the benchmarks that read a server from a process of their own (`soak`, `hostile`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkMixFigures {
  requests: number;
  perSecond: number;
  /** As wrk prints them: `1.23ms`, `250.00us`, `1.05s`. */
  p50: string;
  p99: string;
  non2xx: number;
}

export interface WrkMixOptions {
  base: string;
  urls: string[];
  threads: number;
  connections: number;
  seconds: number;
}

export async function wrkMix(options: WrkMixOptions): Promise<WrkMixFigures> {
  const script = join(mkdtempSync(join(tmpdir(), 'xps-wrk-')), 'mix.lua');
  writeFileSync(
    script,
    `local urls = {${options.urls.map((u) => JSON.stringify(u)).join(', ')}}
local i = 0
request = function()
  i = i % #urls + 1
  return wrk.format("GET", urls[i])
end
`,
  );
  const wrk = spawn('wrk', [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    '-s',
    script,
    options.base,
  ]);
  let out = '';
  wrk.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await new Promise((resolve) => wrk.once('exit', resolve));
  const latency = (p: string) => new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? '?';
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: latency('50'),
    p99: latency('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** A latency as wrk prints it, in milliseconds (NaN when it is not one). */
export function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}
