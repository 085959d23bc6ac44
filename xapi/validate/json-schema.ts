import type { JsonValue } from '../json.js';
import { isObject } from '../json.js';
// The draft-07 meta-schema, precompiled (scripts/generate-schema-check.ts): Ajv would compile it
// with `new Function`, which the site's Content-Security-Policy refuses in the browser.
import validateDraft07 from './draft07-meta.js';

export type SchemaCheck =
  { ok: true } | { ok: false; severity: 'error' | 'warning'; message: string };

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const cache = new Map<string, SchemaCheck>();

/** The message the specification gives for an inline schema that is not a JSON Schema. */
export const SCHEMA_STRING_MESSAGE = 'Schema String did not match expected format.';

/**
 * Checks an inline JSON Schema: unparseable JSON, or JSON that the draft-07 meta-schema refuses
 * (`{"type": 5}`), is an error; a schema that declares another draft is a warning, since it cannot
 * be checked against draft-07.
 */
export function checkInlineSchema(value: JsonValue): SchemaCheck {
  const key = typeof value === 'string' ? value : JSON.stringify(value);
  const cached = cache.get(key);
  if (cached) return cached;
  const result = check(value);
  if (cache.size > 1000) cache.clear();
  cache.set(key, result);
  return result;
}

function check(value: JsonValue): SchemaCheck {
  let schema: unknown = value;
  if (typeof value === 'string') {
    try {
      schema = JSON.parse(value);
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      return {
        ok: false,
        severity: 'error',
        message: `"inlineSchema" is not parseable JSON (${detail}); it must be a JSON Schema serialized as a string.`,
      };
    }
  }
  if (!isObject(schema) && typeof schema !== 'boolean') {
    return {
      ok: false,
      severity: 'error',
      message: '"inlineSchema" must hold a JSON Schema (an object), serialized as a string.',
    };
  }
  if (isObject(schema) && typeof schema.$schema === 'string' && !DRAFT_07.test(schema.$schema)) {
    return {
      ok: false,
      severity: 'warning',
      message: `"inlineSchema" declares "$schema": "${schema.$schema}"; JSON Schemas in profiles should follow draft-07 ("http://json-schema.org/draft-07/schema#").`,
    };
  }
  if (validateDraft07(schema)) return { ok: true };
  const errors = (validateDraft07.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim())
    .join('; ');
  return {
    ok: false,
    severity: 'error',
    message: `${SCHEMA_STRING_MESSAGE} "inlineSchema" is not a valid JSON Schema by the draft-07 meta-schema (${errors}).`,
  };
}
