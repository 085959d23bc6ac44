/**
 * `xapi-profile check`: validates statements against a profile's templates (and, with --pattern,
 * its primary patterns) and reports per statement.
 */
import type {
  CompiledProfile,
  FollowOutcome,
  JsonObject,
  PatternsValidation,
  StatementValidation,
  TemplateEvaluation,
} from '../xapi/index.js';
import {
  XAPI_VERSIONS,
  compileProfile,
  followsPatterns,
  parse,
  validateStatement,
  type XapiVersion,
} from '../xapi/index.js';

export interface CheckOptions {
  profile: string;
  statements: string;
  pattern: boolean;
  regular: boolean;
  /** Check every statement, not only those that name a version of the profile in their category. */
  all: boolean;
  json: boolean;
  /** Check every statement as this version of xAPI instead of the one it names. */
  xapiVersion?: XapiVersion | undefined;
}

/** Exit statuses: a partial stream is neither a success nor a finding. */
export const EXIT = { ok: 0, findings: 1, usage: 2, partial: 3, nothingChecked: 4 } as const;

export interface CheckIo {
  out: (text: string) => void;
  err: (text: string) => void;
  read: (file: string) => Promise<string>;
}

export const checkUsage = `Usage: xapi-profile check --profile PROFILE.jsonld [options] STATEMENTS.json

Checks xAPI statements against the Statement Templates of a profile (communication spec 2.1).
STATEMENTS.json holds one statement, an array of statements, or an LRS result {"statements": [...]}.
StatementRefs are looked up among the statements of the same file.

A profile binds the statements that name one of its versions in context.contextActivities.category:
only those are checked. The others are listed as not bound, for information; they are no finding.

Options:
  --profile FILE      the profile whose templates (and patterns) apply (required)
  --all               check every statement, whatever its category (templates and patterns)
  --pattern           also check that the statements follow a primary pattern (spec 2.2), per
                      registration, ordered by timestamp; each registration is followed, partial
                      (it stopped part way: more statements could complete it) or not followed
  --regular           with --pattern: read patterns as regular expressions instead of the spec's
                      greedy matching, to compare the two
  --xapi-version V    check every statement as xAPI V (1.0.3 or 2.0.0); by default a statement
                      whose "version" is 2.0.x is checked as 2.0.0 and any other as 1.0.3
  --json              print the results as JSON instead of text
  -h, --help          show this help

A checked statement is a finding when it is not a valid xAPI statement, when no template applies
to it, when a template applies and is not followed, or when it puts one of the profile's extensions
where its type does not allow or gives an activity an "@context". With --pattern, a registration
not followed is a finding too.
Exit status: 0 no findings (and with --pattern every registration followed),
             1 at least one finding,
             2 unreadable input or wrong usage,
             3 no findings, but with --pattern some registration is partial: not followed yet,
             4 nothing was checked: no statement of the file names a version of the profile in
               its category (--all checks them whatever their category).`;

