import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import validateDraft07 from './draft07-meta.js';
import { checkInlineSchema, SCHEMA_STRING_MESSAGE } from './json-schema';

const schemas: unknown[] = [
  true,
  false,
  {},
  { type: 'object' },
  { type: 5 },
  { type: ['string', 'null'] },
  { type: ['string', 'string'] },
  { type: 'integer', minimum: 1 },
  { minimum: 'one' },
  { required: true },
  { required: ['a', 'a'] },
  { properties: { a: { type: 'string', required: true } } },
  { properties: { a: { type: 'string' } }, required: ['a'] },
  { enum: [] },
  { enum: [1, 2] },
  { items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
  { $ref: '#/definitions/x', definitions: { x: { type: 'string' } } },
  { pattern: 7 },
  { allOf: [] },
  { allOf: [{ type: 'string' }] },
  { dependencies: { a: ['b'], c: { type: 'object' } } },
  { $id: 'https://example.org/s', title: 3 },
];

describe('the draft-07 meta-schema check', () => {
  it('agrees with ajv compiling the meta-schema itself', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    for (const schema of schemas) {
      expect(validateDraft07(schema), JSON.stringify(schema)).toBe(
        ajv.validateSchema(schema as object),
      );
    }
  });

  it('refuses JSON that is no JSON Schema with the specification message, and warns on another draft', () => {
    expect(checkInlineSchema('{"type": "object"}')).toEqual({ ok: true });
    const refused = checkInlineSchema('{"type": 5}');
    expect(refused).toMatchObject({ ok: false, severity: 'error' });
    expect(!refused.ok && refused.message.startsWith(SCHEMA_STRING_MESSAGE)).toBe(true);
    expect(checkInlineSchema('[1]')).toMatchObject({ ok: false, severity: 'error' });
    expect(
      checkInlineSchema('{"$schema": "http://json-schema.org/draft-04/schema#", "type": 5}'),
    ).toMatchObject({ ok: false, severity: 'warning' });
  });

  it('runs without compiling code, as the browser under the site CSP must', () => {
    const original = globalThis.Function;
    globalThis.Function = function refused() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    try {
      expect(validateDraft07({ type: 'string', minLength: 2 })).toBe(true);
      expect(validateDraft07({ type: 5 })).toBe(false);
    } finally {
      globalThis.Function = original;
    }
  });
});
