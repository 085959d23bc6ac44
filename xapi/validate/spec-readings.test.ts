/**
 * Readings of the specification where an independent set of expectations disagreed with the
 * validator and the specification's text sides with it. Each case quotes the sentence it follows.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
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
