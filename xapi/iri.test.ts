import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json.js';
import { BASE, validProfile } from './fixtures/profiles.js';
import {
  IRI_MAX_LENGTH,
  iriLengthProblem,
  iriProblem,
  isRfc3987Iri,
  uriFormLength,
} from './iri.js';
import { validate } from './validate/index.js';

const valid: [string, string][] = [
  ['a plain https IRI', 'https://example.org/xapi/verbs/placed'],
  ['percent escapes, either case', 'https://example.org/a%20b%c3%A9'],
  ['Unicode path and host (ucschar)', 'https://例え.jp/パス/été'],
  ['a character beyond the BMP', 'https://example.org/😀'],
  ['private use in the query (iprivate)', 'https://example.org/p?q=\ue000'],
  ['query and fragment', 'https://example.org/p?a=1&b=2#frag/ment?x'],
  ['a URN', 'urn:uuid:6f2f0b4e-2f69-4a7d-9c0e-5f1b8e6f1c2d'],
  ['mailto', 'mailto:someone@example.org'],
  ['user info and port', 'https://user:pw@example.org:8443/p'],
  ['an IPv6 literal', 'http://[2001:db8::1]:8080/x'],
  ['the spec version IRI', 'https://w3id.org/xapi/profiles#1.0'],
];

