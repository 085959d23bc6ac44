/**
 * Temporal bounds: the instants (UTC) a statement may carry, as DATASIM writes them. A bound
 * names allowed values per unit (`years`, `months`, `daysOfMonth`, `daysOfWeek`, `hours`,
 * `minutes`, `seconds`), each a list of values and inclusive ranges (`[from, to]`, `[from, to,
 * step]` or `{"start", "end", "step"}`; months and days of the week, Sunday first, by number or by
 * English name); an instant is
 * inside a bound when every unit it names allows it, and inside a list of bounds when it is
 * inside one of them. A statement that would fall outside waits for the next instant inside, as a
 * learner who stops at the end of the working day picks up the next morning.
 */
import { isObject } from '../json.js';

/** A bound as a model writes it. */
export interface TimeBound {
  years?: BoundValue[];
  months?: BoundValue[];
  daysOfMonth?: BoundValue[];
  daysOfWeek?: BoundValue[];
  hours?: BoundValue[];
  minutes?: BoundValue[];
  seconds?: BoundValue[];
}

/** One value, or an inclusive range; months and days of the week may be named. */
export type BoundValue =
  | number
  | string
  | [number | string, number | string]
  | [number | string, number | string, number]
  | { start: number | string; end: number | string; step?: number };

/** A bound read: per unit, whether each value is allowed (years as sorted values). */
export interface CompiledBound {
  years?: number[];
  months?: boolean[];
  daysOfMonth?: boolean[];
  daysOfWeek?: boolean[];
  hours?: boolean[];
  minutes?: boolean[];
  seconds?: boolean[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Each unit's values: the least and most, and the names it accepts (months count from 1). */
const UNITS = {
  months: { least: 1, most: 12, names: MONTHS, offset: 1 },
  daysOfMonth: { least: 1, most: 31 },
  daysOfWeek: { least: 0, most: 6, names: DAYS, offset: 0 },
  hours: { least: 0, most: 23 },
  minutes: { least: 0, most: 59 },
  seconds: { least: 0, most: 59 },
} as const;

type Unit = keyof typeof UNITS;
const KNOWN = new Set<string>(['years', ...Object.keys(UNITS)]);

/** The latest year a bound may name: time goes no further (and no search runs past it). */
const LAST_YEAR = 9999;

/**
 * Reads a list of bounds; every problem names `where` and says what to write instead. An empty
 * list, or a bound that names no unit, allows every instant.
 */
export function readBounds(
  raw: unknown,
  where: string,
  problems: string[],
): CompiledBound[] | undefined {
  if (!Array.isArray(raw)) {
    problems.push(`${where} must be a list of bounds, e.g. [{"hours": [[9, 17]]}]`);
    return undefined;
  }
  const out: CompiledBound[] = [];
  raw.forEach((bound, i) => {
    const at = `${where}, bound ${i + 1}`;
    if (!isObject(bound)) {
      problems.push(`${at} must be an object of units (years, months, daysOfMonth, …)`);
      return;
    }
    const compiled: CompiledBound = {};
    for (const [key, values] of Object.entries(bound)) {
      if (!KNOWN.has(key)) {
        problems.push(
          `${at} has "${key}"; use years, months, daysOfMonth, daysOfWeek, hours, minutes or seconds`,
        );
        continue;
      }
      if (!Array.isArray(values) || values.length === 0) {
        problems.push(`${at}: ${key} must be a list of values or [from, to] ranges, not empty`);
        continue;
      }
      if (key === 'years') {
        const years = readYears(values, `${at}: years`, problems);
        if (years) compiled.years = years;
      } else {
        const allowed = readUnit(key as Unit, values, `${at}: ${key}`, problems);
        if (allowed) compiled[key as Unit] = allowed;
      }
    }
    out.push(compiled);
  });
  return out;
}

/**
 * The values one entry of a unit allows: a value, or an inclusive range with an optional step;
 * undefined when the entry is none of these.
 */
function entryValues(
  v: unknown,
  valueOf: (v: unknown) => number | undefined,
): number[] | undefined {
  const single = typeof v === 'number' || typeof v === 'string' ? valueOf(v) : undefined;
  if (single !== undefined) return [single];
  let parts: unknown[] | undefined;
  if (Array.isArray(v) && (v.length === 2 || v.length === 3)) parts = v;
  else if (isObject(v) && Object.keys(v).every((k) => ['start', 'end', 'step'].includes(k)))
    parts = v.step === undefined ? [v.start, v.end] : [v.start, v.end, v.step];
  if (!parts) return undefined;
  const from = valueOf(parts[0]);
  const to = valueOf(parts[1]);
  const step = parts[2] ?? 1;
  if (from === undefined || to === undefined || from > to) return undefined;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 1) return undefined;
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
}

function readYears(values: unknown[], where: string, problems: string[]): number[] | undefined {
  const year = (v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1970 && v <= LAST_YEAR ? v : undefined;
  const years = new Set<number>();
  for (const v of values) {
    const got = entryValues(v, year);
    if (!got) {
      problems.push(
        `${where}: ${JSON.stringify(v)} is not a year from 1970 to ${LAST_YEAR} or a range of them`,
      );
      return undefined;
    }
    for (const y of got) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}

function readUnit(
  unit: Unit,
  values: unknown[],
  where: string,
  problems: string[],
): boolean[] | undefined {
  const spec = UNITS[unit];
  const names: readonly string[] | undefined = 'names' in spec ? spec.names : undefined;
  const valueOf = (v: unknown): number | undefined => {
    if (typeof v === 'string' && names) {
      const i = names.indexOf(v.toLowerCase());
      return i < 0 ? undefined : i + (spec as { offset: number }).offset;
    }
    return typeof v === 'number' && Number.isInteger(v) && v >= spec.least && v <= spec.most
      ? v
      : undefined;
  };
  const allowed = new Array<boolean>(spec.most + 1).fill(false);
  for (const v of values) {
    const got = entryValues(v, valueOf);
    if (!got) {
      const kinds = names ? `${spec.least}–${spec.most} or a name` : `${spec.least}–${spec.most}`;
      problems.push(`${where}: ${JSON.stringify(v)} is not a value (${kinds}) or a range of them`);
      return undefined;
    }
    for (const n of got) allowed[n] = true;
  }
  return allowed;
}

/** Whether the instant (ms) is inside one of the bounds (an empty list holds every instant). */
export function within(bounds: readonly CompiledBound[], at: number): boolean {
  if (bounds.length === 0) return true;
  const date = new Date(at);
  return bounds.some((b) => inside(b, date));
}

/** Whether the instant (ms) is inside the bound. */
function inside(bound: CompiledBound, at: Date): boolean {
  return firstMiss(bound, at) === undefined;
}

/** The largest unit the instant misses, or undefined when the bound holds it. */
function firstMiss(bound: CompiledBound, at: Date): 'year' | 'month' | 'day' | Unit | undefined {
  const y = at.getUTCFullYear();
  if (bound.years && !bound.years.includes(y)) return 'year';
  if (bound.months && !bound.months[at.getUTCMonth() + 1]) return 'month';
  if (bound.daysOfMonth && !bound.daysOfMonth[at.getUTCDate()]) return 'day';
  if (bound.daysOfWeek && !bound.daysOfWeek[at.getUTCDay()]) return 'day';
  if (bound.hours && !bound.hours[at.getUTCHours()]) return 'hours';
  if (bound.minutes && !bound.minutes[at.getUTCMinutes()]) return 'minutes';
  if (bound.seconds && !bound.seconds[at.getUTCSeconds()]) return 'seconds';
  return undefined;
}

/**
 * The first instant at or after `from` (ms) inside the bound, or undefined when there is none
 * before the year 10000. Each miss skips to the start of the next value of the unit it missed,
 * so the search takes at most a few hundred steps a year.
 */
function nextInside(bound: CompiledBound, from: number): number | undefined {
  let t = from;
  for (let step = 0; step < 100_000; step++) {
    const at = new Date(t);
    const miss = firstMiss(bound, at);
    if (miss === undefined) return t;
    const y = at.getUTCFullYear();
    const m = at.getUTCMonth();
    const d = at.getUTCDate();
    const h = at.getUTCHours();
    switch (miss) {
      case 'year': {
        const later = bound.years!.find((year) => year > y);
        if (later === undefined) return undefined;
        t = Date.UTC(later, 0, 1);
        break;
      }
      case 'month':
        t = Date.UTC(y, m + 1, 1);
        break;
      case 'day':
        t = Date.UTC(y, m, d + 1);
        break;
      case 'hours':
        t = Date.UTC(y, m, d, h + 1);
        break;
      case 'minutes':
        t = Date.UTC(y, m, d, h, at.getUTCMinutes() + 1);
        break;
      default:
        t = Date.UTC(y, m, d, h, at.getUTCMinutes(), at.getUTCSeconds() + 1);
    }
    if (new Date(t).getUTCFullYear() > LAST_YEAR) return undefined;
  }
  return undefined;
}

/**
 * The first instant at or after `from` (ms) inside every list of `all` (each list: inside one of
 * its bounds), or undefined when none comes before the year 10000.
 */
export function nextWithin(all: readonly CompiledBound[][], from: number): number | undefined {
  let t = from;
  for (let round = 0; round < 1_000; round++) {
    let moved = false;
    for (const bounds of all) {
      if (bounds.length === 0) continue;
      const at = new Date(t);
      if (bounds.some((b) => inside(b, at))) continue;
      let earliest: number | undefined;
      for (const b of bounds) {
        const next = nextInside(b, t);
        if (next !== undefined && (earliest === undefined || next < earliest)) earliest = next;
      }
      if (earliest === undefined) return undefined;
      t = earliest;
      moved = true;
    }
    if (!moved) return t;
  }
  return undefined;
}
