/**
 * Weight of the built web app: the JavaScript the home page loads before it can draw (the entry
 * script of `dist/web/index.html`, its modulepreloads and every chunk they import statically,
 * which includes the home route: it is not lazy), its stylesheets, then the largest chunks
 * fetched later. Prints raw and gzip sizes; the build checks the same figures against
 * `budgets.json` (`scripts/budgets.ts`). Run after `npm run build:web`:
 *   node --import tsx bench/bundle.ts [dist/web] [--json]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChunkSize, measureBundle } from '../scripts/budgets.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printRow(file: string, raw: number, gzip: number): void {
  console.log(`  ${file.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)}`);
}

function printTable(title: string, rows: ChunkSize[]): void {
  console.log(title);
  for (const row of rows) printRow(row.file, row.raw, row.gzip);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(repoRoot, 'dist/web'));
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`${distDir}/index.html is missing: run npm run build:web first.`);
    process.exit(1);
  }
  const report = measureBundle(distDir);
  if (args.includes('--json')) {
    console.log(JSON.stringify(report));
  } else {
    console.log(`${''.padEnd(50)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
    printTable('Home page, first load:', report.initial);
    printRow('total', report.initialRaw, report.initialGzip);
    printTable('Home page, stylesheets:', report.css);
    printRow(
      'total',
      report.css.reduce((total, sheet) => total + sheet.raw, 0),
      report.cssGzip,
    );
    printTable('Largest chunks fetched later:', report.lazy.slice(0, 8));
  }
}
