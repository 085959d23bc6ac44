/**
 * `xapi-profile check`: validates statements against a profile's templates (and, with --pattern,
 * its primary patterns) and reports per statement.
 */
import type {
  CompiledProfile,
  JsonObject,
  PatternsValidation,
  StatementValidation,
  TemplateEvaluation,
} from '../xapi/index.js';
import { compileProfile, followsPatterns, parse, validateStatement } from '../xapi/index.js';

export interface CheckOptions {
  profile: string;
  statements: string;
  pattern: boolean;
  regular: boolean;
  json: boolean;
}

export interface CheckIo {
  out: (text: string) => void;
  err: (text: string) => void;
  read: (file: string) => Promise<string>;
}

export const checkUsage = `Usage: xapi-profile check --profile PROFILE.jsonld [options] STATEMENTS.json

Checks xAPI statements against the Statement Templates of a profile (communication spec 2.1).
STATEMENTS.json holds one statement, an array of statements, or an LRS result {"statements": [...]}.
StatementRefs are looked up among the statements of the same file.

Options:
  --profile FILE      the profile whose templates (and patterns) apply (required)
  --pattern           also check that the statements follow a primary pattern (spec 2.2), per
                      registration, ordered by timestamp; only statements naming a version of the
                      profile in context.contextActivities.category are considered
  --regular           with --pattern: read patterns as regular expressions instead of the spec's
                      greedy matching, to compare the two
  --json              print the results as JSON instead of text
  -h, --help          show this help

A statement is a finding when it is not a valid xAPI statement, when a template applies to it and
is not followed, when it names the profile in its category and no template applies, or when it puts
one of the profile's extensions where its type does not allow or gives an activity an "@context".
Exit status: 0 no findings, 1 at least one finding, 2 unreadable input or wrong usage.`;

export function parseCheckArgs(rest: string[]): CheckOptions | string {
  let profile: string | undefined;
  const files: string[] = [];
  const options = { pattern: false, regular: false, json: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--json') options.json = true;
    else if (arg === '--pattern') options.pattern = true;
    else if (arg === '--regular') options.regular = true;
    else if (arg === '--profile') {
      profile = rest[++i];
      if (profile === undefined) return '--profile needs a value.';
    } else if (arg.startsWith('-') && arg !== '-') return `Unknown option "${arg}".`;
    else files.push(arg);
  }
  if (profile === undefined) return 'Give the profile with --profile FILE.';
  if (files.length !== 1) return 'Give exactly one STATEMENTS.json file.';
  if (options.regular && !options.pattern) return '--regular only applies with --pattern.';
  return { profile, statements: files[0]!, ...options };
}

type Loaded<T> = { value: T } | { problem: string };

