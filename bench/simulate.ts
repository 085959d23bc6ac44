/**
 * Statement simulation throughput on one core: statements generated per second from the video and
 * cmi5 profiles of the corpus, with the self-check (every statement validated against its template,
 * every registration against the primary patterns) and without it, in process and through the
 * command line side by side. In process, rates are per second of CPU time of this process, so other
 * work on a shared machine counts less against them (it still slows caches and turbo: compare runs
 * on the same machine). Through the command line, `xapi-profile simulate`, run by the Node.js
 * that runs this, writes `--cli-count` statements (default 100,000) into `wc -l` through a pipe,
 * as a user's `| gzip` would take them, and the rate is per second of wall time, start-up
 * included, as a user sees it: the fastest of `--cli-runs` runs (default 3) with the median
 * beside it, the CPU time of the child, and the load average before the runs, since the machine
 * may be shared.
 *
 *   npm run bench:simulate [-- --count 20000 --cli-count 100000 --cli-runs 3]
 *
 * DATASIM, the ADL's simulator, reports about 4,500 to 4,900 statements a second on one JVM thread.
 * Goal here: at least 50,000 statements a second with the self-check, through the command line
 * (wall time, start-up included), which is the figure the last line judges.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../xapi/index.js';
import { generate, prepareSimulation } from '../xapi/simulate/index.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = resolve(repoRoot, '../shared/corpus/authored');
const args = process.argv.slice(2);
const countAt = args.indexOf('--count');
const COUNT = countAt >= 0 ? Number(args[countAt + 1]) : 20_000;
const cliCountAt = args.indexOf('--cli-count');
const CLI_COUNT = cliCountAt >= 0 ? Number(args[cliCountAt + 1]) : 100_000;
const cliRunsAt = args.indexOf('--cli-runs');
const CLI_RUNS = cliRunsAt >= 0 ? Math.max(1, Number(args[cliRunsAt + 1])) : 3;

/** One run of the command line: wall and CPU seconds of the child, start-up included. */
function cli(file: string, selfCheck: boolean): { wall: number; cpu: number; lines: number } {
  const started = performance.now();
  const run = spawnSync(
    'sh',
    [
      '-c',
      // `time -p` of the shell's child gives its CPU time; stdout is counted, not kept.
      `command time -p "$2" bin/xapi-profile.js simulate --profile "$1" --max ${CLI_COUNT} --seed 1 ${selfCheck ? '' : '--no-self-check'} | wc -l`,
      'sh',
      resolve(corpus, file),
      // The same Node.js as this run: the figures differ by a third from one version to another.
      process.execPath,
    ],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const wall = (performance.now() - started) / 1000;
  const user = Number(/user\s+([\d.]+)/.exec(run.stderr)?.[1] ?? NaN);
  const sys = Number(/sys\s+([\d.]+)/.exec(run.stderr)?.[1] ?? NaN);
  return { wall, cpu: user + sys, lines: Number(run.stdout.trim()) };
}
const DATASIM = '4,500–4,900/s (published, one JVM thread)';
const GOAL = 50_000;

const profiles = [
  { name: 'video', file: 'video/video.jsonld' },
  { name: 'cmi5', file: 'cmi5/v1.0/cmi5.jsonld' },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Best and median CPU milliseconds of at least 5 runs and 2 s of work, after 2 warm-up runs. */
function time(run: () => number): { min: number; median: number; count: number } {
  let count = 0;
  for (let i = 0; i < 2; i++) count = run();
  const runs: number[] = [];
  const started = performance.now();
  while (runs.length < 5 || performance.now() - started < 2000) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000);
  }
  return { min: Math.min(...runs), median: median(runs), count };
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
const show = (n: number) => `${n.toLocaleString('en-US')}/s`;

function main(): void {
  if (!existsSync(corpus)) {
    console.log(`The corpus (${corpus}) is absent: nothing to measure.`);
    return;
  }
  console.log(
    `Simulation, ${COUNT.toLocaleString('en-US')} statements a run, 3 actors, seed 1, Node.js ${process.version}`,
  );
  for (const { name, file } of profiles) {
    const { model } = parse(readFileSync(resolve(corpus, file), 'utf8'));
    const prepareStart = process.cpuUsage();
    const checked = prepareSimulation([model!], { parameters: { seed: 1, max: COUNT } });
    const used = process.cpuUsage(prepareStart);
    const unchecked = prepareSimulation([model!], {
      parameters: { seed: 1, max: COUNT },
      selfCheck: false,
    });
    if (!checked.ok || !unchecked.ok) {
      console.log(`${name}: cannot be simulated: ${JSON.stringify(checked.problems)}`);
      continue;
    }
    const count = (plan: typeof checked.plan, ndjson: boolean) => () => {
      let n = 0;
      let bytes = 0;
      for (const s of generate(plan)) {
        n++;
        if (ndjson) bytes += JSON.stringify(s).length + 1;
      }
      return bytes >= 0 ? n : 0;
    };
    const withCheck = time(count(checked.plan, false));
    const withoutCheck = time(count(unchecked.plan, false));
    const ndjson = time(count(checked.plan, true));
    const line = (label: string, t: { min: number; median: number; count: number }) =>
      `  ${label.padEnd(34)} ${show(rate(t.count, t.min)).padStart(10)} (median ${show(rate(t.count, t.median))})`;
    console.log(
      `${name} (${file}): prepared in ${((used.user + used.system) / 1000).toFixed(0)} ms`,
    );
    console.log(line('with the self-check', withCheck));
    console.log(line('without the self-check', withoutCheck));
    console.log(line('with the self-check, as NDJSON', ndjson));
    console.log('  (in process: per second of CPU time; CLI: per second of wall time)');
    let cliWithCheck = Number.NaN;
    for (const selfCheck of [true, false]) {
      const load = loadavg()[0]!.toFixed(1);
      // The fastest of a few runs, as in process: on a shared machine one run can lose a third
      // of its speed to other work; the median is printed beside it.
      const runs = Array.from({ length: CLI_RUNS }, () => cli(file, selfCheck)).sort(
        (a, b) => a.wall - b.wall,
      );
      const r = runs[0]!;
      const perSecond = Math.round(r.lines / r.wall);
      const medianWall = median(runs.map((run) => run.wall));
      if (selfCheck) cliWithCheck = perSecond;
      console.log(
        `  ${`CLI, ${selfCheck ? 'with' : 'without'} the self-check`.padEnd(34)} ${show(perSecond).padStart(10)} (median ${show(Math.round(r.lines / medianWall))}; best of ${CLI_RUNS}: ${r.lines.toLocaleString('en-US')} statements in ${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU: ${show(Math.round(r.lines / r.cpu))} of CPU; load ${load})`,
      );
    }
    // The goal is what a user of the command sees: its wall time, start-up included.
    console.log(
      `  DATASIM ${DATASIM}; goal >= ${show(GOAL)} with the self-check through the command line: ${cliWithCheck >= GOAL ? 'met' : 'not met'}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
