import { describe, expect, it } from 'vitest';
import { validProfile } from './fixtures/profiles.js';
import type { JsonValue } from './json.js';
import { isObject } from './json.js';
import { parse } from './model/parse.js';
import { serialize } from './model/serialize.js';
import { validate } from './validate/index.js';

/** A small deterministic PRNG so a failure can be reproduced from its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = [
  '',
  'id',
  'type',
  'Verb',
  'Pattern',
  '$.a',
  '$[?(x)]',
  'https://x.org/a',
  '{',
  'en',
  '@id',
];

function randomValue(r: () => number, depth: number): JsonValue {
  const pick = Math.floor(r() * (depth > 4 ? 5 : 7));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return Math.floor(r() * 1000) - 500;
    case 3:
    case 4:
      return words[Math.floor(r() * words.length)]!;
    case 5:
      return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(r() * 4) }, () => [
          words[Math.floor(r() * words.length)]!,
          randomValue(r, depth + 1),
        ]),
      );
  }
}

/** Replaces one randomly chosen value deep inside a document. */
function mutate(doc: JsonValue, r: () => number): JsonValue {
  if (Array.isArray(doc) && doc.length > 0 && r() < 0.8) {
    const i = Math.floor(r() * doc.length);
    doc[i] = mutate(doc[i]!, r);
    return doc;
  }
  if (isObject(doc)) {
    const keys = Object.keys(doc);
    if (keys.length > 0 && r() < 0.8) {
      const k = keys[Math.floor(r() * keys.length)]!;
      if (r() < 0.15) delete doc[k];
      else doc[k] = mutate(doc[k]!, r);
      return doc;
    }
  }
  return randomValue(r, 0);
}

function exercise(input: unknown): void {
  const findings = validate(input);
  expect(Array.isArray(findings)).toBe(true);
  for (const f of findings) {
    expect(typeof f.ruleId).toBe('string');
    expect(f.path === '' || f.path.startsWith('/')).toBe(true);
  }
  const { model } = parse(input);
  if (model) serialize(model);
  validate(input, { mode: 'authoring', knownProfiles: [input, validProfile(), 7, null] });
}

describe('garbage in, findings out', () => {
  it('survives random JSON values', () => {
    const r = rng(1);
    for (let i = 0; i < 500; i++) exercise(randomValue(r, 0));
  });

  it('survives a valid profile with random parts replaced', () => {
    const r = rng(2);
    for (let i = 0; i < 500; i++) {
      let doc: JsonValue = validProfile();
      for (let n = 0; n < 1 + Math.floor(r() * 5); n++) doc = mutate(doc, r);
      exercise(doc);
      exercise(JSON.stringify(doc));
    }
  });

  it('survives random text, including truncated profiles', () => {
    const r = rng(3);
    const text = JSON.stringify(validProfile());
    for (let i = 0; i < 300; i++) {
      const cut = text.slice(0, Math.floor(r() * text.length));
      exercise(cut);
      const chars = Array.from({ length: 50 }, () => String.fromCharCode(Math.floor(r() * 128)));
      exercise(chars.join(''));
    }
  });

  it('ends on a hostile but legal document, each pattern visited once', () => {
    const doc = validProfile();
    const ids = Array.from({ length: 50_000 }, (_, i) => `https://x.org/p/${i}`);
    // A long chain of patterns, each containing the next, ending in a cycle.
    doc.patterns = ids.map((id, i) => ({
      id,
      type: 'Pattern',
      inScheme: 'https://example.org/xapi/sports/v2',
      sequence: [ids[(i + 1) % ids.length]!, ids[(i + 2) % ids.length]!],
    }));
    // Bounded by the test's timeout, not timed: a walk that followed every path of the chain
    // would never end, one that visits each pattern once ends in seconds on any machine.
    const findings = validate(doc);
    expect(findings.some((f) => f.ruleId === 'K10')).toBe(true);
  });
});
