import type { JsonObject, JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { FieldKind, ObjectKind } from './fields.js';
import { conceptKind, fieldsOf } from './fields.js';
import type { Profile } from './types.js';

/**
 * Writes a profile model as compacted JSON-LD: properties in the spec's table order, then any
 * preserved extra properties in the order they were found. Language maps are written exactly as
 * held; nothing is added or reordered inside them.
 */
export function serialize(model: Profile): JsonObject {
  return writeObject(model as Record<string, unknown>, 'profile');
}

/** serialize() as indented JSON text, the form profiles are published in. */
export function serializeToString(model: Profile): string {
  return JSON.stringify(serialize(model), null, 2) + '\n';
}

function writeObject(model: Record<string, unknown>, kind: ObjectKind): JsonObject {
  const out: JsonObject = {};
  const fields = fieldsOf[kind];
  for (const [key, field] of Object.entries(fields)) {
    const value = model[key];
    if (value !== undefined) out[key] = writeField(value, field);
  }
  const extra = model.extra;
  if (isObject(extra)) {
    for (const [key, value] of Object.entries(extra)) {
      if (!(key in out)) out[key] = value;
    }
  }
  return out;
}

function writeMember(value: unknown, of: ObjectKind | 'concept'): JsonValue {
  if (isObject(value) && 'unrecognized' in value) return value.unrecognized;
  const record = value as Record<string, unknown>;
  const kind = of === 'concept' ? conceptKind(record.type) : of;
  return kind === undefined ? (record as JsonValue) : writeObject(record, kind);
}

function writeField(value: unknown, field: FieldKind): JsonValue {
  switch (field.kind) {
    case 'object':
      return writeObject(value as Record<string, unknown>, field.of);
    case 'objects':
      return (value as unknown[]).map((item) => writeMember(item, field.of));
    case 'langmap':
      return { ...(value as Record<string, string>) };
    default:
      return value as JsonValue;
  }
}
