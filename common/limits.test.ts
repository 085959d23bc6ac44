import { describe, expect, it } from 'vitest';
import { runToEnd, VALUES_PER_STEP } from '../xapi/steps';
import {
  findInputProblem,
  findInputProblemSteps,
  INPUT_LIMITS,
  jsonTextHasTooManyKeys,
  jsonTextHasTooManyKeysSteps,
  jsonTextTooDeep,
  textProblem,
} from './limits';
import { iriFormatProblem, isValidIri } from './profiles';

const nestedText = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('input limits', () => {
  it.each([
    ['plain text', 'Lecture 📚 été', null],
    ['NUL', 'a\u0000b', /NUL/],
    ['a lone high surrogate', 'a\ud83d', /lone surrogate \(U\+D83D\)/],
    ['a lone low surrogate', '\ude00b', /lone surrogate \(U\+DE00\)/],
  ])('textProblem: %s', (_name, text, says) => {
    const problem = textProblem(text);
    if (says === null) expect(problem).toBeNull();
    else expect(problem).toMatch(says);
  });

  it('finds the path of a bad value, a bad key, and nesting beyond the limit', () => {
    expect(findInputProblem({ a: [1, { b: 'x\u0000' }] })?.path).toEqual(['a', '1', 'b']);
    expect(findInputProblem({ a: { 'k\ud800': 1 } })?.path).toEqual(['a', 'k\ud800']);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findInputProblem({ rule: deep })).toMatchObject({ path: ['rule'] });
    expect(findInputProblem({ fine: [[{ a: 'b' }]] })).toBeNull();
  });

  it('answers flat parts without the walk exactly as the walk does, counting the same values', () => {
    const inherited = Object.create({ inheritedIsNotOwn: 'x\u0000' }) as Record<string, unknown>;
    inherited.own = 'fine';
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      true,
      'plain',
      'a\u0000b',
      'x\ud800',
      {},
      { uuid: '0b5e6f5e-8d4a-4d4e-9c1a-2f3e4d5c6b7a' },
      { a: 'fine', b: 'no\u0000', c: 'x\udfff' },
      { 'k\u0000': 'fine', later: 'x\u0000' },
      { fine: 'yes', 'bad\ud800': 'value' },
      { a: 'x', n: 1 },
      { a: 'x', list: ['y', 'z\u0000'] },
      { a: 'x', nested: { b: 'c\u0000' } },
      ['a', 'b\u0000'],
      Object.assign(Object.create(null) as object, { q: 'search', r: 'x\ud83d' }),
      inherited,
    ];
    for (const input of inputs) {
      for (const maxDepth of [0, 1, INPUT_LIMITS.jsonDepthMax]) {
        const walked = { values: 0 };
        const flat = { values: 0 };
        const expected = runToEnd(findInputProblemSteps(input, maxDepth, walked));
        expect(findInputProblem(input, maxDepth, flat)).toEqual(expected);
        expect(flat.values).toBe(walked.values);
      }
    }
    expect(findInputProblem({ a: 'fine', b: 'no\u0000' })).toMatchObject({ path: ['b'] });
    expect(findInputProblem({ 'k\u0000': 'v' })?.message).toMatch(/^has a key that/);
  });

  it('measures the depth of JSON text, ignoring brackets inside strings', () => {
    const max = INPUT_LIMITS.jsonDepthMax;
    expect(jsonTextTooDeep(nestedText(max))).toBe(false);
    expect(jsonTextTooDeep(nestedText(max + 1))).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ s: '['.repeat(500) + '\\"[' }))).toBe(false);
  });

  it('counts the distinct keys of JSON text before it is parsed, as written', () => {
    // Short texts are not scanned: long enough to be, with `pad` one of their keys.
    const pad = 'z'.repeat(70_000);
    const objectOf = (keys: number) =>
      JSON.stringify({
        pad,
        ...Object.fromEntries(Array.from({ length: keys - 1 }, (_, n) => [`k${n}`, n])),
      });
    expect(jsonTextHasTooManyKeys(objectOf(101), 100)).toBe(true);
    expect(jsonTextHasTooManyKeys(objectOf(100), 100)).toBe(false);
    expect(jsonTextHasTooManyKeys(objectOf(100).slice(0, 1000), 10)).toBe(false);
    // The same keys again and again are few.
    const repeated = JSON.stringify(Array.from({ length: 20_000 }, () => ({ id: 'x', type: 'y' })));
    expect(jsonTextHasTooManyKeys(repeated, 2)).toBe(false);
    // Strings that are values, even with colons, quotes and escapes inside, are no keys.
    const values = JSON.stringify([
      pad,
      ...Array.from({ length: 5_000 }, (_, n) => `"v${n}": \\" : x`),
    ]);
    expect(jsonTextHasTooManyKeys(values, 0)).toBe(false);
    // A key with an escaped quote and backslash in it is one key.
    expect(jsonTextHasTooManyKeys(JSON.stringify({ 'a"\\': 1, pad }), 2)).toBe(false);
    expect(jsonTextHasTooManyKeys(JSON.stringify({ 'a"\\': 1, pad }), 1)).toBe(true);
  });

  it('walks a large body and scans its text in steps, finding what the walk at once finds', () => {
    const stepsOf = <T>(steps: Generator<void, T, void>) => {
      let count = 0;
      for (let step = steps.next(); ; step = steps.next(), count++)
        if (step.done) return { value: step.value, steps: count };
    };
    const items = Array.from({ length: 3_000 }, (_, n) => ({ id: `k${n}`, n }));
    // 2 + 3,000 × 3 values: the body, its array, each item and its two values.
    const walked = stepsOf(findInputProblemSteps({ items }));
    expect(walked.value).toBeNull();
    expect(walked.steps).toBeGreaterThanOrEqual(Math.floor((2 + 3 * 3_000) / VALUES_PER_STEP));
    const bad = { items: [...items, { id: 'x\u0000' }] };
    expect(stepsOf(findInputProblemSteps(bad)).value).toEqual(findInputProblem(bad));
    expect(findInputProblem(bad)?.path).toEqual(['items', '3000', 'id']);
    // 2 strings for each of 3,000 keys ("id" and its value) and 3,000 "n" keys: 9,000 strings.
    const text = JSON.stringify({ items, pad: 'z'.repeat(70_000) });
    const scanned = stepsOf(jsonTextHasTooManyKeysSteps(text, 10));
    expect(scanned.value).toBe(false);
    expect(scanned.steps).toBeGreaterThanOrEqual(Math.floor(9_000 / VALUES_PER_STEP));
    expect(stepsOf(jsonTextHasTooManyKeysSteps(text, 2)).value).toBe(true);
  });

  it('holds form IRIs to RFC 3987 and says what is wrong', () => {
    expect(isValidIri('https://例え.jp/パス')).toBe(true);
    expect(iriFormatProblem('not an iri')).toBe('IRI did not match expected format.');
    expect(iriFormatProblem('https://example.org/%zz')).toMatch(
      /^IRI did not match expected format: it has "%zz" at character 21/,
    );
    expect(isValidIri('https://example.org/\u202e')).toBe(false);
    expect(isValidIri('https://example.org/\u001b')).toBe(false);
  });
});
