/**
 * Byte budgets of what the build writes, checked at the end of every build (the web app through
 * `budgetsPlugin` in `web/vite.config.ts`, the server at the end of `scripts/build-server.ts`), so
 * a change that makes a download or the server heavier fails the build instead of going unnoticed.
 * Budgets are on bytes, never on time: bytes are the same on every machine and every run, while a
 * timing moves with whatever else the machine is doing. The budgets and why each is set where it is
 * are in `budgets.json` at the root of the repository (see
 * docs/decisions/byte-budgets-of-the-build.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The committed budgets. */
export const BUDGETS_FILE = path.join(repoRoot, 'budgets.json');

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  /** The JavaScript the home page loads before it can draw. */
  initial: ChunkSize[];
  /** Every other chunk, fetched when a screen or a library is first needed. */
  lazy: ChunkSize[];
  initialRaw: number;
  initialGzip: number;
  /** The stylesheets the home page links. */
  css: ChunkSize[];
  cssGzip: number;
}

// Static imports between chunks as Rolldown writes them: `import{a as b}from"./x.js"` and
// `import"./x.js"`. Dynamic `import("./x.js")` is what the page fetches later, so it is not matched.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;
const ENTRY_SCRIPT = /<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g;
const MODULE_PRELOAD = /<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g;
const STYLESHEET = /<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g;

