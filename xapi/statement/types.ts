/**
 * Data shapes for validating xAPI statements against Statement Templates and Patterns
 * (communication spec §2.1–§2.2).
 */
import type { JsonObject, JsonValue } from '../json.js';
import type { JsonPath } from '../jsonpath.js';
import type { Iri, Presence } from '../model/types.js';

/** An xAPI statement as received, before `contextActivities` normalization. */
export type Statement = JsonObject;

/** Looks up a statement by its id, for the StatementRef checks of a template. */
export type StatementLookup = (id: string) => Statement | undefined;

/** One way a statement breaks the xAPI 1.0.3 basics; `path` is a JSON Pointer into the statement. */
export interface StatementProblem {
  path: string;
  message: string;
}

/** Marks a location value on which the rule's `selector` found nothing (spec: "unmatchable"). */
export interface Unmatchable {
  unmatchable: true;
  /** Index of the location value the selector was applied to. */
  locationIndex: number;
}

export type EvaluatedValue = { value: JsonValue } | Unmatchable;

/** Membership by JSON equality (key order of objects does not matter). */
export interface ValueSet {
  has(value: JsonValue): boolean;
}

/** A rule ready for evaluation, with its JSONPaths already parsed. */
export interface CompiledRule {
  templateId: Iri;
  ruleIndex: number;
  /** The rule's text, for messages. */
  locationText: string;
  selectorText?: string;
  location: JsonPath[];
  selector?: JsonPath[];
  presence?: Presence;
  any?: JsonValue[];
  all?: JsonValue[];
  none?: JsonValue[];
  /** The same value lists, prepared for fast membership tests by JSON equality. */
  anySet?: ValueSet;
  allSet?: ValueSet;
  noneSet?: ValueSet;
  /** Set when the rule cannot be evaluated (unparseable JSONPath, no check at all): it never passes. */
  broken?: string;
}

export type RuleFailureReason =
  | 'rule-unusable'
  | 'missing-included'
  | 'unmatchable-included'
  | 'present-excluded'
  | 'any-not-matched'
  | 'all-unmatchable'
  | 'all-value-not-allowed'
  | 'none-value-found';

export interface RuleFailure {
  reason: RuleFailureReason;
  /** The offending value, for the checks that blame one value. */
  value?: JsonValue;
  message: string;
}

/** A rule that was not followed, with what was found and what the rule asked for. */
export interface RuleEvaluation {
  ruleIndex: number;
  location: string;
  selector?: string;
  /** Values found at the location (after the selector); unmatchable entries mark selector misses. */
  values: EvaluatedValue[];
  required: { presence?: Presence; any?: JsonValue[]; all?: JsonValue[]; none?: JsonValue[] };
  failures: RuleFailure[];
  message: string;
}

export type DeterminingProperty =
  | 'verb'
  | 'objectActivityType'
  | 'contextGroupingActivityType'
  | 'contextParentActivityType'
  | 'contextOtherActivityType'
  | 'contextCategoryActivityType'
  | 'attachmentUsageType';

export interface DeterminingMismatch {
  property: DeterminingProperty;
  expected: Iri | Iri[];
  /** What the statement has at the corresponding location. */
  found: Iri[];
  message: string;
}

export type StatementRefProperty = 'objectStatementRefTemplate' | 'contextStatementRefTemplate';

export interface StatementRefCheck {
  property: StatementRefProperty;
  /**
   * `passed`: the referenced statement matched a listed template; `failed`: no StatementRef, or the
   * referenced statement matched none of them; `not-found`: the lookup does not know the statement
   * (passes, per the spec); `not-checked`: no lookup was given (passes).
   */
  status: 'passed' | 'failed' | 'not-found' | 'not-checked';
  message: string;
}

/** A rule that was followed, with what its location (and selector) found. */
export interface PassedRule {
  ruleIndex: number;
  values: EvaluatedValue[];
}

export interface TemplateEvaluation {
  templateId: Iri;
  /** False when the determining properties do not match: the template does not apply. */
  applies: boolean;
  /** The first determining property that did not match, when the template does not apply. */
  mismatch?: DeterminingMismatch;
  statementRefs: StatementRefCheck[];
  /** The rules that were not followed (empty when the template passed or does not apply). */
  failedRules: RuleEvaluation[];
  /** With the `passedRuleValues` option, when the template applies: the rules that were followed. */
  passedRules?: PassedRule[];
  passed: boolean;
}

