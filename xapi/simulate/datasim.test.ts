/**
 * DATASIM's models read as this simulator's: what has an equivalent steers the statements as it
 * does there, and the rest is named, never dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { Profile } from '../model/types.js';
import {
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

  it('names what it does not use: models for some personae, activities, overrides and bounds', () => {
    const { model, unused } = modelFromDatasim(
      {
        models: [
          {
            personae: [{ id: 'mbox::mailto:bob@example.org', type: 'Agent' }],
            verbs: [{ component: verb('failed'), weight: 0 }],
          },
          {
            activities: [{ component: 'https://example.org/a', weight: 1 }],
            objectOverrides: [{ object: { id: 'https://example.org/o' }, weight: 1 }],
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
    expect(model).toEqual({});
    expect(unused).toEqual([
      expect.stringContaining('model 1: a model for 1 of the personae'),
      expect.stringContaining('model 2: verb https://example.org/unknown-verb'),
      expect.stringContaining('model 2: 1 activities'),
      expect.stringContaining('model 2: 1 objectOverrides'),
      expect.stringContaining(`model 2: template ${templateId('start')}: bounds`),
      `model 2: template ${templateId('start')}: boundRetries`,
    ]);
  });
});
