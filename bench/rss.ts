/**
 * Resident memory of the server on PGlite with the demo content, at idle: starts it on a fresh
 * data folder, waits until its memory stops moving, and prints VmRSS. With `--reopen`, then stops
 * it and starts it again on the same folder (a restart, not a first start) and prints that too.
 * Run: node --import tsx bench/rss.ts [--reopen] [path/to/checkout]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { idleRss, startServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Idle RSS in MiB of the server of `root` on PGlite with the demo content. */
export async function measureIdleRss(
  root = repoRoot,
  dataDir?: string,
): Promise<{ peak: number; idle: number }> {
  const server = await startServer({ root, demoContent: true, ...(dataDir ? { dataDir } : {}) });
  try {
    const peak = server.rssMiB();
    const idle = await idleRss(server);
    return { peak, idle };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const reopen = args.includes('--reopen');
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? repoRoot);
  const dataDir = mkdtempSync(join(tmpdir(), 'xps-rss-'));
  try {
    const starts = reopen ? ['first start', 'restart'] : ['first start'];
    for (const start of starts) {
      const { peak, idle } = await measureIdleRss(root, dataDir);
      console.log(
        `${root}, ${start}: RSS right after start ${peak.toFixed(0)} MiB, at idle ${idle.toFixed(0)} MiB`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
