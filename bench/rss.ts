/**
 * Resident memory of the server on PGlite with the demo content, at idle: starts it on a fresh
 * data folder, waits until its memory stops moving, and prints VmRSS. With `--reopen`, stops it and
 * starts it again on the same folder first (a restart, not a first start).
 * Run: node --import tsx bench/rss.ts [path/to/checkout]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { idleRss, startServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Idle RSS in MiB of the server of `root` on PGlite with the demo content. */
export async function measureIdleRss(root = repoRoot): Promise<{ peak: number; idle: number }> {
  const server = await startServer({ root, demoContent: true });
  try {
    const peak = server.rssMiB();
    const idle = await idleRss(server);
    return { peak, idle };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? repoRoot);
  const { peak, idle } = await measureIdleRss(root);
  console.log(
    `${root}: RSS right after start ${peak.toFixed(0)} MiB, at idle ${idle.toFixed(0)} MiB`,
  );
}
