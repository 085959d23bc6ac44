/**
 * Temporal bounds and the model's own activities: what a model may write, what it is told when
 * it writes something else, and what the statements then look like.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { patternId, sequenceProfile, template, verb } from '../statement/fixtures.js';
import { nextWithin, readBounds } from './bounds.js';
import { generate, prepareSimulation } from './index.js';
import type { BoundedPeriod, SimulationModel } from './types.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function bounds(raw: unknown) {
  const problems: string[] = [];
  const read = readBounds(raw, 'the bounds', problems);
  expect(problems).toEqual([]);
  return read!;
}

describe('temporal bounds', () => {
  it('moves an instant to the next one inside, by the largest unit it misses', () => {
    const weekdayMornings = bounds([{ daysOfWeek: [['Monday', 'Friday']], hours: [[9, 11]] }]);
    // Saturday 2025-01-04 at noon: the next is Monday 09:00.
    expect(iso(nextWithin([weekdayMornings], at('2025-01-04T12:00:00Z')))).toBe(
      '2025-01-06T09:00:00.000Z',
    );
    // Inside already: unchanged.
    expect(iso(nextWithin([weekdayMornings], at('2025-01-06T10:30:15.250Z')))).toBe(
      '2025-01-06T10:30:15.250Z',
    );
    // 11:59 is inside (ranges are inclusive), 12:00 is not.
    expect(iso(nextWithin([weekdayMornings], at('2025-01-06T12:00:00Z')))).toBe(
      '2025-01-07T09:00:00.000Z',
    );
    // Months by name, days of the month, steps, and the 31st skipping short months.
    const odd = bounds([
      { months: ['February', { start: 4, end: 12, step: 2 }], daysOfMonth: [31] },
    ]);
    expect(iso(nextWithin([odd], at('2025-01-15T00:00:00Z')))).toBe('2025-08-31T00:00:00.000Z');
    // One of several bounds is enough; every list must hold.
    const either = bounds([{ hours: [3] }, { hours: [20] }]);
    const june = bounds([{ months: [6] }]);
    expect(iso(nextWithin([either, june], at('2025-05-31T21:00:00Z')))).toBe(
      '2025-06-01T03:00:00.000Z',
    );
    expect(nextWithin([bounds([{ years: [2024] }])], at('2025-01-01T00:00:00Z'))).toBeUndefined();
    expect(
      iso(nextWithin([bounds([{ years: [[2020, 2030, 5]] }])], at('2026-03-01T00:00:00Z'))),
    ).toBe('2030-01-01T00:00:00.000Z');
  });

  it('says what to write for a bound it cannot read', () => {
    const problems: string[] = [];
    readBounds({ hours: [9] }, 'the bounds', problems);
    readBounds(
      [
        { hour: [9] },
        { hours: [24] },
        { daysOfWeek: ['Funday'] },
        { months: [[5, 2]] },
        { years: [1900] },
      ],
      'the bounds',
      problems,
    );
    expect(problems).toEqual([
      'the bounds must be a list of bounds, e.g. [{"hours": [[9, 17]]}]',
      'the bounds, bound 1 has "hour"; use years, months, daysOfMonth, daysOfWeek, hours, minutes or seconds',
      'the bounds, bound 2: hours: 24 is not a value (0–23) or a range of them',
      'the bounds, bound 3: daysOfWeek: "Funday" is not a value (0–6 or a name) or a range of them',
      'the bounds, bound 4: months: [5,2] is not a value (1–12 or a name) or a range of them',
      'the bounds, bound 5: years: 1900 is not a year from 1970 to 9999 or a range of them',
    ]);
  });
});

const profile = () => sequenceProfile([template('open'), template('read'), template('close')]);

function statementsOf(model: SimulationModel, max = 300): JsonObject[] {
  const prepared = prepareSimulation([profile()], { model, parameters: { seed: 5, max } });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  return [...generate(prepared.plan)];
}

describe('a model with bounds and activities of its own', () => {
  it('keeps every statement inside the bounds, and a template to its own', () => {
    const statements = statementsOf({
      bounds: { [patternId('main')]: [{ hours: [[8, 17]] }] },
    });
    expect(statements.length).toBeGreaterThan(100);
    for (const s of statements) {
      const hour = new Date(s.timestamp as string).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThanOrEqual(17);
    }
    const closing = statementsOf({
      bounds: { [template('close').id!]: [{ daysOfWeek: ['Sunday'] }] },
    }).filter((s) => (s.verb as JsonObject).id === verb('close'));
    expect(closing.length).toBeGreaterThan(30);
    for (const s of closing) expect(new Date(s.timestamp as string).getUTCDay()).toBe(0);
  });

  it('stops an actor whose bounds leave no more time, and refuses bounds with none at all', () => {
    const statements = statementsOf({ bounds: [{ years: [2025], months: [1] }] }, 100_000);
    expect(statements.length).toBeGreaterThan(0);
    const last = statements.at(-1)!.timestamp as string;
    expect(last < '2025-02-01').toBe(true);

    const none = prepareSimulation([profile()], {
      model: { bounds: [{ years: [2024] }] },
      parameters: { start: '2025-01-01T00:00:00Z' },
    });
    expect(none.ok).toBe(false);
    expect(none.problems.map((p) => p.reason)).toEqual([
      'the bounds leave no instant after the start',
    ]);
  });

  it('takes the first period whose bounds hold the previous statement’s instant', () => {
    const morningsSlow: BoundedPeriod[] = [
      { min: 3600, max: 3600, bounds: [{ hours: [[0, 11]] }] },
      { min: 60, max: 60 },
    ];
    const check = (statements: JsonObject[]) => {
      const last = new Map<string, number>();
      let slow = 0;
      let quick = 0;
      for (const s of statements) {
        const r = (s.context as JsonObject).registration as string;
        const t = Date.parse(s.timestamp as string);
        const before = last.get(r);
        last.set(r, t);
        if (before === undefined) continue;
        const morning = new Date(before).getUTCHours() < 12;
        expect(t - before).toBe(morning ? 3_600_000 : 60_000);
        if (morning) slow++;
        else quick++;
      }
      expect(slow).toBeGreaterThan(20);
      expect(quick).toBeGreaterThan(20);
    };
    check(statementsOf({ period: morningsSlow }));
    check(
      statementsOf({
        periods: Object.fromEntries(['read', 'close'].map((n) => [template(n).id!, morningsSlow])),
      }),
    );

    const refused = prepareSimulation([profile()], {
      model: {
        period: [],
        periods: { [template('read').id!]: [{ min: 1, max: 2, bounds: [{ hours: [99] }] }] },
      },
    });
    expect(refused.problems.map((p) => p.reason)).toEqual([
      'period must not be an empty list',
      `the bounds of the period of ${template('read').id!}, entry 1, bound 1: hours: 99 is not a value (0–23) or a range of them`,
    ]);
  });

  it('takes its activities in place of made-up ones, and checks them first', () => {
    const room = {
      id: 'https://example.org/rooms/quiet',
      definition: { name: { en: 'Quiet room' } },
    };
    const statements = statementsOf({ activities: [{ activity: room }] });
    expect(new Set(statements.map((s) => (s.object as JsonObject).id))).toEqual(new Set([room.id]));
    expect(statements[0]!.object).toEqual({ objectType: 'Activity', ...room });

    const refused = prepareSimulation([profile()], {
      model: {
        activities: [
          { activity: { id: 'not an iri' } },
          { activity: { objectType: 'Agent', mbox: 'mailto:a@example.org' } },
          { activity: room, weight: -1 },
        ],
      },
    });
    expect(refused.ok).toBe(false);
    expect(refused.problems.map((p) => p.reason)).toEqual([
      'activity 1 of the model is not an xAPI activity: The activity "id" must be an IRI, not the string "not an iri".',
      "activity 2 of the model: only activities can stand in for a template's activities",
      'activity 3 of the model: weight must be a number, 0 or more',
    ]);
  });
});
