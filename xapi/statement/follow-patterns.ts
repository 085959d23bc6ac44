/**
 * The spec's `follows(statements, templates, patterns)` (communication §2.2) over a whole batch:
 * statements that name a version of the profile in their category context activities are grouped
 * per registration (and per subregistration for this profile), ordered by timestamp with batch
 * order breaking ties, validated against the templates, and matched against every primary pattern.
 */
import type { JsonValue } from '../json.js';
import { describe, isObject } from '../json.js';
import type { Iri, Profile } from '../model/types.js';
import type { CompiledProfile } from './compile.js';
import { compileProfile } from './compile.js';
import { matchPattern } from './matches.js';
import { isUuid, uuidProblem } from './statement-check.js';
import type {
  FollowOutcome,
  PatternMatchResult,
  PatternSemantics,
  PatternsValidation,
  Statement,
  StatementValidation,
  StreamKey,
  StreamResult,
  TemplateOutcome,
} from './types.js';
import type { ValidateStatementOptions } from './validate-statement.js';
import { validateStatement } from './validate-statement.js';

export const SUBREGISTRATION_EXTENSION =
  'https://w3id.org/xapi/profiles/extensions/subregistration';

export interface FollowsPatternsOptions extends ValidateStatementOptions {
  /**
   * `greedy` (default) is the spec's `matches`: no backtracking, so some patterns that look right
   * reject streams a regular expression would accept (e.g. `sequence(zeroOrMore(A), A)` on `[A]`).
   * `regular` accepts exactly the streams the pattern's regular expression describes.
   */
  semantics?: PatternSemantics;
  /**
   * Which profile versions make a statement subject to the patterns (default: every version of the
   * profile). A statement names its version in `context.contextActivities.category`.
   */
  profileVersions?: Iri[];
  /** Check every statement, whatever its category (default false: only the profile's statements). */
  ignoreCategory?: boolean;
  /** Template results already computed for these statements (same order), to avoid repeating them. */
  validations?: (StatementValidation | undefined)[];
}

export function followsPatterns(
  statements: readonly unknown[],
  profile: CompiledProfile | Profile,
  options: FollowsPatternsOptions = {},
): PatternsValidation {
  const compiled = compileProfile(profile);
  const semantics = options.semantics ?? 'greedy';
  const versions = new Set(options.profileVersions ?? compiled.versionIds);
  const skipped: number[] = [];
  const rejected: { index: number; message: string }[] = [];
  const groups = new Map<string, { key: StreamKey; members: number[] }>();
  // Only what matching needs is kept: holding every full result would make large batches slow.
  const validations = new Map<number, Pick<StatementValidation, 'outcome' | 'matched'>>();
  statements.forEach((statement, index) => {
    if (!isObject(statement)) {
      rejected.push({ index, message: 'not a JSON object' });
      return;
    }
    const claimed = claimedVersions(statement).filter((v) => versions.has(v));
    if (!options.ignoreCategory && claimed.length === 0) {
      skipped.push(index);
      return;
    }
    const validation =
      options.validations?.[index] ?? validateStatement(statement, compiled, options);
    validations.set(index, { outcome: validation.outcome, matched: validation.matched });
    const key =
      validation.outcome === 'not-a-statement'
        ? `not an xAPI statement: ${validation.statementProblems.map((p) => `${p.path} ${p.message}`).join(' ')}`
        : streamKey(statement, options.ignoreCategory ? [...versions] : claimed);
    if (typeof key === 'string') {
      rejected.push({ index, message: key });
      return;
    }
    // Both are UUIDs when present (the statement was checked), so '-' stands for "none".
    const id = `${key.registration ?? '-'} ${key.subregistration ?? '-'}`;
    const group = groups.get(id) ?? { key, members: [] };
    groups.set(id, group);
    group.members.push(index);
  });
  const streams: StreamResult[] = [];
  for (const { key, members } of groups.values()) {
    const ordered = orderByTimestamp(members, statements as Statement[]);
    const notValidated = ordered
      .map((index) => ({ index, outcome: validations.get(index)!.outcome }))
      .filter((v) => v.outcome !== 'success');
    const templateStream = ordered.map((index) => validations.get(index)!.matched);
    const patterns = compiled.primaryPatterns.map((p) =>
      matchPattern(templateStream, p, semantics),
    );
    streams.push(streamResult(key, ordered, notValidated, patterns));
  }
  const outcome: FollowOutcome =
    rejected.length > 0 || streams.some((s) => s.outcome === 'not-followed')
      ? 'not-followed'
      : streams.some((s) => s.outcome === 'partial')
        ? 'partial'
        : 'followed';
  return { outcome, followed: outcome === 'followed', semantics, streams, skipped, rejected };
}

