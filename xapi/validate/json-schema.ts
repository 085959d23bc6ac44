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
  if (validateDraft07(schema)) {
    const formatProblem = formatsProblem(schema, '');
    if (formatProblem === undefined) return { ok: true };
    return {
      ok: false,
      severity: 'error',
      message: `${SCHEMA_STRING_MESSAGE} "inlineSchema" is not a valid JSON Schema by the draft-07 meta-schema (${formatProblem}).`,
    };
  }
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

/**
 * The formats the draft-07 meta-schema gives its keywords: `$id` and `$ref` are "uri-reference",
 * `$schema` is "uri", `pattern` and the names of `patternProperties` are "regex". The precompiled
 * meta-schema check leaves formats out (as Ajv does unless formats are added), so they are read
 * here, keyword by keyword through the subschemas: `{"$ref": "not a uri reference"}` is refused.
 */
function formatsProblem(schema: JsonValue, at: string): string | undefined {
  if (!isObject(schema)) return undefined;
  for (const key of ['$id', '$ref'] as const) {
    const v = schema[key];
    if (typeof v === 'string' && !URI_REFERENCE.test(v)) {
      return `${at || '(root)'}/${key} must match format "uri-reference", but it is ${JSON.stringify(v)}`;
    }
  }
  if (typeof schema.$schema === 'string' && !URI.test(schema.$schema)) {
    return `${at || '(root)'}/$schema must match format "uri", but it is ${JSON.stringify(schema.$schema)}`;
  }
  const regexes: [string, string][] = [];
  if (typeof schema.pattern === 'string') regexes.push([schema.pattern, `${at}/pattern`]);
  if (isObject(schema.patternProperties)) {
    for (const k of Object.keys(schema.patternProperties))
      regexes.push([k, `${at}/patternProperties`]);
  }
  for (const [source, where] of regexes) {
    try {
      new RegExp(source);
    } catch {
      return `${where} must match format "regex", but ${JSON.stringify(source)} is not a regular expression`;
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      const problem = formatsProblem(sub, `${at}/${key}/${name}`);
      if (problem) return problem;
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    const items = Array.isArray(list) ? list : list === undefined ? [] : [list];
    for (let i = 0; i < items.length; i++) {
      const problem = formatsProblem(
        items[i]!,
        Array.isArray(list) ? `${at}/${key}/${i}` : `${at}/${key}`,
      );
      if (problem) return problem;
    }
  }
  return undefined;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', 'dependencies'] as const;
const SCHEMA_LISTS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'allOf',
  'anyOf',
  'oneOf',
] as const;

/** RFC 3986 URI-reference: only its characters, percent escapes well formed. */
const URI_REFERENCE =
  /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
/** RFC 3986 URI: a URI-reference with a scheme. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
