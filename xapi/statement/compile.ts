/**
 * Compiles a profile's templates and patterns once (JSONPaths parsed, value lists prepared,
 * determining properties indexed by verb and object activity type, pattern references resolved)
 * so that validating many statements does no per-statement preparation.
 */
import type { JsonValue } from '../json.js';
import type { JsonPath } from '../jsonpath.js';
import { parseJsonPath } from '../jsonpath.js';
import type {
  ExtensionType,
  Iri,
  Pattern,
  Profile,
  Rule,
  StatementTemplate,
} from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { valueSet } from './rules.js';
import type { CompiledRule } from './types.js';

export interface CompiledTemplate {
  id: Iri;
  /** Position in the profile, which orders every result. */
  index: number;
  verb?: Iri;
  objectActivityType?: Iri;
  contextParentActivityType?: Iri[];
  contextGroupingActivityType?: Iri[];
  contextCategoryActivityType?: Iri[];
  contextOtherActivityType?: Iri[];
  attachmentUsageType?: Iri[];
  objectStatementRefTemplate?: Iri[];
  contextStatementRefTemplate?: Iri[];
  rules: CompiledRule[];
}

/** A pattern as a regular expression over template ids. */
export type PatternNode =
  | { kind: 'template'; id: Iri }
  | { kind: 'sequence' | 'alternates'; id: Iri; members: PatternNode[] }
  | { kind: 'optional' | 'zeroOrMore' | 'oneOrMore'; id: Iri; member: PatternNode }
  /** A pattern that contains itself or has no operator: it matches nothing. */
  | { kind: 'invalid'; id: Iri; reason: string };

export interface CompileProblem {
  /** The template, rule or pattern concerned. */
  id: Iri;
  message: string;
}

export interface CompiledProfile {
  compiled: true;
  profileId?: Iri;
  /** Every version IRI of the profile: statements naming one in their category are checked. */
  versionIds: Iri[];
  /** The profile's extensions by IRI, to check where statements put them. */
  extensions: Map<Iri, ExtensionType>;
  templates: CompiledTemplate[];
  templateById: Map<Iri, CompiledTemplate>;
  /** Candidate templates by `verb` then `objectActivityType`, with '' for "not specified". */
  index: Map<Iri, Map<Iri, CompiledTemplate[]>>;
  primaryPatterns: PatternNode[];
  problems: CompileProblem[];
}

const compiledProfiles = new WeakMap<object, CompiledProfile>();

/**
 * Compiles a profile (or a bare list of templates). The result is cached per input object, so
 * passing the same parsed profile again costs nothing; a new version is a new object.
 */
export function compileProfile(
  profile: Profile | StatementTemplate[] | CompiledProfile,
): CompiledProfile {
  if (isCompiled(profile)) return profile;
  const cached = compiledProfiles.get(profile);
  if (cached) return cached;
  const compiled = Array.isArray(profile) ? build({ templates: profile }) : build(profile);
  compiledProfiles.set(profile, compiled);
  return compiled;
}

export function isCompiled(value: unknown): value is CompiledProfile {
  return typeof value === 'object' && value !== null && 'compiled' in value;
}

function build(profile: Profile): CompiledProfile {
  const problems: CompileProblem[] = [];
  const templates: CompiledTemplate[] = [];
  for (const t of profile.templates ?? []) {
    if (isUnrecognized(t) || t.id === undefined) continue;
    templates.push(compileTemplate(t, templates.length, problems));
  }
  const templateById = new Map(templates.map((t) => [t.id, t]));
  const index = new Map<Iri, Map<Iri, CompiledTemplate[]>>();
  for (const t of templates) {
    const byVerb = index.get(t.verb ?? '') ?? new Map<Iri, CompiledTemplate[]>();
    index.set(t.verb ?? '', byVerb);
    const list = byVerb.get(t.objectActivityType ?? '') ?? [];
    byVerb.set(t.objectActivityType ?? '', list);
    list.push(t);
  }
  const patterns = new Map<Iri, Pattern>();
  for (const p of profile.patterns ?? []) {
    if (!isUnrecognized(p) && p.id !== undefined && !patterns.has(p.id)) patterns.set(p.id, p);
  }
  const resolver = new PatternResolver(patterns);
  const primaryPatterns = [...patterns.values()]
    .filter((p) => p.primary === true)
    .map((p) => resolver.node(p.id!));
  const extensions = new Map<Iri, ExtensionType>();
  for (const c of profile.concepts ?? []) {
    if (isUnrecognized(c) || c.id === undefined) continue;
    if (
      c.type === 'ContextExtension' ||
      c.type === 'ResultExtension' ||
      c.type === 'ActivityExtension'
    ) {
      extensions.set(c.id, c.type);
    }
  }
  const versionIds: Iri[] = [];
  for (const v of profile.versions ?? []) {
    if (!isUnrecognized(v) && v.id !== undefined) versionIds.push(v.id);
  }
  return {
    compiled: true,
    ...(profile.id !== undefined ? { profileId: profile.id } : {}),
    versionIds,
    extensions,
    templates,
    templateById,
    index,
    primaryPatterns,
    problems,
  };
}

