/**
 * The xAPI basics that template checks rely on, for xAPI 1.0.3 and xAPI 2.0 (IEEE 9274.1.1-2023):
 * the shape of actor, verb, object, context, result and attachments, IRIs, UUIDs and timestamps.
 * Not a full LRS conformance check (no signature, no version negotiation, no language-tag
 * registry): only what makes the determining properties and rule locations meaningful. The
 * differences between the two versions are listed in docs/xapi-validation-decisions.md.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { pointerToken } from '../findings.js';
import { describe, isObject } from '../json.js';
import { isIri, isIriText } from '../values.js';
import type { Statement, StatementProblem } from './types.js';

// xAPI takes any UUID of RFC 4122's variant (variant 2): the form and the variant digit are
// checked, the version digit is not (version 0 and versions past 8 are UUIDs to xAPI too).
// ISO 8601 date-time as xAPI uses it; the offset is a SHOULD in xAPI 1.0.3, so it is optional here.
const timestampPattern =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const durationPattern =
  /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;
const sha1Pattern = /^[0-9a-f]{40}$/i;
// xAPI 2.0 requires the time zone that 1.0.3 only recommends.
const offsetPattern = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/** The versions of xAPI a statement can be checked as. */
export const XAPI_VERSIONS = ['1.0.3', '2.0.0'] as const;
export type XapiVersion = (typeof XAPI_VERSIONS)[number];

export interface StatementCheckOptions {
  /**
   * Check as this version of xAPI whatever the statement says. Without it, a statement whose
   * `version` is 2.0.x is checked as xAPI 2.0 and every other as xAPI 1.0.3.
   */
  xapiVersion?: XapiVersion | undefined;
}

/** The version of xAPI a statement is checked as: the one asked for, else the one it names. */
export function xapiVersionOf(statement: unknown, asked?: XapiVersion): XapiVersion {
  if (asked) return asked;
  const named = isObject(statement) ? statement.version : undefined;
  return typeof named === 'string' && /^2\.0(\.\d+)?$/.test(named) ? '2.0.0' : '1.0.3';
}
const contextActivityKinds = ['parent', 'grouping', 'category', 'other'];

/**
 * A JSON Pointer one or two steps below `base`. The places of objects are built whether or not
 * they hold a problem, so the common case is kept cheap: no rest array, and no pattern run over
 * an index or a name without `~` or `/`.
 */
function pointer(base: string, first: string | number, second?: string | number): string {
  const out = `${base}/${pointerToken(first)}`;
  return second === undefined ? out : `${out}/${pointerToken(second)}`;
}

/** Why a value is not a UUID as xAPI takes it, or undefined when it is one. */
export function uuidProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'a UUID is a string';
  if (!hasUuidForm(value))
    return 'a UUID is 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by hyphens';
  const variant = value.charCodeAt(19) | 0x20; // lower case
  // '8', '9', 'a', 'b'
  if (variant !== 0x38 && variant !== 0x39 && variant !== 0x61 && variant !== 0x62)
    return 'the variant digit (first of the fourth group) must be 8, 9, a or b';
  return undefined;
}

/**
 * 8-4-4-4-12 hexadecimal digits, either case. Every statement has several UUIDs checked (its id,
 * its registration, each StatementRef): a loop over the characters costs about half of the
 * pattern's call.
 */
function hasUuidForm(value: string): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 0x2d) return false; // '-'
    } else if (!((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66)))
      return false; // not 0-9, a-f, A-F
  }
  return true;
}

export function isUuid(value: unknown): value is string {
  return uuidProblem(value) === undefined;
}

export function isXapiTimestamp(value: unknown): value is string {
  return typeof value === 'string' && timestampPattern.test(value) && !isNaN(Date.parse(value));
}

export function checkStatement(
  statement: unknown,
  options: StatementCheckOptions = {},
): StatementProblem[] {
  const problems: StatementProblem[] = [];
  if (!isObject(statement)) {
    return [
      {
        path: '',
        message: `A statement must be a JSON object, but this is ${describe(statement)}.`,
      },
    ];
  }
  const version = xapiVersionOf(statement, options.xapiVersion);
  const checker = new Checker(problems, version);
  checker.version(statement.version);
  checker.statement(statement, '', false);
  return problems;
}

