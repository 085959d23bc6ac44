/**
 * DATASIM's model input, read as this simulator's model. DATASIM (the ADL's simulator) takes an
 * array of models, each with `personae` it applies to (none: the default model) and weights,
 * repeat bounds, temporal bounds and periods per verb, activity, activity type, pattern and
 * template, and object overrides. What has an equivalent here is mapped; the rest is named in
 * `unused`, so nothing is ignored without a word. The table in `xapi/README.md` sets the two side
 * by side.
 */
import type { JsonObject } from '../json.js';
import { isObject } from '../json.js';
import type { Iri, Pattern, Profile } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import type { TimeBound } from './bounds.js';
import type { BoundedPeriod, Period, SimulationModel } from './types.js';

export interface DatasimConversion {
  model: SimulationModel;
  /** What the input holds that has no equivalent here, one line each. */
  unused: string[];
  /** Why the input cannot be read at all (then `model` is empty). */
  problem?: string;
}

/** DATASIM's weight of a component it is not told about. */
const DATASIM_DEFAULT_WEIGHT = 0.5;

const SECONDS: Record<string, number> = {
  millis: 0.001,
  second: 1,
  seconds: 1,
  minute: 60,
  minutes: 60,
  hour: 3600,
  hours: 3600,
  day: 86400,
  days: 86400,
  week: 604800,
  weeks: 604800,
};

/** Whether a model file holds DATASIM's input: an array of models, or a simulation specification. */
export function isDatasimModel(value: unknown): boolean {
  return Array.isArray(value) || (isObject(value) && Array.isArray(value.models));
}

/** A component's IRI: DATASIM's examples name it `component`, its text `id`. */
function componentOf(entry: unknown): Iri | null | undefined {
  if (!isObject(entry)) return undefined;
  const id = entry.component ?? entry.id;
  if (id === null) return null;
  return typeof id === 'string' ? id : undefined;
}

function weightOf(entry: unknown): number | undefined {
  if (!isObject(entry) || typeof entry.weight !== 'number') return undefined;
  const w = entry.weight;
  return w >= 0 && w <= 1 ? w : undefined;
}

/**
 * A DATASIM period as this simulator's: `fixed` as itself, else `min` to `min + 2 × mean`
 * (DATASIM draws an exponential wait of that mean on top of `min`; a uniform draw over twice
 * the mean keeps the average), in seconds.
 */
function periodOf(raw: unknown): Period | undefined {
  if (!isObject(raw)) return undefined;
  const unit = SECONDS[typeof raw.unit === 'string' ? raw.unit : 'minutes'];
  if (unit === undefined) return undefined;
  const n = (v: unknown, fallback: number) => (typeof v === 'number' && v >= 0 ? v : fallback);
  if (typeof raw.fixed === 'number' && raw.fixed >= 0) {
    const s = raw.fixed * unit;
    return { min: s, max: s };
  }
  const min = n(raw.min, 0) * unit;
  return { min, max: min + 2 * n(raw.mean, 1) * unit };
}

/**
 * DATASIM's periods in order, each with its bounds (the first whose bounds hold the time is
 * used): one period when the list is one without bounds, else the list.
 */
function periodsOf(raw: unknown): BoundedPeriod | BoundedPeriod[] | undefined {
  const list: unknown[] = Array.isArray(raw) ? raw : isObject(raw) ? [raw] : [];
  const out: BoundedPeriod[] = [];
  for (const entry of list) {
    const period = periodOf(entry);
    if (!period || !isObject(entry)) continue;
    out.push(
      Array.isArray(entry.bounds) ? { ...period, bounds: entry.bounds as TimeBound[] } : period,
    );
  }
  if (out.length === 0) return undefined;
  return out.length === 1 && !out[0]!.bounds ? out[0] : out;
}

/**
 * Converts DATASIM's models for the profiles to be simulated: the default models (no `personae`)
 * make the model, and each model for some personae an entry of its `personae`, over it.
 */
