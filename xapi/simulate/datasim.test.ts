/**
 * DATASIM's models read as this simulator's: what has an equivalent steers the statements as it
 * does there, and the rest is named, never dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { Profile } from '../model/types.js';
import {
  VERSION,
  pattern,
  patternId,
  simulableProfile,
  template,
  templateId,
  verb,
} from '../statement/fixtures.js';
import { generate, isDatasimModel, modelFromDatasim, prepareSimulation } from './index.js';
import type { SimulationModel } from './types.js';

/** start, then one of passed or failed, then maybe a comment, then repeats of practice. */
function profile(): Profile {
  const templates = ['start', 'passed', 'failed', 'comment', 'practice'].map((n) => template(n));
  return simulableProfile(templates, [
    pattern(
      'main',
      {
        sequence: [
          templateId('start'),
          patternId('outcome'),
          patternId('maybe-comment'),
          patternId('practice'),
        ],
      },
      true,
    ),
    pattern('outcome', { alternates: [templateId('passed'), templateId('failed')] }),
    pattern('maybe-comment', { optional: templateId('comment') }),
    pattern('practice', { zeroOrMore: templateId('practice') }),
  ]);
}

function run(model: SimulationModel): JsonObject[] {
  const prepared = prepareSimulation([profile()], { model, parameters: { seed: 7, max: 600 } });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  return [...generate(prepared.plan)];
}

const count = (statements: JsonObject[], name: string) =>
  statements.filter((s) => (s.verb as JsonObject).id === verb(name)).length;

