/**
 * Data shapes for validating xAPI statements against Statement Templates and Patterns
 * (communication spec §2.1–§2.2). Only the types live here; the evaluator is a later feature.
 */
import type { JsonObject, JsonValue } from '../json.js';
import type { JsonPath } from '../jsonpath.js';
import type { Iri, Presence } from '../model/types.js';

/** An xAPI statement as received, before `contextActivities` normalization. */
export type Statement = JsonObject;

/** Marks a location value on which the rule's `selector` found nothing (spec: "unmatchable"). */
export interface Unmatchable {
  unmatchable: true;
  /** Index of the location value the selector was applied to. */
  locationIndex: number;
}

export type EvaluatedValue = { value: JsonValue } | Unmatchable;

/** A rule ready for evaluation, with its JSONPaths already parsed. */
export interface CompiledRule {
  templateId: Iri;
  ruleIndex: number;
  location: JsonPath[];
  selector?: JsonPath[];
  presence?: Presence;
  any?: JsonValue[];
  all?: JsonValue[];
  none?: JsonValue[];
}

export type RuleFailureReason =
  | 'missing-included'
  | 'unmatchable-included'
  | 'present-excluded'
  | 'any-not-matched'
  | 'all-unmatchable'
  | 'all-value-not-allowed'
  | 'none-value-found';

export interface RuleEvaluation {
  rule: CompiledRule;
  values: EvaluatedValue[];
  passed: boolean;
  failures: { reason: RuleFailureReason; value?: JsonValue }[];
}

export type DeterminingProperty =
  | 'verb'
  | 'objectActivityType'
  | 'contextGroupingActivityType'
  | 'contextParentActivityType'
  | 'contextOtherActivityType'
  | 'contextCategoryActivityType'
  | 'attachmentUsageType';

export interface TemplateEvaluation {
  templateId: Iri;
  /** False when the determining properties do not match: the template does not apply. */
  applies: boolean;
  mismatchedDeterminingProperties: DeterminingProperty[];
  statementRefProblems: {
    property: 'objectStatementRefTemplate' | 'contextStatementRefTemplate';
    message: string;
  }[];
  rules: RuleEvaluation[];
  passed: boolean;
}

/** The spec's three-way outcome of `validates(statement, templates)`. */
export type TemplateValidationOutcome =
  | { outcome: 'success'; matched: Iri[]; evaluations: TemplateEvaluation[] }
  | { outcome: 'invalid'; failed: Iri[]; evaluations: TemplateEvaluation[] }
  | { outcome: 'unmatched'; evaluations: TemplateEvaluation[] };

export interface StatementValidationInput {
  statement: Statement;
  /** The profile version the statement claims in `context.contextActivities.category`. */
  profileVersion: Iri;
  /** Looks up a statement by id for StatementRef checks; absent targets pass, per the spec. */
  lookupStatement?: (id: string) => Statement | undefined;
}

/** The spec's outcome of `matches(statements, pattern)`. */
export type PatternMatchOutcome = 'success' | 'partial' | 'failure';

export interface PatternMatchResult {
  patternId: Iri;
  outcome: PatternMatchOutcome;
  /** Statements not consumed by the pattern, in order. */
  remaining: Statement[];
}

/** Statements grouped as the spec requires: per registration, and per subregistration if used. */
export interface StatementStream {
  registration?: string;
  subregistration?: string;
  profileVersion: Iri;
  /** Ordered by timestamp; equal timestamps keep batch order. */
  statements: Statement[];
}

export interface PatternValidationResult {
  stream: StatementStream;
  followed: boolean;
  primaryPatterns: PatternMatchResult[];
  /** Statements that failed template validation, which fails the whole stream. */
  invalidStatements: { index: number; outcome: TemplateValidationOutcome }[];
}
