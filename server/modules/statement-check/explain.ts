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
    xapiVersion: validation.xapiVersion,
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
    return `This is not an xAPI ${validation.xapiVersion} statement${first ? `: ${first.path || '/'} ${first.message}` : ''}.`;
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
 * Why a batch does not follow the profile's patterns. `partial` when every stream checked either
 * follows a primary pattern or stopped part way through one (more statements could complete it);
 * `not-followed` otherwise, and when nothing was checked. Per stream not followed: its outcome,
 * why, the statements that did not validate and, per primary pattern, its outcome and where it
 * stopped. Undefined when it follows.
 */
export function explainPatterns(
  validation: PatternsValidation,
  total: number,
): Explanation | undefined {
  const checked = validation.streams.length > 0;
  if (validation.outcome === 'followed' && checked) return undefined;
  // Nothing checked claims nothing: the batch does not follow the profile.
  const outcome = validation.outcome === 'partial' ? 'partial' : 'not-followed';
  const details = {
    outcome,
    semantics: validation.semantics,
    // Each stream's own `message` numbers statements from 1, as a person reads a batch; these
    // answers name statements by their index in the array, so it is left out.
    streams: validation.streams.filter((s) => !s.followed).map(({ message: _, ...s }) => s),
    skipped: validation.skipped,
    rejected: validation.rejected,
  };
  return {
    code: outcome === 'partial' ? ErrorCode.PatternsIncomplete : ErrorCode.PatternsNotFollowed,
    message: patternsMessage(validation, total),
    details,
  };
}

function patternsMessage(validation: PatternsValidation, total: number): string {
  if (validation.streams.length === 0 && validation.rejected.length === 0)
    return `None of the ${total} statements names a version of the profile in context.contextActivities.category, so no pattern was checked.`;
  const rejected = validation.rejected[0];
  if (rejected) return `Statement ${rejected.index} cannot be checked: ${rejected.message}`;
  const stream =
    validation.streams.find((s) => s.outcome === 'not-followed') ??
    validation.streams.find((s) => s.outcome === 'partial')!;
  const where = stream.registration
    ? `registration ${stream.registration}`
    : 'statements without a registration';
  const pattern = stream.patterns.find((p) => p.patternId === stream.patternId);
  switch (stream.outcome === 'partial' ? 'partial' : stream.reason) {
    case 'partial':
      return `In ${where}, the statements stopped part way: ${stream.patternId} is still open after statement ${stream.statements.at(-1)} and expects next ${stream.expected?.join(' or ') || 'more statements'}. Not followed yet.`;
    case 'failed-template': {
      const invalid = stream.notValidated[0]!;
      return `In ${where}, statement ${invalid.index} does not follow the profile’s templates (${invalid.outcome}).`;
    }
    case 'no-primary-pattern':
      return `In ${where}, the profile has no primary pattern to follow.`;
    case 'left-over': {
      const consumed = pattern?.trace.consumed ?? 0;
      const first = stream.statements[consumed];
      return `In ${where}, ${stream.patternId} ended before the statements did: ${pattern?.remaining ?? 0} left over, from statement ${first}.`;
    }
    default:
      return `In ${where}, no primary pattern matches every statement; ${stream.patternId} went furthest (${pattern?.outcome ?? 'failure'}): ${pattern?.trace.message ?? ''}`;
  }
}
