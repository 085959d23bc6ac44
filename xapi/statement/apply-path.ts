import type { JsonValue } from '../json.js';
import type { JsonPath, Segment, Selector } from '../jsonpath.js';

/**
 * The spec's `apply_jsonpath`: every value the paths find, in document order, paths joined with
 * `|` concatenated. A single hit that is itself an array stays one value (no implicit flattening).
 */
export function applyPaths(root: JsonValue, paths: JsonPath[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const path of paths) collect(root, path, 0, out);
  return out;
}

function collect(node: JsonValue, path: JsonPath, at: number, out: JsonValue[]): void {
  if (at === path.length) {
    out.push(node);
    return;
  }
  const segment = path[at]!;
  if (segment.descendant) {
    visitDescendants(node, (n) => selectInto(n, segment, path, at, out));
  } else {
    selectInto(node, segment, path, at, out);
  }
}

function selectInto(
  node: JsonValue,
  segment: Segment,
  path: JsonPath,
  at: number,
  out: JsonValue[],
): void {
  for (const selector of segment.selectors) {
    select(node, selector, (child) => collect(child, path, at + 1, out));
  }
}

function select(node: JsonValue, selector: Selector, found: (child: JsonValue) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (selector.kind === 'wildcard') {
    for (const child of Array.isArray(node) ? node : Object.values(node)) found(child);
  } else if (selector.kind === 'index') {
    if (Array.isArray(node) && selector.index < node.length) found(node[selector.index]!);
  } else if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, selector.name)) {
    found(node[selector.name]!);
  }
}

/** The node itself, then every value below it, depth first in document order. */
function visitDescendants(node: JsonValue, visit: (n: JsonValue) => void): void {
  visit(node);
  if (node === null || typeof node !== 'object') return;
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    visitDescendants(child, visit);
  }
}
