/**
 * Rules steer generation: a value a rule forbids is never drawn and left to the self-check to
 * find, and a path through a missing part of the statement creates what xAPI allows there.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { Profile, Rule } from '../model/types.js';
import {
  VERSION,
  pattern,
  patternId,
  sequenceProfile,
  simulableProfile,
  template,
  templateId,
  verb,
} from '../statement/fixtures.js';
import { validateStatement } from '../statement/validate-statement.js';
import { compileProfile } from '../statement/compile.js';
import { generate, prepareSimulation } from './index.js';
import { LEADING_REPEAT_CHANCE } from './registration.js';

const profileOf = sequenceProfile;

function statementsOf(profile: Profile, seed: string, max = 400): JsonObject[] {
  const prepared = prepareSimulation([profile], { parameters: { seed, max } });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  expect(prepared.problems).toEqual([]);
  return [...generate(prepared.plan)];
}

const result = (s: JsonObject) => s.result as JsonObject | undefined;

/** An extension concept of the fixtures' profile version, with an inline schema. */
const extensionConcept = (
  id: string,
  type: 'ResultExtension' | 'ContextExtension' | 'ActivityExtension',
  label: string,
  inlineSchema: string,
) =>
  ({
    id,
    type,
    inScheme: VERSION,
    prefLabel: { en: label },
    definition: { en: `The ${label}.` },
    inlineSchema,
  }) as const;

describe('simulate: a rule with "none" or "all" steers the values drawn', () => {
  // Reduced from the demo profile "Reading Progress" v2, whose "finished a book" template asks
  // for completion true and recommends a success that is not false (seed "audit5" drew false).
  const finished = (rules: Rule[]) => profileOf([template('finished', { rules })]);

  it('never writes a success "none" forbids, at any seed or rate of recommended values', () => {
    const profile = finished([
      { location: '$.result.completion', presence: 'included', all: [true] },
      { location: '$.result.success', presence: 'recommended', none: [false] },
    ]);
    let written = 0;
    for (const seed of ['audit5', '1', '2', '3', '4', '5', '6', '7']) {
      for (const s of statementsOf(profile, seed)) {
        expect(result(s)?.completion).toBe(true);
        expect(result(s)?.success).not.toBe(false);
        if (result(s)?.success === true) written++;
      }
    }
    expect(written).toBeGreaterThan(0);
  });

  it('draws the only boolean "none" leaves for an included value, and "all" keeps to its list', () => {
    const profile = finished([
      { location: '$.result.success', presence: 'included', none: [true] },
      { location: '$.result.completion', presence: 'included', all: [false] },
    ]);
    const statements = statementsOf(profile, 'audit5');
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(result(s)?.success).toBe(false);
      expect(result(s)?.completion).toBe(false);
    }
  });

  it('refuses before generating when "none" forbids every boolean', () => {
    const prepared = prepareSimulation(
      [finished([{ location: '$.result.success', presence: 'included', none: [true, false] }])],
      { parameters: { seed: 'audit5' } },
    );
    expect(prepared.ok).toBe(false);
    expect(prepared.problems[0]).toMatchObject({ kind: 'template', ruleIndex: 0 });
  });
});

describe('simulate: a rule whose path goes through object.definition', () => {
  // Reduced from a profile that validates with no findings: a template with no object activity
  // type whose rule reaches into the object's definition. The simulator wrote
  // `"definition": {"type": null}` on the way, which xAPI refuses, and refused the profile.
  const ext = 'https://example.org/xapi/extensions/difficulty';
  const profile: Profile = {
    ...profileOf([
      template('attempted', {
        rules: [
          {
            location: `$.object.definition.extensions['${ext}']`,
            presence: 'included',
            any: ['easy', 'hard'],
          },
          { location: '$.object.definition.name', presence: 'recommended' },
        ],
      }),
    ]),
  };

  it('writes a definition xAPI accepts, and every statement passes its template', () => {
    const statements = statementsOf(profile, '7', 100);
    const compiled = compileProfile(profile);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      const definition = (s.object as JsonObject).definition as JsonObject;
      expect(definition).toBeTypeOf('object');
      expect(definition.type === undefined || typeof definition.type === 'string').toBe(true);
      expect(['easy', 'hard']).toContain((definition.extensions as JsonObject)[ext]);
      expect(validateStatement(s, compiled).outcome).toBe('success');
    }
  });
});

