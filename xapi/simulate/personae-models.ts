/**
 * Models for some of the actors (DATASIM's models with `personae`): the model's `personae` lists
 * entries `{"actors": [...], "model": {...}}`, each naming actors by identifier (as `actors`
 * does) or groups of the personae by name or identifier, and the settings that differ for them.
 * An actor's model is the main model with those settings over it: records by IRI (`weights`,
 * `periods`, `extensions`, `optional`, `repeat`, `bounds`) and `learner` merged key by key, the
 * rest replaced. Each actor is simulated under its own model, from its own random numbers.
 */
import { isObject } from '../json.js';

/** One entry of `personae`, read: the actors it covers and the model they are simulated with. */
export interface PersonaModel {
  /** Where it is, for messages: "personae entry 2". */
  where: string;
  /** The identifiers (`actorKey`) of the actors it covers. */
  keys: string[];
  /** The main model with the entry's settings over it, still unchecked JSON. */
  raw: Record<string, unknown>;
}

/** Settings merged key by key when both models give them as objects. */
const MERGED = new Set([
  'actors',
  'weights',
  'periods',
  'extensions',
  'optional',
  'repeat',
  'bounds',
  'learner',
]);

/** Settings a persona's model cannot have: they name actors, as the entry itself does. */
const REFUSED = new Set(['personae', 'actors']);

/**
 * A model with `over`'s settings laid over `main`'s: records by IRI or actor, and `learner`,
 * merged key by key, the rest replaced. Neither is changed.
 */
export function overlaidModel(
  main: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...main };
  for (const [key, value] of Object.entries(over)) {
    // JSON may carry a "__proto__" key; as an assignment it would set the object's prototype.
    if (key === '__proto__') continue;
    const under = main[key];
    out[key] =
      MERGED.has(key) && isObject(under) && isObject(value) ? { ...under, ...value } : value;
  }
  return out;
}

/**
 * Reads the main model's `personae`. `groups` gives, by a group's name and identifier, its
 * members' identifiers; `known` is every actor's. An actor named by several entries takes the
 * first. Each problem says what to write instead.
 */
export function readPersonaModels(
  main: Record<string, unknown>,
  known: ReadonlySet<string>,
  groups: ReadonlyMap<string, string[]>,
  problems: string[],
): PersonaModel[] {
  const raw = main.personae;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push('personae must be a list of {"actors": [...], "model": {...}}');
    return [];
  }
  const taken = new Set<string>();
  const out: PersonaModel[] = [];
  raw.forEach((entry, i) => {
    const where = `personae entry ${i + 1}`;
    if (!isObject(entry) || !Array.isArray(entry.actors) || !isObject(entry.model)) {
      problems.push(`${where} must be {"actors": [identifiers or group names], "model": {...}}`);
      return;
    }
    const refused = Object.keys(entry.model).filter((k) => REFUSED.has(k));
    if (refused.length > 0) {
      problems.push(
        `${where}: its model cannot have ${refused.map((k) => `"${k}"`).join(' or ')}; the entry's "actors" say whom it covers`,
      );
      return;
    }
    const keys: string[] = [];
    for (const name of entry.actors) {
      const members =
        typeof name !== 'string' ? undefined : known.has(name) ? [name] : groups.get(name);
      if (members === undefined) {
        problems.push(
          `${where} names ${JSON.stringify(name)}, which is no actor or group of the personae (use an actor's mbox, "sha1:" and the mbox_sha1sum, openid or "homePage|name", or a group's name)`,
        );
        continue;
      }
      for (const key of members) {
        if (taken.has(key)) continue;
        taken.add(key);
        keys.push(key);
      }
    }
    if (keys.length > 0) {
      // A persona's model names no personae of its own.
      const raw = overlaidModel(main, entry.model);
      delete raw.personae;
      out.push({ where, keys, raw });
    }
  });
  return out;
}
