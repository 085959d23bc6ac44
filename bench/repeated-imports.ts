/**
 * The large import again and again: the generated profile of the large-import row (742 KB, 1,000
 * concepts, 100 templates, 100 patterns) imported and published `--imports` times under fresh
 * IRIs, `--gap-seconds` apart, on PGlite and PostgreSQL (`onEachEngine`: `--no-pglite`,
 * `--no-pg`); prints each import's time. An import that slows as the registry grows shows as a
 * rising line (on PGlite, until `database-upkeep` gathers the planner's statistics: see
 * server/db/upkeep.ts, which runs every 15 seconds).
 *
 *   node --import tsx bench/repeated-imports.ts [--imports 8] [--gap-seconds 10] [--no-pg]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Browser, freshCopy, importProfile } from './http-client.js';
import { LARGE_PROFILE } from './large-import.js';
import { BENCH_ADMIN, onEachEngine, type ServerProcess } from './server-process.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const imports = option('--imports', 8);
const gapSeconds = option('--gap-seconds', 10);
const root = fileURLToPath(new URL('..', import.meta.url));

async function importsOn(label: string, server: ServerProcess): Promise<void> {
  const browser = new Browser(server.url);
  await browser.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const key = await browser.apiKeyOfFirstGroup();
  const times: number[] = [];
  for (let i = 0; i < imports; i++) {
    if (i > 0) await sleep(gapSeconds * 1000);
    times.push((await importProfile(server.url, key, freshCopy(LARGE_PROFILE))).ms);
  }
  const shown = times.map((ms) => Math.round(ms).toLocaleString('en-US'));
  console.log(
    `${label}: ${shown.join(', ')} ms (first ${shown[0]}, last ${shown.at(-1)}, highest ${Math.round(Math.max(...times)).toLocaleString('en-US')})`,
  );
}

console.log(`${imports} imports of the 742 KB profile, ${gapSeconds} s apart`);
await onEachEngine(root, args, importsOn);
