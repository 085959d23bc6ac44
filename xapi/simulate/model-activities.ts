/**
 * The activities a simulation chooses from for each activity type: the profile's Activity
 * concepts, weighted by the model's `weights`, or the model's own `activities` in their place
 * (DATASIM's object overrides). A registration draws one per type and keeps it (`BuildState`).
 */
import type { JsonObject } from '../json.js';
import { isObject } from '../json.js';
import type { Iri } from '../model/types.js';
import { checkStatement } from '../statement/statement-check.js';

/** The activities of one type and their weights (all above 0). */
export interface ActivityChoices {
  choices: JsonObject[];
  weights: number[];
}

/** An activity of the model's own, read and checked. */
export interface ModelActivity {
  activity: JsonObject;
  weight: number;
}

/** The key of the activities of templates that name no object type. */
export const UNTYPED = '';

/**
 * Reads the model's `activities`: each `{"activity": an xAPI Activity, "weight"?: 0 or more}`.
 * The activity is checked as a statement's object would be, so a simulation never writes a
 * statement that fails for it.
 */
export function readModelActivities(raw: unknown, problems: string[]): ModelActivity[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push('activities must be a list of {"activity": {...}, "weight": number}');
    return [];
  }
  const out: ModelActivity[] = [];
  raw.forEach((entry, i) => {
    const where = `activity ${i + 1} of the model`;
    if (!isObject(entry) || !isObject(entry.activity)) {
      problems.push(`${where} must be {"activity": {"id": IRI, "definition": {...}}, "weight"?}`);
      return;
    }
    const weight = entry.weight ?? 1;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      problems.push(`${where}: weight must be a number, 0 or more`);
      return;
    }
    const activity: JsonObject = { objectType: 'Activity', ...entry.activity };
    if (activity.objectType !== 'Activity') {
      problems.push(`${where}: only activities can stand in for a template's activities`);
      return;
    }
    const probe = {
      actor: { mbox: 'mailto:learner@example.org' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
      object: activity,
    };
    const found = checkStatement(probe);
    if (found.length > 0) {
      problems.push(`${where} is not an xAPI activity: ${found[0]!.message}`);
      return;
    }
    if (weight > 0) out.push({ activity, weight });
  });
  return out;
}

/** The type an activity's definition names, or undefined. */
function typeOf(activity: JsonObject): Iri | undefined {
  const type = isObject(activity.definition) ? activity.definition.type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/**
 * The choices per type: the model's activities where it gives any of that type (untyped ones
 * under `UNTYPED`), else the profile's, each weighted by `weights[id]` (default 1). A type whose
 * activities all weigh 0 has no entry, so its statements get a made-up activity.
 */
export function activityChoices(
  profileActivities: readonly JsonObject[],
  modelActivities: readonly ModelActivity[],
  weights: Readonly<Record<Iri, number>>,
): Map<Iri, ActivityChoices> {
  const out = new Map<Iri, ActivityChoices>();
  const add = (key: Iri, activity: JsonObject, weight: number) => {
    if (weight <= 0) return;
    const entry = out.get(key) ?? { choices: [], weights: [] };
    entry.choices.push(activity);
    entry.weights.push(weight);
    out.set(key, entry);
  };
  const given = new Set<Iri>();
  for (const m of modelActivities) {
    const key = typeOf(m.activity) ?? UNTYPED;
    given.add(key);
    add(key, m.activity, m.weight);
  }
  for (const a of profileActivities) {
    const type = typeOf(a);
    if (type === undefined || given.has(type)) continue;
    add(type, a, weights[a.id as string] ?? 1);
  }
  return out;
}
