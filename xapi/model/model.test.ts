import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { validate, validateModel } from '../validate/index.js';
import { otherProfile, validProfile } from '../fixtures/profiles.js';
import { parse } from './parse.js';
import { serialize, serializeToString } from './serialize.js';
import type { Activity, Pattern, Profile, StatementTemplate, Verb } from './types.js';
import { isUnrecognized } from './types.js';

describe('parse', () => {
  it('types every kind of object', () => {
    const { model, findings } = parse(JSON.stringify(validProfile()));
    expect(findings).toEqual([]);
    const m = model!;
    expect(m.type).toBe('Profile');
    expect(m.versions).toHaveLength(2);
    const verb = m.concepts![0] as Verb;
    expect(verb.type).toBe('Verb');
    expect(verb.narrower).toEqual(['https://example.org/xapi/sports/verbs/won']);
    const activity = m.concepts![11] as Activity;
    expect(activity.activityDefinition?.interactionType).toBe('choice');
    expect(activity.activityDefinition?.choices).toHaveLength(2);
    const template = m.templates![0] as StatementTemplate;
    expect(template.rules).toHaveLength(4);
    const pattern = m.patterns![0] as Pattern;
    expect(pattern.primary).toBe(true);
    expect(pattern.sequence).toHaveLength(2);
  });

  it('keeps unknown properties and values of the wrong type instead of dropping them', () => {
    const doc = validProfile();
    doc['ex:note'] = { a: 1 };
    (doc.concepts as JsonObject[])[0]!.deprecated = 'yes';
    (doc.concepts as JsonObject[]).push({ id: 'https://example.org/x', type: 'Thing' });
    const { model, findings } = parse(doc);
    expect(model!.extra).toEqual({ 'ex:note': { a: 1 } });
    expect((model!.concepts![0] as Verb).extra).toEqual({ deprecated: 'yes' });
    const last = model!.concepts![model!.concepts!.length - 1]!;
    expect(isUnrecognized(last)).toBe(true);
    expect(findings).toEqual([
      expect.objectContaining({ ruleId: 'A2', path: '/concepts/0/deprecated' }),
    ]);
    expect(serialize(model!)).toEqual(doc);
  });

  it('never throws, and explains what is wrong with input that is not a profile', () => {
    const inputs: unknown[] = [
      '',
      'not json',
      '{"a":',
      '[]',
      '42',
      'null',
      undefined,
      null,
      42,
      Symbol('x'),
      () => 1,
      10n,
      new Date(),
      new Map(),
      { a: undefined },
      { a: NaN },
      '['.repeat(5_000_000) + ']'.repeat(5_000_000),
      '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000),
    ];
    for (const input of inputs) {
      const result = parse(input);
      expect(result.model).toBeUndefined();
      expect(result.findings[0]?.ruleId).toBe('A1');
      expect(result.findings[0]?.message.length).toBeGreaterThan(20);
    }
  });

  it('refuses self-referencing objects without overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { id: 'x' };
    cyclic.self = cyclic;
    expect(parse(cyclic).findings[0]?.ruleId).toBe('A1');
    expect(validate(cyclic)[0]?.ruleId).toBe('A1');
  });

  it('honours the size limit', () => {
    const text = JSON.stringify(validProfile());
    expect(parse(text, { maxLength: 100 }).findings[0]?.message).toMatch(/limit is 100/);
  });
});

describe('serialize', () => {
  it('writes properties in the specification order, whatever order they came in', () => {
    const doc = validProfile();
    const shuffled = Object.fromEntries(Object.entries(doc).reverse());
    const out = serialize(parse(shuffled).model!);
    expect(Object.keys(out)).toEqual([
      '@context',
      'id',
      'type',
      'conformsTo',
      'prefLabel',
      'definition',
      'seeAlso',
      'versions',
      'author',
      'concepts',
      'templates',
      'patterns',
    ]);
    expect(Object.keys((out.templates as JsonObject[])[0]!)).toEqual(
      Object.keys((doc.templates as JsonObject[])[0]!),
    );
  });

  it('writes language maps exactly as given, without adding a default language', () => {
    const model: Profile = { type: 'Profile', prefLabel: { 'fr-CA': 'Sports', de: 'Sport' } };
    expect(serialize(model)).toEqual({
      type: 'Profile',
      prefLabel: { 'fr-CA': 'Sports', de: 'Sport' },
    });
  });

  it('writes sets as arrays and booleans as booleans', () => {
    const doc = validProfile();
    const template = (doc.templates as JsonObject[])[0]!;
    template.contextGroupingActivityType = 'https://example.org/xapi/sports/activitytypes/event';
    const out = serialize(parse(doc).model!);
    expect((out.templates as JsonObject[])[0]!.contextGroupingActivityType).toEqual([
      'https://example.org/xapi/sports/activitytypes/event',
    ]);
    expect((out.patterns as JsonObject[])[0]!.primary).toBe(true);
  });

  it('is stable: serializing a parsed serialization changes nothing', () => {
    const once = serializeToString(parse(validProfile()).model!);
    const twice = serializeToString(parse(once).model!);
    expect(twice).toBe(once);
    expect(once.endsWith('\n')).toBe(true);
  });

  it('round-trips the reference profile to an equal document', () => {
    expect(serialize(parse(validProfile()).model!)).toEqual(validProfile());
  });
});

describe('validating models', () => {
  it('checks the document a model serializes to, and accepts models as known profiles', () => {
    const model = parse(validProfile()).model!;
    const other = parse(otherProfile()).model!;
    expect(validateModel(model, { knownProfiles: [other] })).toEqual([]);
    (model.templates![0] as StatementTemplate).verb = 'https://other.example/activitytypes/course';
    const findings = validateModel(model, { knownProfiles: [other] });
    expect(findings).toEqual([
      expect.objectContaining({ ruleId: 'I5', severity: 'error', path: '/templates/0/verb' }),
    ]);
  });

  it('does not mistake preserved extras for properties of the model', () => {
    const doc = validProfile();
    doc['ex:note'] = 'kept';
    const findings = validateModel(parse(doc).model!, { knownProfiles: [otherProfile()] });
    expect(findings).toEqual([]);
  });
});
