/**
 * Statement simulation throughput on one core: statements generated per second from the video and
 * cmi5 profiles of the corpus, with the self-check (every statement validated against its template,
 * every registration against the primary patterns) and without it, and with NDJSON writing as the
 * command line does. Prints figures only; rates are per second of CPU time of this process, so other
 * work on a shared machine counts less against them (it still slows caches and turbo: compare runs
 * on the same machine).
 *
 *   npm run bench:simulate [-- --count 20000]
 *
 * DATASIM, the ADL's simulator, reports about 4,500 to 4,900 statements a second on one JVM thread.
 * Goal here: at least 50,000 statements a second with the self-check.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../xapi/index.js';
import { generate, prepareSimulation } from '../xapi/simulate/index.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = resolve(repoRoot, '../shared/corpus/authored');
const args = process.argv.slice(2);
const countAt = args.indexOf('--count');
const COUNT = countAt >= 0 ? Number(args[countAt + 1]) : 20_000;
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
  console.log(`Simulation, ${COUNT.toLocaleString('en-US')} statements a run, 3 actors, seed 1`);
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
    const best = rate(withCheck.count, withCheck.min);
    console.log(
      `  DATASIM ${DATASIM}; goal >= ${show(GOAL)} with the self-check: ${best >= GOAL ? 'met' : 'not met'}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
