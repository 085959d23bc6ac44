// The command line compiled into one plain-JavaScript file, kept until a file it was built from
// changes. Run through tsx, every start paid for tsx's loader thread and for compiling or
// re-reading each of about a hundred modules, and the compiled code kept esbuild's name-keeping
// wrappers, called each time a closure is made in the simulator's inner loops
// (docs/decisions/simulated-statements.md has the figures). Packages stay in node_modules.
//
// The cache lives in node_modules/.cache/xapi-profile: `current.json` names the compiled file
// and every source it was built from, with its size and modification time. A run that finds
// them all unchanged imports that file; otherwise it compiles a new one under a new name and
// then replaces `current.json` in one rename, so a run beside it reads either the old pair or
// the new one, never a mix.
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const checkout = fileURLToPath(new URL('..', import.meta.url));
/** Compiled files older than this, other than the current one, are removed when a new one is made. */
const KEEP_MS = 10 * 60_000;

/** Size and modification time: what says a source has changed since it was compiled. */
function stamp(root, file) {
  const stats = statSync(join(root, file));
  return `${stats.size}:${stats.mtimeMs}`;
}

function unchanged(root, current) {
  try {
    return Object.entries(current.inputs).every(([file, was]) => stamp(root, file) === was);
  } catch {
    return false;
  }
}

function readCurrent(currentFile) {
  try {
    return JSON.parse(readFileSync(currentFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Removes compiled files no run is likely to be importing any more. */
function removeOld(cacheDir, keep) {
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith('cli-') || name === keep) continue;
    const file = join(cacheDir, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > KEEP_MS) rmSync(file, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

async function compile({ root, entry, cacheDir }) {
  mkdirSync(cacheDir, { recursive: true });
  const name = `cli-${process.pid}-${Date.now()}.mjs`;
  // Loaded only to compile: a start that finds its compiled file never pays for it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(cacheDir, name),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = stamp(root, file);
  const currentFile = join(cacheDir, 'current.json');
  const next = `${currentFile}.${process.pid}`;
  writeFileSync(next, JSON.stringify({ file: name, inputs }));
  renameSync(next, currentFile);
  removeOld(cacheDir, name);
  return name;
}

/**
 * The URL of the compiled command line, compiling it first when a source changed; undefined when
 * it cannot be compiled here (a read-only checkout, esbuild missing), and tsx is used instead.
 * `root`, `entry` (relative to it) and `cacheDir` are this checkout's unless given.
 */
export async function compiledCli({
  root = checkout,
  entry = 'bin/xapi-profile-cli.ts',
  cacheDir = join(root, 'node_modules/.cache/xapi-profile'),
} = {}) {
  try {
    const current = readCurrent(join(cacheDir, 'current.json'));
    const name =
      current && unchanged(root, current) ? current.file : await compile({ root, entry, cacheDir });
    return pathToFileURL(join(cacheDir, name)).href;
  } catch {
    return undefined;
  }
}
