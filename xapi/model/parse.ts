import type { Finding } from '../findings.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';
import type { InputLimits } from '../load.js';
import { loadJson } from '../load.js';
import type { FieldKind, ObjectKind } from './fields.js';
import { conceptKind, fieldsOf, requiredType } from './fields.js';
import type { Profile } from './types.js';

export interface ParseResult {
  /** Undefined only when the input is not a JSON object at all. */
  model: Profile | undefined;
  /**
   * Problems that stopped parsing (rule A1) or values the model could not type and kept verbatim
   * (rule A2). Run validate() for the full check.
   */
  findings: Finding[];
}

/** Reads a profile document (text or an already-parsed value). Never throws. */
export function parse(input: unknown, limits?: InputLimits): ParseResult {
  const loaded = loadJson(input, limits);
  if (loaded.value === undefined) return { model: undefined, findings: loaded.findings };
  if (!isObject(loaded.value)) {
    return {
      model: undefined,
      findings: [
        {
          ruleId: 'A1',
          severity: 'error',
          path: '',
          message: `A profile document must be a JSON object, but this is ${describe(loaded.value)}.`,
        },
      ],
    };
  }
  const findings: Finding[] = [];
  const model = readObject(loaded.value, 'profile', '', findings) as Profile;
  return { model, findings };
}

function readObject(raw: JsonObject, kind: ObjectKind, path: string, findings: Finding[]): object {
  const fields = fieldsOf[kind];
  const out: Record<string, unknown> = {};
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined;
    const typed =
      field === undefined ? undefined : readField(value, field, pointer(path, key), findings);
    if (typed === undefined) {
      extra[key] = value;
      if (field !== undefined) {
        findings.push({
          ruleId: 'A2',
          severity: 'error',
          path: pointer(path, key),
          message: `"${key}" has an unexpected value (${describe(value)}); it is kept as given.`,
        });
      }
    } else {
      out[key] = typed;
    }
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  return out;
}

function readMember(raw: JsonValue, of: ObjectKind | 'concept', path: string, findings: Finding[]) {
  if (!isObject(raw)) return { unrecognized: raw };
  const kind = of === 'concept' ? conceptKind(raw.type) : of;
  if (kind === undefined) return { unrecognized: raw };
  const mustBe = requiredType[kind];
  if (mustBe !== undefined && raw.type !== mustBe) return { unrecognized: raw };
  return readObject(raw, kind, path, findings);
}

function readField(value: JsonValue, field: FieldKind, path: string, findings: Finding[]): unknown {
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'enum':
      return typeof value === 'string' && field.values.includes(value) ? value : undefined;
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'langmap':
      return isObject(value) && Object.values(value).every((v) => typeof v === 'string')
        ? { ...value }
        : undefined;
    case 'stringArray':
      if (typeof value === 'string') return [value];
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? [...value]
        : undefined;
    case 'context':
      if (typeof value === 'string') return value;
      return Array.isArray(value) ? [...value] : undefined;
    case 'stringOrObject':
      return typeof value === 'string' || isObject(value) ? value : undefined;
    case 'valueSet':
      if (value === null) return undefined;
      return Array.isArray(value) ? [...value] : [value];
    case 'jsonObject':
      return isObject(value) ? value : undefined;
    case 'object':
      return isObject(value) ? readObject(value, field.of, path, findings) : undefined;
    case 'objects': {
      const list = Array.isArray(value) ? value : isObject(value) ? [value] : undefined;
      return list?.map((item, i) =>
        readMember(item, field.of, Array.isArray(value) ? pointer(path, i) : path, findings),
      );
    }
  }
}
