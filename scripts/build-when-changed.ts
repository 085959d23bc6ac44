import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A build `npm start` makes only when what it is made from changed: its inputs (folders and
 * files, relative to the repository), a file the build always leaves (missing: build again) and
 * the npm script that makes it.
 */
export interface BuildTarget {
  name: string;
  inputs: string[];
  output: string;
  script: string;
}

/** What the compiled files depend on besides their own folders: packages and build settings. */
const SHARED = ['common', 'xapi', 'package-lock.json', 'tsconfig.json', 'budgets.json'];

export const TARGETS: BuildTarget[] = [
  {
    name: 'web app',
    inputs: ['web', ...SHARED, 'scripts/budgets.ts', 'scripts/precompress.ts'],
    output: 'dist/web/index.html',
    script: 'build:web',
  },
  {
    name: 'server',
    inputs: [
      'server',
      ...SHARED,
      'scripts/build-server.ts',
      'scripts/budgets.ts',
      'scripts/precompress.ts',
    ],
    output: 'dist/server/main.js',
    script: 'build:server',
  },
];

/** Test files are never in a build: changing one rebuilds nothing. */
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

async function filesUnder(base: string, relative: string): Promise<string[]> {
  const full = path.join(base, relative);
  let entries;
  try {
    entries = await readdir(full, { withFileTypes: true });
  } catch (error) {
    // A single file, or an input that does not exist (it counts as empty).
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [relative];
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(base, child)));
    else if (entry.isFile() && !isTestFile(entry.name)) found.push(child);
  }
  return found;
}

/**
 * A hash of every input file's path and bytes, in a fixed order: equal exactly when a build from
 * them would be made from the same sources (times of files play no part, so a fresh checkout of
 * the same commit counts as unchanged).
 */
export async function inputsHash(base: string, inputs: string[]): Promise<string> {
  const files = [...new Set((await Promise.all(inputs.map((i) => filesUnder(base, i)))).flat())];
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(await readFile(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Where the hash of the inputs a target was last built from is kept: beside its output. */
export const stampOf = (base: string, target: BuildTarget) =>
  path.join(base, 'dist', `.inputs-${target.script.replace(/[^a-z]/gi, '-')}`);

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Whether `target`'s output exists and was built from inputs that hash as `hash` does. */
async function builtFrom(base: string, target: BuildTarget, hash: string): Promise<boolean> {
  const recorded = await readFile(stampOf(base, target), 'utf8').catch(() => null);
  return recorded?.trim() === hash && (await exists(path.join(base, target.output)));
}

/** Whether `target`'s output is there and made from its inputs as they are now. */
export async function isUpToDate(base: string, target: BuildTarget): Promise<boolean> {
  return builtFrom(base, target, await inputsHash(base, target.inputs));
}

/**
 * Builds `target` with `build` unless its output exists and its inputs hash as they did at its
 * last build; records the hash once the build succeeded. Answers whether it built.
 */
export async function buildWhenChanged(
  base: string,
  target: BuildTarget,
  build: (target: BuildTarget) => Promise<void>,
): Promise<boolean> {
  const hash = await inputsHash(base, target.inputs);
  if (await builtFrom(base, target, hash)) return false;
  await build(target);
  const stamp = stampOf(base, target);
  await mkdir(path.dirname(stamp), { recursive: true });
  await writeFile(stamp, `${hash}\n`);
  return true;
}

/** `npm run <script> --silent`, failing when it fails. */
function runScript(target: BuildTarget): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', target.script, '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`building the ${target.name} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `build-when-changed.ts server` builds the server alone (`npm run serve`); no name, both.
  const names = process.argv.slice(2);
  const chosen = TARGETS.filter((t) => names.length === 0 || names.includes(t.script.slice(6)));
  try {
    for (const target of chosen) {
      const built = await buildWhenChanged(root, target, runScript);
      if (!built)
        console.log(
          `The ${target.name} is up to date: its sources have not changed since it was built.`,
        );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