describe('DATASIM models', () => {
  it('tells DATASIM input from a model of this simulator', () => {
    expect(isDatasimModel([{ verbs: [] }])).toBe(true);
    expect(isDatasimModel({ models: [], profiles: [] })).toBe(true);
    expect(isDatasimModel({ weights: {} })).toBe(false);
    expect(modelFromDatasim({ models: 3 }, []).problem).toMatch(/array of models/);
  });

  it('maps verb and child weights, optional against null, repeat-max and periods, and they steer', () => {
    const { model, unused } = modelFromDatasim(
      [
        {
          verbs: [{ component: verb('failed'), weight: 0 }],
          patterns: [
            {
              component: patternId('maybe-comment'),
              weights: [
                { component: null, weight: 1 },
                { component: templateId('comment'), weight: 0 },
              ],
            },
            { component: patternId('practice'), 'repeat-max': 1 },
            { component: patternId('main'), periods: [{ min: 10, mean: 5, unit: 'seconds' }] },
          ],
          templates: [{ component: templateId('passed'), period: { fixed: 2, unit: 'minutes' } }],
        },
      ],
      [profile()],
    );
    expect(unused).toEqual([]);
    expect(model).toEqual({
      weights: { [templateId('failed')]: 0 },
      optional: { [patternId('maybe-comment')]: 0 },
      repeat: { [patternId('practice')]: 0 },
      period: { min: 10, max: 20 },
      periods: {
        [templateId('start')]: { min: 10, max: 20 },
        [templateId('passed')]: { min: 120, max: 120 },
        [templateId('failed')]: { min: 10, max: 20 },
        [templateId('comment')]: { min: 10, max: 20 },
        [templateId('practice')]: { min: 10, max: 20 },
      },
    });
    const statements = run(model);
    expect(count(statements, 'start')).toBeGreaterThan(50);
    expect(count(statements, 'passed')).toBe(count(statements, 'start'));
    for (const name of ['failed', 'comment', 'practice']) expect(count(statements, name)).toBe(0);
    // "passed" comes two minutes after its registration's start, every time.
    const starts = new Map<string, number>();
    for (const s of statements) {
      const r = (s.context as JsonObject).registration as string;
      const t = Date.parse(s.timestamp as string);
      if ((s.verb as JsonObject).id === verb('start')) starts.set(r, t);
      else expect(t - starts.get(r)!).toBe(120_000);
    }
  });

  it('weighs alternates relative to DATASIM’s default of 0.5', () => {
    const { model } = modelFromDatasim(
      [
        {
          patterns: [
            { id: patternId('outcome'), weights: [{ id: templateId('passed'), weight: 1 }] },
          ],
        },
      ],
      [profile()],
    );
    expect(model.weights).toEqual({ [templateId('passed')]: 2 });
    const statements = run(model);
    const passed = count(statements, 'passed');
    const failed = count(statements, 'failed');
    // 2 to 1 (drawn): passed about twice as often as failed.
    expect(passed / failed).toBeGreaterThan(1.5);
    expect(passed / failed).toBeLessThan(2.8);
  });

  it('names what it does not use: roles, activity types, unknown activities, retries', () => {
    const { model, unused } = modelFromDatasim(
      {
        models: [
          {
            personae: [
              { id: 'mbox::mailto:bob@example.org', type: 'Agent' },
              { id: 'account::https://example.org,carol', type: 'Agent' },
              { id: 'instructor', type: 'Role' },
            ],
            verbs: [{ component: verb('failed'), weight: 0 }],
          },
          {
            activities: [{ component: 'https://example.org/a', weight: 1 }],
            activityTypes: [{ component: 'https://example.org/type', weight: 1 }],
            objectOverrides: [{ object: { objectType: 'Agent', mbox: 'mailto:a@example.org' } }],
            verbs: [{ component: 'https://example.org/unknown-verb', weight: 1 }],
            templates: [
              {
                component: templateId('start'),
                bounds: [{ hours: [[9, 17]] }],
                boundRetries: [patternId('main')],
              },
            ],
          },
        ],
      },
      [profile()],
    );
    expect(model).toEqual({
      bounds: { [templateId('start')]: [{ hours: [[9, 17]] }] },
      personae: [
        {
          actors: ['mailto:bob@example.org', 'https://example.org|carol'],
          model: { weights: { [templateId('failed')]: 0 } },
        },
      ],
    });
    expect(unused).toEqual([
      'model 1: persona "instructor": only agents and groups by identifier name actors here (no roles)',
      expect.stringContaining('model 2: verb https://example.org/unknown-verb'),
      'model 2: activity https://example.org/a: not an activity of the profile',
      expect.stringContaining('model 2: 1 activityTypes'),
      expect.stringContaining('model 2: an object override that is not an activity'),
      expect.stringContaining(`model 2: template ${templateId('start')}: boundRetries`),
    ]);
  });

  it('maps activity weights, object overrides and bounds, and they steer', () => {
    const TYPE = 'https://example.org/types/lesson';
    const ROOM = 'https://example.org/types/room';
    const activity = (n: number) => ({
      id: `https://example.org/lessons/${n}`,
      type: 'Activity' as const,
      inScheme: VERSION,
      activityDefinition: {
        '@context': 'https://w3id.org/xapi/profiles/activity-context',
        type: TYPE,
        name: { en: `Lesson ${n}` },
      },
    });
    const base = profile();
    const lessons: Profile = {
      ...base,
      templates: base.templates!.map((t) =>
        (t as { id: string }).id === templateId('start')
          ? { ...t, objectActivityType: TYPE }
          : (t as { id: string }).id === templateId('practice')
            ? { ...t, objectActivityType: ROOM }
            : t,
      ),
      concepts: [...base.concepts!, activity(1), activity(2), activity(3)],
    };
    const override = {
      objectType: 'Activity',
      id: 'https://example.org/practice-room',
      definition: { type: ROOM, name: { en: 'Practice room' } },
    };
    const { model, unused } = modelFromDatasim(
      [
        {
          activities: [
            { component: 'https://example.org/lessons/1', weight: 1 },
            { component: 'https://example.org/lessons/3', weight: 0 },
          ],
          objectOverrides: [{ object: override, weight: 0.5 }],
          patterns: [{ component: patternId('practice'), bounds: [{ daysOfWeek: ['Saturday'] }] }],
          templates: [
            {
              component: templateId('passed'),
              periods: [
                { fixed: 2, unit: 'hours', bounds: [{ daysOfWeek: ['Sunday'] }] },
                { fixed: 30, unit: 'seconds' },
              ],
            },
          ],
        },
      ],
      [lessons],
    );
    expect(unused).toEqual([]);
    expect(model).toEqual({
      weights: { 'https://example.org/lessons/1': 2, 'https://example.org/lessons/3': 0 },
      activities: [{ activity: override, weight: 1 }],
      bounds: { [patternId('practice')]: [{ daysOfWeek: ['Saturday'] }] },
      periods: {
        [templateId('passed')]: [
          { min: 7200, max: 7200, bounds: [{ daysOfWeek: ['Sunday'] }] },
          { min: 30, max: 30 },
        ],
      },
    });
    const prepared = prepareSimulation([lessons], { model, parameters: { seed: 3, max: 800 } });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const statements = [...generate(prepared.plan)];
    const objects = (name: string) =>
      statements
        .filter((s) => (s.verb as JsonObject).id === verb(name))
        .map((s) => (s.object as JsonObject).id as string);
    const lessonCounts = new Map<string, number>();
    for (const id of objects('start')) lessonCounts.set(id, (lessonCounts.get(id) ?? 0) + 1);
    // Lesson 1 weighs twice the default, lesson 3 nothing.
    expect(lessonCounts.get('https://example.org/lessons/3')).toBeUndefined();
    const one = lessonCounts.get('https://example.org/lessons/1')!;
    const two = lessonCounts.get('https://example.org/lessons/2')!;
    expect(one / two).toBeGreaterThan(1.4);
    expect(one / two).toBeLessThan(2.9);
    // The override stands in for the made-up activity of its type.
    expect(objects('practice').length).toBeGreaterThan(50);
    expect(new Set(objects('practice'))).toEqual(new Set(['https://example.org/practice-room']));
    // Practice happens on Saturdays only (UTC); the rest on any day.
    const days = (name: string) =>
      new Set(
        statements
          .filter((s) => (s.verb as JsonObject).id === verb(name))
          .map((s) => new Date(s.timestamp as string).getUTCDay()),
      );
    expect(days('practice')).toEqual(new Set([6]));
    // "passed" comes two hours after the statement before it on Sundays, else 30 s after.
    const previous = new Map<string, number>();
    const gaps = new Set<string>();
    for (const s of statements) {
      const r = (s.context as JsonObject).registration as string;
      const t = Date.parse(s.timestamp as string);
      const before = previous.get(r);
      previous.set(r, t);
      if ((s.verb as JsonObject).id !== verb('passed') || before === undefined) continue;
      const sunday = new Date(before).getUTCDay() === 0;
      expect(t - before).toBe(sunday ? 7_200_000 : 30_000);
      gaps.add(sunday ? 'Sunday' : 'other');
    }
    expect(gaps).toEqual(new Set(['Sunday', 'other']));
    expect(days('start').size).toBeGreaterThan(3);
  });
});
