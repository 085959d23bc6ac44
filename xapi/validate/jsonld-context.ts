/**
 * The JSON-LD 1.1 syntax of a `@context` value, read synchronously and offline: what the
 * context processing algorithm (JSON-LD 1.1 API §4.1) refuses before it would load anything. The
 * validator runs on every keystroke, so it does not run JSON-LD processing itself; these are the
 * errors the library's own RDF conversion would report for an activity's or an extension's
 * `@context`: a remote context that is not an IRI reference, an entry that is neither a string,
 * an object nor null, and term definitions the algorithm rejects ("invalid term definition",
 * "invalid IRI mapping", "invalid container mapping", "invalid type mapping", "keyword
 * redefinition").
 */
import { pointerToken } from '../findings.js';
import type { JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';

export interface ContextProblem {
  /** JSON Pointer below the `@context` value. */
  path: string;
  message: string;
}

/** RFC 3987 IRI reference: no space, control, quote, angle bracket or other character outside it. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const IRI_REFERENCE = /^[^\s<>"{}|\\^`\u0000-\u001f\u007f-\u009f]*$/u;

const CONTEXT_KEYWORDS = new Set([
  '@base',
  '@direction',
  '@import',
  '@language',
  '@propagate',
  '@protected',
  '@type',
  '@version',
  '@vocab',
]);
const TERM_KEYS = new Set([
  '@container',
  '@context',
  '@direction',
  '@id',
  '@index',
  '@language',
  '@nest',
  '@prefix',
  '@protected',
  '@reverse',
  '@type',
]);
const CONTAINERS = new Set(['@list', '@set', '@index', '@language', '@id', '@type', '@graph']);

/** The first JSON-LD syntax error of a `@context` value, or nothing. */
export function contextProblem(context: JsonValue, at = ''): ContextProblem | undefined {
  const entries = Array.isArray(context) ? context : [context];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const path = Array.isArray(context) ? `${at}/${i}` : at;
    if (entry === null) continue;
    if (typeof entry === 'string') {
      if (entry === '' || !IRI_REFERENCE.test(entry)) {
        return {
          path,
          message: `${JSON.stringify(entry)} is not an IRI reference, so JSON-LD cannot load it as a remote context (loading remote context failed).`,
        };
      }
      continue;
    }
    if (!isObject(entry)) {
      return {
        path,
        message: `A "@context" entry must be an IRI, an object or null, but this is ${describe(entry)} (invalid local context).`,
      };
    }
    for (const [term, definition] of Object.entries(entry)) {
      const problem = termProblem(term, definition, `${path}/${pointerToken(term)}`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function termProblem(
  term: string,
  definition: JsonValue,
  path: string,
): ContextProblem | undefined {
  if (CONTEXT_KEYWORDS.has(term)) return undefined;
  if (term.startsWith('@')) {
    return {
      path,
      message: `"${term}" is a JSON-LD keyword and cannot be defined as a term (keyword redefinition).`,
    };
  }
  if (definition === null) return undefined;
  if (typeof definition === 'string') {
    return iriMapping(term, definition, path);
  }
  if (!isObject(definition)) {
    return {
      path,
      message: `The definition of "${term}" must be an IRI, an object or null, but it is ${describe(definition)} (invalid term definition).`,
    };
  }
  for (const [key, value] of Object.entries(definition)) {
    const at = `${path}/${pointerToken(key)}`;
    if (!TERM_KEYS.has(key)) {
      return {
        path: at,
        message: `"${key}" is not allowed in the definition of "${term}" (invalid term definition).`,
      };
    }
    if ((key === '@id' || key === '@reverse') && value !== null) {
      if (typeof value !== 'string') {
        return {
          path: at,
          message: `"${key}" of "${term}" must be an IRI, but it is ${describe(value)} (invalid IRI mapping).`,
        };
      }
      const problem = iriMapping(term, value, at);
      if (problem) return problem;
    }
    if (key === '@type' && typeof value !== 'string') {
      return {
        path: at,
        message: `"@type" of "${term}" must be an IRI or keyword, but it is ${describe(value)} (invalid type mapping).`,
      };
    }
    if (key === '@container') {
      const values = Array.isArray(value) ? value : [value];
      if (!values.every((v) => typeof v === 'string' && CONTAINERS.has(v))) {
        return {
          path: at,
          message: `"@container" of "${term}" must be one of ${[...CONTAINERS].join(', ')}, but it is ${describe(value)} (invalid container mapping).`,
        };
      }
    }
    if (key === '@context') {
      const problem = contextProblem(value, at);
      if (problem) return problem;
    }
    if ((key === '@prefix' || key === '@protected') && typeof value !== 'boolean') {
      return {
        path: at,
        message: `"${key}" of "${term}" must be true or false, but it is ${describe(value)} (invalid term definition).`,
      };
    }
  }
  return undefined;
}

function iriMapping(term: string, iri: string, path: string): ContextProblem | undefined {
  if (iri.startsWith('@')) return undefined;
  if (!IRI_REFERENCE.test(iri)) {
    return {
      path,
      message: `"${term}" is mapped to ${JSON.stringify(iri)}, which is not an IRI (invalid IRI mapping).`,
    };
  }
  return undefined;
}
