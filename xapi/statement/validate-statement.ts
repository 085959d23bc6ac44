/**
 * The spec's `validates(statement, templates)` (communication §2.1): xAPI basics first, then every
 * template whose determining properties match has its StatementRef constraints and rules checked.
 */
import type { JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { Iri, Profile, StatementTemplate } from '../model/types.js';
import type { CompiledProfile, CompiledTemplate } from './compile.js';
import { compileProfile } from './compile.js';
import { profileUsageProblems } from './profile-usage.js';
import { evaluateRule, ruleValues, show } from './rules.js';
import {
  checkStatement,
  normalizeStatement,
  xapiVersionOf,
  type XapiVersion,
} from './statement-check.js';
import type {
  DeterminingMismatch,
  DeterminingProperty,
  PassedRule,
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
  /** The version of xAPI to check the statement as; by default the one its `version` names. */
  xapiVersion?: XapiVersion | undefined;
  /**
   * Also report what each followed rule found (`passedRules`), for screens that show every rule.
   * Off by default: batches need only the failures.
   */
  passedRuleValues?: boolean;
}

export function validateStatement(
  statement: unknown,
  templates: CompiledProfile | Profile | StatementTemplate[],
  options: ValidateStatementOptions = {},
): StatementValidation {
  const compiled = compileProfile(templates);
  const xapiVersion = xapiVersionOf(statement, options.xapiVersion);
  const problems = checkStatement(statement, { xapiVersion });
  if (problems.length > 0) {
    return {
      outcome: 'not-a-statement',
      xapiVersion,
      statementProblems: problems,
      profileProblems: [],
      matched: [],
      failed: [],
      templates: [],
    };
  }
  // Field by field rather than spread: spreading the checker's answer took about 2% of a
  // simulation that checks every statement it makes.
  const checked = new TemplateChecker(compiled, options).validate(statement as Statement, 0);
  return {
    outcome: checked.outcome,
    statementProblems: checked.statementProblems,
    profileProblems: checked.profileProblems,
    matched: checked.matched,
    failed: checked.failed,
    templates: checked.templates,
    xapiVersion,
  };
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

  validate(raw: Statement, depth: number): Omit<StatementValidation, 'xapiVersion'> {
    const statement = normalizeStatement(raw);
    const facts = new StatementFacts(statement);
    const candidates = this.candidates(facts);
    const evaluations: TemplateEvaluation[] = [];
    const matched: Iri[] = [];
    const failed: Iri[] = [];
    for (const template of this.profile.templates) {
      // The index rules out templates by verb and object type; only candidates get the full check.
      const mismatch = candidates.has(template)
        ? mismatchOf(facts, template)
        : indexMismatch(facts, template);
      if (mismatch) {
        evaluations.push(notApplying(template, mismatch));
        continue;
      }
      const statementRefs = this.statementRefs(statement, template, depth);
      const failedRules: RuleEvaluation[] = [];
      const passedRules: PassedRule[] | undefined = this.options.passedRuleValues ? [] : undefined;
      for (const rule of template.rules) {
        const failure = evaluateRule(statement, rule);
        if (failure) failedRules.push(failure);
        else passedRules?.push({ ruleIndex: rule.ruleIndex, values: ruleValues(statement, rule) });
      }
      const passed = failedRules.length === 0 && statementRefs.every((r) => r.status !== 'failed');
      (passed ? matched : failed).push(template.id);
      evaluations.push({
        templateId: template.id,
        applies: true,
        statementRefs,
        failedRules,
        ...(passedRules ? { passedRules } : {}),
        passed,
      });
    }
    const outcome = failed.length > 0 ? 'invalid' : matched.length > 0 ? 'success' : 'unmatched';
    const profileProblems = profileUsageProblems(statement, this.profile.extensions);
    return {
      outcome,
      statementProblems: [],
      profileProblems,
      matched,
      failed,
      templates: evaluations,
    };
  }

  /** Templates whose verb and object activity type fit, from the compiled index. */
  private candidates(facts: StatementFacts): Set<CompiledTemplate> {
    const { verb, objectType: type } = facts;
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
    // A referenced statement is checked as the version it names itself.
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

/** What the determining properties look at, read once per statement. */
class StatementFacts {
  readonly verb: string | undefined;
  readonly objectType: string | undefined;
  private readonly types = new Map<string, string[]>();
  private attachments: string[] | undefined;

  constructor(private readonly statement: Statement) {
    this.verb = stringAt(statement.verb, 'id');
    this.objectType = objectActivityType(statement);
  }

  contextTypes(kind: string): string[] {
    let types = this.types.get(kind);
    if (!types) {
      types = contextActivityTypes(this.statement, kind);
      this.types.set(kind, types);
    }
    return types;
  }

  attachmentTypes(): string[] {
    this.attachments ??= attachmentUsageTypes(this.statement);
    return this.attachments;
  }
}

/** The spec's `matches_determining_properties`, reporting the first property that fails. */
/** The verb or object-type mismatch that kept a template out of the candidates. */
function indexMismatch(facts: StatementFacts, t: CompiledTemplate): DeterminingMismatch {
  return t.verb !== undefined && t.verb !== facts.verb
    ? single('verb', t.verb, facts.verb)
    : single('objectActivityType', t.objectActivityType!, facts.objectType);
}

/** The spec's `matches_determining_properties`, reporting the first property that fails. */
function mismatchOf(facts: StatementFacts, t: CompiledTemplate): DeterminingMismatch | undefined {
  if (t.verb !== undefined && facts.verb !== t.verb) return single('verb', t.verb, facts.verb);
  if (t.objectActivityType !== undefined && facts.objectType !== t.objectActivityType) {
    return single('objectActivityType', t.objectActivityType, facts.objectType);
  }
  for (const property of Object.keys(activityKinds) as (keyof typeof activityKinds)[]) {
    const expected = t[property];
    if (expected === undefined) continue;
    const found = facts.contextTypes(activityKinds[property]);
    if (!expected.every((e) => found.includes(e))) return new Mismatch(property, expected, found);
  }
  if (t.attachmentUsageType !== undefined) {
    const found = facts.attachmentTypes();
    if (!t.attachmentUsageType.every((e) => found.includes(e))) {
      return new Mismatch('attachmentUsageType', t.attachmentUsageType, found);
    }
  }
  return undefined;
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

const described: Record<DeterminingProperty, string> = {
  verb: 'the verb',
  objectActivityType: "the object's activity type",
  contextParentActivityType: "the parent context activities' types",
  contextGroupingActivityType: "the grouping context activities' types",
  contextCategoryActivityType: "the category context activities' types",
  contextOtherActivityType: "the other context activities' types",
  attachmentUsageType: "the attachments' usage types",
};

/**
 * Most templates do not apply to a given statement, so the message is written only when read
 * (and when serialized), not for every template and statement.
 */
class Mismatch implements DeterminingMismatch {
  constructor(
    readonly property: DeterminingProperty,
    readonly expected: Iri | Iri[],
    readonly found: Iri[],
  ) {}

  get message(): string {
    const { property, expected, found } = this;
    const what = described[property];
    if (!Array.isArray(expected)) {
      const value = found.length === 0 ? 'missing' : JSON.stringify(found[0]);
      return `${property}: ${what} is ${value}, not ${JSON.stringify(expected)}.`;
    }
    const missing = expected.filter((e) => !found.includes(e));
    const present = found.length === 0 ? 'are missing' : `are ${show(found)}`;
    const verb = missing.length === 1 ? 'is' : 'are';
    return `${property}: ${what} ${present}; ${show(missing)} ${verb} not among them.`;
  }

  toJSON(): DeterminingMismatch {
    return {
      property: this.property,
      expected: this.expected,
      found: this.found,
      message: this.message,
    };
  }
}

function single(
  property: DeterminingProperty,
  expected: Iri,
  found: string | undefined,
): DeterminingMismatch {
  return new Mismatch(property, expected, found === undefined ? [] : [found]);
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
