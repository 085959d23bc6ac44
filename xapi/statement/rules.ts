import type { JsonValue } from '../json.js';
import { jsonEqual } from '../json.js';
import { applyPaths } from './apply-path.js';
import type {
  CompiledRule,
  EvaluatedValue,
  RuleEvaluation,
  RuleFailure,
  Statement,
  ValueSet,
} from './types.js';

/** Primitives by identity, objects and arrays by structural equality. */
export function valueSet(values: JsonValue[]): ValueSet {
  const primitives = new Set<JsonValue>();
  const structured: JsonValue[] = [];
  for (const v of values) {
    if (v !== null && typeof v === 'object') structured.push(v);
    else primitives.add(v);
  }
  return {
    has: (value) =>
      value !== null && typeof value === 'object'
        ? structured.some((s) => jsonEqual(s, value))
        : primitives.has(value),
  };
}

/** Location values, with the selector applied to each: a selector miss is UNMATCHABLE. */
export function ruleValues(statement: Statement, rule: CompiledRule): EvaluatedValue[] {
  const found = applyPaths(statement, rule.location);
  if (rule.selector === undefined) return found.map((value) => ({ value }));
  const out: EvaluatedValue[] = [];
  found.forEach((original, locationIndex) => {
    const selection = applyPaths(original, rule.selector!);
    if (selection.length === 0) out.push({ unmatchable: true, locationIndex });
    else for (const value of selection) out.push({ value });
  });
  return out;
}

/**
 * The spec's `follows_rule`. Returns undefined when the rule is followed; otherwise every check
 * the values fail (the spec stops at the first one; listing all of them explains more).
 *
 * Where the communication document's pseudocode and the structure document's requirement list
 * disagree, the list is followed: a `recommended` rule's any/all/none apply only "if any matchable
 * values are in the Statement", so a selector that finds nothing in every location value leaves
 * them unchecked (the pseudocode would check them as soon as anything was found).
 */
export function evaluateRule(statement: Statement, rule: CompiledRule): RuleEvaluation | undefined {
  if (rule.broken !== undefined) {
    return report(rule, [], [{ reason: 'rule-unusable', message: rule.broken }]);
  }
  const values = ruleValues(statement, rule);
  const failures: RuleFailure[] = [];
  let unmatchable = false;
  let matchable = 0;
  for (const v of values) {
    if ('unmatchable' in v) unmatchable = true;
    else matchable++;
  }
  let strict = true;
  if (rule.presence === 'included') {
    if (unmatchable) {
      failures.push({
        reason: 'unmatchable-included',
        message: `the selector ${rule.selectorText ?? ''} found nothing in ${missed(values, matchable)}, and the rule requires it to be included`,
      });
    }
    if (values.length === 0) {
      failures.push({
        reason: 'missing-included',
        message: 'nothing was found, and the rule requires it to be included',
      });
    }
  } else if (rule.presence === 'excluded') {
    if (matchable > 0) {
      failures.push({
        reason: 'present-excluded',
        message: `found ${show(matchableValues(values))}, and the rule requires it to be excluded`,
      });
    }
  } else if (rule.presence === 'recommended') {
    strict = false;
  }
  const checkValues = strict || matchable > 0;
  if (rule.anySet && checkValues) {
    if (!values.some((v) => !('unmatchable' in v) && rule.anySet!.has(v.value))) {
      failures.push({
        reason: 'any-not-matched',
        message: `${found(values, matchable)}, but at least one of ${show(rule.any!)} is required`,
      });
    }
  }
  if (rule.allSet && checkValues) {
    if (unmatchable) {
      failures.push({
        reason: 'all-unmatchable',
        message: `the selector ${rule.selectorText ?? ''} found nothing in ${missed(values, matchable)}, and "all" requires every value to be one of ${show(rule.all!)}`,
      });
    }
    for (const v of values) {
      if ('unmatchable' in v || rule.allSet.has(v.value)) continue;
      failures.push({
        reason: 'all-value-not-allowed',
        value: v.value,
        message: `${show([v.value])} is not one of ${show(rule.all!)}`,
      });
    }
  }
  if (rule.noneSet && checkValues) {
    for (const v of values) {
      if ('unmatchable' in v || !rule.noneSet.has(v.value)) continue;
      failures.push({
        reason: 'none-value-found',
        value: v.value,
        message: `${show([v.value])} is one of the forbidden values ${show(rule.none!)}`,
      });
    }
  }
  return failures.length === 0 ? undefined : report(rule, values, failures);
}

function report(
  rule: CompiledRule,
  values: EvaluatedValue[],
  failures: RuleFailure[],
): RuleEvaluation {
  const where = rule.selectorText
    ? `${rule.locationText} (selector ${rule.selectorText})`
    : rule.locationText;
  return {
    ruleIndex: rule.ruleIndex,
    location: rule.locationText,
    ...(rule.selectorText !== undefined ? { selector: rule.selectorText } : {}),
    values,
    required: {
      ...(rule.presence !== undefined ? { presence: rule.presence } : {}),
      ...(rule.any !== undefined ? { any: rule.any } : {}),
      ...(rule.all !== undefined ? { all: rule.all } : {}),
      ...(rule.none !== undefined ? { none: rule.none } : {}),
    },
    failures,
    message: `Rule ${rule.ruleIndex + 1} at ${where}: ${failures.map((f) => f.message).join('; ')}.`,
  };
}

/** How many location values the selector found nothing in (each is one unmatchable value). */
function missed(values: EvaluatedValue[], matchable: number): string {
  const n = values.length - matchable;
  return `${n} location value${n === 1 ? '' : 's'}`;
}

/** What the rule's location and selector found, unmatchable values counted. */
function found(values: EvaluatedValue[], matchable: number): string {
  if (values.length === 0) return 'nothing was found';
  const unmatchable = values.length - matchable;
  if (matchable === 0) return `found no matchable value (${unmatchable} unmatchable)`;
  const rest =
    unmatchable === 0 ? '' : ` and ${unmatchable} unmatchable value${unmatchable === 1 ? '' : 's'}`;
  return `found ${show(matchableValues(values))}${rest}`;
}

function matchableValues(values: EvaluatedValue[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const v of values) if (!('unmatchable' in v)) out.push(v.value);
  return out;
}

/** A short, readable list of JSON values for messages. */
export function show(values: JsonValue[]): string {
  const shown = values.slice(0, 5).map((v) => {
    const text = JSON.stringify(v);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  });
  if (values.length > 5) shown.push(`and ${values.length - 5} more`);
  return values.length === 1 ? shown[0]! : `[${shown.join(', ')}]`;
}