describe('simulate: a model sets the range of an extension', () => {
  const score = 'https://example.org/xapi/extensions/difficulty-score';
  const mood = 'https://example.org/xapi/extensions/mood';
  const profile: Profile = {
    ...profileOf([
      template('rated', {
        rules: [
          { location: `$.result.extensions['${score}']`, presence: 'included' },
          { location: `$.context.extensions['${mood}']`, presence: 'included' },
        ],
      }),
    ]),
  };
  profile.concepts = [
    ...(profile.concepts ?? []),
    extensionConcept(
      score,
      'ResultExtension',
      'difficulty score',
      '{"type": "integer", "minimum": 0, "maximum": 10}',
    ),
    extensionConcept(mood, 'ContextExtension', 'mood', '{"type": "string"}'),
  ];

  it('draws within the range and among the values the model gives', () => {
    const prepared = prepareSimulation([profile], {
      parameters: { seed: 'range', max: 200 },
      model: { extensions: { [score]: { min: 7, max: 9 }, [mood]: { values: ['calm', 'eager'] } } },
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const statements = [...generate(prepared.plan)];
    expect(statements.length).toBeGreaterThan(0);
    const scores = new Set(
      statements.map((s) => ((s.result as JsonObject).extensions as JsonObject)[score]),
    );
    const moods = new Set(
      statements.map((s) => ((s.context as JsonObject).extensions as JsonObject)[mood]),
    );
    expect(scores).toEqual(new Set([7, 8, 9]));
    expect(moods).toEqual(new Set(['calm', 'eager']));
  });

  it('keeps to the schema when the model asks for more than it allows', () => {
    const prepared = prepareSimulation([profile], {
      parameters: { seed: 'range', max: 100 },
      model: { extensions: { [score]: { min: 50, max: 60 } } },
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    for (const s of generate(prepared.plan)) {
      const v = ((s.result as JsonObject).extensions as JsonObject)[score] as number;
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(10);
    }
  });

  it('says which range cannot be used', () => {
    const prepared = prepareSimulation([profile], {
      model: { extensions: { [score]: { min: 9, max: 1 } } },
    });
    expect(prepared.ok).toBe(false);
    expect(prepared.problems).toEqual([
      expect.objectContaining({
        kind: 'parameters',
        reason: expect.stringContaining(score) as string,
      }),
    ]);
  });
});

describe('simulate: the pages read add up to the text the registration reads', () => {
  // Reduced from the demo profile "Reading Progress": a book of 212 pages, read in sittings
  // whose "pages read" once added up to 450 and 720 pages in one registration.
  const pagesRead = 'https://example.org/xapi/extensions/pages-read';
  const pageCount = 'https://example.org/xapi/extensions/page-count';
  const book = 'https://example.org/xapi/activity-types/book';
  const sitting = (name: string) =>
    template(name, {
      objectActivityType: book,
      rules: [{ location: `$.result.extensions['${pagesRead}']`, presence: 'included' }],
    });
  const base = sequenceProfile([sitting('read'), sitting('read-on'), sitting('finished')]);
  const bookConcepts = (pages: number | undefined): Profile['concepts'] => [
    ...(base.concepts ?? []),
    extensionConcept(
      pagesRead,
      'ResultExtension',
      'pages read',
      '{"type": "integer", "minimum": 0}',
    ),
    extensionConcept(
      pageCount,
      'ActivityExtension',
      'page count',
      '{"type": "integer", "minimum": 1}',
    ),
    {
      id: 'https://example.org/xapi/activities/field-guide',
      type: 'Activity',
      inScheme: VERSION,
      activityDefinition: {
        '@context': 'https://w3id.org/xapi/profiles/activity-context',
        type: book,
        name: { en: 'A Field Guide to Garden Birds' },
        ...(pages === undefined ? {} : { extensions: { [pageCount]: pages } }),
      },
    },
  ];
  const pagesPerRegistration = (statements: JsonObject[]) => {
    const sums = new Map<string, number>();
    for (const s of statements) {
      const registration = (s.context as JsonObject).registration as string;
      const pages = ((s.result as JsonObject).extensions as JsonObject)[pagesRead] as number;
      expect(Number.isInteger(pages) && pages >= 0).toBe(true);
      sums.set(registration, (sums.get(registration) ?? 0) + pages);
    }
    return [...sums.values()];
  };

  it('never reads more pages in a registration than the book gives in its page count', () => {
    for (const pages of [212, 24, 3]) {
      const statements = statementsOf(
        { ...base, concepts: bookConcepts(pages) },
        `pages-${pages}`,
        300,
      );
      expect(statements.length).toBeGreaterThan(0);
      const sums = pagesPerRegistration(statements);
      expect(Math.max(...sums)).toBeLessThanOrEqual(pages);
      expect(Math.max(...sums)).toBeGreaterThan(0);
    }
  });

  it('reads a text of a plausible length when no page count is given, and the same bytes for the same seed', () => {
    const profile = { ...base, concepts: bookConcepts(undefined) };
    const statements = statementsOf(profile, 'no-count', 300);
    expect(Math.max(...pagesPerRegistration(statements))).toBeLessThanOrEqual(400);
    expect(JSON.stringify(statementsOf(profile, 'no-count', 300))).toBe(JSON.stringify(statements));
  });
});

describe('simulate: a registration begins as an attempt does', () => {
  // Reduced from cmi5: "satisfied" may come at any time, so its primary pattern allows it in
  // front of the sessions; drawn like any repeat, three registrations in four began with it.
  const templates = ['satisfied', 'launched', 'terminated'].map((n) => template(n));
  const profile = simulableProfile(templates, [
    pattern('top', { sequence: [patternId('satisfieds'), patternId('sessions')] }, true),
    pattern('satisfieds', { zeroOrMore: templateId('satisfied') }),
    pattern('sessions', { zeroOrMore: patternId('session') }),
    pattern('session', {
      sequence: [templateId('launched'), patternId('satisfieds'), templateId('terminated')],
    }),
  ]);

  it('mostly leaves out a repeat in front of what follows, and still takes it sometimes', () => {
    const firsts = new Map<string, string>();
    let satisfiedLater = 0;
    for (const s of statementsOf(profile, 'cmi5-like', 4000)) {
      const registration = (s.context as JsonObject).registration as string;
      const v = (s.verb as JsonObject).id as string;
      if (!firsts.has(registration)) firsts.set(registration, v);
      else if (v === verb('satisfied')) satisfiedLater++;
    }
    const leading = [...firsts.values()].filter((v) => v === verb('satisfied')).length;
    const share = leading / firsts.size;
    expect(firsts.size).toBeGreaterThan(300);
    // Of the walks with statements, about LEADING_REPEAT_CHANCE / (1 - 0.9 × 1/4) begin with it.
    expect(share).toBeGreaterThan(LEADING_REPEAT_CHANCE / 2);
    expect(share).toBeLessThan(LEADING_REPEAT_CHANCE * 2);
    // Within the sessions the same repeat is drawn as before.
    expect(satisfiedLater).toBeGreaterThan(firsts.size);
  });
});
