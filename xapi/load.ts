import type { Finding } from './findings.js';
import type { JsonValue } from './json.js';
import { runToEnd, VALUES_PER_STEP } from './steps.js';

export interface InputLimits {
  /** Largest accepted text, in UTF-16 code units (about bytes for profile documents). */
  maxLength?: number;
  /** Deepest accepted nesting of arrays/objects. Real profiles stay below 15. */
  maxDepth?: number;
  /** Most values accepted in an object input (guards cyclic or huge in-memory objects). */
  maxNodes?: number;
}

export const defaultLimits: Required<InputLimits> = {
  maxLength: 16 * 1024 * 1024,
  maxDepth: 64,
  maxNodes: 4_000_000,
};

export interface Loaded {
  value: JsonValue | undefined;
  findings: Finding[];
}

function fail(message: string): Loaded {
  return { value: undefined, findings: [{ ruleId: 'A1', severity: 'error', path: '', message }] };
}

/**
 * Turns untrusted input (text or an in-memory value) into JSON without throwing. Depth is checked
 * before JSON.parse so that every later recursive walk is safe from stack exhaustion.
 */
export function loadJson(input: unknown, limits: InputLimits = {}): Loaded {
  return runToEnd(loadJsonSteps(input, limits));
}

/**
 * loadJson() one step at a time: the walk of an in-memory value yields after every
 * `VALUES_PER_STEP` values. Text is read in one step (the depth scan and JSON.parse).
 */
export function* loadJsonSteps(
  input: unknown,
  limits: InputLimits = {},
): Generator<void, Loaded, void> {
  const lim = { ...defaultLimits, ...limits };
  if (typeof input === 'string') return loadText(input, lim);
  return yield* loadValueSteps(input, lim);
}

function loadText(text: string, lim: Required<InputLimits>): Loaded {
  if (text.length > lim.maxLength) {
    return fail(
      `The document is ${text.length} characters long; the limit is ${lim.maxLength}. Split it or raise the limit.`,
    );
  }
  const depth = scanDepth(text, lim.maxDepth);
  if (depth > lim.maxDepth) {
    return fail(
      `The document nests arrays/objects deeper than ${lim.maxDepth} levels; a profile never needs that.`,
    );
  }
  try {
    return { value: JSON.parse(text) as JsonValue, findings: [] };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return fail(`The document is not valid JSON (${detail}). A profile must be a JSON object.`);
  }
}

/** Bracket depth outside strings; stops counting as soon as the limit is passed. */
function scanDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

function* loadValueSteps(
  input: unknown,
  lim: Required<InputLimits>,
): Generator<void, Loaded, void> {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++nodes > lim.maxNodes) return fail(`The document holds more than ${lim.maxNodes} values.`);
    if (nodes % VALUES_PER_STEP === 0) yield;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value))
        return fail('The document holds a number JSON cannot represent.');
      continue;
    }
    if (typeof value !== 'object') {
      return fail(`The document holds a ${typeof value}, which is not a JSON value.`);
    }
    if (depth >= lim.maxDepth) {
      return fail(
        `The document nests arrays/objects deeper than ${lim.maxDepth} levels (or refers to itself).`,
      );
    }
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      return fail(
        'The document holds an object that is not plain JSON (for example a Date or Map).',
      );
    }
    for (const item of Object.values(value)) stack.push({ value: item, depth: depth + 1 });
  }
  return { value: input as JsonValue, findings: [] };
}
