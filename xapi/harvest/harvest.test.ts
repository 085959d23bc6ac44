import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import {
  HARVEST_LIMITS,
  harvestKey,
  harvestStatements,
  harvestSteps,
  type HarvestedConcept,
} from './harvest.js';

const EX = 'https://example.org/xapi';
const actor = { objectType: 'Agent', mbox: 'mailto:learner@example.org' };

/** A statement using one concept of every kind. */
const everything: JsonObject = {
  actor,
  verb: { id: `${EX}/verbs/answered`, display: { en: 'answered', de: 'beantwortete' } },
  object: {
    objectType: 'Activity',
    id: `${EX}/activities/q1`,
    definition: {
      name: { en: 'Question 1' },
      description: { en: 'The first question.' },
      type: `${EX}/activity-types/question`,
      extensions: { [`${EX}/extensions/difficulty`]: 3 },
    },
  },
  result: { success: true, extensions: { [`${EX}/extensions/attempts`]: 2 } },
  context: {
    extensions: { [`${EX}/extensions/device`]: 'tablet' },
    contextActivities: {
      // A single activity, not an array: xAPI allows it.
      parent: { id: `${EX}/activities/quiz`, definition: { type: `${EX}/activity-types/quiz` } },
      grouping: [{ id: `${EX}/activities/course` }],
      category: [{ id: `${EX}/activities/profile` }],
      other: [{ id: `${EX}/activities/hint` }],
    },
  },
  attachments: [
    {
      usageType: `${EX}/attachment-usage-types/signature`,
      display: { en: 'Signature' },
      contentType: 'text/plain',
      length: 4,
      sha2: 'abcd',
    },
  ],
};

const statement = (verb: string, extra: JsonObject = {}): JsonObject => ({
  actor,
  verb: { id: `${EX}/verbs/${verb}`, display: { en: verb } },
  object: { id: `${EX}/activities/a` },
  ...extra,
});

