import { ErrorCode } from '../../../common/errors';
import type { PatternsValidation, StatementValidation } from '../../../xapi/index';

export interface Explanation {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/**
 * Why a statement does not follow the profile's templates: the xAPI basics it breaks, or the
 * templates that apply with each failed rule (location, values found, what it required), or, when
 * none applies, the first determining property each template looked at.
 */
export function explainTemplates(validation: StatementValidation): Explanation {
  const applying = validation.templates.filter((t) => t.applies);
  const templates = (applying.length > 0 ? applying : validation.templates).map((t) => ({
    templateId: t.templateId,
    applies: t.applies,
    passed: t.passed,
    ...(t.mismatch ? { mismatch: t.mismatch } : {}),
    statementRefs: t.statementRefs,
    failedRules: t.failedRules,
  }));
  const details = {
    outcome: validation.outcome,
    matched: validation.matched,
    failed: validation.failed,
    statementProblems: validation.statementProblems,
    profileProblems: validation.profileProblems,
    templates,
  };
  return { code: ErrorCode.StatementInvalid, message: templatesMessage(validation), details };
}

function templatesMessage(validation: StatementValidation): string {
  if (validation.outcome === 'not-a-statement') {
    const first = validation.statementProblems[0];
    return `This is not an xAPI statement${first ? `: ${first.path || '/'} ${first.message}` : ''}.`;
  }
  if (validation.outcome === 'unmatched')
    return 'No statement template of the profile applies to this statement (see each template’s mismatch).';
  const failure = validation.templates.find((t) => t.applies && !t.passed);
  const rule = failure?.failedRules[0];
  const why = rule
    ? rule.message
    : (failure?.statementRefs.find((r) => r.status === 'failed')?.message ?? 'see the details');
  return `The statement does not follow the template ${failure?.templateId ?? ''}: ${why}`;
}

/**
 * Why a batch does not follow the profile's patterns: per registration, the statements that did not
 * validate and, per primary pattern, its outcome and where it stopped. Undefined when it follows.
 */
export function explainPatterns(
  validation: PatternsValidation,
  total: number,
): Explanation | undefined {
  const checked = validation.streams.length > 0;
  if (validation.followed && checked) return undefined;
  const details = {
    semantics: validation.semantics,
    streams: validation.streams.filter((s) => !s.followed),
    skipped: validation.skipped,
    rejected: validation.rejected,
  };
  return {
    code: ErrorCode.PatternsNotFollowed,
    message: patternsMessage(validation, total),
    details,
  };
}

function patternsMessage(validation: PatternsValidation, total: number): string {
  if (validation.streams.length === 0 && validation.rejected.length === 0)
    return `None of the ${total} statements names a version of the profile in context.contextActivities.category, so no pattern was checked.`;
  const rejected = validation.rejected[0];
  if (rejected) return `Statement ${rejected.index} cannot be checked: ${rejected.message}`;
  const stream = validation.streams.find((s) => !s.followed);
  const where = stream?.registration
    ? `registration ${stream.registration}`
    : 'statements without a registration';
  const invalid = stream?.notValidated[0];
  if (invalid)
    return `In ${where}, statement ${invalid.index} does not follow the profile’s templates (${invalid.outcome}).`;
  const closest = [...(stream?.patterns ?? [])].sort(
    (a, b) => b.trace.consumed - a.trace.consumed,
  )[0];
  return closest
    ? `In ${where}, no primary pattern matches every statement; ${closest.patternId} went furthest (${closest.outcome}): ${closest.trace.message}`
    : `In ${where}, the profile has no primary pattern to follow.`;
}
