import { describe, expect, it } from 'vitest';
import { generateProfile } from './fixtures/generated-profile.js';
import { compareVersions, compareVersionsSteps } from './changes/compare.js';
import { jsonEqual, jsonEqualSteps, type JsonObject } from './json.js';
import { loadJsonSteps } from './load.js';
import { parse, parseSteps } from './model/parse.js';
import { serialize, serializeSteps } from './model/serialize.js';
import { VALUES_PER_STEP } from './steps.js';
import { validate, validateSteps } from './validate/index.js';

/** Runs a generator to its end, counting the times it gave way. */
function stepped<T>(steps: Generator<unknown, T, void>): { value: T; steps: number } {
  let count = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, steps: count };
    count += 1;
  }
}

const document = JSON.parse(generateProfile(4)) as JsonObject;
const listed = (key: string) => (document[key] as unknown[]).length;
const members = listed('concepts') + listed('templates') + listed('patterns');

/** Every value of a JSON document, itself included. */
function valuesIn(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((n: number, v) => n + valuesIn(v), 0);
  if (value !== null && typeof value === 'object')
    return 1 + Object.values(value).reduce((n: number, v) => n + valuesIn(v), 0);
  return 1;
}

describe('reading, writing and comparing a whole document in steps', () => {
  it('gives way during the walk of a large value, as often as its size asks', () => {
    const values = valuesIn(document);
    expect(values).toBeGreaterThan(3 * VALUES_PER_STEP);
    const loaded = stepped(loadJsonSteps(document));
    expect(loaded.value).toEqual({ value: document, findings: [] });
    expect(loaded.steps).toBe(Math.floor(values / VALUES_PER_STEP));
  });

  it('reads the model a member at a time, into the model read at once', () => {
    const read = stepped(parseSteps(document));
    expect(read.value).toEqual(parse(document));
    expect(read.steps).toBeGreaterThanOrEqual(members);
    // Findings keep their order and paths when read in steps.
    const broken = { ...document, concepts: [...(document.concepts as unknown[]), 7, { type: 9 }] };
    expect(stepped(parseSteps(broken)).value).toEqual(parse(broken));
  });

  it('writes the model a member at a time, into the document written at once', () => {
    const { model } = parse(document);
    const written = stepped(serializeSteps(model!));
    expect(written.value).toEqual(serialize(model!));
    expect(JSON.stringify(written.value)).toBe(JSON.stringify(serialize(model!)));
    expect(written.steps).toBeGreaterThanOrEqual(members);
  });

  it('compares two documents in steps, whatever the order of their keys', () => {
    const reordered = JSON.parse(
      JSON.stringify(document, (_key, value: unknown) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    ) as JsonObject;
    const same = stepped(jsonEqualSteps(document, reordered));
    expect(same.value).toBe(true);
    expect(same.steps).toBeGreaterThanOrEqual(Math.floor(valuesIn(document) / VALUES_PER_STEP));
    const concepts = document.concepts as JsonObject[];
    const last = concepts.length - 1;
    const changed = {
      ...document,
      concepts: concepts.map((c, i) => (i === last ? { ...c, prefLabel: { en: 'other' } } : c)),
    };
    expect(stepped(jsonEqualSteps(document, changed)).value).toBe(false);
    expect(jsonEqual(document, changed)).toBe(false);
    // Arrays keep their order; types must agree; an extra key is a difference.
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: [] }, { a: {} })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({ a: null }, { b: null })).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(false);
  });

  it('checks for empty values a member at a time, besides the rules that already did', () => {
    const checked = stepped(validateSteps(document));
    expect(checked.value).toEqual(validate(document));
    // Once per member for the empty values, once per member for the member's own rules.
    expect(checked.steps).toBeGreaterThanOrEqual(2 * members);
    const emptied = {
      ...document,
      concepts: [...(document.concepts as unknown[]), { type: 'Verb', id: '', prefLabel: {} }],
    };
    const a5 = stepped(validateSteps(emptied)).value.filter((f) => f.ruleId === 'A5');
    expect(a5.map((f) => f.path)).toEqual([
      `/concepts/${listed('concepts')}/id`,
      `/concepts/${listed('concepts')}/prefLabel`,
    ]);
  });

  it('reads both versions of a comparison in steps, besides a step per item compared', () => {
    const newer = { ...document, concepts: (document.concepts as unknown[]).slice(1) };
    const compared = stepped(compareVersionsSteps(document, newer));
    expect(compared.value).toEqual(compareVersions(document, newer));
    expect(compared.value.counts.concept.removed).toBe(1);
    // Each version read a member a step, then a step per item compared.
    expect(compared.steps).toBeGreaterThanOrEqual(3 * members - 1);
  });
});
