/**
 * Backup and restore at 100× the corpus, on both engines: the registry holding `copies` copies
 * (fresh IRIs each) of every importable corpus profile, published, is backed up from PGlite; the
 * file is restored into an empty PostgreSQL database, which is backed up in turn, and that file is
 * restored into an empty PGlite. Prints each step's time, the file's size (in all and per
 * published version) and the load average beside them. The PostgreSQL rows need a server at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where a throwaway
 * database is made and dropped; `--no-pg` leaves them out.
 * Run: node --import tsx bench/backup.ts [copies] [--no-pg] [--json]
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client.js';
import { backupToFile, restoreFromFile } from '../server/operations.js';
import { validate } from '../xapi/index.js';
import { benchApp, benchPublisher } from './in-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const authored = resolve(repoRoot, '../shared/corpus/authored');
const args = process.argv.slice(2);
const copies = Number(args.find((a) => /^\d+$/.test(a)) ?? 100);
/** Ends with one line of JSON holding the figures, for `bench/table.ts`. */
const json = args.includes('--json');
const withPg = !args.includes('--no-pg');
const CONTEXT = 'https://w3id.org/xapi/profiles/context';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!existsSync(authored)) {
  const why = 'the corpus is not here (../shared/corpus/authored)';
  console.log(json ? JSON.stringify({ skipped: why }) : `Nothing to measure: ${why}.`);
  process.exit(0);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.json(ld)?$/.test(name) ? [full] : [];
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await run();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function publishedVersions(database: Database): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from profile_versions where state = 'published'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    n: number;
  }>;
  return Number(rows[0]?.n ?? 0);
}

export interface BackupStep {
  engine: 'PGlite' | 'PostgreSQL';
  backupSeconds?: number;
  bytes?: number;
  restoreSeconds?: number;
  load: { backup?: string; restore?: string };
}

const dir = mkdtempSync(join(tmpdir(), 'xps-bench-backup-'));
const steps: Record<'PGlite' | 'PostgreSQL', BackupStep> = {
  PGlite: { engine: 'PGlite', load: {} },
  PostgreSQL: { engine: 'PostgreSQL', load: {} },
};
let versions = 0;
let profiles = 0;
const admin = withPg ? new pg.Client({ connectionString: adminUrl }) : null;
const pgName = `xps_bench_backup_${randomUUID().slice(0, 8)}`;
try {
  // 1. The registry at `copies`× the corpus, on PGlite, built through the API.
  const sources: string[] = [];
  for (const file of files(authored).sort()) {
    const text = readFileSync(file, 'utf8');
    if (!validate(text).some((f) => f.severity === 'error')) sources.push(text);
  }
  const source = await openDatabase({});
  await source.migrate();
  const app = await benchApp(source, { LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  const key = await benchPublisher(app, source);
  const built = await timed(async () => {
    for (let copy = 0; copy < copies; copy++) {
      for (const text of sources) {
        const renamed = text
          .replaceAll('https://', `https://c${copy}.`)
          .replaceAll('http://', `http://c${copy}.`)
          .replaceAll(`https://c${copy}.w3id.org/xapi/profiles/context`, CONTEXT);
        const response = await app.inject({
          method: 'POST',
          url: '/api/profile',
          headers: { 'x-api-key': key },
          payload: { profile: JSON.parse(renamed) as unknown },
        });
        if (response.statusCode === 200) profiles++;
      }
      if ((copy + 1) % 10 === 0)
        console.error(`  ${copy + 1} of ${copies} copies imported (${profiles} profiles)`);
    }
  });
  await app.close();
  versions = await publishedVersions(source);
  console.log(
    `${profiles} profiles imported of ${sources.length * copies} (${sources.length} valid corpus profiles × ${copies}), ${versions} published versions, in ${built.seconds.toFixed(0)} s`,
  );

  // 2. Backed up from PGlite.
  const pgliteFile = join(dir, 'pglite.backup.gz');
  steps.PGlite.load.backup = load();
  steps.PGlite.backupSeconds = (await timed(() => backupToFile(source, pgliteFile))).seconds;
  steps.PGlite.bytes = statSync(pgliteFile).size;
  await source.close();

  // 3. Restored into an empty PostgreSQL database, and backed up from there.
  let restoreIntoPglite = pgliteFile;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${pgName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${pgName}`;
    const target = await openDatabase({ databaseUrl: url.toString() });
    try {
      steps.PostgreSQL.load.restore = load();
      steps.PostgreSQL.restoreSeconds = (
        await timed(() => restoreFromFile(target, pgliteFile))
      ).seconds;
      const pgFile = join(dir, 'postgresql.backup.gz');
      steps.PostgreSQL.load.backup = load();
      steps.PostgreSQL.backupSeconds = (await timed(() => backupToFile(target, pgFile))).seconds;
      steps.PostgreSQL.bytes = statSync(pgFile).size;
      restoreIntoPglite = pgFile;
    } finally {
      await target.close();
    }
  }

  // 4. Restored into an empty PGlite.
  const empty = await openDatabase({});
  try {
    steps.PGlite.load.restore = load();
    steps.PGlite.restoreSeconds = (
      await timed(() => restoreFromFile(empty, restoreIntoPglite))
    ).seconds;
  } finally {
    await empty.close();
  }
} finally {
  if (admin) {
    await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  rmSync(dir, { recursive: true, force: true });
}

const kb = (bytes: number | undefined) =>
  bytes === undefined ? '—' : `${(bytes / 1024).toFixed(0)} KB`;
const s = (seconds: number | undefined) => (seconds === undefined ? '—' : seconds.toFixed(1));
console.log(
  `\n${copies}× the corpus: ${profiles} profiles, ${versions} published versions\n` +
    'engine        backup s   file        per version   restore s   load (backup / restore)',
);
for (const step of Object.values(steps)) {
  if (step.engine === 'PostgreSQL' && !withPg) continue;
  console.log(
    `${step.engine.padEnd(12)} ${s(step.backupSeconds).padStart(9)}   ${kb(step.bytes).padEnd(10)}  ${(step.bytes === undefined ? '—' : `${(step.bytes / Math.max(versions, 1) / 1024).toFixed(1)} KB`).padStart(11)}   ${s(step.restoreSeconds).padStart(9)}   ${step.load.backup ?? '—'} / ${step.load.restore ?? '—'}`,
  );
}
console.log(
  'A restore runs the migrations too and queues no jobs here. The PGlite restore reads the PostgreSQL backup (and the PostgreSQL restore the PGlite one), so each restore crosses engines.',
);
if (json)
  console.log(
    JSON.stringify({
      copies,
      profiles,
      versions,
      steps: withPg ? Object.values(steps) : [steps.PGlite],
    }),
  );