export function modelFromDatasim(input: unknown, profiles: readonly Profile[]): DatasimConversion {
  const models = Array.isArray(input) ? input : isObject(input) ? input.models : undefined;
  if (!Array.isArray(models)) {
    return {
      model: {},
      unused: [],
      problem: 'a DATASIM model input is an array of models, or an object whose "models" is one',
    };
  }
  const patterns = new Map<Iri, Pattern>();
  const templatesByVerb = new Map<Iri, Iri[]>();
  const activityIds = new Set<Iri>();
  for (const profile of profiles) {
    for (const c of profile.concepts ?? [])
      if (!isUnrecognized(c) && c.type === 'Activity' && c.id) activityIds.add(c.id);
    for (const p of profile.patterns ?? []) if (!isUnrecognized(p) && p.id) patterns.set(p.id, p);
    for (const t of profile.templates ?? []) {
      if (isUnrecognized(t) || !t.id || !t.verb) continue;
      templatesByVerb.set(t.verb, [...(templatesByVerb.get(t.verb) ?? []), t.id]);
    }
  }
  const malformed = models.findIndex((m) => !isObject(m));
  if (malformed >= 0)
    return { model: {}, unused: [], problem: `model ${malformed + 1} is not a JSON object` };
  const unused: string[] = [];
  /** DATASIM's weights run 0 to 1 around 0.5; this simulator's are relative around 1. */
  const relative = (w: number) => w / DATASIM_DEFAULT_WEIGHT;

  // The default models (no personae) make the model; each model for some personae, an entry
  // of its `personae` with the actors it names.
  const main: Array<{ raw: JsonObject; where: string }> = [];
  const personae: NonNullable<SimulationModel['personae']> = [];
  models.forEach((raw, index) => {
    const where = `model ${index + 1}`;
    if (!isObject(raw)) return;
    const named = listOf(raw.personae);
    if (named.length === 0) {
      main.push({ raw, where });
      return;
    }
    const actors: string[] = [];
    for (const persona of named) {
      const key = personaKey(persona);
      if (key === undefined)
        unused.push(
          `${where}: persona ${JSON.stringify(isObject(persona) ? (persona.id ?? null) : persona)}: only agents and groups by identifier name actors here (no roles)`,
        );
      else actors.push(key);
    }
    if (actors.length > 0) personae.push({ actors, model: convert([{ raw, where }]) });
  });
  const model = convert(main);
  if (personae.length > 0) model.personae = personae;
  return { model, unused };

  /** This simulator's model of DATASIM's models, read in order. */
  function convert(entries: Array<{ raw: JsonObject; where: string }>): SimulationModel {
    const weights: Record<Iri, number> = {};
    const optional: Record<Iri, number> = {};
    const repeat: Record<Iri, number> = {};
    const periods: Record<Iri, BoundedPeriod | BoundedPeriod[]> = {};
    const bounds: Record<Iri, TimeBound[]> = {};
    const activities: NonNullable<SimulationModel['activities']> = [];
    let base: BoundedPeriod | BoundedPeriod[] | undefined;

    for (const { raw, where } of entries) {
      for (const entry of listOf(raw.verbs)) {
        const verb = componentOf(entry);
        const w = weightOf(entry);
        const templates = verb ? templatesByVerb.get(verb) : undefined;
        if (!verb || w === undefined || !templates) {
          unused.push(`${where}: verb ${verb ?? '(no id)'}: no template of the profile has it`);
          continue;
        }
        for (const t of templates) weights[t] = relative(w);
      }
      for (const entry of listOf(raw.activities)) {
        const id = componentOf(entry);
        const w = weightOf(entry);
        if (!id || w === undefined || !activityIds.has(id)) {
          unused.push(`${where}: activity ${id ?? '(no id)'}: not an activity of the profile`);
          continue;
        }
        weights[id] = relative(w);
      }
      const types = listOf(raw.activityTypes);
      if (types.length > 0)
        unused.push(
          `${where}: ${types.length} activityTypes: a template's determining properties fix the type of its activities here, so a type's weight has nothing to choose among`,
        );
      for (const entry of listOf(raw.objectOverrides)) {
        const object = isObject(entry) ? entry.object : undefined;
        const w = isObject(entry) && entry.weight === undefined ? 0.5 : weightOf(entry);
        if (!isObject(object) || (object.objectType ?? 'Activity') !== 'Activity') {
          unused.push(
            `${where}: an object override that is not an activity: a template's object here is an activity`,
          );
          continue;
        }
        if (w === undefined) {
          unused.push(
            `${where}: object override ${JSON.stringify(object.id ?? null)}: its weight is not 0 to 1`,
          );
          continue;
        }
        activities.push({ activity: object, weight: relative(w) });
      }
      for (const entry of listOf(raw.patterns)) {
        const id = componentOf(entry);
        const pattern = id ? patterns.get(id) : undefined;
        if (!id || !pattern || !isObject(entry)) {
          unused.push(`${where}: pattern ${id ?? '(no id)'}: not a pattern of the profile`);
          continue;
        }
        readPatternWeights(pattern, listOf(entry.weights), where);
        const repeatMax = entry['repeat-max'] ?? entry.repeatMax;
        if (typeof repeatMax === 'number' && Number.isInteger(repeatMax) && repeatMax >= 1) {
          // DATASIM's bound is exclusive; this simulator's is the most turns taken.
          repeat[id] = Math.min(100, repeatMax - 1);
        }
        const period = periodsOf(entry.periods);
        if (period) for (const t of templatesUnder(id)) periods[t] ??= period;
        if (period && pattern.primary) base ??= period;
        noteBounds(id, entry, `${where}: pattern ${id}`);
      }
      for (const entry of listOf(raw.templates)) {
        const id = componentOf(entry);
        if (!id || !isObject(entry)) continue;
        const period = periodsOf(entry.period ?? entry.periods);
        if (period) periods[id] = period;
        noteBounds(id, entry, `${where}: template ${id}`);
      }
    }

    function readPatternWeights(pattern: Pattern, entries: unknown[], where: string): void {
      if (entries.length === 0) return;
      if (pattern.alternates) {
        for (const e of entries) {
          const child = componentOf(e);
          const w = weightOf(e);
          if (child && w !== undefined && pattern.alternates.includes(child))
            weights[child] = relative(w);
          else unused.push(`${where}: pattern ${pattern.id}: weight of ${child ?? 'null'}`);
        }
      } else if (pattern.optional) {
        // The child against `null` (leaving it out), each 0.5 unless given.
        let taken = DATASIM_DEFAULT_WEIGHT;
        let skipped = DATASIM_DEFAULT_WEIGHT;
        for (const e of entries) {
          const child = componentOf(e);
          const w = weightOf(e);
          if (w === undefined) continue;
          if (child === null) skipped = w;
          else if (child === pattern.optional) taken = w;
        }
        optional[pattern.id!] = taken + skipped === 0 ? 0 : taken / (taken + skipped);
      } else {
        unused.push(
          `${where}: pattern ${pattern.id}: weights (they choose only among alternates and optionals)`,
        );
      }
    }

    function templatesUnder(id: Iri, seen = new Set<Iri>()): Iri[] {
      if (seen.has(id)) return [];
      seen.add(id);
      const p = patterns.get(id);
      if (!p) return [id];
      const members = [
        ...(p.sequence ?? []),
        ...(p.alternates ?? []),
        ...[p.optional, p.zeroOrMore, p.oneOrMore].filter((m): m is Iri => typeof m === 'string'),
      ];
      return members.flatMap((m) => templatesUnder(m, seen));
    }

    /** A component's bounds are the model's bounds of its IRI; the simulation checks them. */
    function noteBounds(id: Iri, entry: JsonObject, what: string): void {
      if (Array.isArray(entry.bounds)) bounds[id] = entry.bounds as TimeBound[];
      else if (entry.bounds !== undefined) unused.push(`${what}: bounds that are not a list`);
      if (entry.boundRetries !== undefined)
        unused.push(
          `${what}: boundRetries (a statement outside its bounds waits for the next instant inside them here; nothing is retried)`,
        );
    }

    return {
      ...(Object.keys(weights).length > 0 ? { weights } : {}),
      ...(Object.keys(optional).length > 0 ? { optional } : {}),
      ...(Object.keys(repeat).length > 0 ? { repeat } : {}),
      ...(base ? { period: base } : {}),
      ...(Object.keys(periods).length > 0 ? { periods } : {}),
      ...(Object.keys(bounds).length > 0 ? { bounds } : {}),
      ...(activities.length > 0 ? { activities } : {}),
    };
  }
}

/**
 * A DATASIM persona as this simulator names actors: an agent's or group's identifier
 * (`mbox::…`, `mbox_sha1sum::…`, `openid::…`, `account::homePage,name`) as `actorKey` writes
 * it; undefined for a role, which has no equivalent here.
 */
function personaKey(persona: unknown): string | undefined {
  if (!isObject(persona) || typeof persona.id !== 'string') return undefined;
  if (persona.type !== 'Agent' && persona.type !== 'Group') return undefined;
  const [kind, ...rest] = persona.id.split('::');
  const value = rest.join('::');
  if (!value) return undefined;
  if (kind === 'mbox' || kind === 'openid') return value;
  if (kind === 'mbox_sha1sum') return `sha1:${value}`;
  if (kind === 'account') {
    const comma = value.indexOf(',');
    return comma < 0 ? undefined : `${value.slice(0, comma)}|${value.slice(comma + 1)}`;
  }
  return undefined;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