type Verdict = Pick<StreamResult, 'outcome' | 'reason' | 'patternId' | 'expected' | 'message'>;

/**
 * The stream's result, its fields always in one order. Put together field by field: spreading the
 * key and the verdict, whose fields differ from one stream to the next, took more than half of
 * this function's own time when a simulation checked each registration it made.
 */
function streamResult(
  key: StreamKey,
  ordered: number[],
  notValidated: StreamResult['notValidated'],
  patterns: PatternMatchResult[],
): StreamResult {
  const verdict = streamVerdict(ordered, notValidated, patterns);
  const result: Partial<StreamResult> = {};
  if (key.registration !== undefined) result.registration = key.registration;
  if (key.subregistration !== undefined) result.subregistration = key.subregistration;
  result.statements = ordered;
  result.notValidated = notValidated;
  result.patterns = patterns;
  result.outcome = verdict.outcome;
  if (verdict.reason !== undefined) result.reason = verdict.reason;
  if (verdict.patternId !== undefined) result.patternId = verdict.patternId;
  if (verdict.expected !== undefined) result.expected = verdict.expected;
  result.message = verdict.message;
  result.followed = verdict.outcome === 'followed';
  return result as StreamResult;
}

const TEMPLATE_FAILURE: Record<TemplateOutcome, string> = {
  success: 'follows the templates',
  invalid: 'breaks a template that applies to it',
  unmatched: 'matches no template',
  'not-a-statement': 'is not a valid xAPI statement',
};

/**
 * The stream's outcome, read from the spec's `follows`: any statement that does not validate fails
 * it; else a pattern that matched every statement follows it; else a pattern that ran out of
 * statements leaves it open (partial); else it is not followed, with statements left over or none
 * matched. Statements are numbered from 1 in the batch, as people count them.
 */
function streamVerdict(
  ordered: number[],
  notValidated: StreamResult['notValidated'],
  patterns: PatternMatchResult[],
): Verdict {
  const numbered = (streamPosition: number) => `statement ${ordered[streamPosition]! + 1}`;
  const first = notValidated[0];
  if (first) {
    const more = notValidated.length - 1;
    return {
      outcome: 'not-followed',
      reason: 'failed-template',
      message: `Statement ${first.index + 1} ${TEMPLATE_FAILURE[first.outcome]}, so no pattern can be followed${more > 0 ? ` (and ${more} more statement${more === 1 ? '' : 's'} of this registration fail${more === 1 ? 's' : ''} too)` : ''}.`,
    };
  }
  if (patterns.length === 0) {
    return {
      outcome: 'not-followed',
      reason: 'no-primary-pattern',
      message: 'The profile has no primary pattern to follow.',
    };
  }
  const followed = patterns.find((p) => p.outcome === 'success' && p.remaining === 0);
  if (followed) {
    return {
      outcome: 'followed',
      patternId: followed.patternId,
      message: `Follows ${followed.patternId}.`,
    };
  }
  const furthest = (list: PatternMatchResult[], by: (p: PatternMatchResult) => number) =>
    list.reduce((best, p) => (by(p) > by(best) ? p : best), list[0]!);
  const open = patterns.filter((p) => p.outcome === 'partial');
  if (open.length > 0) {
    const best = furthest(open, (p) => p.trace.consumed);
    const expected = best.trace.expected;
    return {
      outcome: 'partial',
      patternId: best.patternId,
      expected,
      message: `Not finished: ${best.patternId} is still open after ${numbered(ordered.length - 1)} and expects next ${expected.length === 0 ? 'more statements' : expected.join(' or ')}.`,
    };
  }
  const ended = patterns.filter((p) => p.outcome === 'success');
  if (ended.length > 0) {
    const best = furthest(ended, (p) => p.trace.consumed);
    const done = best.trace.consumed;
    return {
      outcome: 'not-followed',
      reason: 'left-over',
      patternId: best.patternId,
      message: `${best.patternId} ends ${done === 0 ? 'before the first statement' : `after ${numbered(done - 1)}`}; ${best.remaining} statement${best.remaining === 1 ? ' is' : 's are'} left over, from ${numbered(done)}.`,
    };
  }
  const best = furthest(patterns, (p) => p.trace.stoppedAt ?? -1);
  const at = best.trace.stoppedAt;
  return {
    outcome: 'not-followed',
    reason: 'no-match',
    patternId: best.patternId,
    message:
      at === undefined
        ? 'No primary pattern accepts these statements.'
        : `No primary pattern accepts these statements; ${best.patternId} got furthest: at ${numbered(at)}, which matches ${best.trace.found.join(', ') || 'no template'}, it expected ${best.trace.expected.join(' or ') || 'no more statements'}.`,
  };
}

