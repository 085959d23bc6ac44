import type { JsonValue } from '../../../xapi/index';
import { JSON_TOO_MANY_KEYS_MESSAGE, jsonTextHasTooManyKeys } from '../../../common/limits';
import { loadJson } from '../../../xapi/load';
import { ErrorCode } from '../../../common/errors';
import { AppError, badRequest } from '../errors';

/** What one call may carry: statements are small, batches bounded, nesting shallow. */
export const STATEMENT_LIMITS = {
  maxStatements: 1000,
  maxDepth: 32,
  /** Characters of one field's JSON text (the body limit bounds the whole request too). */
  maxLength: 4 * 1024 * 1024,
} as const;

/** A JSON field parsed within the limits, or a 400 naming the field; NUL not yet looked for. */
function parseJsonField(field: string, input: unknown): JsonValue {
  if (typeof input === 'string' && input.includes('\u0000'))
    throw badRequest(`${field}: contains a NUL character, which JSON text never needs.`);
  if (typeof input === 'string' && jsonTextHasTooManyKeys(input))
    throw badRequest(`${field}: ${JSON_TOO_MANY_KEYS_MESSAGE}`);
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
  return value;
}

function refuseNul(field: string, value: JsonValue): JsonValue {
  if (JSON.stringify(value).includes('\\u0000'))
    throw badRequest(`${field}: contains a NUL character, which a statement never needs.`);
  return value;
}

/**
 * A field arrives as JSON text (form-encoded, as the xAPI Profiles specification describes) or,
 * in a JSON body, as the value itself. Either way the answer is a JSON value within the limits,
 * or a 400 naming the field.
 */
export function readJsonField(field: string, input: unknown): JsonValue {
  return refuseNul(field, parseJsonField(field, input));
}

/** One statement: a JSON object. */
export function readStatement(input: unknown): JsonValue {
  const value = readJsonField('statement', input);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('statement: must be a JSON object (one xAPI statement).');
  return value;
}

/**
 * A batch: a non-empty JSON array of at most `maxStatements` statements, counted as soon as it
 * is parsed, before any pass over its elements.
 */
export function readStatements(input: unknown): JsonValue[] {
  const max = STATEMENT_LIMITS.maxStatements;
  if (Array.isArray(input) && input.length > max) throw tooMany(input.length);
  const value = parseJsonField('statements', input);
  if (!Array.isArray(value))
    throw badRequest('statements: must be a JSON array of xAPI statements.');
  if (value.length === 0) throw badRequest('statements: the array is empty.');
  if (value.length > max) throw tooMany(value.length);
  refuseNul('statements', value);
  return value;
}

const tooMany = (count: number) =>
  new AppError(
    400,
    ErrorCode.TooManyStatements,
    `statements: ${count.toLocaleString('en-US')} statements; one call checks at most ${STATEMENT_LIMITS.maxStatements.toLocaleString('en-US')}.`,
  );
