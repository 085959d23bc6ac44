import type { JsonValue } from '../../../xapi/index';
import { loadJson } from '../../../xapi/load';
import { badRequest } from '../errors';

/** What one call may carry: statements are small, batches bounded, nesting shallow. */
export const STATEMENT_LIMITS = {
  maxStatements: 1000,
  maxDepth: 32,
  /** Characters of one field's JSON text (the body limit bounds the whole request too). */
  maxLength: 4 * 1024 * 1024,
} as const;

/**
 * A field arrives as JSON text (form-encoded, as the xAPI Profiles specification describes) or,
 * in a JSON body, as the value itself. Either way the answer is a JSON value within the limits,
 * or a 400 naming the field.
 */
export function readJsonField(field: string, input: unknown): JsonValue {
  if (typeof input === 'string' && input.includes('\u0000'))
    throw badRequest(`${field}: contains a NUL character, which JSON text never needs.`);
  const { value, findings } = loadJson(input, {
    maxLength: STATEMENT_LIMITS.maxLength,
    maxDepth: STATEMENT_LIMITS.maxDepth,
  });
  if (value === undefined || findings.length > 0) {
    // The loader speaks of profile documents; the field is named instead.
    const reason = (findings[0]?.message ?? 'not JSON')
      .replace('The document', 'the value')
      .replace(
        / A profile must be a JSON object\.|; a profile never needs that|, a profile never needs that/,
        '',
      );
    throw badRequest(`${field}: ${reason}`);
  }
  if (JSON.stringify(value).includes('\\u0000'))
    throw badRequest(`${field}: contains a NUL character, which a statement never needs.`);
  return value;
}

/** One statement: a JSON object. */
export function readStatement(input: unknown): JsonValue {
  const value = readJsonField('statement', input);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('statement: must be a JSON object (one xAPI statement).');
  return value;
}

/** A batch: a non-empty JSON array of at most `maxStatements` statements. */
export function readStatements(input: unknown): JsonValue[] {
  const value = readJsonField('statements', input);
  if (!Array.isArray(value))
    throw badRequest('statements: must be a JSON array of xAPI statements.');
  if (value.length === 0) throw badRequest('statements: the array is empty.');
  if (value.length > STATEMENT_LIMITS.maxStatements)
    throw badRequest(
      `statements: ${value.length} statements; one call checks at most ${STATEMENT_LIMITS.maxStatements}.`,
    );
  return value;
}
