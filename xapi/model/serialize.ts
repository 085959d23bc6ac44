import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { ObjectKind } from './fields.js';
import { conceptKind, fieldsOf } from './fields.js';
import type { Profile } from './types.js';
import { runToEnd } from '../steps.js';

/**
 * Writes a profile model as compacted JSON-LD: properties in the spec's table order, then any
 * preserved extra properties in the order they were found. Language maps are written exactly as
 * held; nothing is added or reordered inside them.
 */
export function serialize(model: Profile): JsonObject {
  return runToEnd(serializeSteps(model));
}

/** serialize() one step at a time: it yields after writing each member of a list of objects. */
export function serializeSteps(model: Profile): Generator<void, JsonObject, void> {
  return writeObject(model as Record<string, unknown>, 'profile');
}

/** serialize() as indented JSON text, the form profiles are published in. */
export function serializeToString(model: Profile): string {
  return JSON.stringify(serialize(model), null, 2) + '\n';
}

function* writeObject(
  model: Record<string, unknown>,
  kind: ObjectKind,
): Generator<void, JsonObject, void> {
  const out: JsonObject = {};
  const fields = fieldsOf[kind];
  for (const [key, field] of Object.entries(fields)) {
    const value = model[key];
    if (value === undefined) continue;
    if (field.kind === 'objects') {
      const members: JsonValue[] = [];
      for (const member of value as unknown[]) {
        members.push(yield* writeMember(member, field.of));
        yield;
      }
      out[key] = members;
    } else if (field.kind === 'object') {
      out[key] = yield* writeObject(value as Record<string, unknown>, field.of);
    } else if (field.kind === 'langmap') {
      out[key] = { ...(value as Record<string, string>) };
    } else out[key] = value as JsonValue;
  }
  const extra = model.extra;
  if (isObject(extra)) {
    for (const [key, value] of Object.entries(extra)) {
      if (!(key in out)) out[key] = value;
    }
  }
  return out;
}

function* writeMember(
  value: unknown,
  of: ObjectKind | 'concept',
): Generator<void, JsonValue, void> {
  if (isObject(value) && 'unrecognized' in value) return value.unrecognized;
  const record = value as Record<string, unknown>;
  const kind = of === 'concept' ? conceptKind(record.type) : of;
  return kind === undefined ? (record as JsonValue) : yield* writeObject(record, kind);
}
