import { runToEnd, VALUES_PER_STEP } from '../xapi/steps';

/**
 * Limits on any input, whatever the route: what the server refuses at the edge (and the web app
 * can check before sending).
 */
export const INPUT_LIMITS = {
  /**
   * How deep arrays and objects may nest in a request body or a JSON text field (a rule, an
   * example statement, a profile document). Real profiles and statements stay under 15; deeper
   * input only costs time and stack on every later read.
   */
  jsonDepthMax: 64,
  /**
   * How many distinct object keys one JSON text may hold. Parsing costs more than linearly past
   * some tens of thousands of distinct keys (10 MB holding 195,000 took half a second of the
   * thread), while real documents repeat a few hundred: `id`, `prefLabel`, language tags,
   * extension IRIs.
   */
  jsonDistinctKeysMax: 50_000,
} as const;

const KB = 1024;
const MB = 1024 * KB;

/**
 * The largest request body each kind of call reads, in bytes; a larger one is answered 413 with
 * the limit named. Every route takes `typed` unless it declares one of the others.
 */
export const BODY_LIMITS = {
  /**
   * What a person types into a form. The largest form, a concept with an inline schema
   * (200,000 characters) and activity extensions (100,000), stays well under it, escaped.
   */
  typed: 512 * KB,
  /** A profile document sent to the public API (import, update, validate). */
  document: 5 * MB,
  /** One statement to check against a profile's templates. */
  statement: 1 * MB,
  /** A batch of at most 1,000 statements to check against a profile's patterns. */
  statements: 4 * MB,
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a piece of text cannot be stored, or null: PostgreSQL refuses NUL in text, and a lone
 * UTF-16 surrogate is no character (it cannot be written as UTF-8).
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000); remove it';
  const lone = LONE_SURROGATE.exec(text);
  if (lone)
    return `must not contain a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}), which is no character; send valid UTF-8 text`;
  return null;
}

export interface InputProblem {
  /** Where, as dotted segments from the root (e.g. `["rule", "any", "0"]`). */
  path: string[];
  message: string;
  /** The error code to answer with, when not the general validation failure. */
  code?: string;
}

/** Counts what a walk visited, so a test can tell how much work a refusal cost. */
export interface WalkMeter {
  values: number;
}

/** One array or object being walked: its keys (null for an array), the next one, its own key. */
interface Frame {
  container: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
  key: string;
}

const pathOf = (frames: Frame[], key?: string) => {
  const path = frames.slice(1).map((f) => f.key);
  return key === undefined ? path : [...path, key];
};

/**
 * The first string (value or key) that cannot be stored, or the first place nesting deeper than
 * `maxDepth` arrays and objects, in parsed JSON. Iterative, so hostile nesting costs no stack; it
 * stops descending at the limit and allocates nothing per value (a path is built only for the
 * problem it reports), so a million-element array costs one quick pass.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number = INPUT_LIMITS.jsonDepthMax,
  meter?: WalkMeter,
): InputProblem | null {
  const flat = flatInputProblem(value, maxDepth, meter);
  return flat !== undefined ? flat : runToEnd(findInputProblemSteps(value, maxDepth, meter));
}

/**
 * findInputProblem() of a value that needs no walk: a scalar, or an object whose values are all
 * strings, as a route's path parameters and most queries are; undefined for any other value.
 * Every request has such parts, so they are checked without the walk's generator and frames,
 * which were an eighth of what a kept read allocated (2.4 of 17.8 KB). Answers what the walk
 * answers, visiting and counting the same values in the same order.
 */
function flatInputProblem(
  value: unknown,
  maxDepth: number,
  meter?: WalkMeter,
): InputProblem | null | undefined {
  if (typeof value === 'string') {
    if (meter) meter.values += 1;
    const problem = textProblem(value);
    return problem ? { path: [], message: problem } : null;
  }
  if (typeof value !== 'object' || value === null) {
    if (meter) meter.values += 1;
    return null;
  }
  if (Array.isArray(value) || maxDepth < 1) return undefined;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const key of keys) if (typeof record[key] !== 'string') return undefined;
  if (meter) meter.values += 1;
  for (const key of keys) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [key], message: `has a key that ${keyProblem}` };
    if (meter) meter.values += 1;
    const problem = textProblem(record[key] as string);
    if (problem) return { path: [key], message: problem };
  }
  return null;
}

/** findInputProblem() one step at a time: it yields after every `VALUES_PER_STEP` values. */
export function* findInputProblemSteps(
  value: unknown,
  maxDepth: number = INPUT_LIMITS.jsonDepthMax,
  meter?: WalkMeter,
): Generator<void, InputProblem | null, void> {
  const frames: Frame[] = [];
  let visited = 0;
  // Answers the problem of one value, or pushes its frame when it is a container.
  const visit = (v: unknown, key: string): InputProblem | null => {
    if (meter) meter.values += 1;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      return problem
        ? { path: pathOf(frames, frames.length > 0 ? key : undefined), message: problem }
        : null;
    }
    if (typeof v !== 'object' || v === null) return null;
    if (frames.length + 1 > maxDepth)
      return {
        path: pathOf(frames, frames.length > 0 ? key : undefined).slice(0, 1),
        message: `nests arrays and objects more than ${maxDepth} levels deep; flatten it`,
      };
    const container = v as unknown[] | Record<string, unknown>;
    frames.push({ container, keys: Array.isArray(v) ? null : Object.keys(v), next: 0, key });
    return null;
  };
  const first = visit(value, '');
  if (first) return first;
  while (frames.length > 0) {
    if (++visited % VALUES_PER_STEP === 0) yield;
    const frame = frames[frames.length - 1]!;
    const { container, keys } = frame;
    const size = keys ? keys.length : (container as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      continue;
    }
    const index = frame.next++;
    const key = keys ? keys[index]! : String(index);
    if (keys) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: pathOf(frames, key), message: `has a key that ${keyProblem}` };
    }
    const child = keys
      ? (container as Record<string, unknown>)[key]
      : (container as unknown[])[index];
    const problem = visit(child, key);
    if (problem) return problem;
  }
  return null;
}