class Checker {
  constructor(
    private readonly problems: StatementProblem[],
    private readonly xapi: XapiVersion,
  ) {}

  /** The statement's own `version`, which must agree with the version it is checked as. */
  version(value: JsonValue | undefined): void {
    if (value === undefined) return;
    const expected = this.xapi === '2.0.0' ? /^2\.0\.\d+$/ : /^1\.0(\.\d+)?$/;
    if (typeof value === 'string' && expected.test(value)) return;
    this.add(
      '/version',
      this.xapi === '2.0.0'
        ? `"version" must be 2.0.0 (or another 2.0.x) for a statement checked as xAPI 2.0, not ${describe(value)}.`
        : `"version" must start with 1.0 for a statement checked as xAPI 1.0.3, not ${describe(value)}.`,
    );
  }

  private add(path: string, message: string): void {
    this.problems.push({ path: path || '/', message });
  }

  statement(s: JsonObject, path: string, sub: boolean): void {
    if (!sub && s.id !== undefined) this.uuid(s.id, path, 'id', '"id"');
    for (const key of ['actor', 'verb', 'object'] as const) {
      if (s[key] === undefined) this.add(pointer(path, key), `A statement needs "${key}".`);
    }
    if (s.actor !== undefined) this.agentOrGroup(s.actor, pointer(path, 'actor'));
    if (s.verb !== undefined) this.verb(s.verb, pointer(path, 'verb'));
    if (s.object !== undefined) this.object(s.object, pointer(path, 'object'), sub);
    if (s.result !== undefined) this.result(s.result, pointer(path, 'result'));
    if (s.context !== undefined) this.context(s.context, pointer(path, 'context'));
    for (const key of ['timestamp', 'stored'] as const) {
      const value = s[key];
      if (value === undefined) continue;
      if (!isXapiTimestamp(value)) {
        this.add(
          pointer(path, key),
          `"${key}" must be an ISO 8601 timestamp, not ${describe(value)}.`,
        );
      } else if (this.xapi === '2.0.0' && !offsetPattern.test(value)) {
        this.add(
          pointer(path, key),
          `"${key}" must name its time zone in xAPI 2.0 ("Z" or an offset such as "+02:00"): "${value}" has none.`,
        );
      }
    }
    if (s.authority !== undefined) this.agentOrGroup(s.authority, pointer(path, 'authority'));
    if (s.attachments !== undefined) this.attachments(s.attachments, pointer(path, 'attachments'));
  }

  // The checks of single values take the place's parent and key, and make its JSON Pointer only
  // for a problem: most values checked have none, and a statement has a few dozen of them.

  private iri(
    value: JsonValue | undefined,
    base: string,
    key: string | number,
    what: string,
    required = true,
  ): void {
    if (value === undefined) {
      if (required) this.add(pointer(base, key), `${what} is required.`);
    } else if (!isIri(value)) {
      this.add(pointer(base, key), `${what} must be an IRI, not ${describe(value)}.`);
    }
  }

  private uuid(value: JsonValue | undefined, base: string, key: string, what: string): void {
    const problem = uuidProblem(value);
    if (problem !== undefined)
      this.add(pointer(base, key), `${what} must be a UUID, not ${describe(value)}: ${problem}.`);
  }

