import { describe, expect, it } from 'vitest';
import type { Finding } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { BASE, V1, V2, otherProfile, previousVersion, validProfile } from '../fixtures/profiles.js';
import type { ValidateOptions } from './index.js';
import { validate } from './index.js';

type Doc = JsonObject;
const concepts = (d: Doc) => d.concepts as JsonObject[];
const templates = (d: Doc) => d.templates as JsonObject[];
const patterns = (d: Doc) => d.patterns as JsonObject[];
const rules = (d: Doc) => templates(d)[0]!.rules as JsonObject[];
const activityDef = (d: Doc) => concepts(d)[11]!.activityDefinition as JsonObject;
const versions = (d: Doc) => d.versions as JsonObject[];

function edit(change: (d: Doc) => void): () => Doc {
  return () => {
    const d = validProfile();
    change(d);
    return d;
  };
}

const known: ValidateOptions = { knownProfiles: [otherProfile()] };

interface Case {
  rule: string;
  name: string;
  doc: () => unknown;
  options?: ValidateOptions;
  severity?: Finding['severity'];
  path?: string;
}

/** Each case breaks exactly one requirement of the named rule. */
const breaking: Case[] = [
  { rule: 'A1', name: 'text that is not JSON', doc: () => '{"id": ' },
  { rule: 'A1', name: 'a JSON array', doc: () => [] },
  {
    rule: 'A2',
    name: '@id instead of id',
    doc: edit((d) => {
      const c = concepts(d)[0]!;
      c['@id'] = c.id!;
      delete c.id;
    }),
  },
  {
    rule: 'A2',
    name: 'a set written as a bare string',
    doc: edit((d) => {
      templates(d)[0]!.contextGroupingActivityType = `${BASE}/activitytypes/event`;
    }),
    path: '/templates/0/contextGroupingActivityType',
  },
  {
    rule: 'A3',
    name: 'a term the document context maps to a relative IRI',
    doc: edit((d) => {
      d['@context'] = ['https://w3id.org/xapi/profiles/context', { note: 'note' }];
      d.note = 'x';
    }),
  },
  {
    rule: 'A4',
    name: 'a misspelt property',
    doc: edit((d) => {
      d.tempates = d.templates!;
    }),
    path: '/tempates',
  },
  {
    rule: 'A4',
    name: 'a context term the spec does not define on concepts',
    doc: edit((d) => {
      concepts(d)[0]!.scopeNote = { en: 'x' };
    }),
    severity: 'warning',
  },
  {
    rule: 'A5',
    name: 'an empty rules array',
    doc: edit((d) => {
      templates(d)[1]!.rules = [];
    }),
    path: '/templates/1/rules',
  },
  {
    rule: 'A5',
    name: 'null',
    doc: edit((d) => {
      concepts(d)[0]!.deprecated = null;
    }),
  },
  {
    rule: 'A5',
    name: 'an empty object',
    doc: edit((d) => {
      (activityDef(d).extensions as JsonObject)['https://example.org/e'] = {};
    }),
  },
  {
    rule: 'B1',
    name: 'a profile id that is not an IRI',
    doc: edit((d) => {
      d.id = 'sports';
    }),
  },
  {
    rule: 'B2',
    name: 'a missing @context',
    doc: edit((d) => {
      delete d['@context'];
    }),
  },
  {
    rule: 'B2',
    name: 'an array @context without the profile context',
    doc: edit((d) => {
      d['@context'] = ['https://example.org/ctx'];
    }),
  },
  {
    rule: 'B3',
    name: 'the wrong type',
    doc: edit((d) => {
      d.type = 'profile';
    }),
  },
  {
    rule: 'B4',
    name: 'a missing conformsTo',
    doc: edit((d) => {
      delete d.conformsTo;
    }),
  },
  {
    rule: 'B4',
    name: 'conformsTo #1.0.0',
    doc: edit((d) => {
      d.conformsTo = 'https://w3id.org/xapi/profiles#1.0.0';
    }),
    severity: 'warning',
  },
  {
    rule: 'B5',
    name: 'a prefLabel that is a string',
    doc: edit((d) => {
      d.prefLabel = 'Sports';
    }),
  },
  {
    rule: 'B5',
    name: 'a prefLabel with a bad language tag',
    doc: edit((d) => {
      d.prefLabel = { en_US: 'Sports' };
    }),
  },
  {
    rule: 'B6',
    name: 'a missing definition',
    doc: edit((d) => {
      delete d.definition;
    }),
  },
  {
    rule: 'B7',
    name: 'seeAlso that is not a URL',
    doc: edit((d) => {
      d.seeAlso = 'MIL-HDBK-29612-1A';
    }),
  },
  {
    rule: 'B8',
    name: 'no versions',
    doc: edit((d) => {
      delete d.versions;
    }),
  },
  {
    rule: 'B9',
    name: 'an author of an unknown type',
    doc: edit((d) => {
      d.author = { type: 'Group', name: 'x' };
    }),
  },
  {
    rule: 'B9',
    name: 'an author without a name',
    doc: edit((d) => {
      d.author = { type: 'Person' };
    }),
  },
  {
    rule: 'B10',
    name: 'concepts as an object',
    doc: edit((d) => {
      d.concepts = concepts(d)[0]!;
    }),
  },
  {
    rule: 'C1',
    name: 'a version without id',
    doc: edit((d) => {
      delete versions(d)[0]!.id;
    }),
  },
  {
    rule: 'C2',
    name: 'a date without time',
    doc: edit((d) => {
      versions(d)[0]!.generatedAtTime = '2018-03-26';
    }),
  },
  {
    rule: 'C2',
    name: 'a one-digit hour',
    doc: edit((d) => {
      versions(d)[0]!.generatedAtTime = '2017-06-30T8:26:00Z';
    }),
  },
  {
    rule: 'C2',
    name: 'an impossible date',
    doc: edit((d) => {
      versions(d)[0]!.generatedAtTime = '2017-02-30T08:26:00Z';
    }),
  },
  {
    rule: 'C3',
    name: 'wasRevisionOf as a string',
    doc: edit((d) => {
      versions(d)[0]!.wasRevisionOf = V1;
    }),
  },
  {
    rule: 'C3',
    name: 'a version revising itself',
    doc: edit((d) => {
      versions(d)[0]!.wasRevisionOf = [V2];
    }),
  },
  {
    rule: 'C4',
    name: 'a later version without wasRevisionOf',
    doc: edit((d) => {
      delete versions(d)[0]!.wasRevisionOf;
    }),
  },
  {
    rule: 'C5',
    name: 'a version id equal to the profile id',
    doc: edit((d) => {
      versions(d)[1]!.id = BASE;
    }),
  },
  {
    rule: 'C5',
    name: 'two versions with one id',
    doc: edit((d) => {
      versions(d)[1]!.id = V2;
    }),
  },
  {
    rule: 'C6',
    name: 'wasRevisionOf naming the profile',
    doc: edit((d) => {
      versions(d)[0]!.wasRevisionOf = [BASE];
    }),
    severity: 'warning',
  },
  {
    rule: 'D1',
    name: 'an unknown concept type',
    doc: edit((d) => {
      concepts(d)[0]!.type = 'Verbs';
    }),
  },
  {
    rule: 'D1',
    name: 'a concept that is a string',
    doc: edit((d) => {
      concepts(d).push('verb' as unknown as JsonObject);
    }),
  },
  {
    rule: 'D2',
    name: 'a concept another profile defines',
    doc: edit((d) => {
      concepts(d)[0]!.id = 'https://other.example/verbs/completed';
    }),
    options: known,
  },
  {
    rule: 'D3',
    name: 'a concept without inScheme',
    doc: edit((d) => {
      delete concepts(d)[3]!.inScheme;
    }),
  },
  {
    rule: 'D4',
    name: 'deprecated as a string',
    doc: edit((d) => {
      concepts(d)[2]!.deprecated = 'true';
    }),
  },
  {
    rule: 'E1',
    name: 'a verb without prefLabel',
    doc: edit((d) => {
      delete concepts(d)[0]!.prefLabel;
    }),
  },
  {
    rule: 'E1',
    name: 'a verb id that is not an IRI',
    doc: edit((d) => {
      concepts(d)[1]!.id = 'won';
    }),
  },
  {
    rule: 'E2',
    name: 'broader pointing outside the profile',
    doc: edit((d) => {
      concepts(d)[1]!.broader = ['https://other.example/verbs/completed'];
    }),
  },
  {
    rule: 'E2',
    name: 'narrower pointing at another type',
    doc: edit((d) => {
      concepts(d)[0]!.narrower = [`${BASE}/activitytypes/event`];
    }),
  },
  {
    rule: 'E3',
    name: 'broadMatch inside this profile',
    doc: edit((d) => {
      concepts(d)[1]!.broadMatch = [`${BASE}/verbs/placed`];
    }),
  },
  {
    rule: 'E3',
    name: 'broadMatch to a known concept of another type',
    doc: edit((d) => {
      concepts(d)[0]!.broadMatch = ['https://other.example/activitytypes/course'];
    }),
    options: known,
  },
  {
    rule: 'E4',
    name: 'exactMatch to itself',
    doc: edit((d) => {
      concepts(d)[0]!.exactMatch = [`${BASE}/verbs/placed`];
    }),
  },
  {
    rule: 'E4',
    name: 'relatedMatch to a known concept of another type',
    doc: edit((d) => {
      concepts(d)[2]!.relatedMatch = ['https://other.example/activitytypes/course'];
    }),
    options: known,
  },
  {
    rule: 'E5',
    name: 'related on a concept that is not deprecated',
    doc: edit((d) => {
      delete concepts(d)[2]!.deprecated;
    }),
  },
  {
    rule: 'F1',
    name: 'an extension without definition',
    doc: edit((d) => {
      delete concepts(d)[5]!.definition;
    }),
  },
  {
    rule: 'F2',
    name: 'recommendedActivityTypes on a result extension',
    doc: edit((d) => {
      concepts(d)[5]!.recommendedActivityTypes = [`${BASE}/activitytypes/event`];
    }),
  },
  {
    rule: 'F2',
    name: 'recommendedActivityTypes listing a verb',
    doc: edit((d) => {
      concepts(d)[7]!.recommendedActivityTypes = [`${BASE}/verbs/won`];
    }),
  },
  {
    rule: 'F3',
    name: 'recommendedVerbs on an activity extension',
    doc: edit((d) => {
      concepts(d)[7]!.recommendedVerbs = [`${BASE}/verbs/won`];
    }),
  },
  {
    rule: 'F3',
    name: 'recommendedVerbs listing an activity type',
    doc: edit((d) => {
      concepts(d)[5]!.recommendedVerbs = [`${BASE}/activitytypes/event`];
    }),
  },
  {
    rule: 'F4',
    name: 'a context that is not an IRI',
    doc: edit((d) => {
      concepts(d)[6]!.context = 'weather.jsonld';
    }),
  },
  {
    rule: 'F5',
    name: 'both schema and inlineSchema',
    doc: edit((d) => {
      concepts(d)[6]!.inlineSchema = '{}';
    }),
  },
  {
    rule: 'F6',
    name: 'an inline schema that is not JSON',
    doc: edit((d) => {
      concepts(d)[5]!.inlineSchema = '{ type: integer }';
    }),
  },
  {
    rule: 'F6',
    name: 'an inline schema the draft-07 meta-schema refuses',
    doc: edit((d) => {
      concepts(d)[5]!.inlineSchema = '{"type": 5}';
    }),
  },
  {
    rule: 'F6',
    name: 'an inline schema with a draft-03 required flag',
    doc: edit((d) => {
      concepts(d)[5]!.inlineSchema =
        '{ "type": "object", "properties": { "a": { "type": "string", "required": true } } }';
    }),
  },
  {
    rule: 'F6',
    name: 'an inline schema that declares another draft',
    doc: edit((d) => {
      concepts(d)[5]!.inlineSchema =
        '{ "$schema": "http://json-schema.org/draft-04/schema#", "type": "string" }';
    }),
    severity: 'warning',
  },
  {
    rule: 'G1',
    name: 'a document resource without contentType',
    doc: edit((d) => {
      delete concepts(d)[9]!.contentType;
    }),
  },
  {
    rule: 'G2',
    name: 'a contentType that is not a media type',
    doc: edit((d) => {
      concepts(d)[9]!.contentType = 'json';
    }),
  },
  {
    rule: 'G2',
    name: 'a media type IANA does not register, outside the unregistered trees',
    doc: edit((d) => {
      concepts(d)[9]!.contentType = 'application/this-does-not-exist';
    }),
    severity: 'warning',
  },
  {
    rule: 'G3',
    name: 'both schema and inlineSchema on a document resource',
    doc: edit((d) => {
      concepts(d)[10]!.inlineSchema = '{}';
    }),
  },
  {
    rule: 'G3',
    name: 'an unparseable inline schema on a document resource',
    doc: edit((d) => {
      concepts(d)[8]!.inlineSchema = '{';
    }),
  },
  {
    rule: 'H1',
    name: 'an Activity without activityDefinition',
    doc: edit((d) => {
      delete concepts(d)[11]!.activityDefinition;
    }),
  },
  {
    rule: 'H2',
    name: 'an activity definition without @context',
    doc: edit((d) => {
      delete activityDef(d)['@context'];
    }),
  },
  // "SHOULD be https://w3id.org/xapi/profiles/activity-context": another single context warns.
  {
    rule: 'H2',
    name: 'an activity definition with the profile context',
    doc: edit((d) => {
      activityDef(d)['@context'] = 'https://w3id.org/xapi/profiles/context';
    }),
    severity: 'warning',
  },
  {
    rule: 'H2',
    name: 'an activity definition with a context of its own',
    doc: edit((d) => {
      activityDef(d)['@context'] = 'https://example.org/my-activity-context';
    }),
    severity: 'warning',
    path: '/concepts/11/activityDefinition/@context',
  },
  {
    rule: 'H2',
    name: 'an activity definition whose @context is no JSON-LD context',
    doc: edit((d) => {
      activityDef(d)['@context'] = 5;
    }),
  },
  {
    rule: 'H2',
    name: 'an activity definition whose @context array lacks the activity context',
    doc: edit((d) => {
      activityDef(d)['@context'] = ['https://example.org/my-activity-context'];
    }),
  },
  {
    rule: 'H3',
    name: 'an unknown interaction type',
    doc: edit((d) => {
      activityDef(d).interactionType = 'essay';
    }),
  },
  {
    rule: 'H3',
    name: 'components the interaction type does not take',
    doc: edit((d) => {
      activityDef(d).scale = [{ id: 'a' }];
    }),
  },
  {
    rule: 'H3',
    name: 'duplicate component ids',
    doc: edit((d) => {
      activityDef(d).choices = [{ id: 'a' }, { id: 'a' }];
    }),
  },
  {
    rule: 'H3',
    name: 'a property xAPI does not define',
    doc: edit((d) => {
      activityDef(d).title = 'x';
    }),
  },
  {
    rule: 'H4',
    name: 'an object extension without @context',
    doc: edit((d) => {
      (activityDef(d).extensions as JsonObject)['https://example.org/e'] = { a: 1 };
    }),
  },
  {
    rule: 'H4',
    name: 'an array extension with an object lacking @context',
    doc: edit((d) => {
      (activityDef(d).extensions as JsonObject)['https://example.org/e'] = [{ a: 1 }];
    }),
  },
  {
    rule: 'H5',
    name: 'an extension key its @context does not define',
    doc: edit((d) => {
      (
        (activityDef(d).extensions as JsonObject)[
          'https://example.org/extensions/venue'
        ] as JsonObject
      ).city = 'x';
    }),
  },
  {
    rule: 'I1',
    name: 'a template without definition',
    doc: edit((d) => {
      delete templates(d)[0]!.definition;
    }),
  },
  {
    rule: 'I1',
    name: 'a template type in the wrong case',
    doc: edit((d) => {
      templates(d)[0]!.type = 'statementTemplate';
    }),
  },
  {
    rule: 'I2',
    name: 'an empty verb',
    doc: edit((d) => {
      templates(d)[0]!.verb = '';
    }),
  },
  {
    rule: 'I2',
    name: 'attachmentUsageType members that are not IRIs',
    doc: edit((d) => {
      templates(d)[0]!.attachmentUsageType = ['photo'];
    }),
  },
  {
    rule: 'I3',
    name: 'objectStatementRefTemplate and objectActivityType together',
    doc: edit((d) => {
      templates(d)[1]!.objectActivityType = `${BASE}/activitytypes/event`;
    }),
  },
  {
    rule: 'I4',
    name: 'a StatementRef to an unknown template',
    doc: edit((d) => {
      templates(d)[1]!.contextStatementRefTemplate = [`${BASE}/templates/missing`];
    }),
  },
  {
    rule: 'I5',
    name: 'a verb no known profile defines',
    doc: edit((d) => {
      templates(d)[0]!.verb = 'https://example.org/verbs/unknown';
    }),
    severity: 'warning',
  },
  {
    rule: 'I5',
    name: 'a verb that is an activity type',
    doc: edit((d) => {
      templates(d)[0]!.verb = `${BASE}/activitytypes/event`;
    }),
  },
  {
    rule: 'I6',
    name: 'a template whose rules changed but not its id',
    doc: edit((d) => {
      rules(d)[0]!.presence = 'recommended';
    }),
    options: { knownProfiles: [previousVersion()] },
  },
  {
    rule: 'J1',
    name: 'a rule without location',
    doc: edit((d) => {
      delete rules(d)[0]!.location;
    }),
  },
  {
    rule: 'J2',
    name: 'a selector that is not a string',
    doc: edit((d) => {
      rules(d)[1]!.selector = ['$.id'];
    }),
  },
  {
    rule: 'J3',
    name: 'a rule with only a location',
    doc: edit((d) => {
      rules(d)[0] = { location: '$.verb' };
    }),
  },
  {
    rule: 'J3',
    name: 'a rule without presence, when authoring',
    doc: edit((d) => {
      rules(d)[0] = { location: '$.verb.id', any: ['x:y'] };
    }),
    options: { mode: 'authoring' },
    severity: 'warning',
  },
  {
    rule: 'J4',
    name: 'an unknown presence',
    doc: edit((d) => {
      rules(d)[0]!.presence = 'required';
    }),
  },
  {
    rule: 'J5',
    name: 'none as a bare string',
    doc: edit((d) => {
      rules(d)[3]!.none = 'x';
    }),
  },
  {
    rule: 'J6',
    name: 'scopeNote as a plain string',
    doc: edit((d) => {
      rules(d)[0]!.scopeNote = 'The position.';
    }),
  },
  {
    rule: 'J7',
    name: 'a location without $',
    doc: edit((d) => {
      rules(d)[0]!.location = 'result.score';
    }),
  },
  {
    rule: 'J7',
    name: 'a filter expression',
    doc: edit((d) => {
      rules(d)[0]!.location = '$.a[?(@.b)]';
    }),
  },
  {
    rule: 'J7',
    name: 'a selector with a slice',
    doc: edit((d) => {
      rules(d)[1]!.selector = '$.a[0:2]';
    }),
  },
  {
    rule: 'J8',
    name: 'object values without an extra @context',
    doc: edit((d) => {
      rules(d)[3]!.any = [{ a: 1 }];
    }),
  },
  {
    rule: 'K1',
    name: 'a pattern without id',
    doc: edit((d) => {
      delete patterns(d)[6]!.id;
    }),
  },
  {
    rule: 'K1',
    name: 'a pattern with the wrong type',
    doc: edit((d) => {
      patterns(d)[6]!.type = 'pattern';
    }),
  },
  {
    rule: 'K2',
    name: 'primary as a string',
    doc: edit((d) => {
      patterns(d)[0]!.primary = 'true';
    }),
  },
  {
    rule: 'K3',
    name: 'a pattern without inScheme on import',
    doc: edit((d) => {
      delete patterns(d)[1]!.inScheme;
    }),
    severity: 'warning',
  },
  {
    rule: 'K3',
    name: 'a pattern without inScheme when authoring',
    doc: edit((d) => {
      delete patterns(d)[1]!.inScheme;
    }),
    options: { mode: 'authoring' },
    severity: 'error',
  },
  {
    rule: 'K4',
    name: 'a primary pattern without prefLabel',
    doc: edit((d) => {
      delete patterns(d)[0]!.prefLabel;
    }),
  },
  {
    rule: 'K5',
    name: 'a pattern with two operators',
    doc: edit((d) => {
      patterns(d)[1]!.zeroOrMore = `${BASE}/templates/placed`;
    }),
  },
  {
    rule: 'K5',
    name: 'a pattern without operator',
    doc: edit((d) => {
      delete patterns(d)[1]!.oneOrMore;
    }),
  },
  {
    rule: 'K6',
    name: 'optional as an {id} object',
    doc: edit((d) => {
      patterns(d)[5]!.optional = { id: `${BASE}/templates/confirmed` };
    }),
  },
  {
    rule: 'K6',
    name: 'a sequence member that is not an IRI',
    doc: edit((d) => {
      patterns(d)[0]!.sequence = [`${BASE}/templates/placed`, 'typicalsessions'];
    }),
  },
  {
    rule: 'K7',
    name: 'alternates with one member',
    doc: edit((d) => {
      patterns(d)[2]!.alternates = [`${BASE}/templates/confirmed`];
    }),
  },
  {
    rule: 'K8',
    name: 'a one-member sequence in a non-primary pattern',
    doc: edit((d) => {
      patterns(d)[4]!.primary = false;
    }),
  },
  {
    rule: 'K8',
    name: 'a one-member primary sequence used by another pattern',
    doc: edit((d) => {
      patterns(d)[3]!.oneOrMore = `${BASE}/patterns/single`;
    }),
  },
  {
    rule: 'K9',
    name: 'an optional pattern directly inside alternates',
    doc: edit((d) => {
      patterns(d)[2]!.alternates = [
        `${BASE}/templates/confirmed`,
        `${BASE}/patterns/optional-confirmed`,
      ];
    }),
  },
  {
    rule: 'K10',
    name: 'a pattern that contains itself',
    doc: edit((d) => {
      patterns(d)[3]!.oneOrMore = `${BASE}/patterns/confirmations`;
    }),
  },
  {
    rule: 'K10',
    name: 'a pattern that reaches its own id through a second pattern with that id',
    doc: edit((d) => {
      // patterns[4] takes the id of patterns[3] and has that id as its member, so the id reaches
      // itself although the first pattern with it has no cycle.
      const id = patterns(d)[3]!.id as string;
      const second = patterns(d)[4]!;
      second.id = id;
      for (const key of ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'])
        delete second[key];
      second.optional = id;
    }),
  },
  {
    rule: 'K10',
    name: 'a pattern that is its own member',
    doc: edit((d) => {
      patterns(d)[3]!.oneOrMore = `${BASE}/patterns/maybe-placed`;
    }),
  },
  {
    rule: 'K11',
    name: 'a member nothing defines, when authoring',
    doc: edit((d) => {
      patterns(d)[5]!.optional = `${BASE}/templates/missing`;
    }),
    options: { mode: 'authoring' },
    severity: 'error',
  },
  {
    rule: 'K11',
    name: 'a member nothing defines, on import',
    doc: edit((d) => {
      patterns(d)[5]!.optional = `${BASE}/templates/missing`;
    }),
    severity: 'warning',
  },
  {
    rule: 'K11',
    name: 'a member that is a concept',
    doc: edit((d) => {
      patterns(d)[5]!.optional = `${BASE}/verbs/won`;
    }),
  },
  {
    rule: 'K12',
    name: 'a pattern whose members changed but not its id',
    doc: edit((d) => {
      patterns(d)[0]!.sequence = [`${BASE}/templates/placed`, `${BASE}/patterns/any-confirmed`];
    }),
    options: { knownProfiles: [previousVersion()] },
  },
  {
    rule: 'K13',
    name: 'a repeated member followed by the same template',
    doc: edit((d) => {
      patterns(d)[0]!.sequence = [`${BASE}/patterns/maybe-placed`, `${BASE}/templates/placed`];
    }),
    severity: 'warning',
  },
  {
    rule: 'L2',
    name: 'an inScheme naming an earlier listed version',
    doc: edit((d) => {
      concepts(d)[0]!.inScheme = V1;
    }),
    severity: 'warning',
    path: '/concepts/0/inScheme',
  },
  {
    rule: 'L1',
    name: 'a template reusing a concept id',
    doc: edit((d) => {
      templates(d)[1]!.id = `${BASE}/verbs/ran`;
    }),
  },
  {
    rule: 'L2',
    name: 'an inScheme that is not a version',
    doc: edit((d) => {
      concepts(d)[0]!.inScheme = 'http://example.org/xapi/sports/v2';
    }),
  },
];

/** Cases that stay within a rule where a naive check would wrongly complain. */
const passing: Case[] = [
  ...[
    'Text/Markdown',
    'application/json; charset=utf-8',
    'application/x-tar',
    'application/x.example-private',
    'image/svg+xml',
  ].map((type): Case => ({
    rule: 'G2',
    name: `a registered or private media type: ${type}`,
    doc: edit((d) => {
      concepts(d)[9]!.contentType = type;
    }),
  })),
  {
    rule: 'A4',
    name: 'compact and absolute IRI properties',
    doc: edit((d) => {
      d['ex:note'] = 'x';
      d['https://example.org/p'] = 1;
    }),
  },
  {
    rule: 'A6',
    name: 'JSON-LD keywords',
    doc: edit((d) => {
      d['@language'] = 'en';
    }),
  },
  {
    rule: 'A4',
    name: 'an id on the author (a keyword alias)',
    doc: edit((d) => {
      (d.author as JsonObject).id = 'https://example.org';
    }),
  },
  {
    rule: 'A3',
    name: 'terms an extra inline context defines',
    doc: edit((d) => {
      d['@context'] = [
        'https://w3id.org/xapi/profiles/context',
        { note: 'https://example.org/note' },
      ];
      d.note = 'x';
    }),
  },
  { rule: 'B4', name: 'the canonical conformsTo', doc: validProfile },
  {
    rule: 'C4',
    name: 'a single first version',
    doc: edit((d) => {
      d.versions = [versions(d)[1]!];
      for (const list of [concepts(d), templates(d), patterns(d)])
        for (const o of list) o.inScheme = V1;
    }),
  },
  {
    rule: 'D2',
    name: 'a concept defined by an earlier version of the same profile',
    doc: validProfile,
    options: { knownProfiles: [previousVersion()] },
  },
  {
    rule: 'E3',
    name: 'broadMatch to a known concept of the same type',
    doc: validProfile,
    options: known,
  },
  {
    rule: 'I5',
    name: 'a verb a known profile defines',
    doc: edit((d) => {
      templates(d)[0]!.verb = 'https://other.example/verbs/completed';
    }),
    options: known,
  },
  {
    rule: 'I6',
    name: 'only scopeNote changed',
    doc: edit((d) => {
      rules(d)[0]!.scopeNote = { en: 'Reworded.' };
    }),
    options: { knownProfiles: [previousVersion()] },
  },
  {
    rule: 'J3',
    name: 'a rule without presence, on import',
    doc: edit((d) => {
      rules(d)[0] = { location: '$.verb.id', any: ['x:y'] };
    }),
  },
  {
    rule: 'J7',
    name: 'recursive descent, unions and quoted names',
    doc: edit((d) => {
      rules(d)[0]!.location = `$..id | $['context']['extensions']["${BASE}/x"] | $.a[0,1,*]`;
    }),
  },
  {
    rule: 'J8',
    name: 'object values with an extra @context',
    doc: edit((d) => {
      d['@context'] = ['https://w3id.org/xapi/profiles/context', { a: 'https://example.org/a' }];
      rules(d)[3]!.any = [{ a: 1 }];
    }),
  },
  {
    rule: 'K3',
    name: 'a pattern with inScheme when authoring',
    doc: validProfile,
    options: { mode: 'authoring' },
  },
  { rule: 'K8', name: 'a one-member primary sequence of a template', doc: validProfile },
  {
    rule: 'K11',
    name: 'a member from a known profile',
    doc: edit((d) => {
      patterns(d)[5]!.optional = 'https://other.example/templates/completed';
    }),
    options: { ...known, mode: 'authoring' },
  },
  {
    rule: 'K12',
    name: 'an unchanged pattern',
    doc: validProfile,
    options: { knownProfiles: [previousVersion()] },
  },
];

describe('validate: the reference profile', () => {
  it('has no findings at all, with the profile it refers to loaded', () => {
    expect(validate(validProfile(), known)).toEqual([]);
  });
  it('is also clean when authoring', () => {
    expect(validate(validProfile(), { ...known, mode: 'authoring' })).toEqual([]);
  });
});

describe('validate: every rule is detected', () => {
  it.each(breaking.map((c) => [`${c.rule}: ${c.name}`, c] as const))('%s', (_label, c) => {
    const findings = validate(c.doc(), c.options);
    const hits = findings.filter((f) => f.ruleId === c.rule);
    expect(hits, JSON.stringify(findings, null, 1)).not.toHaveLength(0);
    expect(hits.some((f) => f.severity === (c.severity ?? 'error'))).toBe(true);
    if (c.path !== undefined) expect(hits.map((f) => f.path)).toContain(c.path);
    for (const f of hits) expect(f.message.length).toBeGreaterThan(20);
  });

  it('covers every rule id of the checklist', () => {
    const ids = [
      ...['A1', 'A2', 'A3', 'A4', 'A5'],
      ...Array.from({ length: 10 }, (_, i) => `B${i + 1}`),
      ...Array.from({ length: 6 }, (_, i) => `C${i + 1}`),
      ...Array.from({ length: 4 }, (_, i) => `D${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `E${i + 1}`),
      ...Array.from({ length: 6 }, (_, i) => `F${i + 1}`),
      ...['G1', 'G2', 'G3'],
      ...Array.from({ length: 5 }, (_, i) => `H${i + 1}`),
      ...Array.from({ length: 6 }, (_, i) => `I${i + 1}`),
      ...Array.from({ length: 8 }, (_, i) => `J${i + 1}`),
      ...Array.from({ length: 13 }, (_, i) => `K${i + 1}`),
      ...['L1', 'L2'],
    ];
    const covered = new Set(breaking.map((c) => c.rule));
    expect(ids.filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('validate: inScheme names the version currently being described (L2)', () => {
  const l2 = (doc: unknown, options?: ValidateOptions) =>
    validate(doc, options ?? known).filter((f) => f.ruleId === 'L2');

  it.each(['import', 'authoring'] as const)(
    'warns in %s mode when an object names an earlier listed version, saying what to change',
    (mode) => {
      const doc = edit((d) => {
        concepts(d)[0]!.inScheme = V1;
      })();
      const found = l2(doc, { ...known, mode });
      expect(found).toEqual([
        {
          ruleId: 'L2',
          severity: 'warning',
          path: '/concepts/0/inScheme',
          message: expect.stringContaining(`"${V1}"`) as string,
        },
      ]);
      const message = found[0]!.message;
      expect(message).toContain(`"${concepts(doc)[0]!.id as string}"`);
      expect(message).toContain(`set its "inScheme" to "${V2}"`);
    },
  );

  it('warns for every kind of object, and only for those naming the earlier version', () => {
    const doc = edit((d) => {
      templates(d)[1]!.inScheme = V1;
      patterns(d)[2]!.inScheme = V1;
    })();
    expect(l2(doc).map((f) => [f.path, f.severity])).toEqual([
      ['/patterns/2/inScheme', 'warning'],
      ['/templates/1/inScheme', 'warning'],
    ]);
  });

  it('keeps naming no listed version an error, even beside such a warning', () => {
    const doc = edit((d) => {
      concepts(d)[0]!.inScheme = V1;
      concepts(d)[1]!.inScheme = `${BASE}/v3`;
    })();
    expect(l2(doc).map((f) => [f.path, f.severity])).toEqual([
      ['/concepts/1/inScheme', 'error'],
      ['/concepts/0/inScheme', 'warning'],
    ]);
  });

  it('takes the current version from wasRevisionOf before the listed order or times', () => {
    // The revised version is listed first and generated last; the version revising it is current.
    const doc = edit((d) => {
      const [v2, v1] = versions(d);
      v1!.generatedAtTime = '2025-01-01T00:00:00Z';
      d.versions = [v1!, v2!];
    })();
    expect(l2(doc)).toEqual([]);
    const old = edit((d) => {
      const [v2, v1] = versions(d);
      v1!.generatedAtTime = '2025-01-01T00:00:00Z';
      d.versions = [v1!, v2!];
      concepts(d)[0]!.inScheme = V1;
    })();
    expect(l2(old).map((f) => f.severity)).toEqual(['warning']);
  });

  it('takes the newest generatedAtTime when no version revises another', () => {
    const doc = edit((d) => {
      for (const v of versions(d)) delete v.wasRevisionOf;
      for (const list of [concepts(d), templates(d), patterns(d)])
        for (const o of list) o.inScheme = V1;
      versions(d)[1]!.generatedAtTime = '2025-01-01T00:00:00Z';
    })();
    expect(l2(doc)).toEqual([]);
  });
});

describe('validate: documents within the rules pass', () => {
  it.each(passing.map((c) => [`${c.rule}: ${c.name}`, c] as const))('%s', (_label, c) => {
    const findings = validate(c.doc(), c.options ?? known);
    expect(findings.filter((f) => f.ruleId === c.rule)).toEqual([]);
  });
});

describe('validate: an Activity concept naming another activity context', () => {
  it('warns in both modes and reports no error: the specification says SHOULD', () => {
    const doc = edit((d) => {
      activityDef(d)['@context'] = 'https://example.org/my-activity-context';
    })();
    for (const mode of ['import', 'authoring'] as const) {
      const h2 = validate(doc, { ...known, mode }).filter((f) => f.ruleId === 'H2');
      expect(h2.map((f) => f.severity)).toEqual(['warning']);
      expect(h2[0]!.message).toContain('https://w3id.org/xapi/profiles/activity-context');
    }
  });
});

describe('validate: input forms', () => {
  it('accepts text and parsed JSON alike', () => {
    const doc = edit((d) => {
      d.seeAlso = 'nope';
    })();
    expect(validate(JSON.stringify(doc))).toEqual(validate(doc));
  });
  it('reports JSON Pointer paths with escaping', () => {
    const findings = validate(
      edit((d) => {
        d['a/b~c'] = 1;
      })(),
    );
    expect(findings.map((f) => f.path)).toContain('/a~1b~0c');
  });
  it('orders errors before warnings', () => {
    const findings = validate(
      edit((d) => {
        d.conformsTo = 'https://w3id.org/xapi/profiles#1.0.0';
        d.id = 'x';
      })(),
    );
    const severities = findings.map((f) => f.severity);
    expect(severities.indexOf('warning')).toBeGreaterThan(severities.lastIndexOf('error'));
  });
  it('ignores a known profile that is the document itself', () => {
    const doc = validProfile();
    expect(validate(doc, { knownProfiles: [doc, otherProfile(), validProfile()] })).toEqual([]);
  });
  it('treats unknown words as warnings when another context might define them', () => {
    const doc = edit((d) => {
      d['@context'] = ['https://w3id.org/xapi/profiles/context', 'https://example.org/ctx'];
      d.custom = 1;
    })();
    const a4 = validate(doc).filter((f) => f.ruleId === 'A4');
    expect(a4.map((f) => f.severity)).toEqual(['warning']);
  });
});

export type { JsonValue };