/**
 * The most items a request may carry in its top-level fields, declared by the route (`''` for a
 * body that is itself an array). Checked before anything walks the elements, so refusing a
 * million-element array costs no more than reading its length.
 */
export type DeclaredCounts = Record<string, { max: number; what: string; code?: string }>;

/** The first top-level array longer than its route declares, as a problem to report. */
export function findCountProblem(body: unknown, counts: DeclaredCounts): InputProblem | null {
  for (const [field, { max, what, code }] of Object.entries(counts)) {
    const value =
      field === ''
        ? body
        : typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)[field]
          : undefined;
    if (Array.isArray(value) && value.length > max)
      return {
        path: field === '' ? [] : [field],
        message: `holds ${value.length.toLocaleString('en-US')} ${what}; at most ${max.toLocaleString('en-US')} are taken in one request`,
        ...(code ? { code } : {}),
      };
  }
  return null;
}

/** JSON text nesting deeper than the limit (text that is not JSON is another check's concern). */
export function jsonTextTooDeep(text: string, maxDepth: number = INPUT_LIMITS.jsonDepthMax) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > maxDepth) return true;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return false;
}

/** Texts shorter than this cannot hold enough keys to matter, and are not scanned. */
const KEY_SCAN_FROM_CHARS = 64 * 1024;

/**
 * Whether JSON text holds more distinct object keys than the limit, found in one pass over the
 * text before it is parsed (a key: a string followed by a colon, as written). Short texts pass.
 */
export function jsonTextHasTooManyKeys(
  text: string,
  maxKeys: number = INPUT_LIMITS.jsonDistinctKeysMax,
): boolean {
  return runToEnd(jsonTextHasTooManyKeysSteps(text, maxKeys));
}

/** jsonTextHasTooManyKeys() one step at a time: it yields after every `VALUES_PER_STEP` strings. */
export function* jsonTextHasTooManyKeysSteps(
  text: string,
  maxKeys: number = INPUT_LIMITS.jsonDistinctKeysMax,
): Generator<void, boolean, void> {
  if (text.length < KEY_SCAN_FROM_CHARS) return false;
  const keys = new Set<string>();
  let strings = 0;
  // From quote to quote with indexOf, which is native: long string values cost almost nothing.
  let open = text.indexOf('"');
  while (open !== -1) {
    if (++strings % VALUES_PER_STEP === 0) yield;
    let close = text.indexOf('"', open + 1);
    while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
    if (close === -1) return false;
    let next = close + 1;
    while (next < text.length && text.charCodeAt(next) <= 32) next++;
    if (text.charCodeAt(next) === 58) {
      keys.add(text.slice(open + 1, close));
      if (keys.size > maxKeys) return true;
    }
    open = text.indexOf('"', close + 1);
  }
  return false;
}

/** Whether the quote at `at` is escaped: an odd number of backslashes before it. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
  return backslashes % 2 === 1;
}

export const JSON_TOO_MANY_KEYS_MESSAGE = `JSON may hold at most ${INPUT_LIMITS.jsonDistinctKeysMax.toLocaleString('en-US')} distinct object keys; real profiles and statements use a few hundred. Send fewer distinct property or extension names.`;

export const JSON_TOO_DEEP_MESSAGE = `JSON may nest arrays and objects at most ${INPUT_LIMITS.jsonDepthMax} levels deep; flatten it.`;

/** The longest SPARQL query the endpoint reads, in characters. */
export const SPARQL_QUERY_MAX_CHARS = 100_000;

/**
 * What a SPARQL query may hold before the store sees it. oxigraph parses and evaluates a query
 * by recursion on a stack of fixed size (WebAssembly's), and a query that needs more traps ("memory
 * access out of bounds") and leaves the engine unusable: 1,000 nested `{ }` do it in 2 KB. Both
 * bounds keep the deepest query allowed under half of what traps (see
 * docs/decisions/sparql-a-merged-default-graph-bounded-queries-turns-per-key.md).
 */
export const SPARQL_LIMITS = {
  /**
   * How deeply groups `{ }`, parentheses `( )` and brackets `[ ]` may nest, each `!` counting as
   * one more level for what it negates. Real queries stay under 10; 250 nested calls trap.
   */
  depthMax: 64,
  /**
   * How many terms, keywords and operators a query may hold, outside the data of its VALUES
   * blocks (a long list of terms belongs there: it costs no stack). 1,800 path alternatives or
   * 1,000 BINDs in a row trap even unnested; the examples of the specification hold 38 to 49.
   */
  tokensMax: 1_000,
} as const;