// Gzip at the level of the build's precompressed copies (scripts/precompress.ts), which are the
// bytes the server sends.
function sizeOf(dir: string, file: string): ChunkSize {
  const bytes = readFileSync(path.join(dir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const byGzipDescending = (a: ChunkSize, b: ChunkSize) => b.gzip - a.gzip;
const sum = (chunks: ChunkSize[], key: 'raw' | 'gzip') =>
  chunks.reduce((total, chunk) => total + chunk[key], 0);

/**
 * Reads the built app in `distDir` and splits its chunks into first-load and later ones: the
 * first load is the entry script of `index.html`, its modulepreloads and every chunk they import
 * statically (which includes the home route: it is not lazy), and the stylesheets it links.
 */
export function measureBundle(distDir = path.join(repoRoot, 'dist/web')): BundleReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [...html.matchAll(ENTRY_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map(
    (match) => match[1] as string,
  );

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(folder + (match[1] as string).slice(2));
    }
  }

  const assets = readdirSync(path.join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const initial = [...seen].map((file) => sizeOf(distDir, file)).sort(byGzipDescending);
  const lazy = assets
    .filter((file) => !seen.has(file))
    .map((file) => sizeOf(distDir, file))
    .sort(byGzipDescending);
  const css = [...html.matchAll(STYLESHEET)]
    .map((match) => sizeOf(distDir, match[1] as string))
    .sort(byGzipDescending);
  return {
    initial,
    lazy,
    initialRaw: sum(initial, 'raw'),
    initialGzip: sum(initial, 'gzip'),
    css,
    cssGzip: sum(css, 'gzip'),
  };
}

const kilobytes = z.number().positive();
const budgetsSchema = z.object({
  why: z.string(),
  web: z.object({
    firstLoadJavaScriptGzipKB: kilobytes,
    firstLoadCssGzipKB: kilobytes,
    lazyChunkGzipKB: kilobytes,
    /** Chunks allowed more than `lazyChunkGzipKB`, by the name before the hash. */
    lazyChunkExceptions: z.record(z.string(), z.object({ gzipKB: kilobytes, why: z.string() })),
  }),
  /** Each file of `dist/server`, as written (the server does not download it). */
  server: z.record(z.string(), z.object({ KB: kilobytes, why: z.string() })),
});

export type Budgets = z.infer<typeof budgetsSchema>;

export function readBudgets(file = BUDGETS_FILE): Budgets {
  const parsed = budgetsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new BudgetError(`${file} is not a budgets file: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** One figure beside its budget. */
interface Finding {
  what: string;
  bytes: number;
  budgetKB: number;
  /** `gzip` for what is downloaded; empty for the server's files, measured as written. */
  unit: 'gzip' | '';
}

const overBudget = (finding: Finding) => finding.bytes > finding.budgetKB * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const unitOf = (finding: Finding) => (finding.unit ? ` ${finding.unit}` : '');

function describeOverBudget(finding: Finding, budgetsLabel: string): string {
  return `${finding.what} ${kb(finding.bytes)}${unitOf(finding)} exceeds its budget of ${finding.budgetKB} KB (${budgetsLabel})`;
}

function describeWithin(finding: Finding): string {
  return `${finding.what} ${kb(finding.bytes)} of ${finding.budgetKB} KB${unitOf(finding)}`;
}

/** A build output over its budget; its message is the lines to print. */
export class BudgetError extends Error {
  override name = 'BudgetError';

  constructor(message: string) {
    super(message);
    // Vite prints a failed build's error with its stack: the lines over budget are the verdict,
    // and the frames of this file (compiled into a temporary copy of the config) say nothing more.
    this.stack = `${this.name}: ${message}`;
  }
}

const LAZY_CHUNK = 'lazy chunk ';

// Rolldown names a chunk `assets/[name]-[hash].js` with an 8-character hash.
const CHUNK_NAME = /^(?:.*\/)?(.+)-[\w-]{8}\.js$/;

/** The name a chunk has before its content hash: `assets/charts-CUhxbyO8.js` is `charts`. */
export function chunkName(file: string): string {
  return CHUNK_NAME.exec(file)?.[1] ?? path.basename(file, '.js');
}

/** The web app's figures beside their budgets. */
function webFindings(report: BundleReport, budgets: Budgets['web']): Finding[] {
  return [
    {
      what: 'first-load JavaScript',
      bytes: report.initialGzip,
      budgetKB: budgets.firstLoadJavaScriptGzipKB,
      unit: 'gzip',
    },
    {
      what: 'first-load CSS',
      bytes: report.cssGzip,
      budgetKB: budgets.firstLoadCssGzipKB,
      unit: 'gzip',
    },
    ...report.lazy.map((chunk): Finding => {
      const name = chunkName(chunk.file);
      return {
        what: `${LAZY_CHUNK}${name} (${chunk.file})`,
        bytes: chunk.gzip,
        budgetKB: budgets.lazyChunkExceptions[name]?.gzipKB ?? budgets.lazyChunkGzipKB,
        unit: 'gzip',
      };
    }),
  ];
}

/**
 * The server's files beside their budgets. A JavaScript file without a budget is refused too, so
 * a new entry point or split chunk cannot grow unchecked.
 */
function serverFindings(serverDir: string, budgets: Budgets['server']): Finding[] {
  const findings: Finding[] = [];
  for (const [file, budget] of Object.entries(budgets)) {
    const full = path.join(serverDir, file);
    if (!existsSync(full))
      throw new BudgetError(`server file ${file} has a budget but was not built`);
    findings.push({
      what: `server ${file}`,
      bytes: readFileSync(full).length,
      budgetKB: budget.KB,
      unit: '',
    });
  }
  const unbudgeted = readdirSync(serverDir).filter(
    (file) => file.endsWith('.js') && !Object.hasOwn(budgets, file),
  );
  if (unbudgeted.length > 0) {
    throw new BudgetError(`server files without a budget: ${unbudgeted.join(', ')}`);
  }
  return findings;
}

/**
 * Throws a `BudgetError` naming every figure over its budget; otherwise returns a one-line summary
 * of the figures (the lazy chunks by the one nearest its budget).
 */
function enforceBudgets(findings: Finding[], budgetsLabel: string): string {
  const over = findings.filter(overBudget);
  if (over.length > 0) {
    throw new BudgetError(
      over.map((finding) => describeOverBudget(finding, budgetsLabel)).join('\n'),
    );
  }
  const lazy = findings.filter((finding) => finding.what.startsWith(LAZY_CHUNK));
  const others = findings.filter((finding) => !lazy.includes(finding)).map(describeWithin);
  const nearest = lazy.sort((a, b) => b.bytes / b.budgetKB - a.bytes / a.budgetKB)[0];
  if (nearest) {
    const chunk = describeWithin({ ...nearest, what: nearest.what.slice(LAZY_CHUNK.length) });
    others.push(`${lazy.length} lazy chunks, nearest to its budget ${chunk}`);
  }
  return `within budgets (${budgetsLabel}): ${others.join('; ')}`;
}

/** Checks the built web app in `distDir`; see `enforceBudgets`. */
export function checkWebBudgets(distDir: string, budgetsFile = BUDGETS_FILE): string {
  const budgets = readBudgets(budgetsFile);
  return enforceBudgets(webFindings(measureBundle(distDir), budgets.web), labelOf(budgetsFile));
}

/** Checks the compiled server in `serverDir`; see `enforceBudgets`. */
export function checkServerBudgets(serverDir: string, budgetsFile = BUDGETS_FILE): string {
  const budgets = readBudgets(budgetsFile);
  return enforceBudgets(serverFindings(serverDir, budgets.server), labelOf(budgetsFile));
}

function labelOf(budgetsFile: string): string {
  const relative = path.relative(repoRoot, budgetsFile);
  return relative.startsWith('..') ? budgetsFile : relative;
}

/**
 * The Vite plugin: checks the web app's budgets once the build is written, so `vite build` exits
 * non-zero with the figures over budget.
 */
export function budgetsPlugin(budgetsFile = BUDGETS_FILE): Plugin {
  let outDir = '';
  let info: (message: string) => void = () => {};
  return {
    name: 'budgets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      info = (message) => config.logger.info(message);
    },
    closeBundle() {
      info(checkWebBudgets(outDir, budgetsFile));
    },
  };
}
