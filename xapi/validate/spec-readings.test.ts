/**
 * Readings of the specification where an independent set of expectations disagreed with the
 * validator and the specification's text sides with it. Each case quotes the sentence it follows.
 */
import { describe, expect, it } from 'vitest';
import { toCanonicalRdf } from '../contexts/rdf.js';
import type { JsonObject, JsonValue } from '../json.js';
import { BASE, V1, V2, validProfile } from '../fixtures/profiles.js';
import { validate } from './index.js';
import { checkInlineSchema } from './json-schema.js';

type Doc = JsonObject;
const concepts = (d: Doc) => d.concepts as JsonObject[];
const templates = (d: Doc) => d.templates as JsonObject[];
const errors = (d: unknown, options = {}) =>
  validate(d, options).filter((f) => f.severity === 'error');

/** The fixture with v1 and v2 both carried whole: every concept and template repeated for v1. */
function multiVersion(): Doc {
  const d = validProfile();
  const v1Concepts = concepts(d).map((c) => ({ ...c, inScheme: V1 }));
  const v1Templates = templates(d).map((t) => ({ ...t, inScheme: V1 }));
  d.concepts = [...concepts(d), ...v1Concepts];
  d.templates = [...templates(d), ...v1Templates];
  return d;
}

describe('structure §4.1.1 and §7: relations name objects "from this Profile version"', () => {
  // "broader | Array | An array of IRIs of Concepts of the same type from this Profile version
  // that have a broader meaning." (and likewise narrower, related)
  it('refuses a broader concept that only another version of the document holds', () => {
    const d = validProfile();
    const won = concepts(d)[1]!;
    // "placed" lives only in v1 now: "won" (v2) names it as broader.
    const placed = concepts(d)[0]!;
    placed.inScheme = V1;
    const found = errors(d).filter((f) => f.ruleId === 'E2');
    expect(found.map((f) => f.path)).toContain('/concepts/1/broader/0');
    expect(found.find((f) => f.path === '/concepts/1/broader/0')!.message).toMatch(
      /from this profile version .* only in version/,
    );
    expect(won.broader).toEqual([`${BASE}/verbs/placed`]);
  });

  // "objectStatementRefTemplate | Array | An array of Statement Template identifiers from this
  // Profile version."
  it('refuses a StatementRef template that only another version of the document holds', () => {
    const d = validProfile();
    templates(d)[0]!.inScheme = V1;
    const paths = errors(d)
      .filter((f) => f.ruleId === 'I4')
      .map((f) => f.path)
      .sort();
    expect(paths).toEqual([
      '/templates/1/contextStatementRefTemplate/0',
      '/templates/1/objectStatementRefTemplate/0',
    ]);
  });

  it('accepts the same relations when the target is repeated for the referring version', () => {
    expect(errors(multiVersion()).filter((f) => ['E2', 'I4'].includes(f.ruleId))).toEqual([]);
  });
});

