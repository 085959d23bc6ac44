/**
 * Models for some of the actors: a group of the personae, or one actor, simulated under settings
 * of its own over the main model, and told plainly when an entry names no one or overreaches.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import {
  pattern,
  patternId,
  simulableProfile,
  template,
  templateId,
  verb,
} from '../statement/fixtures.js';
import { generate, modelFromDatasim, overlaidModel, prepareSimulation } from './index.js';
import type { Personae, SimulationModel } from './types.js';

/** start, then passed or failed. */
const profile = () =>
  simulableProfile(
    ['start', 'passed', 'failed'].map((n) => template(n)),
    [
      pattern('main', { sequence: [templateId('start'), patternId('outcome')] }, true),
      pattern('outcome', { alternates: [templateId('passed'), templateId('failed')] }),
    ],
  );

const personae: Personae = [
  {
    name: 'Evening class',
    mbox: 'mailto:evening@example.org',
    member: [
      { name: 'Ann', mbox: 'mailto:ann@example.org' },
      { name: 'Ben', mbox: 'mailto:ben@example.org' },
    ],
  },
  { name: 'Day class', member: [{ name: 'Cy', mbox: 'mailto:cy@example.org' }] },
];

function byActor(model: SimulationModel): Map<string, JsonObject[]> {
  const prepared = prepareSimulation([profile()], {
    personae,
    model,
    parameters: { seed: 11, max: 900 },
  });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  expect(prepared.problems).toEqual([]);
  const out = new Map<string, JsonObject[]>();
  for (const s of generate(prepared.plan)) {
    const who = (s.actor as JsonObject).mbox as string;
    out.set(who, [...(out.get(who) ?? []), s]);
  }
  return out;
}

const verbs = (statements: JsonObject[] = []) =>
  new Set(statements.map((s) => (s.verb as JsonObject).id as string));
const hours = (statements: JsonObject[] = []) =>
  new Set(statements.map((s) => new Date(s.timestamp as string).getUTCHours()));

describe('a model laid over another', () => {
  it('merges records and the learner key by key, replaces the rest, and changes neither', () => {
    const main = {
      weights: { a: 1, b: 2 },
      actors: { 'mailto:x@example.org': { ability: 0.2 } },
      learner: { dropout: 0.5, ability: 0.7 },
      max: 10,
      personae: [{ actors: ['mailto:x@example.org'], model: {} }],
    };
    const over = JSON.parse(
      '{"weights": {"b": 3}, "actors": {"mailto:y@example.org": {"ability": 1}}, "learner": {"dropout": 0}, "max": 20, "__proto__": {"polluted": true}}',
    ) as Record<string, unknown>;
    const before = JSON.stringify(main);
    const out = overlaidModel(main, over);
    expect(out).toEqual({
      weights: { a: 1, b: 3 },
      actors: { 'mailto:x@example.org': { ability: 0.2 }, 'mailto:y@example.org': { ability: 1 } },
      learner: { dropout: 0, ability: 0.7 },
      max: 20,
      personae: main.personae,
    });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(main)).toBe(before);
    // A record given as something else is replaced, not merged.
    expect(overlaidModel({ weights: [1] }, { weights: { a: 1 } })).toEqual({ weights: { a: 1 } });
  });
});

describe('models for some of the actors', () => {
  it("simulates a group's members under its own settings, merged over the main model", () => {
    const actors = byActor({
      weights: { [templateId('passed')]: 3 },
      personae: [
        {
          actors: ['Evening class'],
          model: { weights: { [templateId('failed')]: 0 }, bounds: [{ hours: [[18, 21]] }] },
        },
      ],
    });
    for (const who of ['mailto:ann@example.org', 'mailto:ben@example.org']) {
      expect(actors.get(who)!.length).toBeGreaterThan(50);
      expect(verbs(actors.get(who)).has(verb('failed'))).toBe(false);
      for (const h of hours(actors.get(who))) expect(h >= 18 && h <= 21).toBe(true);
    }
    // The day class keeps the main model: both outcomes, passed about three times as often.
    const cy = actors.get('mailto:cy@example.org')!;
    const count = (name: string) =>
      cy.filter((s) => (s.verb as JsonObject).id === verb(name)).length;
    expect(count('failed')).toBeGreaterThan(0);
    expect(count('passed') / count('failed')).toBeGreaterThan(2);
    expect(hours(cy).size).toBeGreaterThan(12);
  });

  it('names actors by identifier or a group by its own, the first entry naming one winning', () => {
    const actors = byActor({
      personae: [
        { actors: ['mailto:cy@example.org'], model: { weights: { [templateId('passed')]: 0 } } },
        {
          actors: ['mailto:evening@example.org', 'mailto:cy@example.org'],
          model: { weights: { [templateId('failed')]: 0 } },
        },
      ],
    });
    expect(verbs(actors.get('mailto:cy@example.org')).has(verb('passed'))).toBe(false);
    expect(verbs(actors.get('mailto:ann@example.org')).has(verb('failed'))).toBe(false);
  });

  it('reads DATASIM models for some personae as such entries', () => {
    const { model, unused } = modelFromDatasim(
      [
        { verbs: [{ id: verb('failed'), weight: 0.5 }] },
        {
          personae: [{ id: 'mbox::mailto:evening@example.org', type: 'Group' }],
          patterns: [
            { id: patternId('outcome'), weights: [{ id: templateId('passed'), weight: 0 }] },
          ],
        },
      ],
      [profile()],
    );
    expect(unused).toEqual([]);
    const actors = byActor(model);
    expect(verbs(actors.get('mailto:ben@example.org')).has(verb('passed'))).toBe(false);
    expect(verbs(actors.get('mailto:cy@example.org')).has(verb('passed'))).toBe(true);
  });

  it('says what is wrong with an entry, and refuses one that leaves its actors nothing to do', () => {
    const problems = (model: unknown) => {
      const prepared = prepareSimulation([profile()], {
        personae,
        model: model as SimulationModel,
      });
      return { ok: prepared.ok, reasons: prepared.problems.map((p) => p.reason) };
    };
    expect(problems({ personae: { actors: [] } }).reasons).toEqual([
      'personae must be a list of {"actors": [...], "model": {...}}',
    ]);
    expect(
      problems({
        period: { min: 5, max: 1 },
        personae: [
          { actors: ['Night class'], model: {} },
          { actors: ['Day class'], model: { actors: {} } },
          { actors: ['Day class'], model: { gap: 'often' } },
        ],
      }).reasons,
    ).toEqual([
      'period must be {"min", "max"} in seconds, 0 <= min <= max <= a year',
      'personae entry 1 names "Night class", which is no actor or group of the personae (use an actor\'s mbox, "sha1:" and the mbox_sha1sum, openid or "homePage|name", or a group\'s name)',
      'personae entry 2: its model cannot have "actors"; the entry\'s "actors" say whom it covers',
      'personae entry 3: gap must be {"min", "max"} in seconds, 0 <= min <= max <= a year',
    ]);
    const nothing = problems({
      personae: [{ actors: ['Day class'], model: { weights: { [patternId('main')]: 0 } } }],
    });
    expect(nothing.ok).toBe(false);
    expect(nothing.reasons).toEqual([
      'personae entry 1 leaves its actors no primary pattern to follow',
    ]);
  });
});
