/**
 * Validation speed and memory on a real large profile and on generated profiles of growing size.
 * Prints figures only. Run: node --import tsx bench/xapi-validate.ts
 * Goals: 1 MB in under 1 s on one core; 100x the size in at most 120x the time; peak memory
 * under 10x the document size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProfile } from '../xapi/fixtures/generated-profile.js';
import { validate } from '../xapi/index.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dodIsd = resolve(repoRoot, '../shared/corpus/authored/dod-isd/dod-isd.jsonld');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * At least 7 runs and 300 ms of work after warm-up. The minimum is what the code costs; the median
 * also shows interference from whatever else the machine is doing.
 */
function timeValidate(text: string): { ms: number; median: number; findings: number } {
  let findings = 0;
  for (let i = 0; i < 3; i++) findings = validate(text).length;
  const runs: number[] = [];
  const started = performance.now();
  while (runs.length < 7 || performance.now() - started < 300) {
    const start = performance.now();
    findings = validate(text).length;
    runs.push(performance.now() - start);
  }
  return { ms: Math.min(...runs), median: median(runs), findings };
}

/**
 * Peak memory is measured in a fresh process that receives the document on stdin, so the
 * generator's own allocations do not pollute the high-water mark.
 */
function peakMemory(text: string, v8Flags: string[] = []): number | undefined {
  const script = fileURLToPath(import.meta.url);
  const args = ['--expose-gc', ...v8Flags, '--import', 'tsx', script, '--child'];
  const child = spawnSync(process.execPath, args, {
    input: text,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    cwd: repoRoot,
  });
  const bytes = Number(child.stdout.trim());
  return child.status === 0 && Number.isFinite(bytes) ? bytes : undefined;
}

function childMain(): void {
  const text = readFileSync(0, 'utf8');
  const gc = (globalThis as { gc?: () => void }).gc;
  // One-time costs (compiled code, Ajv's meta-schema) are not proportional to the document.
  validate(generateProfile(1));
  gc?.();
  const before = Math.max(process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  validate(text);
  const after = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(String(Math.max(after - before, 0)));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function describePeak(peak: number | undefined, bytes: number): string {
  if (peak === undefined) return 'not measured';
  if (peak === 0) return '+0 (under warm-up mark)';
  return `+${mb(peak)} (${(peak / bytes).toFixed(1)}x doc)`;
}

function report(name: string, text: string): { bytes: number; ms: number } {
  const bytes = Buffer.byteLength(text);
  const { ms, median: med, findings } = timeValidate(text);
  // V8 sizes its young generation generously, which shows up as RSS; a 1 MB semi-space makes
  // the second figure track the data validation actually keeps alive.
  const peak = describePeak(peakMemory(text), bytes);
  const live = describePeak(peakMemory(text, ['--max-semi-space-size=1']), bytes);
  console.log(
    `${name.padEnd(16)} ${mb(bytes).padStart(9)} ${ms.toFixed(1).padStart(6)} ms ${med.toFixed(1).padStart(6)} ms ` +
      `${((ms / bytes) * 1024 * 1024).toFixed(0).padStart(5)} ms/MB   ` +
      `${peak.padEnd(24)} ${live.padEnd(24)} findings ${findings}`,
  );
  return { bytes, ms };
}

function main(): void {
  console.log(
    `${'document'.padEnd(16)} ${'size'.padStart(9)} ${'min time'.padStart(9)} ${'median'.padStart(9)} ${'rate'.padStart(10)}   ` +
      `${'peak RSS, default V8'.padEnd(24)} ${'peak RSS, 1 MB young gen'.padEnd(24)}`,
  );
  if (existsSync(dodIsd)) report('dod-isd.jsonld', readFileSync(dodIsd, 'utf8'));
  else console.log('dod-isd.jsonld   (corpus absent, skipped)');
  const results = [1, 10, 100].map((scale) => ({
    scale,
    ...report(`generated ${scale}x`, generateProfile(scale)),
  }));
  const first = results[0]!;
  for (const r of results.slice(1)) {
    console.log(
      `${r.scale}x vs 1x: size ratio ${(r.bytes / first.bytes).toFixed(1)}, time ratio ${(r.ms / first.ms).toFixed(1)} (min times)`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--child')) childMain();
  else main();
}
