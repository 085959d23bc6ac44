/**
 * Writing into and removing from a statement along a rule's JSONPath. Only paths a writer can
 * follow are written: child names, indexes (an existing element, or the next one), and `*`
 * (every existing element of an array, or a new first one). Recursive descent (`..`) and a `*`
 * over an object with no member name nothing to write into.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { JsonPath } from '../jsonpath.js';

/** What a path says about the place it writes: the member names along it, and whether it ends in an array element. */
export interface PathShape {
  names: string[];
  /** True when the last step is an index or `*` (the value is one element of an array). */
  element: boolean;
}

/** Makes the value of the path's end from what is there now (undefined when nothing). */
export type Leaf = (existing: JsonValue | undefined, shape: PathShape) => JsonValue;

/** Whether a writer can follow the path (no recursive descent). */
export function writable(path: JsonPath): boolean {
  return path.every((s) => !s.descendant && s.selectors.length > 0);
}

export function shapeOf(path: JsonPath): PathShape {
  const names: string[] = [];
  for (const s of path) {
    const first = s.selectors[0];
    if (first?.kind === 'name') names.push(first.name);
  }
  const last = path[path.length - 1]?.selectors[0];
  return { names, element: last !== undefined && last.kind !== 'name' };
}

export interface WriteOptions {
  /**
   * Add a new element at the first `*` over an array instead of writing into every element (an
   * `any` rule needs one matching value, and the elements already there may be needed as they are).
   */
  append?: boolean;
  /** Makes a missing object along the path, from the member names up to it (default `{}`). */
  container?: (shape: PathShape) => JsonObject | undefined;
}

/** Writes the leaf's value at every place the path reaches, creating what is missing. */
export function writeAt(
  root: JsonObject,
  path: JsonPath,
  leaf: Leaf,
  options: WriteOptions = {},
): boolean {
  if (path.length === 0 || !writable(path)) return false;
  return new Writer(path, leaf, options).write(root, 0, [], options.append === true);
}

class Writer {
  private readonly shape: PathShape;

  constructor(
    private readonly path: JsonPath,
    private readonly leaf: Leaf,
    private readonly options: WriteOptions,
  ) {
    this.shape = shapeOf(path);
  }

  write(node: JsonValue, at: number, names: string[], append: boolean): boolean {
    const selector = this.path[at]!.selectors[0]!;
    if (selector.kind === 'name') {
      if (!isObject(node)) return false;
      return this.set(node, selector.name, at, [...names, selector.name], false, append);
    }
    if (!Array.isArray(node)) {
      if (selector.kind === 'index' || !isObject(node)) return false;
      const keys = Object.keys(node);
      if (keys.length === 0) return false;
      let ok = true;
      for (const key of keys) ok = this.set(node, key, at, names, true, append) && ok;
      return ok;
    }
    if (selector.kind === 'index') {
      if (selector.index > node.length) return false;
      return this.set(node, selector.index, at, names, true, append);
    }
    if (node.length === 0 || append) return this.set(node, node.length, at, names, true, false);
    let ok = true;
    for (let i = 0; i < node.length; i++) ok = this.set(node, i, at, names, true, append) && ok;
    return ok;
  }

  private set(
    container: JsonObject | JsonValue[],
    key: string | number,
    at: number,
    names: string[],
    element: boolean,
    append: boolean,
  ): boolean {
    const slots = container as Record<string | number, JsonValue | undefined>;
    const current = slots[key];
    if (at === this.path.length - 1) {
      slots[key] = this.leaf(current, this.shape);
      return true;
    }
    const next = this.path[at + 1]!.selectors[0]!;
    const wantsArray = next.kind !== 'name';
    let child = current;
    if (child === undefined || child === null || typeof child !== 'object') {
      child = wantsArray ? [] : (this.options.container?.({ names, element }) ?? {});
      slots[key] = child;
    } else if (Array.isArray(child) !== wantsArray && !(wantsArray && next.kind === 'wildcard')) {
      return false;
    }
    return this.write(child, at + 1, names, append);
  }
}

/** Removes whatever the path reaches (members deleted, array elements taken out). */
export function removeAt(root: JsonValue, path: JsonPath): boolean {
  if (!writable(path)) return false;
  remove(root, path, 0);
  return true;
}

function remove(node: JsonValue, path: JsonPath, at: number): void {
  if (node === null || typeof node !== 'object') return;
  const last = at === path.length - 1;
  for (const selector of path[at]!.selectors) {
    if (selector.kind === 'name') {
      if (Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, selector.name)) {
        continue;
      }
      if (last) delete node[selector.name];
      else remove(node[selector.name]!, path, at + 1);
    } else if (selector.kind === 'index') {
      if (!Array.isArray(node) || selector.index >= node.length) continue;
      if (last) node.splice(selector.index, 1);
      else remove(node[selector.index]!, path, at + 1);
    } else if (Array.isArray(node)) {
      if (last) node.length = 0;
      else for (const child of node) remove(child, path, at + 1);
    } else {
      for (const key of Object.keys(node)) {
        if (last) delete node[key];
        else remove(node[key]!, path, at + 1);
      }
    }
  }
}
