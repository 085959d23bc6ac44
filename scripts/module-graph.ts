/**
 * The import graph between the domain modules of server/modules (one node per folder, or per
 * top-level file), and the cycles in it. A module that imports another one which, directly or
 * not, imports it back makes both impossible to understand or test alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type ModuleGraph = Map<string, Set<string>>;

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The module a path inside `modulesRoot` belongs to, or null outside it. */
function moduleOf(modulesRoot: string, file: string): string | null {
  const relative = path.relative(modulesRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first] = relative.split(path.sep);
  return first ? first.replace(/\.tsx?$/, '') : null;
}

export function moduleImportGraph(modulesRoot: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(modulesRoot)) {
    const from = moduleOf(modulesRoot, file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = moduleOf(modulesRoot, path.resolve(path.dirname(file), match[1] ?? ''));
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Each cycle once, as the modules along it starting from the smallest name. */
export function findModuleCycles(graph: ModuleGraph): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, trail: string[]): void => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const start = cycle.indexOf([...cycle].sort()[0] ?? '');
      const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
      cycles.set(rotated.join('>'), rotated);
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return [...cycles.values()];
}

/** The source file an import of `target` (a path without its extension) reads, or null. */
function sourceFileOf(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The import graph between the source files below `folder`, one node per file. */
export function fileImportGraph(folder: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(folder)) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = sourceFileOf(path.resolve(path.dirname(file), match[1] ?? ''));
      if (to && to !== file) targets.add(to);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Each pair of nodes that import each other, once, the smaller name first. */
export function findMutualImports(graph: ModuleGraph): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [from, targets] of graph)
    for (const to of targets) if (from < to && graph.get(to)?.has(from)) pairs.push([from, to]);
  return pairs;
}