export function parseCheckArgs(rest: string[]): CheckOptions | string {
  let profile: string | undefined;
  const files: string[] = [];
  const options: Omit<CheckOptions, 'profile' | 'statements'> = {
    pattern: false,
    regular: false,
    all: false,
    json: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--json') options.json = true;
    else if (arg === '--pattern') options.pattern = true;
    else if (arg === '--regular') options.regular = true;
    else if (arg === '--all') options.all = true;
    else if (arg === '--xapi-version') {
      const version = rest[++i];
      if (!XAPI_VERSIONS.some((v) => v === version))
        return `--xapi-version takes ${XAPI_VERSIONS.join(' or ')}.`;
      options.xapiVersion = version as XapiVersion;
    } else if (arg === '--profile') {
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
  const versions = new Set(compiled.versionIds);
  const bound = statements.map((s) => options.all || namesProfile(s, versions));
  const validations = statements.map((s, i) =>
    bound[i]
      ? validateStatement(s, compiled, { lookupStatement, xapiVersion: options.xapiVersion })
      : undefined,
  );
  const findings = validations.map((v) => v !== undefined && isFinding(v));
  const patterns = options.pattern
    ? followsPatterns(statements, compiled, {
        semantics: options.regular ? 'regular' : 'greedy',
        ignoreCategory: options.all,
        lookupStatement,
        validations,
      })
    : undefined;
  const checked = validations.filter((v) => v !== undefined).length;
  if (checked === 0) {
    // Nothing bound, nothing checked: neither "valid" nor "followed" may be said of it.
    const report = { options, compiled, statements, validations, findings, patterns };
    if (options.json) io.out(JSON.stringify(toJson(report, EXIT.nothingChecked), null, 2));
    else printHuman(report, io);
    io.err(
      `Nothing was checked: ${statements.length === 0 ? 'the file holds no statement' : `none of the ${plural(statements.length, 'statement')} names a version of ${compiled.profileId ?? options.profile} in context.contextActivities.category`}; --all checks every statement whatever its category.`,
    );
    return EXIT.nothingChecked;
  }
  const code =
    findings.some(Boolean) || patterns?.outcome === 'not-followed'
      ? EXIT.findings
      : patterns?.outcome === 'partial'
        ? EXIT.partial
        : EXIT.ok;
  const report = { options, compiled, statements, validations, findings, patterns };
  if (options.json) io.out(JSON.stringify(toJson(report, code), null, 2));
  else printHuman(report, io);
  return code;
}

interface Report {
  options: CheckOptions;
  compiled: CompiledProfile;
  statements: unknown[];
  /** Undefined for a statement the profile does not bind (not checked). */
  validations: (StatementValidation | undefined)[];
  findings: boolean[];
  patterns: PatternsValidation | undefined;
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

function isFinding(v: StatementValidation): boolean {
  return v.profileProblems.length > 0 || v.outcome !== 'success';
}

function toJson(
  { options, compiled, statements, validations, findings, patterns }: Report,
  exitCode: number,
) {
  return {
    profile: options.profile,
    profileId: compiled.profileId ?? null,
    profileProblems: compiled.problems,
    exitCode,
    checked: validations.filter((v) => v !== undefined).length,
    findings: findings.filter(Boolean).length + (patterns?.outcome === 'not-followed' ? 1 : 0),
    notBound: validations.filter((v) => v === undefined).length,
    statements: validations.map((v, index) => ({
      index,
      id: statementId(statements[index]),
      // Not bound: the statement names no version of the profile in its category; not checked.
      bound: v !== undefined,
      finding: findings[index],
      ...(v === undefined
        ? {}
        : {
            outcome: v.outcome,
            xapiVersion: v.xapiVersion,
            matched: v.matched,
            failed: v.failed,
            statementProblems: v.statementProblems,
            profileProblems: v.profileProblems,
            templates: v.templates.filter((t) => t.applies),
          }),
    })),
    ...(patterns ? { patterns } : {}),
  };
}

function statementId(statement: unknown): string | null {
  return isObject(statement) && typeof statement.id === 'string' ? statement.id : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printHuman(
  { options, compiled, statements, validations, patterns }: Report,
  io: CheckIo,
): void {
  const count = (outcome: string) => validations.filter((v) => v?.outcome === outcome).length;
  const notBound = validations.filter((v) => v === undefined).length;
  io.out(
    `${options.statements}: ${plural(statements.length, 'statement')} against ${compiled.profileId ?? options.profile} ` +
      `(${plural(compiled.templates.length, 'template')}): ${count('success')} valid, ${count('invalid')} invalid, ` +
      `${count('unmatched')} unmatched, ${count('not-a-statement')} not statements` +
      (notBound > 0 ? `, ${notBound} not bound to the profile (not checked)` : ''),
  );
  for (const p of compiled.problems) io.out(`  Note: ${p.id}: ${p.message}`);
  validations.forEach((v, i) => {
    const id = statementId(statements[i]);
    const label = `Statement ${i + 1}${id ? ` (${id})` : ''}${v ? `, as xAPI ${v.xapiVersion}` : ''}`;
    if (v === undefined) {
      io.out(
        `${label}: not bound to this profile (its category names no version of it), not checked; --all checks it`,
      );
    } else if (v.outcome === 'success') {
      io.out(`${label}: valid, matches ${v.matched.join(', ')}`);
    } else if (v.outcome === 'unmatched') {
      io.out(`${label}: no template applies`);
    } else if (v.outcome === 'not-a-statement') {
      io.out(`${label}: not a valid xAPI statement`);
      for (const p of v.statementProblems) io.out(`    ${p.path}  ${p.message}`);
    } else {
      io.out(`${label}: invalid for ${v.failed.join(', ')}`);
      for (const t of v.templates) if (t.applies && !t.passed) printTemplate(t, io);
    }
    if (v && v.profileProblems.length > 0) io.out('  Use of the profile:');
    for (const p of v?.profileProblems ?? []) io.out(`    ${p.path}  ${p.message}`);
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

const FOLLOW_LABEL: Record<FollowOutcome, string> = {
  followed: 'followed',
  partial: 'partial, not followed yet',
  'not-followed': 'not followed',
};

function printPatterns(result: PatternsValidation, statements: unknown[], io: CheckIo): void {
  const matched = result.streams.length > 0 || result.rejected.length > 0;
  io.out(
    `Patterns (${result.semantics} matching): ${matched ? FOLLOW_LABEL[result.outcome] : 'nothing to match, not checked'}`,
  );
  if (result.skipped.length > 0) {
    io.out(
      `  Not bound to this profile (no version in category): statements ${result.skipped.map((i) => i + 1).join(', ')}`,
    );
  }
  for (const r of result.rejected) io.out(`  Statement ${r.index + 1}: ${r.message}`);
  for (const stream of result.streams) {
    const key = stream.registration
      ? `registration ${stream.registration}${stream.subregistration ? `, subregistration ${stream.subregistration}` : ''}`
      : 'no registration';
    const order = stream.statements.map((i) => i + 1).join(', ');
    io.out(`  ${key} (statements ${order}): ${FOLLOW_LABEL[stream.outcome]}. ${stream.message}`);
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
