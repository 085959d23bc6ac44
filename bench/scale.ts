/**
 * What grows with content, for the table (`npm run bench`): search at 100,000 concepts, the
 * 365-day rankings over a year of counts for 1,000 profiles, filling the SPARQL store at 100×
 * the corpus, and backing up and restoring the registry at 100× the corpus. Each is its own
 * script (`search.ts`, `metrics.ts`, `sparql.ts`, `backup.ts`), run here as a child process of a
 * checkout with `--json`, so a checkout is measured with its own code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SCALE_ROW_LABELS = {
  searchCommon: 'Search at 100k concepts, common word, p95 (PGlite / PostgreSQL)',
  searchTypo: '  same, typo of a common word, p95 (PGlite / PostgreSQL)',
  ranking: '365-day rankings at a year of counts for 1,000 profiles (PGlite), slower of the two',
  sparqlFill: 'SPARQL store filled at 100× the corpus (PGlite)',
  backupPglite: 'Backup, file per published version, restore at 100× the corpus (PGlite)',
  backupPg: '  same (PostgreSQL)',
} as const;

export type ScaleCells = Partial<Record<keyof typeof SCALE_ROW_LABELS, string>>;

interface Percentiles {
  p50: number;
  p95: number;
}
interface SearchFigures {
  measured: Record<string, Record<'common' | 'typo', Percentiles>>;
}
interface RankingFigures {
  counterRows: number;
  ms: Record<string, number>;
}
interface BackupFigures {
  skipped?: string;
  versions?: number;
  steps?: Array<{
    engine: 'PGlite' | 'PostgreSQL';
    backupSeconds?: number;
    bytes?: number;
    restoreSeconds?: number;
  }>;
}
interface FillFigures {
  skipped?: string;
  profiles?: number;
  fillSeconds?: number;
  addedMb?: number;
}

/** The last line of JSON a bench script printed; an error naming the script when there is none. */
function runScript<T>(root: string, script: string, args: string[]): T {
  const output = execFileSync(process.execPath, ['--import', 'tsx', `bench/${script}`, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = output
    .trim()
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('{'));
  if (!last) throw new Error(`bench/${script} printed no figures as JSON`);
  return JSON.parse(last) as T;
}

const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(0)}`);

/** Runs the scripts of `root`; a script that fails leaves its cells saying why. */
export function measureScale(
  root: string,
  options: { withPg: boolean; withBackup?: boolean },
): ScaleCells {
  const cells: ScaleCells = {};
  const failed = (error: unknown) => `not measured: ${String(error).split('\n')[0]}`;
  if (!existsSync(join(root, 'bench/scale.ts'))) return cells;

  try {
    const search = runScript<SearchFigures>(root, 'search.ts', [
      '--json',
      '--rounds',
      '100',
      ...(options.withPg ? [] : ['--no-pg']),
    ]);
    const pair = (which: 'common' | 'typo') =>
      `${ms(search.measured.PGlite?.[which].p95)} / ${ms(search.measured.PostgreSQL?.[which].p95)} ms`;
    cells.searchCommon = pair('common');
    cells.searchTypo = pair('typo');
  } catch (error) {
    cells.searchCommon = failed(error);
  }

  try {
    const ranking = runScript<RankingFigures>(root, 'metrics.ts', ['1000', '--json']);
    const slower = Math.max(
      ranking.ms['mostViewed 365 (roll-up)'] ?? NaN,
      ranking.ms['mostExported 365 (roll-up)'] ?? NaN,
    );
    cells.ranking = `${slower.toFixed(1)} ms (${(ranking.counterRows / 1e6).toFixed(2)} M rows)`;
  } catch (error) {
    cells.ranking = failed(error);
  }

  try {
    const fill = runScript<FillFigures>(root, 'sparql.ts', ['100', '--json']);
    cells.sparqlFill =
      fill.skipped ??
      `${(fill.fillSeconds ?? NaN).toFixed(1)} s, ${fill.profiles} profiles, +${ms(fill.addedMb)} MB`;
  } catch (error) {
    cells.sparqlFill = failed(error);
  }

  if (options.withBackup !== false && existsSync(join(root, 'bench/backup.ts'))) {
    try {
      const backup = runScript<BackupFigures>(root, 'backup.ts', [
        '100',
        '--json',
        ...(options.withPg ? [] : ['--no-pg']),
      ]);
      const cell = (engine: 'PGlite' | 'PostgreSQL') => {
        if (backup.skipped) return backup.skipped;
        const step = backup.steps?.find((s) => s.engine === engine);
        if (!step) return undefined;
        const perVersion = (step.bytes ?? NaN) / Math.max(backup.versions ?? 1, 1) / 1024;
        return `${(step.backupSeconds ?? NaN).toFixed(1)} s, ${((step.bytes ?? NaN) / 1024 / 1024).toFixed(1)} MB (${perVersion.toFixed(1)} KB), ${(step.restoreSeconds ?? NaN).toFixed(1)} s`;
      };
      cells.backupPglite = cell('PGlite');
      cells.backupPg = cell('PostgreSQL');
    } catch (error) {
      cells.backupPglite = failed(error);
    }
  }
  return cells;
}