/**
 * The spec's three-way outcome of `validates(statement, templates)`, preceded by `not-a-statement`
 * when the input breaks the xAPI basics the template checks rely on (then no template is evaluated).
 */
export type TemplateOutcome = 'success' | 'invalid' | 'unmatched' | 'not-a-statement';

export interface StatementValidation {
  outcome: TemplateOutcome;
  /** The version of xAPI the statement was checked as (see `xapiVersionOf`). */
  xapiVersion: '1.0.3' | '2.0.0';
  statementProblems: StatementProblem[];
  /**
   * Misuse of the profile's concepts outside templates: an extension the profile defines placed
   * where its type does not allow, or an activity carrying `@context`. They do not change `outcome`
   * (the spec's `validates` does not look at them) but break the profile's MUSTs.
   */
  profileProblems: StatementProblem[];
  /** Templates that applied and whose rules were all followed. */
  matched: Iri[];
  /** Templates that applied but were not followed. */
  failed: Iri[];
  /** One entry per template, in profile order. */
  templates: TemplateEvaluation[];
}

/** The spec's outcome of `matches(statements, pattern)`. */
export type PatternMatchOutcome = 'success' | 'partial' | 'failure';

/** `greedy` is the spec's `matches`; `regular` reads the pattern as a regular expression. */
export type PatternSemantics = 'greedy' | 'regular';

export interface PatternTrace {
  /** Statements of the stream the pattern consumed (0 on failure). */
  consumed: number;
  /** The furthest statement index the matcher looked at without accepting it, if any. */
  stoppedAt?: number;
  /** Templates the pattern would have accepted there; empty when it stopped for lack of statements. */
  expected: Iri[];
  /** Templates the statement at `stoppedAt` matched. */
  found: Iri[];
  message: string;
}

export interface PatternMatchResult {
  patternId: Iri;
  outcome: PatternMatchOutcome;
  /** How many statements were left over (the spec's "remaining statements"). */
  remaining: number;
  trace: PatternTrace;
}

/** Statements grouped as the spec requires: per registration, and per subregistration if used. */
export interface StreamKey {
  registration?: string;
  subregistration?: string;
}

/**
 * How a stream (or a batch) stands against the primary patterns. `followed`: every statement
 * validated and a primary pattern matched all of them (the spec's `follows` success). `partial`:
 * not followed yet, but more statements could complete a primary pattern (the spec's `matches`
 * partial). `not-followed`: no statement added can make it follow. Only `followed` is a success.
 */
export type FollowOutcome = 'followed' | 'partial' | 'not-followed';

/**
 * Why a stream is not followed: a statement failed its templates (`failed-template`), a primary
 * pattern ended before the statements did (`left-over`), no primary pattern accepted the statements
 * (`no-match`), or the profile has no primary pattern (`no-primary-pattern`).
 */
export type NotFollowedReason = 'failed-template' | 'left-over' | 'no-match' | 'no-primary-pattern';

export interface StreamResult extends StreamKey {
  /** Indexes into the input batch, in matching order (timestamp, then batch order). */
  statements: number[];
  /** Statements whose template outcome was not `success`: each one fails the stream. */
  notValidated: { index: number; outcome: TemplateOutcome }[];
  patterns: PatternMatchResult[];
  outcome: FollowOutcome;
  /** Set when the outcome is `not-followed`. */
  reason?: NotFollowedReason;
  /**
   * The primary pattern the verdict speaks of: the one followed, the one still open that got
   * furthest, or, when not followed, the one that got furthest.
   */
  patternId?: Iri;
  /** When partial: the templates the open pattern would accept next. */
  expected?: Iri[];
  /** The verdict in a sentence: what was followed, where it stopped and why, or what comes next. */
  message: string;
  /** `outcome === 'followed'`. */
  followed: boolean;
}

export interface PatternsValidation {
  /**
   * The batch's outcome: `not-followed` when any stream is not followed or a statement was
   * rejected before grouping, else `partial` when any stream is still open, else `followed`.
   */
  outcome: FollowOutcome;
  /** `outcome === 'followed'` (also true when no statement was checked). */
  followed: boolean;
  semantics: PatternSemantics;
  streams: StreamResult[];
  /** Statements that carry none of the profile's versions in their category: not checked. */
  skipped: number[];
  /** Statements that cannot be grouped (not statements, or a misused subregistration). */
  rejected: { index: number; message: string }[];
}
