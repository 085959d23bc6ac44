/**
 * Simulated statements read as learning data, per registration: over every profile of the
 * authored corpus that can be simulated (read in place, skipped when absent), a registration is
 * one person's attempt with one object, its per-session values drawn once, its quantities what
 * they mean, its scores self-consistent and its strings words, never placeholders; and every
 * statement still passes its template and every registration its pattern.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authoredDir, authoredPresent, profileFiles } from '../fixtures/corpus.js';
import type { JsonObject, JsonValue } from '../json.js';
import { isObject, jsonEqual } from '../json.js';
import { parse } from '../model/parse.js';
import type { Profile } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { followsPatterns } from '../statement/follow-patterns.js';
import { validateStatement } from '../statement/validate-statement.js';
import type { SimulationPlan, TracedStatement } from './index.js';
import { generateTraced, prepareSimulation } from './index.js';
import { extensionPlan } from './registration.js';
import { lastSegment } from './values.js';

const SEED = 53;
const COUNT = 800;
/** Generous: the checks are many, and the machine may be busy. */
const TIMEOUT = 180_000;

function load(): { file: string; profile: Profile }[] {
  const out: { file: string; profile: Profile }[] = [];
  for (const file of profileFiles()) {
    const { model } = parse(readFileSync(file, 'utf8'));
    if (model?.type === 'Profile') out.push({ file: relative(authoredDir, file), profile: model });
  }
  return out;
}

const profiles = authoredPresent ? load() : [];
const simulable = profiles.filter(({ profile }) =>
  (profile.patterns ?? []).some((p) => !isUnrecognized(p) && p.primary === true),
);

/** ISO 8601 durations as the simulator writes them, in milliseconds. */
function durationMs(text: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(text);
  if (!m) throw new Error(`not a duration the simulator writes: ${text}`);
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

function activitiesOf(s: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  if (isObject(s.object) && (s.object.objectType ?? 'Activity') === 'Activity') out.push(s.object);
  const ca = isObject(s.context) ? s.context.contextActivities : undefined;
  if (isObject(ca)) {
    for (const list of Object.values(ca)) {
      for (const a of Array.isArray(list) ? list : [list]) if (isObject(a)) out.push(a);
    }
  }
  return out;
}

function extensionsOf(s: JsonObject): [string, JsonValue][] {
  const out: [string, JsonValue][] = [];
  for (const part of [s.context, s.result]) {
    if (isObject(part) && isObject(part.extensions)) out.push(...Object.entries(part.extensions));
  }
  return out;
}

function strings(value: JsonValue, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) strings(v, out);
  return out;
}

function byRegistration(traced: TracedStatement[]): TracedStatement[][] {
  const out = new Map<string, TracedStatement[]>();
  for (const t of traced) {
    const r = (t.statement.context as JsonObject).registration as string;
    const list = out.get(r);
    if (list) list.push(t);
    else out.set(r, [t]);
  }
  return [...out.values()];
}

