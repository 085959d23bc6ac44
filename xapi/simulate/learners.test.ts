/**
 * The model steers each learner: ability moves scores and successes, pace the time between
 * statements and registrations, hours when registrations start, dropout how many they take.
 * Without those settings the statements are the same, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import type { Profile } from '../model/types.js';
import { sequenceProfile, template } from '../statement/fixtures.js';
import { generate, prepareSimulation } from './index.js';
import type { SimulatedActor, SimulationModel } from './types.js';

const ada: SimulatedActor = { name: 'Ada', mbox: 'mailto:ada@example.org' };
const ben: SimulatedActor = { name: 'Ben', mbox: 'mailto:ben@example.org' };

/** Two statements a registration: an attempt, then a scored result whose success is drawn. */
function scoredProfile(): Profile {
  return sequenceProfile([
    template('attempted', {}),
    template('scored', {
      rules: [
        { location: '$.result.score', presence: 'included' },
        { location: '$.result.success', presence: 'included' },
      ],
    }),
  ]);
}

function run(model: SimulationModel | undefined, max = 2000, seed = 'learners'): JsonObject[] {
  const prepared = prepareSimulation([scoredProfile()], {
    personae: [ada, ben],
    ...(model ? { model } : {}),
    parameters: { seed, max },
  });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  expect(prepared.problems).toEqual([]);
  return [...generate(prepared.plan)];
}

const byActor = (statements: JsonObject[], actor: SimulatedActor) =>
  statements.filter((s) => (s.actor as JsonObject).mbox === actor.mbox);
const scored = (statements: JsonObject[]) =>
  statements.filter((s) => (s.result as JsonObject | undefined)?.score !== undefined);
const scaledOf = (s: JsonObject) => ((s.result as JsonObject).score as JsonObject).scaled as number;
const successOf = (s: JsonObject) => (s.result as JsonObject).success as boolean;
const registrationsOf = (statements: JsonObject[]) =>
  new Set(statements.map((s) => (s.context as JsonObject).registration as string));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const timeOf = (s: JsonObject) => Date.parse(s.timestamp as string);

describe('simulate: how each learner learns', () => {
  it('gives the same statements, byte for byte, when the model sets nothing of learners', () => {
    const plain = JSON.stringify(run(undefined, 300));
    expect(JSON.stringify(run({ learner: {} }, 300))).toBe(plain);
    expect(JSON.stringify(run({ actors: { [ada.mbox!]: {} } }, 300))).toBe(plain);
  });

  it('scores a able learner high and passes them more often than a struggling one', () => {
    const statements = run({
      actors: { [ada.mbox!]: { ability: 0.9 }, [ben.mbox!]: { ability: 0.2 } },
    });
    const adas = scored(byActor(statements, ada));
    const bens = scored(byActor(statements, ben));
    expect(adas.length).toBeGreaterThan(100);
    expect(bens.length).toBeGreaterThan(100);
    expect(mean(adas.map(scaledOf))).toBeGreaterThan(0.7);
    expect(mean(bens.map(scaledOf))).toBeLessThan(0.4);
    const passRate = (xs: JsonObject[]) => xs.filter(successOf).length / xs.length;
    expect(passRate(adas)).toBeGreaterThan(0.75);
    expect(passRate(bens)).toBeLessThan(0.35);
    // The score still agrees with the success, as without an ability.
    for (const s of [...adas, ...bens]) expect(scaledOf(s) >= 0.5).toBe(successOf(s));
  });

  it('stretches the time between statements and between registrations by the pace', () => {
    const statements = run({ learner: { pace: 1 }, actors: { [ben.mbox!]: { pace: 4 } } }, 400);
    const span = (xs: JsonObject[]) => {
      const times = xs.map(timeOf);
      return (Math.max(...times) - Math.min(...times)) / (registrationsOf(xs).size || 1);
    };
    const adas = byActor(statements, ada);
    const bens = byActor(statements, ben);
    expect(adas.length).toBeGreaterThan(50);
    expect(bens.length).toBeGreaterThan(50);
    // Per registration, Ben's time is about four times Ada's (drawn, so not exactly).
    expect(span(bens) / span(adas)).toBeGreaterThan(2.5);
    expect(span(bens) / span(adas)).toBeLessThan(6);
  });

  it("starts every registration within the learner's hours", () => {
    const statements = run({ learner: { hours: { from: 9, to: 17 } } }, 600);
    const firsts = new Map<string, number>();
    for (const s of statements) {
      const r = (s.context as JsonObject).registration as string;
      firsts.set(r, Math.min(firsts.get(r) ?? Infinity, timeOf(s)));
    }
    expect(firsts.size).toBeGreaterThan(50);
    for (const first of firsts.values()) {
      const hour = new Date(first).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(17);
    }
    // Without hours, the same run starts registrations at night too.
    const anyHour = run(undefined, 600).map((s) => new Date(timeOf(s)).getUTCHours());
    expect(anyHour.some((h) => h < 9 || h >= 17)).toBe(true);
  });

  it('stops a learner who drops out after a whole registration, and others go on', () => {
    const statements = run({ actors: { [ben.mbox!]: { dropout: 1 } } }, 400);
    const bens = byActor(statements, ben);
    expect(registrationsOf(bens).size).toBe(1);
    expect(bens.length).toBe(2);
    expect(registrationsOf(byActor(statements, ada)).size).toBeGreaterThan(50);
    // A rate between: fewer registrations than without it, never a registration cut short.
    const some = byActor(run({ learner: { dropout: 0.2 } }, 2000), ada);
    expect(registrationsOf(some).size).toBeLessThan(30);
    expect(some.length).toBe(2 * registrationsOf(some).size);
  });

  it('names what is wrong with a learner model, and an identifier no actor has', () => {
    const prepared = prepareSimulation([scoredProfile()], {
      personae: [ada, ben],
      model: {
        learner: { ability: 2, pace: 0, hours: { from: 18, to: 8 } },
        actors: { 'mailto:nobody@example.org': { dropout: 0.5 }, [ada.mbox!]: { speed: 2 } },
      } as unknown as SimulationModel,
    });
    const reasons = prepared.problems.map((p) => p.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'learner: ability must be a number from 0 to 1',
        'learner: pace must be a number from 0.01 to 100',
        'learner: hours must be {"from", "to"}, whole hours (UTC) with 0 <= from < to <= 24',
        expect.stringContaining('actors names "mailto:nobody@example.org", which is no actor'),
        `the learner of ${ada.mbox!} has "speed"; use ability, pace, dropout or hours`,
      ]),
    );
    expect(prepared.problems.every((p) => p.kind === 'parameters')).toBe(true);
  });
});
