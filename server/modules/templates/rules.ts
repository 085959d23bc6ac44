/**
 * The server side of the rule editor's check (spec 3 §5 Rule JSON check): a rule is saved only
 * when `checkRule` accepts it, and the determining properties change only while every rule of
 * the template still holds.
 */
import { ErrorCode } from '../../../common/errors';
import {
  checkRule,
  determiningPropertyErrors,
  ruleSchemaErrors,
  type Rule,
} from '../../../common/rule-check';
import { AppError } from '../errors';
import { determiningValuesOf, locationOf, rulesOf } from './content';

type Json = Record<string, unknown>;

/** 400 VALIDATION_FAILED with the first problem as the message and all of them as `errors`. */
export function ruleRefusal(errors: string[], lead = ''): AppError {
  return new AppError(
    400,
    ErrorCode.ValidationFailed,
    `${lead}${errors[0] ?? 'The rule is not valid.'}`,
    { errors },
  );
}

/**
 * The rule to store at `index` (a new rule when undefined), checked against the template's
 * determining properties and its other rules; refused with every message otherwise.
 */
export function checkedRule(content: Json, rule: unknown, index?: number): Rule {
  const otherRules = rulesOf(content)
    .filter((_, i) => i !== index)
    .map(locationOf)
    .filter((location): location is string => location !== null)
    .map((location) => ({ location }));
  const result = checkRule(JSON.stringify(rule), {
    determining: determiningValuesOf(content),
    otherRules,
  });
  if (!result.ok) throw ruleRefusal(result.errors);
  return result.rule;
}

/**
 * The rule messages that changing the template from `before` to `after` would newly raise:
 * a rule that already disagreed (as imported) does not stop the change, a newly broken one does.
 */
export function newlyBrokenRules(before: Json, after: Json): string[] {
  const was = determiningValuesOf(before);
  const will = determiningValuesOf(after);
  const problems: string[] = [];
  for (const rule of rulesOf(after)) {
    // Rules that are not well formed cannot be compared; the document check reports them.
    if (locationOf(rule) === null || ruleSchemaErrors(rule).length > 0) continue;
    const known = new Set(determiningPropertyErrors(rule as Rule, was));
    problems.push(
      ...determiningPropertyErrors(rule as Rule, will).filter((message) => !known.has(message)),
    );
  }
  return problems;
}

/** Refuses a change of determining properties that some rule would no longer agree with. */
export function requireRulesHold(before: Json, after: Json): void {
  const problems = newlyBrokenRules(before, after);
  if (problems.length > 0)
    throw ruleRefusal(
      problems,
      'A rule of this template would no longer hold; change or remove the rule first. ',
    );
}
