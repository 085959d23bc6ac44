import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BudgetError, checkServerBudgets } from './budgets';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm start` and `npm run serve` run the server from. */
export const SERVER_OUT_DIR = path.join(root, 'dist/server');

/**
 * Compiles the server to plain JavaScript once, so `npm start` runs it without the TypeScript
 * loader: under `--import tsx` every module is compiled in memory at start-up, by a loader that
 * stays resident in a thread of its own, which cost the idle server about 58 MiB (see
 * docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md). Packages stay in
 * node_modules; only our own code is bundled, into `main.js`, the SPARQL worker's
 * `sparql-worker.js` and the embedded database's thread `pglite-worker.js`, with the migrations copied beside them (both are found relative to the
 * bundle). Fails when a file exceeds its byte budget (`budgets.json`); otherwise returns the
 * figures beside their budgets.
 */
export async function buildServer(): Promise<string> {
  await rm(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'sparql-worker': 'server/modules/sparql/worker.ts',
      'pglite-worker': 'server/db/pglite-worker.ts',
    },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await cp(path.join(root, 'server/db/migrations'), path.join(SERVER_OUT_DIR, 'migrations'), {
    recursive: true,
  });
  return checkServerBudgets(SERVER_OUT_DIR);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(await buildServer());
  } catch (error) {
    // An exceeded budget is a verdict on the build, not a fault of this script: its lines alone.
    if (!(error instanceof BudgetError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