function harvested(input: unknown, maxStatements = 100) {
  const result = harvestStatements(input, { maxStatements });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

const byKey = (concepts: HarvestedConcept[]) => new Map(concepts.map((c) => [c.key, c]));

describe('harvestStatements', () => {
  it('harvests every kind of concept a statement uses', () => {
    const result = harvested(everything);
    const found = byKey(result.concepts);
    const get = (type: HarvestedConcept['type'], iri: string) => found.get(harvestKey(type, iri));
    expect(get('Verb', `${EX}/verbs/answered`)?.name).toEqual({
      en: 'answered',
      de: 'beantwortete',
    });
    expect(get('Activity', `${EX}/activities/q1`)).toMatchObject({
      name: { en: 'Question 1' },
      description: { en: 'The first question.' },
      activityType: `${EX}/activity-types/question`,
    });
    expect(get('ActivityType', `${EX}/activity-types/question`)).toBeDefined();
    expect(get('ActivityType', `${EX}/activity-types/quiz`)).toBeDefined();
    for (const name of ['quiz', 'course', 'profile', 'hint'])
      expect(get('Activity', `${EX}/activities/${name}`), name).toBeDefined();
    expect(get('ActivityExtension', `${EX}/extensions/difficulty`)).toBeDefined();
    expect(get('ContextExtension', `${EX}/extensions/device`)).toBeDefined();
    expect(get('ResultExtension', `${EX}/extensions/attempts`)).toBeDefined();
    expect(get('AttachmentUsageType', `${EX}/attachment-usage-types/signature`)).toBeDefined();
    expect(result.concepts).toHaveLength(12);
    expect(result).toMatchObject({ statementCount: 1, skippedCount: 0, problems: [] });
  });

  it('harvests the parts of a sub-statement', () => {
    const result = harvested(
      statement('said', {
        object: {
          objectType: 'SubStatement',
          actor,
          verb: { id: `${EX}/verbs/will-attend` },
          object: { id: `${EX}/activities/meeting` },
        },
      }),
    );
    expect(result.concepts.map((c) => c.key)).toEqual([
      harvestKey('Verb', `${EX}/verbs/said`),
      harvestKey('Verb', `${EX}/verbs/will-attend`),
      harvestKey('Activity', `${EX}/activities/meeting`),
    ]);
  });

  it('merges one concept over the statements using it, and counts them', () => {
    const result = harvested([
      statement('did', { verb: { id: `${EX}/verbs/did`, display: { en: 'did' } } }),
      statement('did', { verb: { id: `${EX}/verbs/did`, display: { fr: 'a fait', en: 'done' } } }),
      statement('saw'),
    ]);
    const did = byKey(result.concepts).get(harvestKey('Verb', `${EX}/verbs/did`));
    // The first text of a language stays; other languages are added.
    expect(did).toMatchObject({ name: { en: 'did', fr: 'a fait' }, statementCount: 2 });
    const activity = byKey(result.concepts).get(harvestKey('Activity', `${EX}/activities/a`));
    expect(activity?.statementCount).toBe(3);
    expect(result.concepts).toHaveLength(3);
  });

  it('counts a statement once for a concept it uses twice', () => {
    const result = harvested(
      statement('did', {
        context: { contextActivities: { parent: [{ id: `${EX}/activities/a` }] } },
      }),
    );
    expect(byKey(result.concepts).get(harvestKey('Activity', `${EX}/activities/a`))).toMatchObject({
      statementCount: 1,
    });
  });

  it('keeps the same IRI used as two types apart', () => {
    const iri = `${EX}/extensions/score`;
    const result = harvested(
      statement('did', {
        result: { extensions: { [iri]: 1 } },
        context: { extensions: { [iri]: 1 } },
      }),
    );
    const types = result.concepts.filter((c) => c.iri === iri).map((c) => c.type);
    expect(types.sort()).toEqual(['ContextExtension', 'ResultExtension']);
  });

  it('skips a bad statement with its index and reason, and harvests the others', () => {
    const result = harvested([statement('one'), { actor, object: { id: 'x' } }, statement('two')]);
    expect(result.statementCount).toBe(2);
    expect(result.skippedCount).toBe(1);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ index: 1 });
    expect(result.problems[0]?.message).toMatch(/verb/);
    expect(result.concepts.map((c) => c.iri)).toEqual([
      `${EX}/verbs/one`,
      `${EX}/activities/a`,
      `${EX}/verbs/two`,
    ]);
  });

  it('names every problem of a skipped statement, not the first alone', () => {
    const result = harvested([{ object: { id: 'x' } }]);
    const message = result.problems[0]?.message ?? '';
    expect(message).toMatch(/actor/);
    expect(message).toMatch(/verb/);
    expect(message).not.toMatch(/more problems/);
  });

  it('reports a value that is not an object as a skipped statement', () => {
    const result = harvested([statement('one'), 42]);
    expect(result.problems.map((p) => p.index)).toEqual([1]);
    expect(result.problems[0]?.message).toMatch(/JSON object/);
  });

  it('takes one statement, an array, and an LRS result alike', () => {
    const one = harvested(statement('did'));
    const array = harvested([statement('did')]);
    const lrs = harvested({ statements: [statement('did')], more: '' });
    expect(array.concepts).toEqual(one.concepts);
    expect(lrs.concepts).toEqual(one.concepts);
  });

  it('refuses a file over the limit whole, never cutting it', () => {
    const result = harvestStatements([statement('a'), statement('b'), statement('c')], {
      maxStatements: 2,
    });
    expect(result).toMatchObject({ ok: false, refusal: 'too-many-statements' });
    if (!result.ok) expect(result.message).toMatch(/3 statements.*at most 2/);
    expect(harvestStatements([statement('a'), statement('b')], { maxStatements: 2 }).ok).toBe(true);
  });

  it('refuses what is not statements', () => {
    for (const input of [42, 'text', null, true, [], { statements: 'x' }, { statements: {} }])
      expect(harvestStatements(input, { maxStatements: 10 }), JSON.stringify(input)).toMatchObject({
        ok: false,
        refusal: 'not-statements',
      });
  });

  it('reports an object that is no statement as a skipped statement', () => {
    const result = harvested({ hello: 'world' });
    expect(result).toMatchObject({ statementCount: 0, skippedCount: 1, concepts: [] });
  });

  it('refuses a profile document, by its type or by its context', () => {
    for (const input of [
      { id: `${EX}/profile`, type: 'Profile' },
      { '@context': 'https://w3id.org/xapi/profiles/context', id: `${EX}/profile` },
      { '@context': ['https://w3id.org/xapi/profiles/context'] },
    ])
      expect(harvestStatements(input, { maxStatements: 10 })).toMatchObject({
        ok: false,
        refusal: 'profile-document',
      });
  });

  describe('bounds what one statement and one file bring', () => {
    const verb = (display: Record<string, string>, extensions = 0) => ({
      actor,
      verb: { id: `${EX}/verbs/v`, display },
      object: { objectType: 'Activity', id: `${EX}/activities/a` },
      context: {
        extensions: Object.fromEntries(
          Array.from({ length: extensions }, (_, n) => [`${EX}/extensions/e${n}`, n]),
        ),
      },
    });
    const languages = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, n) => [`x-l${n}`, 'word']));

    it.each([
      [
        'a display over the text limit',
        verb({ en: 'x'.repeat(HARVEST_LIMITS.textMax + 1) }),
        /verb\.display\.en: 1,001 characters; at most 1,000/,
      ],
      [
        'a display in too many languages',
        verb(languages(HARVEST_LIMITS.languagesMax + 1)),
        /verb\.display: 21 languages; .* at most 20/,
      ],
      [
        'too many extensions in one place',
        verb({ en: 'v' }, HARVEST_LIMITS.extensionsMax + 1),
        /context\.extensions: 101 extensions; .* at most 100/,
      ],
      [
        'an IRI over the limit',
        { ...verb({ en: 'v' }), object: { id: `${EX}/${'a'.repeat(HARVEST_LIMITS.iriMax)}` } },
        /object\.id: this IRI is too long: it is 2,0\d\d characters long, over the limit of 2,000/,
      ],
    ])('skips a statement with %s, keeping nothing of it', (_what, statement, says) => {
      const result = harvestStatements([statement, verb({ en: 'fine' })], { maxStatements: 10 });
      if (!result.ok) throw new Error(result.message);
      expect(result.problems).toEqual([
        { index: 0, message: expect.stringMatching(says) as unknown },
      ]);
      // The statement within the bounds is kept; the verb the skipped one shares counts once.
      expect(result.concepts.find((c) => c.type === 'Verb')).toMatchObject({
        name: { en: 'fine' },
        statementCount: 1,
      });
    });

    it('takes a statement at every bound', () => {
      const atBounds = verb(
        { ...languages(HARVEST_LIMITS.languagesMax - 1), en: 'x'.repeat(HARVEST_LIMITS.textMax) },
        HARVEST_LIMITS.extensionsMax,
      );
      expect(harvestStatements([atBounds], { maxStatements: 1 })).toMatchObject({
        ok: true,
        skippedCount: 0,
      });
    });

    it('refuses a file naming more distinct concepts than one file may bring', () => {
      const per = HARVEST_LIMITS.extensionsMax;
      const statements = Array.from(
        { length: Math.ceil(HARVEST_LIMITS.conceptsMax / per) + 1 },
        (_, s) => ({
          ...verb({ en: 'v' }),
          context: {
            extensions: Object.fromEntries(
              Array.from({ length: per }, (_, n) => [`${EX}/extensions/s${s}e${n}`, n]),
            ),
          },
        }),
      );
      const result = harvestStatements(statements, { maxStatements: 1000 });
      expect(result).toMatchObject({ ok: false, refusal: 'too-many-concepts' });
      if (!result.ok) expect(result.message).toMatch(/more than 1,000 distinct concepts/);
    });

    it('can be read one statement at a time, with the same result', () => {
      const input = [everything, verb({ en: 'v' })];
      const steps = harvestSteps(input, { maxStatements: 10 });
      const yielded: number[] = [];
      let step = steps.next();
      while (!step.done) {
        yielded.push(step.value);
        step = steps.next();
      }
      expect(yielded).toEqual([0, 1]);
      expect(step.value).toEqual(harvestStatements(input, { maxStatements: 10 }));
    });
  });
});