async function readJson(io: CheckIo, file: string, what: string): Promise<Loaded<unknown>> {
  let text: string;
  try {
    text = await io.read(file);
  } catch (e) {
    return {
      problem: `Cannot read ${what} ${file}: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return {
      problem: `${what} ${file} is not JSON (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
}

/** One statement, an array of them, or an LRS `{statements: [...]}` result. */
function statementList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value !== 'object' || value === null) return undefined;
  const statements = (value as { statements?: unknown }).statements;
  if (statements !== undefined) return Array.isArray(statements) ? statements : undefined;
  return [value];
}

export async function check(options: CheckOptions, io: CheckIo): Promise<number> {
  const profileJson = await readJson(io, options.profile, 'profile');
  if ('problem' in profileJson) return fail(io, profileJson.problem);
  const { model } = parse(profileJson.value);
  if (model === undefined) return fail(io, `profile ${options.profile} is not a JSON object.`);
  const statementsJson = await readJson(io, options.statements, 'statements file');
  if ('problem' in statementsJson) return fail(io, statementsJson.problem);
  const statements = statementList(statementsJson.value);
  if (statements === undefined) {
    return fail(
      io,
      `${options.statements} must hold a statement, an array of statements or {"statements": [...]}.`,
    );
  }
  const compiled = compileProfile(model);
  const byId = new Map<string, JsonObject>();
  for (const s of statements) {
    if (isObject(s) && typeof s.id === 'string') byId.set(s.id, s);
  }
  const lookupStatement = (id: string) => byId.get(id);
  const validations = statements.map((s) => validateStatement(s, compiled, { lookupStatement }));
  const versions = new Set(compiled.versionIds);
  const findings = validations.map((v, i) => isFinding(v, statements[i], versions));
  const patterns = options.pattern
    ? followsPatterns(statements, compiled, {
        semantics: options.regular ? 'regular' : 'greedy',
        lookupStatement,
        validations,
      })
    : undefined;
  const failed = findings.some(Boolean) || (patterns !== undefined && !patterns.followed);
  if (options.json) {
    io.out(
      JSON.stringify(
        toJson(options, compiled, statements, validations, findings, patterns),
        null,
        2,
      ),
    );
  } else {
    printHuman(options, compiled, statements, validations, findings, patterns, io);
  }
  return failed ? 1 : 0;
}

function fail(io: CheckIo, message: string): number {
  io.err(message);
  return 2;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function namesProfile(statement: unknown, versions: Set<string>): boolean {
  if (!isObject(statement) || !isObject(statement.context)) return false;
  const activities = statement.context.contextActivities;
  if (!isObject(activities)) return false;
  const category = activities.category;
  const list = Array.isArray(category) ? category : [category];
  return list.some((a) => isObject(a) && typeof a.id === 'string' && versions.has(a.id));
}

function isFinding(v: StatementValidation, statement: unknown, versions: Set<string>): boolean {
  if (v.profileProblems.length > 0) return true;
  if (v.outcome === 'unmatched') return namesProfile(statement, versions);
  return v.outcome !== 'success';
}

function toJson(
  options: CheckOptions,
  compiled: CompiledProfile,
  statements: unknown[],
  validations: StatementValidation[],
  findings: boolean[],
  patterns: PatternsValidation | undefined,
) {
  return {
    profile: options.profile,
    profileId: compiled.profileId ?? null,
    profileProblems: compiled.problems,
    findings: findings.filter(Boolean).length + (patterns && !patterns.followed ? 1 : 0),
    statements: validations.map((v, index) => ({
      index,
      id: statementId(statements[index]),
      finding: findings[index],
      outcome: v.outcome,
      matched: v.matched,
      failed: v.failed,
      statementProblems: v.statementProblems,
      profileProblems: v.profileProblems,
      templates: v.templates.filter((t) => t.applies),
    })),
    ...(patterns ? { patterns } : {}),
  };
}

function statementId(statement: unknown): string | null {
  return isObject(statement) && typeof statement.id === 'string' ? statement.id : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printHuman(
  options: CheckOptions,
  compiled: CompiledProfile,
  statements: unknown[],
  validations: StatementValidation[],
  findings: boolean[],
  patterns: PatternsValidation | undefined,
  io: CheckIo,
): void {
  const count = (outcome: string) => validations.filter((v) => v.outcome === outcome).length;
  io.out(
    `${options.statements}: ${plural(statements.length, 'statement')} against ${compiled.profileId ?? options.profile} ` +
      `(${plural(compiled.templates.length, 'template')}): ${count('success')} valid, ${count('invalid')} invalid, ` +
      `${count('unmatched')} unmatched, ${count('not-a-statement')} not statements`,
  );
  for (const p of compiled.problems) io.out(`  Note: ${p.id}: ${p.message}`);
  validations.forEach((v, i) => {
    const id = statementId(statements[i]);
    const label = `Statement ${i + 1}${id ? ` (${id})` : ''}`;
    if (v.outcome === 'success') {
      io.out(`${label}: valid, matches ${v.matched.join(', ')}`);
    } else if (v.outcome === 'unmatched') {
      io.out(
        `${label}: no template applies${findings[i] ? ' (it names the profile in its category)' : ''}`,
      );
    } else if (v.outcome === 'not-a-statement') {
      io.out(`${label}: not a valid xAPI statement`);
      for (const p of v.statementProblems) io.out(`    ${p.path}  ${p.message}`);
    } else {
      io.out(`${label}: invalid for ${v.failed.join(', ')}`);
      for (const t of v.templates) if (t.applies && !t.passed) printTemplate(t, io);
    }
    if (v.profileProblems.length > 0) io.out('  Use of the profile:');
    for (const p of v.profileProblems) io.out(`    ${p.path}  ${p.message}`);
  });
  if (patterns) printPatterns(patterns, statements, io);
}

function printTemplate(t: TemplateEvaluation, io: CheckIo): void {
  io.out(`  Template ${t.templateId}:`);
  for (const ref of t.statementRefs) {
    if (ref.status === 'failed') io.out(`    ${ref.property}: ${ref.message}`);
  }
  for (const rule of t.failedRules) io.out(`    ${rule.message}`);
}

function printPatterns(result: PatternsValidation, statements: unknown[], io: CheckIo): void {
  io.out(
    `Patterns (${result.semantics} matching): ${result.followed ? 'followed' : 'not followed'}`,
  );
  if (result.skipped.length > 0) {
    io.out(
      `  Not for this profile (no version in category): statements ${result.skipped.map((i) => i + 1).join(', ')}`,
    );
  }
  for (const r of result.rejected) io.out(`  Statement ${r.index + 1}: ${r.message}`);
  for (const stream of result.streams) {
    const key = stream.registration
      ? `registration ${stream.registration}${stream.subregistration ? `, subregistration ${stream.subregistration}` : ''}`
      : 'no registration';
    const order = stream.statements.map((i) => i + 1).join(', ');
    io.out(`  ${key} (statements ${order}): ${stream.followed ? 'followed' : 'not followed'}`);
    for (const n of stream.notValidated) {
      io.out(
        `    Statement ${n.index + 1} is ${n.outcome === 'not-a-statement' ? 'not a statement' : n.outcome}, which fails the stream`,
      );
    }
    for (const p of stream.patterns) {
      const at = p.trace.stoppedAt === undefined ? undefined : stream.statements[p.trace.stoppedAt];
      io.out(
        `    ${p.patternId}: ${p.outcome}${p.outcome === 'success' && p.remaining > 0 ? `, ${p.remaining} left over` : ''}. ${p.trace.message}` +
          (at === undefined ? '' : ` (statement ${at + 1} of the file)`),
      );
    }
  }
  if (statements.length > 0 && result.streams.length === 0 && result.rejected.length === 0) {
    io.out('  No statement names this profile in its category: nothing to match.');
  }
}
