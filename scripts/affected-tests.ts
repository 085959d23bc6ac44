/**
 * Which test files a change affects, from the relative imports between the project's own source
 * files (what `npm run test:quick` runs). Package imports are not followed: a package change is
 * the whole suite's business.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** For each file (relative to the root, with `/`), the files it imports. */
export type ImportGraph = Map<string, Set<string>>;

/** The parts of the tree; a change's importers are followed within its own part. */
export const PARTS = ['xapi', 'common', 'server', 'web', 'bin', 'scripts', 'bench', 'e2e'];

const SOURCE = /\.(tsx?|jsx?)$/;
const TEST = /\.test\.(tsx?|jsx?)$/;
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The project's source files under `folder` (relative to `root`, with `/`). */
export function sourceFiles(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(root, relative);
    return SOURCE.test(name) ? [relative] : [];
  });
}

/** The file an import specifier names, as the bundler resolves it (`./x.js` may be `x.ts`). */
function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.js`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

export function sourceImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const part of PARTS) {
    for (const file of sourceFiles(root, part)) {
      const targets = new Set<string>();
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)) {
        const target = resolveImport(root, file, match[1] as string);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

const partOf = (file: string) => file.split('/')[0] ?? '';

/**
 * The test files to run for `changed`: the changed test files; the test files of the changed
 * file's own part that import it, directly or through files of that part; and the test files of
 * other parts that import the changed file itself. With `allImporters`, every test file that
 * imports it through any chain of files.
 */
export function affectedTests(
  graph: ImportGraph,
  changed: string[],
  options: { allImporters?: boolean } = {},
): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  const tests = new Set<string>();
  for (const start of changed) {
    if (TEST.test(start) && graph.has(start)) tests.add(start);
    const part = partOf(start);
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      for (const importer of importers.get(file) ?? []) {
        if (seen.has(importer)) continue;
        const inPart = partOf(importer) === part;
        if (!options.allImporters && !inPart && file !== start) continue;
        seen.add(importer);
        if (TEST.test(importer)) tests.add(importer);
        else if (options.allImporters || inPart) queue.push(importer);
      }
    }
  }
  return [...tests].sort();
}
