import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * Hostile requests aimed at the fields each route declares: a small seeded generator, so a
 * failure found once is found again with the same seed, and the count stays bounded.
 */

/** The kinds of bad input the suite sends; a 5xx is reported with its class. */
export const inputClasses = [
  'wrong-type',
  'huge-string',
  'huge-array',
  'deep-nesting',
  'nul-byte',
  'lone-surrogate',
  'prototype-keys',
  'bad-id',
  'bad-paging',
  'bad-query',
  'bad-content-type',
  'bad-headers',
] as const;
export type InputClass = (typeof inputClasses)[number];

/** mulberry32: tiny, fast and good enough to pick inputs reproducibly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  required?: string[];
};

/** A request part's schema as JSON Schema: zod schemas are converted, plain ones kept. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object') return null;
  if ('_zod' in schema) {
    try {
      return z.toJSONSchema(schema as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
        cycles: 'ref',
      }) as JsonSchema;
    } catch {
      return null;
    }
  }
  return schema;
}

/** The top-level fields of an object schema, unions and intersections merged. */
function fieldsOf(schema: JsonSchema | null): Record<string, JsonSchema> {
  if (!schema) return {};
  const merged: Record<string, JsonSchema> = { ...schema.properties };
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    Object.assign(merged, fieldsOf(part));
  }
  return merged;
}

const firstType = (s: JsonSchema): string | undefined => {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  const member = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  return member ? firstType(member) : undefined;
};

/** A value the schema probably accepts, so one hostile field is what the server has to judge. */
export function plausible(schema: JsonSchema, depth = 0, taint = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = firstType(schema);
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return '8d3f1c4e-2b7a-4f3e-9c1d-0a5b6c7d8e9f';
      if (schema.format === 'email') return 'someone@example.org';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.org/x';
      if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 0, 8)) + taint;
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const item = schema.items && depth < 3 ? plausible(schema.items, depth + 1, taint) : 'x';
      return Array.from({ length: schema.minItems ?? (taint ? 1 : 0) }, () => item);
    }
    case 'object': {
      if (depth >= 3) return {};
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(fieldsOf(schema)))
        out[name] = plausible(field, depth + 1, taint);
      return out;
    }
    default:
      return 'x';
  }
}

export interface RouteUnderTest {
  method: string;
  url: string;
  schema?: FastifySchema | undefined;
}

/** What a route takes, read from its schemas. */
export interface RouteShape {
  method: string;
  route: string;
  params: string[];
  body: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  hasBody: boolean;
}

export function shapeOf(route: RouteUnderTest): RouteShape {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return {
    method: route.method,
    route: route.url,
    params: [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*'),
    body: fieldsOf(jsonSchemaOf(schema.body)),
    query: fieldsOf(jsonSchemaOf(schema.querystring)),
    hasBody: schema.body !== undefined,
  };
}

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw bytes: bodies are written by hand, so the generator controls every character. */
  payload?: string;
  /** What was hostile about it, for the failure report: "body.name: 1 MB string". */
  what: string;
}

/** How the suite fills path parameters it does not attack: ids of its own fixture. */
export type ParamValues = (route: string, name: string) => string;

/**
 * A valid body for routes whose schema says too little to build one (a profile document is a
 * free record), so hostile text inside it reaches the checks and the database.
 */
export type ExampleBodies = (shape: RouteShape) => Record<string, unknown> | undefined;

/** Keys whose strings are free text (labels, descriptions), directly or as a language map. */
const FREE_TEXT =
  /^(prefLabel|definition|scopeNote|name|description|label|title|reason|translationName|translationDesc)$/;

/**
 * Appends `text` to the free-text strings of a JSON value, or to every string: tainted IRIs and
 * type names are refused before storage, tainted labels reach it.
 */
function taintStrings(value: unknown, text: string, random: Random): unknown {
  const everything = random.next() < 0.2;
  const walk = (node: unknown, freeText: boolean): unknown => {
    if (typeof node === 'string') return everything || freeText ? `${node}${text}` : node;
    if (Array.isArray(node)) return node.map((item) => walk(item, freeText));
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, walk(v, freeText || FREE_TEXT.test(k))]),
      );
    }
    return node;
  };
  return walk(value, false);
}