function compileTemplate(
  t: StatementTemplate,
  index: number,
  problems: CompileProblem[],
): CompiledTemplate {
  const id = t.id!;
  const rules: CompiledRule[] = [];
  (t.rules ?? []).forEach((rule, ruleIndex) => {
    rules.push(compileRule(id, ruleIndex, rule, problems));
  });
  const out: CompiledTemplate = { id, index, rules };
  for (const key of ['verb', 'objectActivityType'] as const) {
    if (t[key] !== undefined) out[key] = t[key];
  }
  for (const key of [
    'contextParentActivityType',
    'contextGroupingActivityType',
    'contextCategoryActivityType',
    'contextOtherActivityType',
    'attachmentUsageType',
    'objectStatementRefTemplate',
    'contextStatementRefTemplate',
  ] as const) {
    if (t[key] !== undefined) out[key] = t[key];
  }
  return out;
}

function compileRule(
  templateId: Iri,
  ruleIndex: number,
  raw: Rule | { unrecognized: JsonValue },
  problems: CompileProblem[],
): CompiledRule {
  const base = { templateId, ruleIndex, location: [] as JsonPath[] };
  if (isUnrecognized(raw)) {
    return { ...base, locationText: '?', broken: 'the rule is not an object' };
  }
  const rule: CompiledRule = { ...base, locationText: raw.location ?? '' };
  const note = (message: string) =>
    problems.push({ id: `${templateId} rule ${ruleIndex + 1}`, message });
  const problem = (message: string) => {
    note(message);
    rule.broken ??= message;
  };
  if (raw.location === undefined) problem('the rule has no "location"');
  else {
    const parsed = parsePath(raw.location, 'location', problem, note);
    if (parsed) rule.location = parsed;
  }
  if (raw.selector !== undefined) {
    rule.selectorText = raw.selector;
    const parsed = parsePath(raw.selector, 'selector', problem, note);
    if (parsed) rule.selector = parsed;
  }
  if (raw.presence !== undefined) rule.presence = raw.presence;
  if (raw.any !== undefined) {
    rule.any = raw.any;
    rule.anySet = valueSet(raw.any);
  }
  if (raw.all !== undefined) {
    rule.all = raw.all;
    rule.allSet = valueSet(raw.all);
  }
  if (raw.none !== undefined) {
    rule.none = raw.none;
    rule.noneSet = valueSet(raw.none);
  }
  if (raw.presence === undefined && !raw.any && !raw.all && !raw.none) {
    problem('the rule has none of "presence", "any", "all" and "none"');
  }
  return rule;
}

/**
 * Parses a rule's JSONPath. A path without the leading `$` (as in the spec's own §8.1 example and
 * the SCORM profile) is read as rooted at the statement, with a compile problem noted.
 */
function parsePath(
  text: string,
  what: string,
  problem: (message: string) => void,
  note: (message: string) => void,
): JsonPath[] | undefined {
  const parsed = parseJsonPath(text);
  if (parsed.ok) return parsed.paths;
  const rooted = text
    .split('|')
    .map((p) => p.trim())
    .map((p) => (p.startsWith('$') ? p : `$.${p}`))
    .join(' | ');
  const retried = parseJsonPath(rooted);
  if (retried.ok) {
    note(
      `the ${what} ${JSON.stringify(text)} lacks the leading "$"; it is read as ${JSON.stringify(rooted)}`,
    );
    return retried.paths;
  }
  problem(`the ${what} ${JSON.stringify(text)} is not a usable JSONPath: ${parsed.message}`);
  return undefined;
}

class PatternResolver {
  private readonly done = new Map<Iri, PatternNode>();
  private readonly inProgress = new Set<Iri>();

  constructor(private readonly patterns: Map<Iri, Pattern>) {}

  /** Any id that is not one of the profile's patterns is read as a template id. */
  node(id: Iri): PatternNode {
    const pattern = this.patterns.get(id);
    if (pattern === undefined) return { kind: 'template', id };
    const known = this.done.get(id);
    if (known) return known;
    if (this.inProgress.has(id))
      return { kind: 'invalid', id, reason: 'the pattern contains itself' };
    this.inProgress.add(id);
    const node = this.build(pattern, id);
    this.inProgress.delete(id);
    this.done.set(id, node);
    return node;
  }

  private build(p: Pattern, id: Iri): PatternNode {
    if (p.sequence) return { kind: 'sequence', id, members: p.sequence.map((m) => this.node(m)) };
    if (p.alternates) {
      return { kind: 'alternates', id, members: p.alternates.map((m) => this.node(m)) };
    }
    for (const kind of ['optional', 'zeroOrMore', 'oneOrMore'] as const) {
      const member = p[kind];
      if (member !== undefined) return { kind, id, member: this.node(member) };
    }
    return { kind: 'invalid', id, reason: 'the pattern has no operator' };
  }
}
