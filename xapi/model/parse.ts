import type { Finding } from '../findings.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';
import type { InputLimits } from '../load.js';
import { loadJsonSteps } from '../load.js';
import { runToEnd } from '../steps.js';
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
  return runToEnd(parseSteps(input, limits));
}

/**
 * parse() one step at a time: it yields within the walk of the input (see loadJsonSteps) and
 * after each member of a list of objects (each concept, template, pattern and rule), so a large
 * document can be read in slices.
 */
export function* parseSteps(
  input: unknown,
  limits?: InputLimits,
): Generator<void, ParseResult, void> {
  const loaded = yield* loadJsonSteps(input, limits);
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
  const model = (yield* readObject(loaded.value, 'profile', '', findings)) as Profile;
  return { model, findings };
}

function* readObject(
  raw: JsonObject,
  kind: ObjectKind,
  path: string,
  findings: Finding[],
): Generator<void, object, void> {
  const fields = fieldsOf[kind];
  const out: Record<string, unknown> = {};
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined;
    const typed =
      field === undefined
        ? undefined
        : field.kind === 'objects'
          ? yield* readMembers(value, field.of, pointer(path, key), findings)
          : field.kind === 'object'
            ? isObject(value)
              ? yield* readObject(value, field.of, pointer(path, key), findings)
              : undefined
            : readField(value, field);
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

/** A list of objects (one object alone counts as a list of one), a step per member. */
function* readMembers(
  value: JsonValue,
  of: ObjectKind | 'concept',
  path: string,
  findings: Finding[],
): Generator<void, unknown[] | undefined, void> {
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : undefined;
  if (list === undefined) return undefined;
  const members: unknown[] = [];
  for (let i = 0; i < list.length; i++) {
    const at = Array.isArray(value) ? pointer(path, i) : path;
    members.push(yield* readMember(list[i]!, of, at, findings));
    yield;
  }
  return members;
}

function* readMember(
  raw: JsonValue,
  of: ObjectKind | 'concept',
  path: string,
  findings: Finding[],
): Generator<void, unknown, void> {
  if (!isObject(raw)) return { unrecognized: raw };
  const kind = of === 'concept' ? conceptKind(raw.type) : of;
  if (kind === undefined) return { unrecognized: raw };
  const mustBe = requiredType[kind];
  if (mustBe !== undefined && raw.type !== mustBe) return { unrecognized: raw };
  return yield* readObject(raw, kind, path, findings);
}

/** A value of a field that holds no objects of the model, or undefined when it has the wrong form. */
function readField(
  value: JsonValue,
  field: Exclude<FieldKind, { kind: 'object' | 'objects' }>,
): unknown {
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
  }
}
