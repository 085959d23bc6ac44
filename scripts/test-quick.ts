/**
 * `npm run test:quick`: the inner loop. For the files changed in the working tree (against HEAD,
 * untracked ones included) it runs, in this order and stopping at the first failure:
 *
 *   1. Prettier and ESLint on those files (ESLint with its cache);
 *   2. the type check of the whole program, incrementally (a change can break its importers);
 *   3. the tests the change affects: the changed test files; the test files that import a changed
 *      file, directly or through files of its own part of the tree (`xapi/`, `common/`,
 *      `server/`, `web/`, …); and test files elsewhere that import the changed file itself.
 *
 * The part of the tree bounds the tests: `xapi/` is imported by nearly every server test, so
 * following its importers everywhere would be the whole suite. `npm test` and CI run everything.
 * `--all-importers` follows importers across parts too (see docs/testing.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedTests, sourceImportGraph } from './affected-tests';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = path.join(root, 'node_modules/.cache/xps');
mkdirSync(cache, { recursive: true });

function git(...args: string[]): string[] {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

function step(label: string, command: string, args: string[]): void {
  const started = Date.now();
  process.stdout.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`=== ${label}: FAILED after ${seconds} s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`=== ${label}: ${seconds} s\n`);
}

const allImporters = process.argv.includes('--all-importers');
const changed = [
  ...new Set([
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());

if (changed.length === 0) {
  process.stdout.write('Nothing changed against HEAD: nothing to check.\n');
  process.exit(0);
}
process.stdout.write(`Changed: ${changed.join(', ')}\n`);

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const formatted = changed.filter((file) => /\.(tsx?|jsx?|json|md|css|ya?ml)$/.test(file));
if (formatted.length > 0)
  step('prettier', bin('prettier'), ['--check', '--ignore-unknown', ...formatted]);
const linted = changed.filter((file) => /\.(tsx?|jsx?)$/.test(file));
if (linted.length > 0)
  step('eslint', bin('eslint'), [
    '--cache',
    '--cache-location',
    path.join(cache, 'eslint'),
    '--no-warn-ignored',
    ...linted,
  ]);
step('typecheck', bin('tsc'), [
  '--noEmit',
  '--incremental',
  '--tsBuildInfoFile',
  path.join(cache, 'tsc.tsbuildinfo'),
]);

const tests = affectedTests(sourceImportGraph(root), changed, { allImporters });
if (tests.length === 0) {
  process.stdout.write('\nNo test file imports what changed.\n');
  process.exit(0);
}
step(`tests (${tests.length} file${tests.length === 1 ? '' : 's'})`, bin('vitest'), [
  'run',
  '--passWithNoTests',
  ...tests,
]);
