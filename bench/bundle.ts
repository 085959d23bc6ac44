/**
 * Weight of the built web app: the JavaScript the home page loads before it can draw (the entry
 * script of `dist/web/index.html`, its modulepreloads and every chunk they import statically,
 * which includes the home route: it is not lazy), then the largest chunks fetched later.
 * Prints raw and gzip sizes. Run after `npm run build:web`:
 *   node --import tsx bench/bundle.ts [dist/web] [--json]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  initial: ChunkSize[];
  lazy: ChunkSize[];
  initialRaw: number;
  initialGzip: number;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Static imports between chunks as Rolldown writes them: `import{a as b}from"./x.js"` and
// `import"./x.js"`. Dynamic `import("./x.js")` is what the page fetches later, so it is not matched.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;

function sizeOf(dir: string, file: string): ChunkSize {
  const bytes = readFileSync(join(dir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Reads the built app in `distDir` and splits its chunks into first-load and later ones. */
export function measureBundle(distDir = resolve(repoRoot, 'dist/web')): BundleReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((match) => match[1] as string);

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(folder + (match[1] as string).slice(2));
    }
  }

  const assets = readdirSync(join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const initial = [...seen].map((file) => sizeOf(distDir, file)).sort((a, b) => b.gzip - a.gzip);
  const lazy = assets
    .filter((file) => !seen.has(file))
    .map((file) => sizeOf(distDir, file))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    initial,
    lazy,
    initialRaw: initial.reduce((sum, chunk) => sum + chunk.raw, 0),
    initialGzip: initial.reduce((sum, chunk) => sum + chunk.gzip, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title: string, rows: ChunkSize[]): void {
  console.log(title);
  for (const row of rows) {
    console.log(
      `  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`,
    );
  }
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
    console.log(
      `  ${'total'.padEnd(48)} ${kb(report.initialRaw).padStart(10)} ${kb(report.initialGzip).padStart(10)}`,
    );
    printTable('Largest chunks fetched later:', report.lazy.slice(0, 8));
  }
}
