/**
 * The byte budgets on small built folders made here: a figure over its budget fails with the
 * figure and the budget, one under it passes. No real build runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Budgets,
  BudgetError,
  checkServerBudgets,
  checkWebBudgets,
  chunkName,
  measureBundle,
  readBudgets,
} from './budgets';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'xps-budgets-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Random base64, which gzip shrinks only to the random bytes under it: about `kb` KB gzip. */
const noise = (kb: number) => randomBytes(kb * 1024).toString('base64');

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * A built app as Vite writes it: an entry that imports React statically and a page dynamically,
 * a preloaded chunk, a chart chunk only the page imports, and two stylesheets.
 */
function buildWeb(): string {
  const dist = path.join(work, 'web');
  write(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/query-Qq_-9876.js">
    <link rel="stylesheet" crossorigin href="/assets/mantine-Ss123456.css">
    <link rel="stylesheet" crossorigin href="/assets/index-Tt123456.css">
    </head><body><div id="root"></div></body></html>`,
  );
  write(
    path.join(dist, 'assets/index-AbCd1234.js'),
    `import{a as r}from"./react-Rr123456.js";const d="${noise(6)}";` +
      `const p=()=>import("./Page-Pp123456.js");`,
  );
  write(path.join(dist, 'assets/react-Rr123456.js'), `export const a="${noise(8)}";`);
  write(path.join(dist, 'assets/query-Qq_-9876.js'), `export const q="${noise(2)}";`);
  write(
    path.join(dist, 'assets/Page-Pp123456.js'),
    `import"./react-Rr123456.js";const c=()=>import("./charts-Cc123456.js");const s="${noise(3)}";`,
  );
  write(path.join(dist, 'assets/charts-Cc123456.js'), `export const c="${noise(12)}";`);
  write(path.join(dist, 'assets/mantine-Ss123456.css'), `.m{content:"${noise(4)}"}`);
  write(path.join(dist, 'assets/index-Tt123456.css'), `.i{color:red}`);
  return dist;
}

/** A compiled server of two files, about 30 KB and 5 KB. */
function buildServer(): string {
  const dist = path.join(work, 'server');
  write(path.join(dist, 'main.js'), `export const m="${'x'.repeat(30 * 1024)}";`);
  write(path.join(dist, 'sparql-worker.js'), `export const w="${'y'.repeat(5 * 1024)}";`);
  write(path.join(dist, 'main.js.map'), noise(100));
  return dist;
}

const generous: Budgets = {
  why: 'test',
  web: {
    firstLoadJavaScriptGzipKB: 40,
    firstLoadCssGzipKB: 10,
    lazyChunkGzipKB: 6,
    lazyChunkExceptions: { charts: { gzipKB: 20, why: 'test' } },
  },
  server: { 'main.js': { KB: 40, why: 'test' }, 'sparql-worker.js': { KB: 10, why: 'test' } },
};

/** Writes `generous` with `change` applied and returns the file. */
function budgetsFile(change: (budgets: Budgets) => void = () => {}): string {
  const budgets = structuredClone(generous);
  change(budgets);
  const file = path.join(work, 'budgets.json');
  writeFileSync(file, JSON.stringify(budgets));
  return file;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function failure(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetError);
    return (error as BudgetError).message;
  }
  throw new Error('the check passed');
}

describe('measureBundle', () => {
  it('counts the entry, its preloads and their static imports as the first load, and the linked stylesheets', () => {
    const report = measureBundle(buildWeb());
    expect(report.initial.map((chunk) => chunk.file).sort()).toEqual([
      'assets/index-AbCd1234.js',
      'assets/query-Qq_-9876.js',
      'assets/react-Rr123456.js',
    ]);
    expect(report.lazy.map((chunk) => chunk.file)).toEqual([
      'assets/charts-Cc123456.js',
      'assets/Page-Pp123456.js',
    ]);
    expect(report.css.map((sheet) => sheet.file)).toEqual([
      'assets/mantine-Ss123456.css',
      'assets/index-Tt123456.css',
    ]);
    expect(report.initialGzip).toBeGreaterThan(15 * 1024);
    expect(report.initialGzip).toBeLessThan(18 * 1024);
  });

  it('names a chunk by what comes before its hash', () => {
    expect(chunkName('assets/charts-Cc123456.js')).toBe('charts');
    expect(chunkName('assets/mantine-more-C_-d1234.js')).toBe('mantine-more');
    expect(chunkName('assets/plain.js')).toBe('plain');
  });
});

describe('web budgets', () => {
  it('passes a build under every budget and gives its figures', () => {
    const dist = buildWeb();
    const report = measureBundle(dist);
    const summary = checkWebBudgets(dist, budgetsFile());
    expect(summary).toContain(`first-load JavaScript ${kb(report.initialGzip)} KB of 40 KB gzip`);
    expect(summary).toContain(`first-load CSS ${kb(report.cssGzip)} KB of 10 KB gzip`);
    expect(summary).toContain('2 lazy chunks');
  });

  it('fails first-load JavaScript over its budget with the figure and the budget', () => {
    const dist = buildWeb();
    const file = budgetsFile((budgets) => (budgets.web.firstLoadJavaScriptGzipKB = 12));
    expect(failure(() => checkWebBudgets(dist, file))).toBe(
      `first-load JavaScript ${kb(measureBundle(dist).initialGzip)} KB gzip exceeds its budget of 12 KB (${file})`,
    );
  });

  it('fails first-load CSS over its budget', () => {
    const dist = buildWeb();
    const file = budgetsFile((budgets) => (budgets.web.firstLoadCssGzipKB = 2.5));
    expect(failure(() => checkWebBudgets(dist, file))).toBe(
      `first-load CSS ${kb(measureBundle(dist).cssGzip)} KB gzip exceeds its budget of 2.5 KB (${file})`,
    );
  });

  it('holds every lazy chunk to the common budget unless it is named', () => {
    const dist = buildWeb();
    const charts = measureBundle(dist).lazy[0]!;
    // The 12 KB chart chunk passes under its own 20 KB although the common budget is 6 KB.
    expect(() => checkWebBudgets(dist, budgetsFile())).not.toThrow();

    const named = budgetsFile((budgets) => (budgets.web.lazyChunkExceptions.charts!.gzipKB = 10));
    expect(failure(() => checkWebBudgets(dist, named))).toBe(
      `lazy chunk charts (assets/charts-Cc123456.js) ${kb(charts.gzip)} KB gzip exceeds its budget of 10 KB (${named})`,
    );

    const common = budgetsFile((budgets) => (budgets.web.lazyChunkGzipKB = 2));
    expect(failure(() => checkWebBudgets(dist, common))).toMatch(
      /^lazy chunk Page \(assets\/Page-Pp123456\.js\) \d+\.\d KB gzip exceeds its budget of 2 KB/,
    );
  });

  it('names every figure over its budget at once', () => {
    const dist = buildWeb();
    const file = budgetsFile((budgets) => {
      budgets.web.firstLoadJavaScriptGzipKB = 1;
      budgets.web.firstLoadCssGzipKB = 1;
    });
    const lines = failure(() => checkWebBudgets(dist, file)).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^first-load JavaScript /);
    expect(lines[1]).toMatch(/^first-load CSS /);
  });
});

describe('server budgets', () => {
  it('passes files under their budgets, the source maps aside', () => {
    expect(checkServerBudgets(buildServer(), budgetsFile())).toMatch(
      /^within budgets .*server main\.js 30\.0 KB of 40 KB; server sparql-worker\.js 5\.0 KB of 10 KB$/,
    );
  });

  it('fails a file over its budget with the figure and the budget', () => {
    const dist = buildServer();
    const file = budgetsFile((budgets) => (budgets.server['main.js']!.KB = 25));
    expect(failure(() => checkServerBudgets(dist, file))).toBe(
      `server main.js 30.0 KB exceeds its budget of 25 KB (${file})`,
    );
  });

  it('fails a JavaScript file that has no budget, and a budgeted file that was not built', () => {
    const dist = buildServer();
    write(path.join(dist, 'chunk-1.js'), 'export {};');
    expect(failure(() => checkServerBudgets(dist, budgetsFile()))).toBe(
      'server files without a budget: chunk-1.js',
    );
    rmSync(path.join(dist, 'sparql-worker.js'));
    expect(failure(() => checkServerBudgets(dist, budgetsFile()))).toBe(
      'server file sparql-worker.js has a budget but was not built',
    );
  });
});

describe('the budgets file', () => {
  it('is refused when a budget is missing', () => {
    const file = budgetsFile((budgets) => {
      delete (budgets.web as Partial<Budgets['web']>).lazyChunkGzipKB;
    });
    expect(failure(() => readBudgets(file))).toContain('lazyChunkGzipKB');
  });

  it('is committed in a form the build reads', () => {
    const budgets = readBudgets();
    expect(budgets.web.firstLoadJavaScriptGzipKB).toBeGreaterThan(0);
    expect(Object.keys(budgets.server).sort()).toEqual([
      'main.js',
      'pglite-worker.js',
      'sparql-worker.js',
    ]);
  });
});
