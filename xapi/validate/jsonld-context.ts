/**
 * The JSON-LD 1.1 syntax of a `@context` value, read synchronously and offline: what the
 * context processing algorithm (JSON-LD 1.1 API §4.1) refuses before it would load anything. The
 * validator runs on every keystroke, so it does not run JSON-LD processing itself; these are the
 * errors the library's own RDF conversion would report for an activity's or an extension's
 * `@context`: a remote context that is not an IRI reference, an entry that is neither a string,
 * an object nor null, a context keyword with a value the algorithm refuses ("invalid vocab
 * mapping", "invalid default language", "invalid @version value", "invalid base IRI", "invalid
 * base direction", "invalid @propagate value", "invalid @protected value", "invalid @import
 * value"), term definitions it rejects ("invalid term definition", "invalid IRI mapping",
 * "invalid container mapping", "invalid type mapping", "keyword redefinition") and terms whose
 * IRIs are defined through each other ("cyclic IRI mapping"). What cannot be read offline is a
 * remote context itself: `unavailableContexts` names those the offline loader does not hold.
 */
import { bundledContexts } from '../contexts/loader.js';
import { pointerToken } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';
import { has } from './context.js';

export interface ContextProblem {
  /** JSON Pointer below the `@context` value. */
  path: string;
  message: string;
}

/** A remote context named by IRI in a `@context` value. */
export interface ContextReference {
  /** JSON Pointer below the `@context` value. */
  path: string;
  iri: string;
}

/** RFC 3987 IRI reference: no space, control, quote, angle bracket or other character outside it. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const IRI_REFERENCE = /^[^\s<>"{}|\\^`\u0000-\u001f\u007f-\u009f]*$/u;

/** "@"1*ALPHA: JSON-LD expands a value of this form to a keyword or to nothing, never to an IRI. */
const KEYWORD_FORM = /^@[a-zA-Z]+$/;
/** The keywords of JSON-LD 1.1 (syntax §1.7). */
const KEYWORDS = new Set([
  '@base',
  '@container',
  '@context',
  '@direction',
  '@graph',
  '@id',
  '@import',
  '@included',
  '@index',
  '@json',
  '@language',
  '@list',
  '@nest',
  '@none',
  '@prefix',
  '@propagate',
  '@protected',
  '@reverse',
  '@set',
  '@type',
  '@value',
  '@version',
  '@vocab',
]);

const iriOrNull = (value: JsonValue) =>
  value === null || (typeof value === 'string' && IRI_REFERENCE.test(value));

/**
 * The keywords a context definition may hold, each with the values the context processing
 * algorithm accepts, those values in words, and the error it reports for any other.
 */
const CONTEXT_KEYWORDS = new Map<
  string,
  { allows: (value: JsonValue) => boolean; expected: string; error: string }