  private languageMap(value: JsonValue | undefined, base: string, key: string): void {
    if (value === undefined) return;
    if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
      this.add(
        pointer(base, key),
        `A language map (language tag to text) is required, not ${describe(value)}.`,
      );
    }
  }

  /** The `extensions` member of the object at `base`. */
  private extensions(value: JsonValue | undefined, base: string): void {
    if (value === undefined) return;
    if (!isObject(value)) {
      this.add(
        pointer(base, 'extensions'),
        `"extensions" must be an object, not ${describe(value)}.`,
      );
      return;
    }
    for (const key of Object.keys(value)) {
      if (!isIriText(key))
        this.add(pointer(base, 'extensions', key), `Extension keys must be IRIs, not "${key}".`);
    }
  }

  private agentOrGroup(value: JsonValue, path: string): void {
    if (!isObject(value)) {
      this.add(path, `An Agent or Group object is required, not ${describe(value)}.`);
      return;
    }
    const type = value.objectType;
    if (type !== undefined && type !== 'Agent' && type !== 'Group') {
      this.add(
        pointer(path, 'objectType'),
        `"objectType" must be "Agent" or "Group", not ${describe(type)}.`,
      );
      return;
    }
    const ifis = this.identifiers(value, path);
    if (type === 'Group') {
      if (value.member !== undefined) {
        if (!Array.isArray(value.member)) {
          this.add(pointer(path, 'member'), `"member" must be an array of Agents.`);
        } else {
          value.member.forEach((m, i) => {
            const at = pointer(path, 'member', i);
            if (isObject(m) && m.objectType === 'Group') {
              this.add(at, 'A Group cannot contain a Group.');
            } else this.agentOrGroup(m, at);
          });
        }
      }
      if (ifis === 0 && !(Array.isArray(value.member) && value.member.length > 0)) {
        this.add(path, 'An anonymous Group needs at least one "member".');
      }
    } else if (ifis === 0) {
      this.add(path, 'An Agent needs one of "mbox", "mbox_sha1sum", "openid" or "account".');
    }
  }

  /** Checks the inverse functional identifiers present and returns how many there are. */
  private identifiers(value: JsonObject, path: string): number {
    let count = 0;
    if (value.mbox !== undefined) {
      count++;
      if (typeof value.mbox !== 'string' || !/^mailto:[^@\s]+@[^@\s]+$/.test(value.mbox)) {
        this.add(
          pointer(path, 'mbox'),
          `"mbox" must be a "mailto:" IRI, not ${describe(value.mbox)}.`,
        );
      }
    }
    if (value.mbox_sha1sum !== undefined) {
      count++;
      if (typeof value.mbox_sha1sum !== 'string' || !sha1Pattern.test(value.mbox_sha1sum)) {
        this.add(pointer(path, 'mbox_sha1sum'), '"mbox_sha1sum" must be 40 hexadecimal digits.');
      }
    }
    if (value.openid !== undefined) {
      count++;
      this.iri(value.openid, path, 'openid', '"openid"');
    }
    if (value.account !== undefined) {
      count++;
      const account = value.account;
      if (!isObject(account)) {
        this.add(
          pointer(path, 'account'),
          `"account" must be an object, not ${describe(account)}.`,
        );
      } else {
        this.iri(account.homePage, pointer(path, 'account'), 'homePage', '"homePage"');
        if (typeof account.name !== 'string') {
          this.add(pointer(path, 'account', 'name'), '"name" of an account must be a string.');
        }
      }
    }
    if (count > 1)
      this.add(
        path,
        'An Agent or Group has at most one identifier (mbox, mbox_sha1sum, openid or account).',
      );
    return count;
  }

  private verb(value: JsonValue, path: string): void {
    if (!isObject(value)) {
      this.add(path, `"verb" must be an object, not ${describe(value)}.`);
      return;
    }
    this.iri(value.id, path, 'id', 'The verb "id"');
    this.languageMap(value.display, path, 'display');
  }

  private object(value: JsonValue, path: string, inSubStatement: boolean): void {
    if (!isObject(value)) {
      this.add(path, `"object" must be an object, not ${describe(value)}.`);
      return;
    }
    const type = value.objectType ?? 'Activity';
    if (type === 'Activity') this.activity(value, path);
    else if (type === 'Agent' || type === 'Group') this.agentOrGroup(value, path);
    else if (type === 'StatementRef') this.statementRef(value, path);
    else if (type === 'SubStatement') {
      if (inSubStatement) this.add(path, 'A SubStatement cannot contain a SubStatement.');
      else this.statement(value, path, true);
    } else {
      this.add(
        pointer(path, 'objectType'),
        `"objectType" must be "Activity", "Agent", "Group", "StatementRef" or "SubStatement", not ${describe(type)}.`,
      );
    }
  }

  private activity(value: JsonValue, path: string): void {
    if (!isObject(value)) {
      this.add(path, `An Activity object is required, not ${describe(value)}.`);
      return;
    }
    if (value.objectType !== undefined && value.objectType !== 'Activity') {
      this.add(
        pointer(path, 'objectType'),
        `"objectType" must be "Activity", not ${describe(value.objectType)}.`,
      );
    }
    this.iri(value.id, path, 'id', 'The activity "id"');
    const definition = value.definition;
    if (definition === undefined) return;
    if (!isObject(definition)) {
      this.add(
        pointer(path, 'definition'),
        `"definition" must be an object, not ${describe(definition)}.`,
      );
      return;
    }
    const at = pointer(path, 'definition');
    this.iri(definition.type, at, 'type', 'The activity type', false);
    this.iri(definition.moreInfo, at, 'moreInfo', '"moreInfo"', false);
    this.languageMap(definition.name, at, 'name');
    this.languageMap(definition.description, at, 'description');
    this.extensions(definition.extensions, at);
  }

  private statementRef(value: JsonValue, path: string): void {
    if (!isObject(value) || value.objectType !== 'StatementRef') {
      this.add(
        path,
        `A StatementRef ({"objectType": "StatementRef", "id": …}) is required, not ${describe(value)}.`,
      );
      return;
    }
    this.uuid(value.id, path, 'id', 'A StatementRef "id"');
  }

  private result(value: JsonValue, path: string): void {
    if (!isObject(value)) {
      this.add(path, `"result" must be an object, not ${describe(value)}.`);
      return;
    }
    for (const key of ['success', 'completion'] as const) {
      if (value[key] !== undefined && typeof value[key] !== 'boolean') {
        this.add(
          pointer(path, key),
          `"${key}" must be true or false, not ${describe(value[key])}.`,
        );
      }
    }
    if (value.response !== undefined && typeof value.response !== 'string') {
      this.add(
        pointer(path, 'response'),
        `"response" must be a string, not ${describe(value.response)}.`,
      );
    }
    if (value.duration !== undefined) {
      if (typeof value.duration !== 'string' || !durationPattern.test(value.duration)) {
        this.add(
          pointer(path, 'duration'),
          `"duration" must be an ISO 8601 duration, not ${describe(value.duration)}.`,
        );
      }
    }
    const score = value.score;
    if (score !== undefined) {
      if (!isObject(score)) this.add(pointer(path, 'score'), `"score" must be an object.`);
      else {
        for (const key of ['scaled', 'raw', 'min', 'max'] as const) {
          if (score[key] !== undefined && typeof score[key] !== 'number') {
            this.add(
              pointer(path, 'score', key),
              `"${key}" must be a number, not ${describe(score[key])}.`,
            );
          }
        }
        if (typeof score.scaled === 'number' && (score.scaled < -1 || score.scaled > 1)) {
          this.add(pointer(path, 'score', 'scaled'), '"scaled" must be between -1 and 1.');
        }
      }
    }
    this.extensions(value.extensions, path);
  }

  private context(value: JsonValue, path: string): void {
    if (!isObject(value)) {
      this.add(path, `"context" must be an object, not ${describe(value)}.`);
      return;
    }
    if (value.registration !== undefined)
      this.uuid(value.registration, path, 'registration', '"registration"');
    if (value.instructor !== undefined)
      this.agentOrGroup(value.instructor, pointer(path, 'instructor'));
    if (value.team !== undefined) {
      if (isObject(value.team) && value.team.objectType === 'Group')
        this.agentOrGroup(value.team, pointer(path, 'team'));
      else this.add(pointer(path, 'team'), '"team" must be a Group.');
    }
    if (value.statement !== undefined)
      this.statementRef(value.statement, pointer(path, 'statement'));
    for (const key of ['revision', 'platform', 'language'] as const) {
      if (value[key] !== undefined && typeof value[key] !== 'string') {
        this.add(pointer(path, key), `"${key}" must be a string, not ${describe(value[key])}.`);
      }
    }
    this.extensions(value.extensions, path);
    this.contextAgents(value, path);
    const activities = value.contextActivities;
    if (activities === undefined) return;
    const at = pointer(path, 'contextActivities');
    if (!isObject(activities)) {
      this.add(at, `"contextActivities" must be an object, not ${describe(activities)}.`);
      return;
    }
    for (const [kind, list] of Object.entries(activities)) {
      if (!contextActivityKinds.includes(kind)) {
        this.add(
          pointer(at, kind),
          `"${kind}" is not a kind of context activity (parent, grouping, category, other).`,
        );
      } else if (Array.isArray(list)) {
        list.forEach((a, i) => this.activity(a, pointer(at, kind, i)));
      } else this.activity(list, pointer(at, kind));
    }
  }

  /**
   * xAPI 2.0's `contextAgents` and `contextGroups`: arrays of objects naming an Agent (or a Group)
   * with `objectType` "contextAgent" ("contextGroup") and optional non-empty `relevantTypes` of
   * IRIs. xAPI 1.0.3 has neither property.
   */
  private contextAgents(context: JsonObject, path: string): void {
    const kinds = [
      { key: 'contextAgents', objectType: 'contextAgent', member: 'agent', type: 'Agent' },
      { key: 'contextGroups', objectType: 'contextGroup', member: 'group', type: 'Group' },
    ] as const;
    for (const { key, objectType, member, type } of kinds) {
      const list = context[key];
      if (list === undefined) continue;
      const at = pointer(path, key);
      if (this.xapi !== '2.0.0') {
        this.add(
          at,
          `"${key}" is xAPI 2.0; this statement is checked as xAPI 1.0.3, which has no such property (a 2.0 statement says "version": "2.0.0").`,
        );
        continue;
      }
      if (!Array.isArray(list)) {
        this.add(at, `"${key}" must be an array of ${objectType} objects, not ${describe(list)}.`);
        continue;
      }
      list.forEach((entry, i) => {
        const entryAt = pointer(at, i);
        if (!isObject(entry)) {
          this.add(
            entryAt,
            `Each of "${key}" must be a ${objectType} object, not ${describe(entry)}.`,
          );
          return;
        }
        if (entry.objectType !== objectType)
          this.add(
            pointer(entryAt, 'objectType'),
            `"objectType" must be "${objectType}", not ${describe(entry.objectType)}.`,
          );
        const named = entry[member];
        if (named === undefined)
          this.add(pointer(entryAt, member), `A ${objectType} needs "${member}".`);
        else if (type === 'Agent' && isObject(named) && named.objectType === 'Group')
          this.add(pointer(entryAt, member), `"${member}" must be an Agent, not a Group.`);
        else if (type === 'Group' && !(isObject(named) && named.objectType === 'Group'))
          this.add(
            pointer(entryAt, member),
            `"${member}" must be a Group (with "objectType": "Group").`,
          );
        else this.agentOrGroup(named, pointer(entryAt, member));
        const types = entry.relevantTypes;
        if (types === undefined) return;
        if (!Array.isArray(types) || types.length === 0) {
          this.add(
            pointer(entryAt, 'relevantTypes'),
            `"relevantTypes" must be a non-empty array of IRIs, not ${describe(types)}.`,
          );
          return;
        }
        types.forEach((iri, j) =>
          this.iri(iri, pointer(entryAt, 'relevantTypes'), j, 'Each of "relevantTypes"'),
        );
      });
    }
  }

  private attachments(value: JsonValue, path: string): void {
    if (!Array.isArray(value)) {
      this.add(path, `"attachments" must be an array, not ${describe(value)}.`);
      return;
    }
    value.forEach((a, i) => {
      const at = pointer(path, i);
      if (!isObject(a)) {
        this.add(at, `An attachment must be an object, not ${describe(a)}.`);
        return;
      }
      this.iri(a.usageType, at, 'usageType', 'The attachment "usageType"');
      this.languageMap(a.display, at, 'display');
      if (typeof a.contentType !== 'string')
        this.add(pointer(at, 'contentType'), 'An attachment needs a "contentType".');
      if (typeof a.length !== 'number' || !Number.isInteger(a.length) || a.length < 0) {
        this.add(pointer(at, 'length'), 'An attachment needs a "length" (a non-negative integer).');
      }
      if (typeof a.sha2 !== 'string')
        this.add(pointer(at, 'sha2'), 'An attachment needs a "sha2" hash.');
    });
  }
}

/**
 * Returns the statement with every `contextActivities` value that is a single activity turned into
 * a one-element array (spec §8.1), so rules and determining properties see one shape. The input is
 * not changed; statements already normalized are returned as they are.
 */
export function normalizeStatement(statement: Statement): Statement {
  const context = statement.context;
  if (!isObject(context)) return statement;
  const activities = context.contextActivities;
  if (!isObject(activities)) return statement;
  // Most statements already give arrays: they are looked over without copying anything.
  let changed = false;
  for (const kind in activities) if (isObject(activities[kind])) changed = true;
  if (!changed) return statement;
  const normalized: JsonObject = {};
  for (const [kind, value] of Object.entries(activities))
    normalized[kind] = isObject(value) ? [value] : value;
  return { ...statement, context: { ...context, contextActivities: normalized } };
}
