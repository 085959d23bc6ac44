import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { withoutValue } from './remove-value';

const concept = {
  id: 'https://example.org/c',
  type: 'Verb',
  inScheme: 'https://example.org/v1',
  prefLabel: { en: 'experienced' },
  scopeNote: { en: 'a note' },
  'odd/key': 1,
  activityDefinition: { type: 'https://example.org/t', foo: 'bar' },
  exactMatch: ['https://example.org/a', 'https://example.org/b'],
};

const refusal = (pointer: string) => {
  try {
    withoutValue(concept, pointer);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error(`${pointer} was removed`);
};

describe('removing one value of an item', () => {
  it('removes a key, a nested key, an escaped key and an array entry, leaving the rest', () => {
    expect(withoutValue(concept, '/scopeNote')).not.toHaveProperty('scopeNote');
    expect(withoutValue(concept, '/activityDefinition/foo').activityDefinition).toEqual({
      type: 'https://example.org/t',
    });
    expect(withoutValue(concept, '/odd~1key')).not.toHaveProperty('odd/key');
    expect(withoutValue(concept, '/exactMatch/0').exactMatch).toEqual(['https://example.org/b']);
    // The item given is left as it was.
    expect(concept.scopeNote).toEqual({ en: 'a note' });
  });

  it("refuses the item's identity, a pointer to nothing and a pointer that is not one", () => {
    for (const kept of ['/id', '/type', '/inScheme'])
      expect(refusal(kept)).toMatch(/cannot be removed on its own/);
    for (const nothing of ['/nothing', '/exactMatch/2', '/exactMatch/01', '/prefLabel/fr/x'])
      expect(refusal(nothing)).toMatch(/has no value at/);
    expect(refusal('scopeNote')).toMatch(/must start with "\/"/);
    expect(refusal('/a'.repeat(33))).toMatch(/more than 32 levels/);
  });
});