const BAD_IDS = [
  'not-a-uuid',
  '0',
  '-1',
  '1e309',
  'null',
  'undefined',
  '8D3F1C4E-2B7A-4F3E-9C1D-0A5B6C7D8E9F',
  '8d3f1c4e2b7a4f3e9c1d0a5b6c7d8e9f',
  '00000000-0000-0000-0000-00000000000g',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '%7B%22%24ne%22%3A1%7D',
  '%E2%80%AE%F0%9F%98%80',
  'x'.repeat(5000),
];
const WRONG_VALUES: unknown[] = [123, -1, 1.5, true, false, null, [], {}, 'text', [[1]], { a: 1 }];
const WHOLE_BODIES = ['[]', '"text"', '123', 'null', 'true', '[{}]', '{"":""}'];
const BAD_NUMBERS = [
  '-1',
  '0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '99999999999999999999999',
  '9007199254740993',
  '1.5',
  '0x10',
  '%20',
  '',
  'abc',
  '1;DROP',
];
const NUL = 'nul\u0000byte';
const LONE = ['\ud800', 'a\udfffb', '\udbff\u0041'];

const enc = encodeURIComponent;
const json = (value: unknown) => JSON.stringify(value);
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * Builds hostile requests for one route. `base` headers carry who is calling (a session with its
 * CSRF token, or an API key); one part of the request at a time is made hostile.
 */
export class HostileGenerator {
  constructor(
    private readonly random: Random,
    private readonly values: ParamValues,
    private readonly examples: ExampleBodies = () => undefined,
    private readonly deepLevels = 10_000,
  ) {}

  private path(shape: RouteShape, override?: { name: string; raw: string }): string {
    return shape.route.replace(/:([A-Za-z]+)|\*/g, (_, name: string | undefined) => {
      const param = name ?? '*';
      if (override && override.name === param) return override.raw;
      return param === '*' ? 'x' : enc(this.values(shape.route, param));
    });
  }