describe('structure §4.1 and decisions §5: a document carrying several versions', () => {
  // "id | IRI | The IRI of the Concept/Template/Pattern" must be unique, yet documents that carry
  // several versions, each object once per version, are accepted with warnings (decisions §5).
  it('warns, without an error, for an object repeated unchanged for another listed version', () => {
    const findings = validate(multiVersion()).filter((f) => f.ruleId === 'L1');
    expect(findings.length).toBe(
      concepts(validProfile()).length + templates(validProfile()).length,
    );
    expect(findings.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('still refuses an object repeated with other content, or twice in one version', () => {
    const changed = multiVersion();
    const copy = concepts(changed).at(-1)!;
    copy.activityDefinition = { ...(copy.activityDefinition as JsonObject), name: { en: 'x' } };
    expect(errors(changed).filter((f) => f.ruleId === 'L1')).toHaveLength(1);
    const twice = validProfile();
    twice.concepts = [...concepts(twice), { ...concepts(twice)[0]! }];
    expect(errors(twice).filter((f) => f.ruleId === 'L1')).toHaveLength(1);
  });
});

describe('structure §6: a version IRI names one document', () => {
  // "id | IRI | The IRI of the version ID" — and every id is unique (§4.1): two documents that
  // claim the same profile and version IRIs with other content make them name two things.
  it('refuses a document when a known one claims the same profile and versions with other content', () => {
    const other = validProfile();
    (other.prefLabel as JsonObject).en = 'Another sports profile';
    const found = errors(validProfile(), { knownProfiles: [other] });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ruleId: 'L1', path: '/versions' });
    expect(found[0]!.message).toContain(V2);
  });

  it('takes the same document again as no news', () => {
    expect(errors(validProfile(), { knownProfiles: [validProfile()] })).toEqual([]);
  });
});

describe('structure §7.4 and JSON-LD 1.1: a "@context" must be one JSON-LD can process', () => {
  // "@context | URI | SHOULD be https://w3id.org/xapi/profiles/activity-context and MUST contain
  // this URI if array-valued." A context JSON-LD cannot process makes the activity unreadable
  // as RDF: "foo bar" is not an IRI reference to load.
  it('refuses an activity "@context" that is not an IRI', () => {
    const d = validProfile();
    (concepts(d)[11]!.activityDefinition as JsonObject)['@context'] = 'foo bar';
    const found = errors(d).filter((f) => f.ruleId === 'H2');
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('/concepts/11/activityDefinition/@context');
  });

  // Object-valued extensions carry a "@context" (H4); JSON-LD refuses an invalid term definition.
  it('refuses an extension "@context" with an invalid term definition', () => {
    const d = validProfile();
    const extensions = (concepts(d)[11]!.activityDefinition as JsonObject).extensions as JsonObject;
    extensions['https://example.org/extensions/venue'] = {
      '@context': { name: { '@id': 'https://schema.org/name', '@container': '@bogus' } },
      name: 'Stadium',
    };
    const found = errors(d).filter((f) => f.ruleId === 'H4');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('invalid container mapping');
    extensions['https://example.org/extensions/venue'] = {
      '@context': { name: 5 },
      name: 'Stadium',
    };
    expect(errors(d).filter((f) => f.ruleId === 'H4')[0]!.message).toContain(
      'invalid term definition',
    );
  });

  it('accepts the contexts of the fixture', () => {
    expect(errors(validProfile())).toEqual([]);
  });
});

describe('JSON-LD 1.1: an extension "@context" the context processing algorithm refuses', () => {
  const VENUE = 'https://example.org/extensions/venue';
  const at = `/concepts/11/activityDefinition/extensions/${VENUE.replace(/\//g, '~1')}/@context`;
  /** The fixture with the venue extension's "@context" replaced. */
  function withVenueContext(context: JsonValue): Doc {
    const d = validProfile();
    const extensions = (concepts(d)[11]!.activityDefinition as JsonObject).extensions as JsonObject;
    extensions[VENUE] = { '@context': context, name: 'Stadium' };
    return d;
  }
  const h4 = (d: Doc) => validate(d).filter((f) => f.ruleId === 'H4');

  // API §4.1.2 (context processing): "If it is not an IRI, or a blank node identifier, an
  // invalid vocab mapping error has been detected and processing is aborted."
  it('refuses an "@vocab" that is not an IRI or null', () => {
    const found = h4(withVenueContext({ '@vocab': 5, name: 'https://schema.org/name' }));
    expect(found).toMatchObject([{ severity: 'error', path: `${at}/@vocab` }]);
    expect(found[0]!.message).toContain('invalid vocab mapping');
  });

  // API §4.1.2 (context processing): "If it is not a string, an invalid default language error
  // has been detected and processing is aborted."
  it('refuses an "@language" that is not a string or null', () => {
    const found = h4(withVenueContext({ '@language': 5, name: 'https://schema.org/name' }));
    expect(found).toMatchObject([{ severity: 'error', path: `${at}/@language` }]);
    expect(found[0]!.message).toContain('invalid default language');
  });

  // API §4.1.2 (context processing): "If the associated value is not 1.1, an invalid @version
  // value has been detected, and processing is aborted."
  it('refuses an "@version" other than the number 1.1', () => {
    const found = h4(withVenueContext({ '@version': 1.0, name: 'https://schema.org/name' }));
    expect(found).toMatchObject([{ severity: 'error', path: `${at}/@version` }]);
    expect(found[0]!.message).toContain('invalid @version value');
    expect(h4(withVenueContext({ '@version': '1.1', name: 'https://schema.org/name' }))).toEqual([
      expect.objectContaining({ severity: 'error', path: `${at}/@version` }),
    ]);
  });

  // API §4.2.2 (create term definition): "If defined contains the entry term and the associated
  // value is true [...], return. Otherwise, if the value is false, a cyclic IRI mapping error has
  // been detected".
  it('refuses terms whose IRIs are defined through each other', () => {
    const found = h4(withVenueContext({ a: 'b:x', b: 'a:y', name: 'a:name' }));
    expect(found).toMatchObject([{ severity: 'error', path: `${at}/a` }]);
    expect(found[0]!.message).toContain('"a" → "b" → "a" (cyclic IRI mapping)');
    const itself = h4(withVenueContext({ a: 'a:x', name: 'https://schema.org/name' }));
    expect(itself).toMatchObject([{ severity: 'error', path: `${at}/a` }]);
    // "If the value associated with the @id entry is not a keyword, but has the form of a
    // keyword [...], return": the term stays "being defined", so a term defined through it is one.
    const unset = h4(withVenueContext({ a: 'b:x', b: '@foo', name: 'https://schema.org/name' }));
    expect(unset).toMatchObject([{ severity: 'error', path: `${at}/b` }]);
    expect(unset[0]!.message).toContain('cyclic IRI mapping');
    // A prefix that leads somewhere else is no cycle, nor is an absolute IRI ("//" after ":").
    const chained = { s: 'https://schema.org/', t: 's:', http: 'http://example.org/', name: 't:n' };
    expect(h4(withVenueContext(chained))).toEqual([]);
  });

  // API §4.2.2 (create term definition): "Otherwise, if the expanded type is neither @id, nor
  // @json, nor @none, nor @vocab, nor an IRI, an invalid type mapping error has been detected".
  it('refuses a term "@type" that is another keyword or a blank node', () => {
    for (const type of ['@bogus', '@list', '_:b']) {
      const found = h4(
        withVenueContext({ name: { '@id': 'https://schema.org/name', '@type': type } }),
      );
      expect(found, type).toMatchObject([{ severity: 'error', path: `${at}/name/@type` }]);
      expect(found[0]!.message).toContain('invalid type mapping');
    }
  });

  // API §4.1.2 (context processing): "If context cannot be dereferenced, [...] a loading remote
  // context failed error has been detected". The library loads only the bundled contexts, so a
  // remote one is a context it cannot read: a warning, not an error (decisions §4).
  it('warns of a remote context the offline loader does not hold', () => {
    const remote = 'https://example.org/no-such-context.jsonld';
    expect(h4(withVenueContext(remote))).toMatchObject([{ severity: 'warning', path: at }]);
    expect(h4(withVenueContext(remote))[0]!.message).toContain('not available offline');
    const scoped = { name: { '@id': 'https://schema.org/name', '@context': remote } };
    expect(h4(withVenueContext(scoped))).toMatchObject([
      { severity: 'warning', path: `${at}/name/@context` },
    ]);
    const d = validProfile();
    const definition = concepts(d)[11]!.activityDefinition as JsonObject;
    definition['@context'] = ['https://w3id.org/xapi/profiles/activity-context', remote];
    const h2 = validate(d).filter((f) => f.ruleId === 'H2');
    expect(h2).toMatchObject([
      { severity: 'warning', path: '/concepts/11/activityDefinition/@context' },
    ]);
    expect(h2[0]!.message).toContain('not available offline');
  });

  // Syntax §9.15: "If the context definition has an @base key, its value MUST be an IRI
  // reference, or null", "@direction [...] MUST be one of "ltr" or "rtl", or be null",
  // "@propagate [...] MUST be true or false", "@protected [...] MUST be true or false", "@import
  // [...] MUST be an IRI reference", "@type [...] MUST be a map with only the entry @container
  // set to @set, and optionally an entry `@protected`".
  it('refuses the other context keywords with values the syntax does not allow', () => {
    const cases: [string, JsonValue, string][] = [
      ['@base', 5, 'invalid base IRI'],
      ['@direction', 'up', 'invalid base direction'],
      ['@propagate', 'yes', 'invalid @propagate value'],
      ['@protected', 1, 'invalid @protected value'],
      ['@import', 5, 'invalid @import value'],
      ['@type', { '@container': '@list' }, 'keyword redefinition'],
    ];
    for (const [keyword, value, error] of cases) {
      const found = h4(withVenueContext({ [keyword]: value, name: 'https://schema.org/name' }));
      expect(found, keyword).toMatchObject([
        {
          severity: 'error',
          path: `${at}/${keyword}`,
          message: expect.stringContaining(error) as string,
        },
      ]);
    }
  });

  it('accepts the values the algorithm accepts, as the RDF conversion does', async () => {
    const name = 'https://schema.org/name';
    const valid: JsonValue[] = [
      { '@vocab': 'https://example.org/' },
      { '@version': 1.1, name },
      { '@language': 'en', name },
      { '@vocab': null, '@language': null, '@base': 'https://example.org/', name },
      { '@direction': 'ltr', '@propagate': true, '@protected': true, name },
      { '@type': { '@container': '@set' }, name },
      { name: { '@id': name, '@type': '@id' } },
      { name: { '@id': name, '@type': '@json' } },
      { xsd: 'http://www.w3.org/2001/XMLSchema#', name: { '@id': name, '@type': 'xsd:string' } },
    ];
    for (const context of valid) {
      const d = withVenueContext(context);
      const label = JSON.stringify(context);
      expect(
        validate(d).filter((f) => ['H4', 'H5'].includes(f.ruleId)),
        label,
      ).toEqual([]);
      expect((await toCanonicalRdf(d)).findings, label).toEqual([]);
    }
  });
});

describe('draft-07 meta-schema: formats are part of it', () => {
  // The draft-07 meta-schema gives "$ref": {"type": "string", "format": "uri-reference"}; an
  // inline schema the meta-schema refuses is an error (decisions §4).
  it('refuses a $ref that is not a URI reference, anywhere in the schema', () => {
    const top = checkInlineSchema('{"$ref": "not a uri reference"}');
    expect(top).toMatchObject({ ok: false, severity: 'error' });
    const deep = checkInlineSchema({
      type: 'object',
      properties: { a: { items: { $ref: 'has space' } } },
    });
    expect(deep).toMatchObject({ ok: false, severity: 'error' });
    expect(checkInlineSchema({ pattern: '(' })).toMatchObject({ ok: false });
  });

  it('accepts local and absolute references and well-formed patterns', () => {
    expect(
      checkInlineSchema({ definitions: { a: { type: 'string' } }, $ref: '#/definitions/a' }),
    ).toEqual({ ok: true });
    expect(checkInlineSchema({ $ref: 'https://example.org/s.json#x', pattern: '^\\d+$' })).toEqual({
      ok: true,
    });
  });
});