function claimedVersions(statement: Statement): Iri[] {
  const context = statement.context;
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  const category = context.contextActivities.category;
  const list: JsonValue[] = Array.isArray(category)
    ? category
    : category === undefined
      ? []
      : [category];
  const ids: Iri[] = [];
  for (const a of list) if (isObject(a) && typeof a.id === 'string') ids.push(a.id);
  return ids;
}

/** The registration and, when the statement uses the extension for this profile, the subregistration. */
function streamKey(statement: Statement, versions: Iri[]): StreamKey | string {
  const context = isObject(statement.context) ? statement.context : {};
  const registration = typeof context.registration === 'string' ? context.registration : undefined;
  const extensions = isObject(context.extensions) ? context.extensions : {};
  const sub = extensions[SUBREGISTRATION_EXTENSION];
  if (sub === undefined) return registration === undefined ? {} : { registration };
  if (registration === undefined) {
    return 'the subregistration extension is only allowed in statements with a registration';
  }
  if (!Array.isArray(sub) || sub.length === 0) {
    return 'the subregistration extension must be a non-empty array';
  }
  let subregistration: string | undefined;
  for (const entry of sub) {
    if (!isObject(entry) || typeof entry.profile !== 'string') {
      return 'each subregistration entry must be an object with "profile" (an IRI) and "subregistration" (a UUID)';
    }
    if (!isUuid(entry.subregistration)) {
      return `each subregistration entry needs "subregistration" to be a UUID, not ${describe(entry.subregistration)}: ${uuidProblem(entry.subregistration)}`;
    }
    if (versions.includes(entry.profile)) subregistration ??= entry.subregistration;
  }
  return subregistration === undefined ? { registration } : { registration, subregistration };
}

/**
 * Orders by timestamp (compared as instants, with digits beyond milliseconds kept), lower batch
 * index first on ties; statements without a timestamp come after those with one, in batch order.
 */
export function orderByTimestamp(indexes: number[], statements: readonly Statement[]): number[] {
  const keys = new Map(indexes.map((i) => [i, instant(statements[i]!.timestamp)]));
  return [...indexes].sort((a, b) => {
    const x = keys.get(a)!;
    const y = keys.get(b)!;
    if (x === undefined) return y === undefined ? a - b : 1;
    if (y === undefined) return -1;
    return x.ms - y.ms || (x.rest < y.rest ? -1 : x.rest > y.rest ? 1 : 0) || a - b;
  });
}

function instant(value: JsonValue | undefined): { ms: number; rest: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  if (isNaN(ms)) return undefined;
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  return { ms, rest: fraction.slice(3).padEnd(9, '0') };
}