  /** `taint` ends every free-text string, so it reaches whatever stores or searches text. */
  private plausibleBody(shape: RouteShape, taint = ''): Record<string, unknown> {
    const example = this.examples(shape);
    if (example) {
      return taint
        ? (taintStrings(example, taint, this.random) as Record<string, unknown>)
        : example;
    }
    const body: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(shape.body)) body[name] = plausible(field, 0, taint);
    return body;
  }

  /** Every text field tainted, or one field (declared or not) set to the hostile string. */
  private taintedBody(shape: RouteShape, text: string): { field: string; payload: string } {
    const known = Object.keys(shape.body).length > 0 || this.examples(shape) !== undefined;
    if (known && this.random.next() < 0.8) {
      return { field: '*', payload: json(this.plausibleBody(shape, text)) };
    }
    return this.bodyWith(shape, text);
  }

  private request(
    shape: RouteShape,
    base: Record<string, string>,
    what: string,
    parts: {
      path?: string;
      query?: string;
      payload?: string;
      contentType?: string;
      headers?: Record<string, string>;
    } = {},
  ): HostileRequest {
    const withBody = shape.method !== 'GET' && shape.method !== 'OPTIONS';
    const payload = withBody ? (parts.payload ?? json(this.plausibleBody(shape))) : undefined;
    const headers: Record<string, string> = { ...base };
    if (payload !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
    Object.assign(headers, parts.headers);
    const query = parts.query ?? '';
    return {
      method: shape.method,
      url: (parts.path ?? this.path(shape)) + (query ? `?${query}` : ''),
      headers,
      ...(payload === undefined ? {} : { payload }),
      what,
    };
  }

  /** A body with one field replaced by `value`, or, without declared fields, a field of its own. */
  private bodyWith(
    shape: RouteShape,
    value: unknown,
    raw?: string,
  ): { field: string; payload: string } {
    const names = Object.keys(shape.body);
    const field = names.length > 0 ? this.random.pick(names) : 'name';
    const body = this.plausibleBody(shape);
    if (raw === undefined) {
      body[field] = value;
      return { field, payload: json(body) };
    }
    // Raw JSON spliced in where the field's value goes: deep nesting cannot go through stringify.
    body[field] = '\u0001';
    return { field, payload: json(body).replace('"\\u0001"', raw) };
  }

  /** A query field of the route, or one it does not declare. */
  private queryField(shape: RouteShape): string {
    const names = Object.keys(shape.query);
    return names.length > 0 && this.random.next() < 0.8 ? this.random.pick(names) : 'search';
  }

  private pathParam(shape: RouteShape): string | undefined {
    return shape.params.length > 0 ? this.random.pick(shape.params) : undefined;
  }

  /** `n` counts the requests of this route and class: text attacks go to the body first. */
  make(
    inputClass: InputClass,
    shape: RouteShape,
    base: Record<string, string>,
    n = 0,
  ): HostileRequest {
    const r = this.random;
    const withBody = shape.method !== 'GET';
    const textWhere = withBody ? ([2, 1, 0] as const)[n % 3]! : ([1, 0] as const)[n % 2]!;
    switch (inputClass) {
      case 'wrong-type': {
        if (withBody && r.next() < 0.3) {
          const payload = r.pick(WHOLE_BODIES);
          return this.request(shape, base, `body: ${payload}`, { payload });
        }
        if (withBody) {
          const value = r.pick(WRONG_VALUES);
          const { field, payload } = this.bodyWith(shape, value);
          return this.request(shape, base, `body.${field}: ${json(value)}`, { payload });
        }
        const field = this.queryField(shape);
        const value = r.pick(['[]', '{}', 'true', 'null', '1.5', '-0']);
        return this.request(shape, base, `query.${field}: ${value}`, {
          query: `${field}=${enc(value)}&${field}[a]=1`,
        });
      }
      case 'huge-string': {
        const size = r.pick([100_000, 1_000_000]);
        if (withBody && r.next() < 0.7) {
          const { field, payload } = this.bodyWith(shape, 'A'.repeat(size));
          return this.request(shape, base, `body.${field}: ${size}-char string`, { payload });
        }
        const field = this.queryField(shape);
        return this.request(shape, base, `query.${field}: 20000-char string`, {
          query: `${field}=${'A'.repeat(20_000)}`,
        });
      }
      case 'huge-array': {
        const size = r.pick([10_000, 200_000]);
        const item = r.pick<unknown>(['x', 1, {}, null]);
        if (withBody && r.next() < 0.8) {
          const value = new Array<unknown>(size).fill(item);
          if (r.next() < 0.2) {
            return this.request(shape, base, `body: array of ${size}`, { payload: json(value) });
          }
          const { field, payload } = this.bodyWith(shape, value);
          return this.request(shape, base, `body.${field}: array of ${size}`, { payload });
        }
        const field = this.queryField(shape);
        return this.request(shape, base, `query.${field}: repeated 2000 times`, {
          query: Array.from({ length: 2000 }, (_, i) => `${field}=${i}`).join('&'),
        });
      }
      case 'deep-nesting': {
        const levels = this.deepLevels;
        const raw = r.next() < 0.5 ? deepArray(levels) : deepObject(levels);
        if (withBody) {
          if (r.next() < 0.4) {
            return this.request(shape, base, `body: ${levels} levels`, { payload: raw });
          }
          const { field, payload } = this.bodyWith(shape, null, raw);
          return this.request(shape, base, `body.${field}: ${levels} levels`, { payload });
        }
        const field = this.queryField(shape);
        return this.request(shape, base, `query.${field}: 500 bracket levels`, {
          query: `${field}${'[a]'.repeat(500)}=1`,
        });
      }
      case 'nul-byte': {
        const where = textWhere;
        if (where === 2) {
          const { field, payload } = this.taintedBody(shape, NUL);
          return this.request(shape, base, `body.${field}: NUL byte`, { payload });
        }
        const param = this.pathParam(shape);
        if (where === 1 && param) {
          return this.request(shape, base, `params.${param}: NUL byte`, {
            path: this.path(shape, { name: param, raw: enc(NUL) }),
          });
        }
        const field = this.queryField(shape);
        return this.request(shape, base, `query.${field}: NUL byte`, {
          query: `${field}=${enc(NUL)}`,
        });
      }
      case 'lone-surrogate': {
        const lone = r.pick(LONE);
        const where = textWhere;
        if (where === 2) {
          const { field, payload } = this.taintedBody(shape, lone);
          return this.request(shape, base, `body.${field}: lone surrogate`, { payload });
        }
        // A lone surrogate has no UTF-8 form; its CESU bytes are what a broken client sends.
        const bytes = '%ED%A0%80';
        const param = this.pathParam(shape);
        if (where === 1 && param) {
          return this.request(shape, base, `params.${param}: lone surrogate`, {
            path: this.path(shape, { name: param, raw: bytes }),
          });
        }
        const field = this.queryField(shape);
        return this.request(shape, base, `query.${field}: lone surrogate`, {
          query: `${field}=a${bytes}b`,
        });
      }
      case 'prototype-keys': {
        if (withBody && r.next() < 0.7) {
          const body = json(this.plausibleBody(shape)).slice(1);
          const key = r.pick(['__proto__', 'constructor', 'prototype']);
          const poison =
            key === 'constructor'
              ? '{"prototype":{"polluted":true}}'
              : key === '__proto__'
                ? '{"polluted":true,"isAdmin":true}'
                : '{"polluted":true}';
          const payload = `{"${key}":${poison}${body === '}' ? '}' : `,${body}`}`;
          return this.request(shape, base, `body.${key}`, { payload });
        }
        const key = r.pick(['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
        return this.request(shape, base, `query.${key}`, {
          query: `${key}[polluted]=1&${key}=x&${key}.polluted=1`,
        });
      }
      case 'bad-id': {
        const param = this.pathParam(shape);
        const bad = r.pick(BAD_IDS);
        if (param) {
          return this.request(shape, base, `params.${param}: ${bad.slice(0, 40)}`, {
            path: this.path(shape, { name: param, raw: bad }),
          });
        }
        const uuidFields = Object.entries(shape.body)
          .filter(([, s]) => s.format === 'uuid')
          .map(([name]) => name);
        if (withBody && uuidFields.length > 0) {
          const field = r.pick(uuidFields);
          const body = this.plausibleBody(shape);
          body[field] = decodeURIComponent(bad);
          return this.request(shape, base, `body.${field}: ${bad.slice(0, 40)}`, {
            payload: json(body),
          });
        }
        return this.request(shape, base, `path: ${bad.slice(0, 40)} appended`, {
          path: `${this.path(shape)}/${bad}`,
        });
      }
      case 'bad-paging': {
        const page = r.pick(BAD_NUMBERS);
        const limit = r.pick(BAD_NUMBERS);
        return this.request(shape, base, `query.page=${page} limit=${limit}`, {
          query: `page=${page}&limit=${limit}&page=${r.pick(BAD_NUMBERS)}`,
        });
      }
      case 'bad-query': {
        const field = this.queryField(shape);
        const value = r.pick(['%', '%zz', '%E2%82', '&&&', '=', '%F0%9F%98%80', '%E2%80%AE', '+']);
        return this.request(shape, base, `query.${field}: ${value}`, {
          query: `${field}=${value}&${field}&=${value}&unknown[]=1`,
        });
      }
      case 'bad-content-type': {
        const [contentType, payload] = r.pick<[string, string]>([
          ['text/plain', 'hello'],
          ['application/xml', '<a/>'],
          ['multipart/form-data; boundary=x', '--x\r\nbroken'],
          ['application/x-www-form-urlencoded', 'a=1&b=2'],
          ['application/json; charset=utf-16', '{}'],
          ['application/json', '{"unterminated": '],
          ['application/json', ''],
          ['application/ld+json', 'not json'],
          ['a/b/c', '{}'],
          ['application/json', '\ufeff{}'],
        ]);
        return this.request(shape, base, `content-type ${contentType}: ${json(payload)}`, {
          ...(withBody ? { payload, contentType } : { headers: { 'content-type': contentType } }),
        });
      }
      case 'bad-headers': {
        const [name, value] = r.pick<[string, string]>([
          ['x-api-key', 'not-a-key'],
          ['x-api-key', 'x'.repeat(10_000)],
          ['x-api-key', '8d3f1c4e-2b7a-4f3e-9c1d-0a5b6c7d8e9f'],
          ['if-none-match', 'W/"junk", *, "'],
          ['if-modified-since', 'yesterday'],
          ['if-modified-since', 'Thu, 01 Jan 275760 00:00:00 GMT'],
          ['if-unmodified-since', 'not a date'],
          ['if-match', '"unbalanced'],
          ['accept', 'application/ld+json;q=abc, */*;q=-1'],
          ['accept', 'text/turtle;q=0'],
          ['accept', 'x'.repeat(5000)],
          ['accept-language', '*;q=2,,,'],
          ['x-request-id', '../../bad id'],
          ['cookie', 'xps_session=junk; xps_csrf=junk'],
          ['cookie', `xps_session=${'a'.repeat(8000)}`],
          ['cookie', '=;;=; ; xps_session'],
          ['x-csrf-token', 'x'.repeat(300)],
          ['x-forwarded-for', 'not an address, ::::1'],
          ['range', 'bytes=99999999999-'],
        ]);
        return this.request(shape, base, `header ${name}: ${value.slice(0, 40)}`, {
          headers: { [name]: value },
        });
      }
    }
  }
}
