import { runToEnd, VALUES_PER_STEP } from './steps.js';

/** Plain JSON values: what a profile document is made of once parsed. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : `the string ${JSON.stringify(truncate(value))}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `${typeof value} ${value.toString()}`;
  }
  return `a ${typeof value}`;
}

function truncate(text: string): string {
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}

/** Structural equality for JSON values; key order of objects does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return runToEnd(jsonEqualSteps(a, b));
}

/**
 * jsonEqual() one step at a time: it yields after every `VALUES_PER_STEP` pairs of values
 * compared, so two whole documents can be compared in slices. The pairs wait on a stack of
 * their own, not the call stack, so depth costs nothing either.
 */
export function* jsonEqualSteps(a: unknown, b: unknown): Generator<void, boolean, void> {
  const pairs: unknown[] = [a, b];
  let compared = 0;
  while (pairs.length > 0) {
    const y = pairs.pop();
    const x = pairs.pop();
    if (++compared % VALUES_PER_STEP === 0) yield;
    if (x === y) continue;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) pairs.push(x[i], y[i]);
    } else if (isObject(x) && isObject(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      for (const key of keys) {
        if (!Object.prototype.hasOwnProperty.call(y, key)) return false;
        pairs.push(x[key], y[key]);
      }
    } else return false;
  }
  return true;
}

/** A `type` value for messages: the name itself when it is a string. */
export function typeName(value: unknown): string {
  return typeof value === 'string' ? value : describe(value);
}

/** "a Verb", "an ActivityType": the indefinite article for a type name in messages. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