>([
  ['@base', { allows: iriOrNull, expected: 'an IRI reference or null', error: 'invalid base IRI' }],
  [
    '@direction',
    {
      allows: (value) => value === null || value === 'ltr' || value === 'rtl',
      expected: '"ltr", "rtl" or null',
      error: 'invalid base direction',
    },
  ],
  [
    '@import',
    {
      allows: (value) => typeof value === 'string' && value !== '' && IRI_REFERENCE.test(value),
      expected: 'the IRI of a context',
      error: 'invalid @import value',
    },
  ],
  [
    '@language',
    {
      allows: (value) => value === null || typeof value === 'string',
      expected: 'a language tag or null',
      error: 'invalid default language',
    },
  ],
  [
    '@propagate',
    {
      allows: (value) => typeof value === 'boolean',
      expected: 'true or false',
      error: 'invalid @propagate value',
    },
  ],
  [
    '@protected',
    {
      allows: (value) => typeof value === 'boolean',
      expected: 'true or false',
      error: 'invalid @protected value',
    },
  ],
  [
    '@type',
    {
      allows: isSetTypeDefinition,
      expected: 'an object with only "@container": "@set" and "@protected"',
      error: 'keyword redefinition',
    },
  ],
  [
    '@version',
    {
      allows: (value) => value === 1.1,
      expected: 'the number 1.1',
      error: 'invalid @version value',
    },
  ],
  [
    '@vocab',
    {
      allows: iriOrNull,
      expected: 'an IRI, a compact IRI, a term or null',
      error: 'invalid vocab mapping',
    },
  ],
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
/** The keywords a term's `@type` may be instead of an IRI. */
const TYPE_KEYWORDS = new Set(['@id', '@json', '@none', '@vocab']);

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
      const at = `${path}/${pointerToken(term)}`;
      const keyword = CONTEXT_KEYWORDS.get(term);
      if (keyword) {
        if (keyword.allows(definition)) continue;
        return {
          path: at,
          message: `"${term}" must be ${keyword.expected}, but it is ${describe(definition)} (${keyword.error}).`,
        };
      }
      const problem = termProblem(term, definition, at);
      if (problem) return problem;
    }
    const cycle = cycleProblem(entry, path);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * The remote contexts a `@context` value loads that the offline loader does not hold: entries
 * given by IRI, `@import` and the scoped contexts of term definitions. Expects a value
 * `contextProblem` accepts.
 */
export function unavailableContexts(
  context: JsonValue,
  at = '',
  found: ContextReference[] = [],
): ContextReference[] {
  const entries = Array.isArray(context) ? context : [context];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const path = Array.isArray(context) ? `${at}/${i}` : at;
    if (typeof entry === 'string') {
      if (!isBundled(entry)) found.push({ path, iri: entry });
      continue;
    }
    if (!isObject(entry)) continue;
    for (const [key, value] of Object.entries(entry)) {
      const keyPath = `${path}/${pointerToken(key)}`;
      if (key === '@import' && typeof value === 'string' && !isBundled(value)) {
        found.push({ path: keyPath, iri: value });
      } else if (isObject(value) && has(value, '@context')) {
        unavailableContexts(value['@context']!, `${keyPath}/@context`, found);
      }
    }
  }
  return found;
}

function isBundled(iri: string): boolean {
  return Object.prototype.hasOwnProperty.call(bundledContexts, iri);
}

/** `@type` is the one keyword a context may define, and only to make it a set or protect it. */
function isSetTypeDefinition(value: JsonValue): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((key) => key === '@container' || key === '@protected') &&
    (!has(value, '@container') || value['@container'] === '@set') &&
    (!has(value, '@protected') || typeof value['@protected'] === 'boolean')
  );
}

