/**
 * The spec's `validates(statement, templates)` (communication §2.1): xAPI basics first, then every
 * template whose determining properties match has its StatementRef constraints and rules checked.
 */
import type { JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { Iri, Profile, StatementTemplate } from '../model/types.js';
import type { CompiledProfile, CompiledTemplate } from './compile.js';
import { compileProfile } from './compile.js';
import { evaluateRule, show } from './rules.js';
import { checkStatement, normalizeStatement } from './statement-check.js';
import type {
  DeterminingMismatch,
  DeterminingProperty,
  RuleEvaluation,
  Statement,
  StatementLookup,
  StatementRefCheck,
  StatementRefProperty,
  StatementValidation,
  TemplateEvaluation,
} from './types.js';

export interface ValidateStatementOptions {
  /**
   * Finds the statement a StatementRef points at. Without it, StatementRef templates are reported
   * as "not checked" (they pass, as the spec lets a checker without the statement do).
   */
  lookupStatement?: StatementLookup;
  /** How deep StatementRef chains are followed (default 8); deeper references are not checked. */
  maxRefDepth?: number;
}

export function validateStatement(
  statement: unknown,
  templates: CompiledProfile | Profile | StatementTemplate[],
  options: ValidateStatementOptions = {},
): StatementValidation {
  const compiled = compileProfile(templates);
  const problems = checkStatement(statement);
  if (problems.length > 0) {
    return {
      outcome: 'not-a-statement',
      statementProblems: problems,
      matched: [],
      failed: [],
      templates: [],
    };
  }
  return new TemplateChecker(compiled, options).validate(statement as Statement, 0);
}

const activityKinds = {
  contextParentActivityType: 'parent',
  contextGroupingActivityType: 'grouping',
  contextCategoryActivityType: 'category',
  contextOtherActivityType: 'other',
} as const;

class TemplateChecker {
  private readonly maxDepth: number;

  constructor(
    private readonly profile: CompiledProfile,
    private readonly options: ValidateStatementOptions,
  ) {
    this.maxDepth = options.maxRefDepth ?? 8;
  }

  validate(raw: Statement, depth: number): StatementValidation {
    const statement = normalizeStatement(raw);
    const candidates = this.candidates(statement);
    const evaluations: TemplateEvaluation[] = [];
    const matched: Iri[] = [];
    const failed: Iri[] = [];
    for (const template of this.profile.templates) {
      if (!candidates.has(template)) {
        evaluations.push(this.notApplicable(template, statement));
        continue;
      }
      const mismatch = this.mismatch(statement, template);
      if (mismatch) {
        evaluations.push(notApplying(template, mismatch));
        continue;
      }
      const statementRefs = this.statementRefs(statement, template, depth);
      const failedRules: RuleEvaluation[] = [];
      for (const rule of template.rules) {
        const failure = evaluateRule(statement, rule);
        if (failure) failedRules.push(failure);
      }
      const passed = failedRules.length === 0 && statementRefs.every((r) => r.status !== 'failed');
      (passed ? matched : failed).push(template.id);
      evaluations.push({
        templateId: template.id,
        applies: true,
        statementRefs,
        failedRules,
        passed,
      });
    }
    const outcome = failed.length > 0 ? 'invalid' : matched.length > 0 ? 'success' : 'unmatched';
    return { outcome, statementProblems: [], matched, failed, templates: evaluations };
  }

  /** Templates whose verb and object activity type fit, from the compiled index. */
  private candidates(statement: Statement): Set<CompiledTemplate> {
    const verb = stringAt(statement.verb, 'id');
    const type = objectActivityType(statement);
    const out = new Set<CompiledTemplate>();
    for (const v of verb === undefined ? [''] : [verb, '']) {
      const byType = this.profile.index.get(v);
      if (!byType) continue;
      for (const t of type === undefined ? [''] : [type, '']) {
        for (const template of byType.get(t) ?? []) out.add(template);
      }
    }
    return out;
  }

  private notApplicable(template: CompiledTemplate, statement: Statement): TemplateEvaluation {
    return notApplying(template, this.mismatch(statement, template)!);
  }

  /** The spec's `matches_determining_properties`, reporting the first property that fails. */
  private mismatch(statement: Statement, t: CompiledTemplate): DeterminingMismatch | undefined {
    if (t.verb !== undefined) {
      const verb = stringAt(statement.verb, 'id');
      if (verb !== t.verb) return single('verb', t.verb, verb, 'the verb');
    }
    if (t.objectActivityType !== undefined) {
      const type = objectActivityType(statement);
      if (type !== t.objectActivityType) {
        return single(
          'objectActivityType',
          t.objectActivityType,
          type,
          "the object's activity type",
        );
      }
    }
    for (const property of Object.keys(activityKinds) as (keyof typeof activityKinds)[]) {
      const expected = t[property];
      if (expected === undefined) continue;
      const found = contextActivityTypes(statement, activityKinds[property]);
      const missing = expected.filter((e) => !found.includes(e));
      if (missing.length > 0) {
        return superset(
          property,
          expected,
          found,
          missing,
          `${activityKinds[property]} context activities' types`,
        );
      }
    }
    if (t.attachmentUsageType !== undefined) {
      const found = attachmentUsageTypes(statement);
      const missing = t.attachmentUsageType.filter((e) => !found.includes(e));
      if (missing.length > 0) {
        return superset(
          'attachmentUsageType',
          t.attachmentUsageType,
          found,
          missing,
          "attachments' usage types",
        );
      }
    }
    return undefined;
  }

  private statementRefs(
    statement: Statement,
    t: CompiledTemplate,
    depth: number,
  ): StatementRefCheck[] {
    const checks: StatementRefCheck[] = [];
    if (t.objectStatementRefTemplate) {
      checks.push(
        this.statementRef(
          'objectStatementRefTemplate',
          statement.object,
          t.objectStatementRefTemplate,
          depth,
        ),
      );
    }
    if (t.contextStatementRefTemplate) {
      const context = isObject(statement.context) ? statement.context : {};
      checks.push(
        this.statementRef(
          'contextStatementRefTemplate',
          context.statement,
          t.contextStatementRefTemplate,
          depth,
        ),
      );
    }
    return checks;
  }

  private statementRef(
    property: StatementRefProperty,
    ref: JsonValue | undefined,
    allowed: Iri[],
    depth: number,
  ): StatementRefCheck {
    const where = property === 'objectStatementRefTemplate' ? 'object' : 'context.statement';
    if (!isObject(ref) || ref.objectType !== 'StatementRef' || typeof ref.id !== 'string') {
      return {
        property,
        status: 'failed',
        message: `The template requires ${where} to be a StatementRef.`,
      };
    }
    const id = ref.id;
    const lookup = this.options.lookupStatement;
    if (lookup === undefined || depth >= this.maxDepth) {
      return {
        property,
        status: 'not-checked',
        message: `The statement ${id} referenced by ${where} was not checked against ${show(allowed)}${lookup ? ' (reference chain too deep)' : ' (no statement lookup given)'}.`,
      };
    }
    const target = lookup(id);
    if (target === undefined) {
      return {
        property,
        status: 'not-found',
        message: `The statement ${id} referenced by ${where} is not available; the check passes.`,
      };
    }
    const problems = checkStatement(target);
    const result = problems.length > 0 ? undefined : this.validate(target, depth + 1);
    if (result && result.matched.some((m) => allowed.includes(m))) {
      return {
        property,
        status: 'passed',
        message: `The statement ${id} referenced by ${where} matches ${show(allowed)}.`,
      };
    }
    return {
      property,
      status: 'failed',
      message: `The statement ${id} referenced by ${where} matches ${result && result.matched.length > 0 ? show(result.matched) : 'no template'}, but one of ${show(allowed)} is required.`,
    };
  }
}

function notApplying(
  template: CompiledTemplate,
  mismatch: DeterminingMismatch,
): TemplateEvaluation {
  return {
    templateId: template.id,
    applies: false,
    mismatch,
    statementRefs: [],
    failedRules: [],
    passed: false,
  };
}

function single(
  property: DeterminingProperty,
  expected: Iri,
  found: string | undefined,
  what: string,
): DeterminingMismatch {
  return {
    property,
    expected,
    found: found === undefined ? [] : [found],
    message: `${property}: ${what} is ${found === undefined ? 'missing' : JSON.stringify(found)}, not ${JSON.stringify(expected)}.`,
  };
}

function superset(
  property: DeterminingProperty,
  expected: Iri[],
  found: Iri[],
  missing: Iri[],
  what: string,
): DeterminingMismatch {
  return {
    property,
    expected,
    found,
    message: `${property}: the ${what} ${found.length === 0 ? 'are missing' : `are ${show(found)}`}; ${show(missing)} ${missing.length === 1 ? 'is' : 'are'} not among them.`,
  };
}

function stringAt(value: JsonValue | undefined, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const v = value[key];
  return typeof v === 'string' ? v : undefined;
}

function objectActivityType(statement: Statement): string | undefined {
  const object = statement.object;
  if (!isObject(object)) return undefined;
  if (object.objectType !== undefined && object.objectType !== 'Activity') return undefined;
  return stringAt(object.definition, 'type');
}

function contextActivityTypes(statement: Statement, kind: string): string[] {
  const context = statement.context;
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  const list = context.contextActivities[kind];
  const types: string[] = [];
  for (const activity of Array.isArray(list) ? list : []) {
    const type = isObject(activity) ? stringAt(activity.definition, 'type') : undefined;
    if (type !== undefined) types.push(type);
  }
  return types;
}

function attachmentUsageTypes(statement: Statement): string[] {
  const types: string[] = [];
  for (const a of Array.isArray(statement.attachments) ? statement.attachments : []) {
    const type = stringAt(a, 'usageType');
    if (type !== undefined) types.push(type);
  }
  return types;
}