const invalid: [string, string, RegExp][] = [
  ['a bad percent escape', 'https://example.org/a%zz', /"%zz" at character 22.*"%25"/],
  ['a trailing percent', 'https://example.org/a%', /"%" at character 22/],
  ['one hex digit', 'https://example.org/%2', /"%2" at character 21/],
  ['ESC (C0 control)', 'https://example.org/\u001b[31m', /control character U\+001B/],
  ['NUL', 'https://example.org/\u0000', /control character U\+0000/],
  ['DEL', 'https://example.org/a\u007f', /control character U\+007F/],
  ['a C1 control', 'https://example.org/\u0085', /control character U\+0085/],
  ['right-to-left override', 'https://example.org/\u202egnp.exe', /bidirectional.*U\+202E/],
  ['left-to-right mark', 'https://example.org/\u200e', /bidirectional.*U\+200E/],
  ['right-to-left mark', 'https://example.org/\u200f', /bidirectional.*U\+200F/],
  ['left-to-right embedding', 'https://example.org/\u202a', /bidirectional.*U\+202A/],
  ['an isolate', 'https://example.org/\u2066x\u2069', /bidirectional.*U\+2066/],
  ['pop directional isolate', 'https://example.org/\u2069', /bidirectional.*U\+2069/],
  ['a space', 'https://example.org/a b', /a space at character 22.*"%20"/],
  // Positions count characters, not UTF-16 units: a character beyond the BMP is one.
  ['a space after an emoji', 'https://example.org/😀 x', /a space at character 22/],
  ['a bad escape of an emoji', 'https://example.org/😀%z😀', /"%z😀" at character 22/],
  ['a lone surrogate after an emoji', 'https://example.org/😀\ud800', /U\+D800 at character 22/],
  ['a no-break space', 'https://example.org/a\u00a0b', /space character U\+00A0/],
  ['a line separator', 'https://example.org/\u2028', /space character U\+2028/],
  ['a tab', 'https://example.org/\tx', /control character U\+0009/],
  ['angle brackets', 'https://example.org/<a>', /"<".*"%3C"/],
  ['a double quote', 'https://example.org/"', /"\\"".*"%22"/],
  ['a backslash', 'https://example.org/a\\b', /"\\\\".*"%5C"/],
  ['braces', 'https://example.org/{x}', /"\{"/],
  ['a caret', 'https://example.org/^', /"\^"/],
  ['a backtick', 'https://example.org/`', /"`"/],
  ['a pipe', 'https://example.org/|', /"\|"/],
  ['a lone surrogate', 'https://example.org/\ud800', /lone surrogate U\+D800/],
  ['a noncharacter', 'https://example.org/\ufffe', /U\+FFFE.*may not contain/],
  ['private use outside the query', 'https://example.org/\ue000', /U\+E000.*may not contain/],
  ['private use in the fragment', 'https://example.org/p?q#\ue000', /U\+E000/],
  ['a second "#"', 'https://example.org/a#b#c', /second "#".*"%23"/],
  ['brackets in the path', 'https://example.org/a[1]', /"\[" or "\]" outside/],
  ['a broken IP literal', 'http://[::1/x', /not an IP literal/],
  ['a port that is not a number', 'https://example.org:80a/', /port "80a"/],
  ['no scheme', '//example.org/a', /scheme/],
  ['empty', '', /empty/],
];

describe('iriProblem (RFC 3987)', () => {
  it.each(valid)('accepts %s', (_name, iri) => {
    expect(iriProblem(iri)).toBeUndefined();
    expect(isRfc3987Iri(iri)).toBe(true);
  });

  it.each(invalid)('refuses %s, saying what to fix', (_name, iri, says) => {
    expect(iriProblem(iri)).toMatch(says);
    expect(isRfc3987Iri(iri)).toBe(false);
  });
});

const concepts = (d: JsonObject) => d.concepts as JsonObject[];
const templates = (d: JsonObject) => d.templates as JsonObject[];
const patterns = (d: JsonObject) => d.patterns as JsonObject[];
const activityDef = (d: JsonObject) => concepts(d)[11]!.activityDefinition as JsonObject;

const BAD = `${BASE}/a%zz`;
const fields: [string, (d: JsonObject) => void, string][] = [
  ['the profile id', (d) => (d.id = `${BASE}\u001b`), '/id'],
  ['a version id', (d) => ((d.versions as JsonObject[])[1]!.id = BAD), '/versions/1/id'],
  ['seeAlso', (d) => (d.seeAlso = `${BASE}/\u202e`), '/seeAlso'],
  ['the author url', (d) => ((d.author as JsonObject).url = BAD), '/author/url'],
  ['a concept id', (d) => (concepts(d)[0]!.id = BAD), '/concepts/0/id'],
  ['a concept relation', (d) => (concepts(d)[0]!.broadMatch = [BAD]), '/concepts/0/broadMatch/0'],
  ['an activity type', (d) => (activityDef(d).type = BAD), '/concepts/11/activityDefinition/type'],
  [
    'an activity extension key',
    (d) => ((activityDef(d).extensions as JsonObject)[BAD] = 1),
    '/concepts/11/activityDefinition/extensions/https:~1~1example.org~1xapi~1sports~1a%zz',
  ],
  ['a template verb', (d) => (templates(d)[0]!.verb = BAD), '/templates/0/verb'],
  [
    'a template grouping type',
    (d) => (templates(d)[0]!.contextGroupingActivityType = [BAD]),
    '/templates/0/contextGroupingActivityType/0',
  ],
  ['a template inScheme', (d) => (templates(d)[1]!.inScheme = BAD), '/templates/1/inScheme'],
  ['a pattern id', (d) => (patterns(d)[0]!.id = BAD), '/patterns/0/id'],
  [
    'a pattern member',
    (d) => (patterns(d)[2]!.alternates = [BAD, BASE]),
    '/patterns/2/alternates/0',
  ],
  ['a single pattern member', (d) => (patterns(d)[1]!.oneOrMore = BAD), '/patterns/1/oneOrMore'],
];

describe('rule L3: IRI-valued properties hold RFC 3987 IRIs', () => {
  it('finds nothing to say about the valid profile', () => {
    expect(validate(validProfile()).filter((f) => f.ruleId === 'L3')).toEqual([]);
  });

  it.each(fields)('refuses a bad IRI in %s, in both modes', (_name, change, path) => {
    const doc = validProfile();
    change(doc);
    for (const mode of ['import', 'authoring'] as const) {
      const l3 = validate(doc, { mode }).filter((f) => f.ruleId === 'L3');
      const here = l3.filter((f) => f.path === path);
      expect(here, mode).toHaveLength(1);
      expect(here[0]!.severity).toBe('error');
      expect(here[0]!.message).toMatch(/is not a valid IRI \(RFC 3987\): it has/);
    }
  });

  it('accepts Unicode IRIs', () => {
    const doc = validProfile();
    concepts(doc)[0]!.broadMatch = ['https://例え.jp/動詞/置いた'];
    expect(validate(doc).filter((f) => f.ruleId === 'L3')).toEqual([]);
  });
});

describe('the IRI length limit (rule L4)', () => {
  /** An IRI whose URI form is exactly `length` characters. */
  const ofLength = (length: number, tail = 'a') => {
    const head = 'https://example.org/';
    const each = tail === 'a' ? 1 : Buffer.byteLength(tail) * 3;
    const count = Math.floor((length - head.length) / each);
    return head + tail.repeat(count) + 'a'.repeat(length - head.length - count * each);
  };

  it('accepts an IRI of 2,000 characters of URI form, ASCII or not, and refuses one more', () => {
    expect(IRI_MAX_LENGTH).toBe(2000);
    for (const tail of ['a', 'é', '動', '😀']) {
      const longest = ofLength(IRI_MAX_LENGTH, tail);
      expect(uriFormLength(longest), tail).toBe(IRI_MAX_LENGTH);
      expect(iriProblem(longest), tail).toBeUndefined();
      expect(iriProblem(`${longest}a`), tail).toMatch(
        /over the limit of 2,000 \(a non-ASCII character counts as its percent-encoded UTF-8/,
      );
    }
    // "é" is "%C3%A9" in the URI form: 400 of them are 2,400 characters though 400 long here.
    const accented = `https://example.org/${'é'.repeat(400)}`;
    expect(accented.length).toBeLessThan(IRI_MAX_LENGTH);
    expect(iriLengthProblem(accented)).toMatch(/over 2,000 characters in its URI form/);
  });

  it('refuses a 100,000-character IRI without reading it through', () => {
    const huge = `https://example.org/${'a'.repeat(100_000)}`;
    expect(iriProblem(huge)).toMatch(/^it is 100,020 characters long, over the limit of 2,000/);
  });

  it('reports an IRI over the limit as an L4 error where it stands, an id or any other IRI', () => {
    const long = `${BASE}/${'x'.repeat(2_800)}`;
    for (const [change, path] of [
      [(d: JsonObject) => (concepts(d)[0]!.id = long), '/concepts/0/id'],
      [(d: JsonObject) => (templates(d)[0]!.verb = long), '/templates/0/verb'],
    ] as const) {
      const doc = validProfile();
      change(doc);
      for (const mode of ['import', 'authoring'] as const) {
        const l4 = validate(doc, { mode }).filter((f) => f.ruleId === 'L4');
        const here = l4.filter((f) => f.path === path);
        expect(here, mode).toHaveLength(1);
        expect(here[0]!.severity).toBe('error');
        expect(here[0]!.message).toMatch(/is too long: it is 2,8\d\d characters long/);
      }
    }
  });
});