function termProblem(
  term: string,
  definition: JsonValue,
  path: string,
): ContextProblem | undefined {
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
    if (key === '@type') {
      const problem = typeMapping(term, value, at);
      if (problem) return problem;
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

/**
 * A term's `@type` expands to an IRI or is one of four keywords. Whether a bare word expands
 * depends on the contexts around this one (a term or `@vocab` defined there), so only what no
 * context can make an IRI is refused: another keyword, a blank node, a string that is not an IRI.
 */
function typeMapping(term: string, type: JsonValue, path: string): ContextProblem | undefined {
  const refuse = (why: string): ContextProblem => ({
    path,
    message: `"@type" of "${term}" must be an IRI, a compact IRI, a term, or one of ${[...TYPE_KEYWORDS].join(', ')}, but it is ${why} (invalid type mapping).`,
  });
  if (typeof type !== 'string') return refuse(describe(type));
  if (TYPE_KEYWORDS.has(type)) return undefined;
  if (KEYWORD_FORM.test(type)) return refuse(`${describe(type)}, which has the form of a keyword`);
  if (type.startsWith('_:')) return refuse(`${describe(type)}, a blank node identifier`);
  if (!IRI_REFERENCE.test(type)) return refuse(`${describe(type)}, which is not an IRI`);
  return undefined;
}

/**
 * A term of `context` whose IRI is defined through itself ("cyclic IRI mapping"): an `@id` or
 * `@reverse` naming another term of the same object or a compact IRI with one as its prefix, and
 * a compact-IRI term without `@id`, which takes its prefix's IRI. The algorithm also expands a
 * term's `@type` while the term is being defined, but jsonld.js does that only once the term's
 * IRI is known, so a cycle through `@type` is an error in one and not the other: it is left out.
 * Walked with a stack of its own, so a long chain of prefixes cannot exhaust the call stack.
 */
function cycleProblem(context: JsonObject, path: string): ContextProblem | undefined {
  // Only terms that need others are tracked: most map to an absolute IRI and need none.
  const state = new Map<string, 'defining' | 'defined'>();
  for (const start of Object.keys(context)) {
    const needs = iriDependencies(context, start);
    if (needs.length === 0 || state.has(start)) continue;
    state.set(start, 'defining');
    const stack = [{ term: start, needs, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next === top.needs.length) {
        state.set(top.term, 'defined');
        stack.pop();
        continue;
      }
      const need = top.needs[top.next++]!;
      const unset = unsetMapping(context, need);
      if (unset !== undefined) {
        return {
          path: `${path}/${pointerToken(need)}`,
          message: `"${need}" is mapped to ${JSON.stringify(unset)}, which has the form of a keyword, so JSON-LD leaves "${need}" undefined and "${top.term}", defined through it, cannot be expanded (cyclic IRI mapping).`,
        };
      }
      const seen = state.get(need);
      if (seen === 'defined') continue;
      if (seen === 'defining') {
        const cycle = stack.slice(stack.findIndex((f) => f.term === need)).map((f) => f.term);
        return { path: `${path}/${pointerToken(need)}`, message: cycleMessage(cycle) };
      }
      const further = iriDependencies(context, need);
      if (further.length === 0) continue;
      state.set(need, 'defining');
      stack.push({ term: need, needs: further, next: 0 });
    }
  }
  return undefined;
}

const NO_TERMS: readonly string[] = [];

/**
 * The `@id` (not a keyword) or `@reverse` of `term` that has the form of a keyword. The algorithm
 * then drops the term without marking it defined, so any term defined through it is reported as
 * a cycle (API §4.2.2: "return; processors SHOULD generate a warning").
 */
function unsetMapping(context: JsonObject, term: string): string | undefined {
  const definition = context[term];
  const reverse = isObject(definition) && has(definition, '@reverse');
  const iri = isObject(definition) ? definition[reverse ? '@reverse' : '@id'] : definition;
  if (typeof iri !== 'string' || !KEYWORD_FORM.test(iri)) return undefined;
  return reverse || !KEYWORDS.has(iri) ? iri : undefined;
}

/**
 * The terms of `context` that IRI expansion defines first when it defines `term`. A context
 * keyword among them needs nothing in turn, so it ends the walk there.
 */
function iriDependencies(context: JsonObject, term: string): readonly string[] {
  if (term.startsWith('@')) return NO_TERMS;
  const definition = context[term]!;
  const reverse = isObject(definition) && has(definition, '@reverse');
  const iri = isObject(definition) ? definition[reverse ? '@reverse' : '@id'] : definition;
  if (iri === null) return NO_TERMS;
  // Without an IRI of its own (an `@id` equal to the term is none), a term takes its prefix's.
  if (typeof iri !== 'string' || (iri === term && !reverse)) return prefixOf(context, term);
  // A keyword maps the term to itself; another keyword form drops the term.
  if (KEYWORD_FORM.test(iri)) return NO_TERMS;
  const own = has(context, iri) ? [iri] : prefixOf(context, iri);
  // A term in the form of an IRI must expand, through its own prefix, to the IRI it is given.
  return !reverse && /:[^:]|\//.test(term) ? [...own, ...prefixOf(context, term)] : own;
}

/** The term of `context` that is the prefix of the compact IRI `value`, if it is one. */
function prefixOf(context: JsonObject, value: string): readonly string[] {
  const colon = value.indexOf(':');
  if (colon <= 0) return NO_TERMS;
  const prefix = value.slice(0, colon);
  const absolute = prefix === '_' || value.startsWith('//', colon + 1);
  return !absolute && has(context, prefix) ? [prefix] : NO_TERMS;
}

function cycleMessage(cycle: readonly string[]): string {
  const first = cycle[0]!;
  if (cycle.length === 1) {
    return `"${first}" is defined through itself, so its IRI cannot be expanded (cyclic IRI mapping).`;
  }
  const shown = cycle.slice(0, 6).map((term) => `"${term}"`);
  if (cycle.length > shown.length) shown.push('…');
  return `The IRIs of these terms are defined through each other, so none can be expanded: ${[...shown, `"${first}"`].join(' → ')} (cyclic IRI mapping).`;
}
