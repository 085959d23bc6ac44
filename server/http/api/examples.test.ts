import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_EXAMPLES,
  ELISION,
  formFieldText,
  PLACEHOLDER_PATTERN,
  PLACEHOLDERS,
  type ApiDocPage,
  type ApiExample,
  type JsonValue,
  type PlaceholderName,
} from '../../../common/api-examples';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';

/**
 * Runs every example of the API documentation (/api-info), in order, against the real server:
 * the documented status, headers and body must be what the server answers. Placeholders in a
 * response take their value from the answer (see PLACEHOLDERS for which may change); later
 * requests send those values back.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const HTTP_DATE =
  '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT';
const ISO_DATE_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z';

/** What a placeholder's value looks like. */
const SHAPES: Record<PlaceholderName, string> = {
  site: 'https?://[^/\\s]+',
  api_key: '\\S+',
  profile_uuid: UUID,
  version_uuid: UUID,
  draft_uuid: UUID,
  new_profile_uuid: UUID,
  new_version_uuid: UUID,
  working_group_uuid: UUID,
  working_group_name: '.+',
  working_group_url: '.+',
  last_modified: HTTP_DATE,
  etag: '"[^"]+"',
  date_time: ISO_DATE_TIME,
  http_date: HTTP_DATE,
};

const PAGES: ApiDocPage[] = [
  'getting-started',
  'post',
  'get-single',
  'get-by-iri',
  'get-many',
  'put',
  'delete',
  'status',
  'metadata',
  'changes',
  'validate',
  'validate-templates',
  'validate-patterns',
];

const t = useTestApp();
const values: Partial<Record<PlaceholderName, string>> = {};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function placeholderOf(name: string): PlaceholderName {
  if (!(name in PLACEHOLDERS)) throw new Error(`{${name}} is not a documented placeholder`);
  return name as PlaceholderName;
}

/** A request value with every placeholder filled; an unknown value is a mistake in the example. */
function fill(text: string): string {
  return text.replace(PLACEHOLDER_PATTERN, (_, name: string) => {
    const value = values[placeholderOf(name)];
    if (value === undefined) throw new Error(`no value for {${name}} yet in "${text}"`);
    return value;
  });
}

function fillJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map(fillJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillJson(v)]));
  return value;
}

/**
 * A documented response text as a pattern: placeholders whose value is settled become that
 * value; the others a group of their shape. Returns the pattern and which placeholders the
 * groups capture.
 */
function patternOf(template: string): { regex: RegExp; captures: PlaceholderName[] } {
  const captures: PlaceholderName[] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const name = placeholderOf(match[1] as string);
    source += escape(template.slice(last, match.index));
    last = match.index + match[0].length;
    const { kind } = PLACEHOLDERS[name];
    const known = values[name];
    if ((kind === 'id' || kind === 'given') && known !== undefined) {
      source += escape(known);
    } else {
      source += `(${SHAPES[name]})`;
      captures.push(name);
    }
  }
  source += escape(template.slice(last));
  return { regex: new RegExp(`^${source}$`), captures };
}

/** Takes the values of the placeholders a documented text shows from the actual text. */
function learn(template: string, actual: string): void {
  const { regex, captures } = patternOf(template);
  const match = regex.exec(actual);
  if (!match) return; // the comparison that follows reports the difference
  captures.forEach((name, index) => {
    const { kind } = PLACEHOLDERS[name];
    if (kind === 'any') return;
    if (kind === 'latest' || values[name] === undefined) values[name] = match[index + 1];
  });
}

function learnJson(documented: JsonValue, actual: unknown): void {
  if (typeof documented === 'string') {
    if (typeof actual === 'string') learn(documented, actual);
  } else if (Array.isArray(documented)) {
    if (Array.isArray(actual)) documented.forEach((item, i) => learnJson(item, actual[i]));
  } else if (documented && typeof documented === 'object') {
    if (actual && typeof actual === 'object')
      for (const [key, value] of Object.entries(documented))
        learnJson(value, (actual as Record<string, unknown>)[key]);
  }
}

/** The documented value with settled placeholders filled and the rest as matchers. */
function expected(documented: JsonValue): unknown {
  if (typeof documented === 'string') {
    if (!documented.match(PLACEHOLDER_PATTERN)) return documented;
    const { regex, captures } = patternOf(documented);
    const unsettled = captures.filter(
      (name) => values[name] === undefined || PLACEHOLDERS[name].kind === 'any',
    );
    return unsettled.length === 0 ? fill(documented) : expect.stringMatching(regex);
  }
  if (Array.isArray(documented)) return documented.map(expected);
  if (documented && typeof documented === 'object')
    return Object.fromEntries(Object.entries(documented).map(([k, v]) => [k, expected(v)]));
  return documented;
}

async function run(example: ApiExample) {
  const { request, response } = example;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, fill(value)]),
  );
  const form =
    request.form &&
    new URLSearchParams(
      Object.entries(request.form).map(([name, value]) => [name, formFieldText(fillJson(value))]),
    ).toString();
  const answer = await t.app.inject({
    method: request.method,
    url: fill(request.path),
    headers,
    ...(request.body === undefined ? {} : { payload: JSON.stringify(fillJson(request.body)) }),
    ...(form === undefined ? {} : { payload: form }),
  });

  expect(answer.statusCode, answer.body).toBe(response.status);

  for (const [name, template] of Object.entries(response.headers ?? {})) {
    const actual = answer.headers[name.toLowerCase()];
    expect(actual, `the ${name} header`).toEqual(expect.any(String));
    learn(template, String(actual));
    expect(actual, `the ${name} header`).toEqual(expected(template));
  }

  if (response.body !== undefined) {
    const body: unknown = answer.json();
    learnJson(response.body, body);
    expect(body).toMatchObject(expected(response.body) as object);
  } else if (response.text !== undefined) {
    const lines = answer.body.split('\n');
    for (const line of response.text.split('\n')) {
      if (line !== ELISION) expect(lines).toContain(fill(line));
    }
  } else {
    expect(answer.body).toBe('');
  }
}

describe('the documented API examples', () => {
  beforeAll(async () => {
    const group = await makeKeyedGroup(t.app, 'Examples');
    values.site = t.config.publicUrl;
    values.api_key = group.keys.readWrite;
    values.working_group_uuid = group.organizationId;
  });

  it('cover every page and have unique ids', () => {
    expect(new Set(API_EXAMPLES.map((e) => e.page))).toEqual(new Set(PAGES));
    const ids = API_EXAMPLES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const example of API_EXAMPLES) {
    it(`${example.page}: ${example.title} (${example.request.method} → ${example.response.status})`, () =>
      run(example));
  }
});
