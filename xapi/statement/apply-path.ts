import type { JsonValue } from '../json.js';
import type { JsonPath, Segment } from '../jsonpath.js';

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
  if (segment.descendant) collectBelow(node, segment, path, at, out);
  else selectInto(node, segment, path, at, out);
}

/**
 * Each selector of the segment applied to `node`, and what it selects collected along the rest of
 * the path. Written without callbacks: every template rule of every statement checked comes
 * through here, and a closure per step was a measurable share of a simulation's self-check.
 */
function selectInto(
  node: JsonValue,
  segment: Segment,
  path: JsonPath,
  at: number,
  out: JsonValue[],
): void {
  if (node === null || typeof node !== 'object') return;
  for (const selector of segment.selectors) {
    if (selector.kind === 'wildcard') {
      for (const child of Array.isArray(node) ? node : Object.values(node)) {
        collect(child, path, at + 1, out);
      }
    } else if (selector.kind === 'index') {
      if (Array.isArray(node) && selector.index < node.length) {
        collect(node[selector.index]!, path, at + 1, out);
      }
    } else if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, selector.name)) {
      collect(node[selector.name]!, path, at + 1, out);
    }
  }
}

/** A descendant segment: the node itself, then every value below it, depth first in document order. */
function collectBelow(
  node: JsonValue,
  segment: Segment,
  path: JsonPath,
  at: number,
  out: JsonValue[],
): void {
  selectInto(node, segment, path, at, out);
  if (node === null || typeof node !== 'object') return;
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    collectBelow(child, segment, path, at, out);
  }
}
