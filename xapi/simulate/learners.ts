/**
 * How each simulated person learns: how well (ability), how fast (pace), when (hours of the
 * day), and whether they keep coming back (dropout). `model.learner` sets it for everyone and
 * `model.actors` for one actor, by the actor's identifier (`actorKey`: the `mbox`, `sha1:` and
 * the `mbox_sha1sum`, the `openid`, or `homePage|name` of the account).
 *
 * Nothing here draws a random number unless its setting is given, so a model without them gives
 * the same statements, byte for byte, as before they existed.
 */
import { isObject } from '../json.js';
import type { Random } from './random.js';
import type { SimulationProblem } from './types.js';

/** A learner's settings, checked, with the defaults filled in. */
export interface Learner {
  /** 0–1, where the learner's scores fall; undefined: anywhere, success a coin toss. */
  ability: number | undefined;
  /** Multiplies the time between statements and between registrations. */
  pace: number;
  /** Probability of taking no registration after this one. */
  dropout: number;
  /** Hours (UTC, 0–24) a registration may start in; undefined: any. */
  hours: { from: number; to: number } | undefined;
}

const DEFAULT: Learner = { ability: undefined, pace: 1, dropout: 0, hours: undefined };

/** How far a learner's scaled scores stray from their ability, either way. */
const SCORE_SPREAD = 0.15;

function parameterProblem(reason: string): SimulationProblem {
  return { kind: 'parameters', id: '', reason };
}

/** One learner's settings read over `base`; every problem names `where`. */
function readLearner(
  raw: unknown,
  base: Learner,
  where: string,
  problems: SimulationProblem[],
): Learner {
  if (!isObject(raw)) {
    problems.push(parameterProblem(`${where} must be an object`));
    return base;
  }
  const out: Learner = { ...base };
  const known = new Set(['ability', 'pace', 'dropout', 'hours']);
  for (const key of Object.keys(raw))
    if (!known.has(key))
      problems.push(parameterProblem(`${where} has "${key}"; use ability, pace, dropout or hours`));
  const probability = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  if (raw.ability !== undefined) {
    if (probability(raw.ability)) out.ability = raw.ability as number;
    else problems.push(parameterProblem(`${where}: ability must be a number from 0 to 1`));
  }
  if (raw.pace !== undefined) {
    const pace = raw.pace;
    if (typeof pace === 'number' && pace >= 0.01 && pace <= 100) out.pace = pace;
    else problems.push(parameterProblem(`${where}: pace must be a number from 0.01 to 100`));
  }
  if (raw.dropout !== undefined) {
    if (probability(raw.dropout)) out.dropout = raw.dropout as number;
    else problems.push(parameterProblem(`${where}: dropout must be a probability from 0 to 1`));
  }
  if (raw.hours !== undefined) {
    const h = raw.hours;
    const hour = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 24;
    if (isObject(h) && hour(h.from) && hour(h.to) && (h.from as number) < (h.to as number)) {
      out.hours = { from: h.from as number, to: h.to as number };
    } else {
      problems.push(
        parameterProblem(
          `${where}: hours must be {"from", "to"}, whole hours (UTC) with 0 <= from < to <= 24`,
        ),
      );
    }
  }
  return out;
}

/**
 * The learner of each actor, from `model.learner` and `model.actors`. An identifier in `actors`
 * that names no actor of the personae is a problem: a misspelt one would otherwise be ignored.
 */
export function resolveLearners(
  model: Record<string, unknown>,
  keys: readonly string[],
  problems: SimulationProblem[],
): (key: string) => Learner {
  const base =
    model.learner === undefined
      ? DEFAULT
      : readLearner(model.learner, DEFAULT, 'learner', problems);
  const byKey = new Map<string, Learner>();
  if (model.actors !== undefined) {
    if (!isObject(model.actors)) {
      problems.push(parameterProblem('actors must be an object of learners by actor identifier'));
    } else {
      const known = new Set(keys);
      for (const [key, raw] of Object.entries(model.actors)) {
        if (!known.has(key)) {
          problems.push(
            parameterProblem(
              `actors names "${key}", which is no actor of the personae (use the mbox, "sha1:" and the mbox_sha1sum, the openid, or "homePage|name" of the account)`,
            ),
          );
          continue;
        }
        byKey.set(key, readLearner(raw, base, `the learner of ${key}`, problems));
      }
    }
  }
  return (key) => byKey.get(key) ?? base;
}

/** Milliseconds drawn in a period's bounds (seconds), stretched by the learner's pace. */
export function pacedMillis(
  random: Random,
  period: { min: number; max: number },
  learner: Learner | undefined,
): number {
  const pace = learner?.pace ?? 1;
  if (pace === 1) return random.int(period.min * 1000, period.max * 1000);
  return random.int(Math.round(period.min * 1000 * pace), Math.round(period.max * 1000 * pace));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * When a registration's first statement is made, at or after `at`: then if it falls within the
 * learner's hours, else at a random instant in the first hour of the next time they open, so
 * starts do not all fall on the hour.
 */
export function startWithinHours(at: number, learner: Learner, random: Random): number {
  const hours = learner.hours;
  if (!hours) return at;
  const day = Math.floor(at / DAY) * DAY;
  const hour = (at - day) / HOUR;
  if (hour >= hours.from && hour < hours.to) return at;
  const opens = hour < hours.from ? day + hours.from * HOUR : day + DAY + hours.from * HOUR;
  return opens + random.int(0, Math.min(HOUR, (hours.to - hours.from) * HOUR) - 1);
}

/**
 * A scaled score (0–1, two decimals) near the learner's ability; undefined when the learner has
 * none, and the caller draws as it always has.
 */
export function scaledByAbility(learner: Learner | undefined, random: Random): number | undefined {
  if (learner?.ability === undefined) return undefined;
  const s = learner.ability + (random.next() * 2 - 1) * SCORE_SPREAD;
  return Math.round(Math.min(1, Math.max(0, s)) * 100) / 100;
}

/** Whether a success drawn for the learner is true: as likely as their ability. */
export function successByAbility(learner: Learner | undefined, random: Random): boolean {
  return random.chance(learner?.ability ?? 0.5);
}