function checkRegistration(plan: SimulationPlan, registration: TracedStatement[]): void {
  const statements = registration.map((t) => t.statement);
  const started = Date.parse(statements[0]!.timestamp as string);
  const definitions = new Map<string, JsonValue>();
  const session = new Map<string, JsonValue>();
  let progress = -Infinity;
  let position = -Infinity;
  for (const s of statements) {
    // An activity's identity, type and name stay the same through the registration.
    for (const a of activitiesOf(s)) {
      const id = a.id as string;
      const d = isObject(a.definition) ? a.definition : {};
      const identity = { type: d.type ?? null, name: d.name ?? null };
      const seen = definitions.get(id);
      if (seen === undefined) definitions.set(id, identity);
      else if (identity.name !== null && (seen as JsonObject).name !== null) {
        expect([id, identity]).toEqual([id, seen]);
      } else expect([id, identity.type]).toEqual([id, (seen as JsonObject).type]);
    }
    const now = Date.parse(s.timestamp as string);
    const result = isObject(s.result) ? s.result : undefined;
    // Durations are never longer than the time since the registration began.
    if (typeof result?.duration === 'string') {
      expect(durationMs(result.duration)).toBeLessThanOrEqual(now - started);
    }
    // A score's parts agree.
    const score = isObject(result?.score) ? result.score : undefined;
    if (
      score &&
      [score.raw, score.min, score.max, score.scaled].every((v) => typeof v === 'number')
    ) {
      const [raw, min, max, scaled] = [score.raw, score.min, score.max, score.scaled] as number[];
      expect(raw).toBeGreaterThanOrEqual(min!);
      expect(raw).toBeLessThanOrEqual(max!);
      if (max! > min!) expect(Math.abs(scaled! - (raw! - min!) / (max! - min!))).toBeLessThan(1e-3);
    }
    for (const [iri, value] of extensionsOf(s)) {
      const { meaning } = extensionPlan(plan, iri);
      const name = lastSegment(iri).toLowerCase();
      // Per-session values are drawn once and kept.
      if (meaning.behaviour === 'session') {
        if (session.has(iri)) expect([iri, value]).toEqual([iri, session.get(iri)]);
        else session.set(iri, value);
      }
      if (typeof value !== 'number') continue;
      if (/progress/.test(name)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
        expect(value).toBeGreaterThanOrEqual(progress);
        progress = value;
      }
      if (/volume/.test(name)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      if (/length|time|duration|threshold/.test(name)) expect(value).toBeGreaterThanOrEqual(0);
      if (/^time$|time-to/.test(name)) {
        expect(value).toBeGreaterThanOrEqual(position);
        position = value;
      }
    }
    // Words, never placeholders or empty strings.
    for (const text of strings(s)) {
      expect(text).not.toBe('');
      expect(text).not.toMatch(/^simulated$|^response \d$/i);
    }
  }
  // Lengths and times agree: no time past the media's length.
  const lengths = [...session.entries()].filter(([iri]) => lastSegment(iri) === 'length');
  for (const [, length] of lengths) {
    for (const s of statements) {
      for (const [iri, value] of extensionsOf(s)) {
        if (/^time(-from|-to)?$/.test(lastSegment(iri)) && typeof value === 'number') {
          expect(value).toBeLessThanOrEqual(length as number);
        }
      }
    }
  }
  // One person's attempt with one object: one activity of each type as the object, and a
  // template naming no object type carries the registration's own when it may.
  const objectOf = new Map<JsonValue, string>();
  for (const s of statements) {
    const o = s.object as JsonObject;
    if ((o.objectType ?? 'Activity') !== 'Activity') continue;
    const type = isObject(o.definition) ? (o.definition.type ?? null) : null;
    const seen = objectOf.get(type);
    if (seen === undefined) objectOf.set(type, o.id as string);
    else expect([type, o.id]).toEqual([type, seen]);
  }
  registration.forEach((t, i) => {
    const recipe = plan.recipes.get(t.template)!;
    const usable = recipe.objectTypes.filter((type) => objectOf.has(type));
    if (recipe.template.objectActivityType === undefined && usable.length > 0) {
      const o = statements[i]!.object as JsonObject;
      expect(usable.map((type) => objectOf.get(type))).toContain(o.id);
    }
  });
}

describe.skipIf(!authoredPresent)('simulated statements read as learning data', () => {
  it.each(simulable.map((p) => [p.file, p] as const))(
    '%s',
    (file, { profile }) => {
      const others = profiles.filter((p) => p.file !== file).map((p) => p.profile);
      const prepared = prepareSimulation([profile, ...others], {
        parameters: { seed: SEED, max: COUNT },
      });
      if (!prepared.ok) return; // What cannot be simulated is listed in corpus.test.ts.
      const plan = prepared.plan;
      const traced = [...generateTraced(plan)];
      expect(traced.length).toBeGreaterThan(0);
      const registrations = byRegistration(traced);
      for (const registration of registrations) checkRegistration(plan, registration);
      // An activity IRI is one activity with one type everywhere.
      const types = new Map<string, JsonValue>();
      for (const { statement } of traced) {
        for (const a of activitiesOf(statement)) {
          const type = isObject(a.definition) ? (a.definition.type ?? null) : null;
          if (type === null) continue;
          const seen = types.get(a.id as string);
          if (seen === undefined) types.set(a.id as string, type);
          else expect([a.id, type]).toEqual([a.id, seen]);
        }
      }
      // And still: every statement passes its template, every registration its pattern.
      const statements = traced.map((t) => t.statement);
      const byId = new Map(statements.map((s) => [s.id as string, s]));
      const lookupStatement = (id: string) => byId.get(id);
      const failed = statements
        .map((s) => validateStatement(s, plan.compiled, { lookupStatement }))
        .filter((v) => v.outcome !== 'success');
      expect(failed).toEqual([]);
      const follows = followsPatterns(statements, plan.compiled, { lookupStatement });
      expect(follows.streams.filter((s) => !s.followed)).toEqual([]);
      expect(jsonEqual(follows.skipped, [])).toBe(true);
    },
    TIMEOUT,
  );
});
