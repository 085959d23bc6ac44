import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { otherProfile, validProfile } from '../xapi/fixtures/profiles.js';
import {
  VERSION,
  patternId,
  profileWith,
  statement,
  template,
  templateId,
  uuid,
  verb,
} from '../xapi/statement/fixtures.js';

/**
 * Each test starts the command line as fresh Node.js processes, several in a row: on a loaded
 * two-core host one start can take seconds, beyond the suite's default budget for a test.
 */
const SPAWNING = { timeout: 180_000 };

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repoRoot, 'bin/xapi-profile.js');
const authored = resolve(repoRoot, '../shared/corpus/authored');

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'xapi-profile-cli-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const good = file('good.jsonld', validProfile());
const other = file('other.jsonld', otherProfile());
const broken = file('broken.jsonld', { ...validProfile(), seeAlso: 'not a url' });
const warnOnly = file('warn.jsonld', {
  ...validProfile(),
  conformsTo: 'https://w3id.org/xapi/profiles#1.0.0',
});
const notJson = file('not.json', '{ nope');

describe('xapi-profile validate', SPAWNING, () => {
  it('exits 0 and says so for a clean profile', () => {
    const r = run('validate', '--known', other, good);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${good}: 0 errors, 0 warnings`);
  });

  it('exits 1 and lists errors with rule, path and message', () => {
    const r = run('validate', broken);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Errors:');
    expect(r.stdout).toMatch(/\[B7\] \/seeAlso {2}"seeAlso" must be a URL/);
  });

  it('exits 0 when there are only warnings, grouping them separately', () => {
    const r = run('validate', '--known', other, warnOnly);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Warnings:');
    expect(r.stdout).toContain('[B4] /conformsTo');
    expect(r.stdout).not.toContain('Errors:');
  });

  it('reports a file that is not JSON as an A1 error', () => {
    const r = run('validate', notJson);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('[A1]');
  });

  it('prints machine-readable JSON with --json', () => {
    const r = run('validate', '--json', broken, good);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      files: { file: string; errors: number; findings: { ruleId: string; path: string }[] }[];
    };
    expect(out.files.map((f) => f.file)).toEqual([broken, good]);
    expect(out.files[0]!.errors).toBeGreaterThan(0);
    expect(out.files[0]!.findings).toContainEqual(
      expect.objectContaining({ ruleId: 'B7', path: '/seeAlso' }),
    );
  });

  it('is stricter with --mode authoring', () => {
    const doc = validProfile();
    delete (doc.patterns as Record<string, unknown>[])[1]!.inScheme;
    const path = file('no-inscheme.jsonld', doc);
    expect(run('validate', '--known', other, path).code).toBe(0);
    expect(run('validate', '--mode', 'authoring', '--known', other, path).code).toBe(1);
  });

  it('exits 2 on unreadable input and on usage errors', () => {
    const missing = run('validate', join(dir, 'missing.jsonld'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    expect(run().code).toBe(2);
    expect(run('validate').code).toBe(2);
    expect(run('check', good).code).toBe(2);
    expect(run('validate', '--mode', 'strict', good).code).toBe(2);
    expect(run('validate', '--bogus', good).code).toBe(2);
    expect(run('validate', '--known', notJson, good).code).toBe(2);
    expect(run('validate', '--known', join(dir, 'missing.jsonld'), good).code).toBe(2);
  });

  it('prints help', () => {
    const r = run('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: xapi-profile validate');
  });
});

describe.skipIf(!existsSync(authored))(
  'xapi-profile validate on the authored corpus',
  SPAWNING,
  () => {
    it('reports the missing cmi5 template definitions as I1 and exits 1', () => {
      const r = run('validate', join(authored, 'cmi5/v1.0/cmi5.jsonld'));
      expect(r.code).toBe(1);
      const i1 = r.stdout
        .split('\n')
        .filter((line) => /\[I1\] \/templates\/\d+ {2}Missing "definition"/.test(line));
      expect(i1).toHaveLength(10);
    });

    it('exits 0 on the audio profile', () => {
      const r = run('validate', join(authored, 'audio/audio.jsonld'));
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('0 errors');
    });

    it('exits 3 for a lone cmi5 launched statement: the session is open, not followed', () => {
      const cmi5 = 'https://w3id.org/xapi/cmi5';
      const launched = {
        id: uuid(0xc51),
        actor: { mbox: 'mailto:learner@example.org' },
        verb: { id: 'http://adlnet.gov/expapi/verbs/launched' },
        object: { id: 'https://example.org/au' },
        timestamp: '2026-01-01T00:00:01Z',
        context: {
          registration: uuid(0xc5),
          contextActivities: {
            grouping: [{ id: 'https://example.org/course' }],
            category: [{ id: `${cmi5}/v1.0` }],
          },
          extensions: {
            [`${cmi5}/context/extensions/sessionid`]: 'session-1',
            [`${cmi5}/context/extensions/launchmode`]: 'Normal',
            [`${cmi5}/context/extensions/launchurl`]: 'https://example.org/au',
            [`${cmi5}/context/extensions/moveon`]: 'NotApplicable',
            [`${cmi5}/context/extensions/launchparameters`]: '',
          },
        },
      };
      const profile = join(authored, 'cmi5/v1.0/cmi5.jsonld');
      const r = run('check', '--pattern', '--profile', profile, file('cmi5.json', [launched]));
      expect(r.code).toBe(3);
      expect(r.stdout).toContain('Patterns (greedy matching): partial, not followed yet');
      expect(r.stdout).toContain(`expects next ${cmi5}#initialized.`);
    });
  },
);

describe('xapi-profile check', SPAWNING, () => {
  const profile = file(
    'check-profile.jsonld',
    profileWith(
      [
        template('started', { rules: [{ location: '$.result.success', presence: 'included' }] }),
        template('finished'),
        template('confirmed', { objectStatementRefTemplate: [templateId('started')] }),
      ],
      [
        {
          id: patternId('main'),
          type: 'Pattern',
          primary: true,
          inScheme: VERSION,
          prefLabel: { en: 'main' },
          definition: { en: 'main' },
          sequence: [templateId('started'), templateId('finished')],
        },
      ],
    ),
  );
  const registration = uuid(0xabc);
  const started = statement({
    verb: verb('started'),
    registration,
    timestamp: '2026-01-01T00:00:01Z',
    extra: { result: { success: true } },
  });
  const finished = statement({
    verb: verb('finished'),
    registration,
    timestamp: '2026-01-01T00:00:02Z',
  });
  const confirmed = statement({
    verb: verb('confirmed'),
    extra: { object: { objectType: 'StatementRef', id: started.id as string } },
  });
  const bare = statement({ verb: verb('started'), registration });

  it('exits 0 for conforming statements, in each accepted file shape', () => {
    for (const [name, content] of [
      ['one.json', started],
      ['array.json', [started, finished, confirmed]],
      ['lrs.json', { statements: [started, finished], more: '' }],
    ] as const) {
      const r = run('check', '--profile', profile, file(name, content));
      expect([name, r.code, r.stderr]).toEqual([name, 0, '']);
      expect(r.stdout).toContain(
        `Statement 1 (${started.id as string}), as xAPI 1.0.3: valid, matches ${templateId('started')}`,
      );
    }
  });

  it('exits 1 and groups findings by statement', () => {
    const notAStatement = { actor: { mbox: 'nobody' }, verb: { id: 'x' } };
    const batch = file('bad.json', [bare, finished, notAStatement]);
    const r = run('check', '--all', '--profile', profile, batch);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      `${join(dir, 'bad.json')}: 3 statements against https://example.org/xapi/profile (3 templates): 1 valid, 1 invalid, 0 unmatched, 1 not statements`,
    );
    expect(lines).toContain(
      `Statement 1 (${bare.id as string}), as xAPI 1.0.3: invalid for ${templateId('started')}`,
    );
    expect(lines).toContain(`  Template ${templateId('started')}:`);
    expect(lines).toContain(
      '    Rule 1 at $.result.success: nothing was found, and the rule requires it to be included.',
    );
    expect(lines).toContain('Statement 3, as xAPI 1.0.3: not a valid xAPI statement');
    expect(lines).toContain('    /object  A statement needs "object".');
  });

  it('counts a statement naming the profile but matching no template as a finding', () => {
    const r = run(
      'check',
      '--profile',
      profile,
      file('unmatched.json', [statement({ verb: verb('other') })]),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no template applies');
    const elsewhere = run(
      'check',
      '--profile',
      profile,
      file('elsewhere.json', [statement({ verb: verb('other'), category: false })]),
    );
    // Not bound, so not checked: nothing was checked, which is no pass.
    expect(elsewhere.code).toBe(4);
  });

  it('holds to the profile only the statements it binds; --all checks every one', () => {
    // A statement that breaks the started template but names no version of the profile.
    const unbound = statement({ verb: verb('started'), category: false });
    const notAStatement = { actor: { mbox: 'nobody' }, verb: { id: 'x' } };
    const batch = file('unbound.json', [started, unbound, notAStatement]);
    const r = run('check', '--profile', profile, batch);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      `${batch}: 3 statements against https://example.org/xapi/profile (3 templates): 1 valid, 0 invalid, 0 unmatched, 0 not statements, 2 not bound to the profile (not checked)`,
    );
    expect(lines).toContain(
      `Statement 2 (${unbound.id as string}): not bound to this profile (its category names no version of it), not checked; --all checks it`,
    );
    const json = JSON.parse(run('check', '--json', '--profile', profile, batch).stdout) as {
      notBound: number;
      statements: { bound: boolean; finding: boolean; outcome?: string }[];
    };
    expect(json.notBound).toBe(2);
    expect(json.statements.map((x) => [x.bound, x.finding, x.outcome])).toEqual([
      [true, false, 'success'],
      [false, false, undefined],
      [false, false, undefined],
    ]);

    const all = run('check', '--all', '--profile', profile, batch);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain(
      `Statement 2 (${unbound.id as string}), as xAPI 1.0.3: invalid for`,
    );
    expect(all.stdout).toContain('Statement 3, as xAPI 1.0.3: not a valid xAPI statement');
  });

  it('--all holds every statement to the patterns too', () => {
    const outside = [started, finished].map((x) => {
      const context = { ...(x.context as object), contextActivities: {} };
      return { ...x, context };
    });
    const batch = file('outside.json', outside);
    const r = run('check', '--pattern', '--profile', profile, batch);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('No statement names this profile in its category');
    expect(r.stdout).toContain('Patterns (greedy matching): nothing to match, not checked');
    const all = run('check', '--pattern', '--all', '--profile', profile, batch);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain(`registration ${registration} (statements 1, 2): followed.`);
  });

  it('reports an extension of the profile used out of place', () => {
    const ext = 'https://example.org/xapi/extensions/score';
    const withConcepts = file('concepts.jsonld', {
      ...profileWith([template('finished')]),
      concepts: [
        {
          id: ext,
          type: 'ResultExtension',
          inScheme: VERSION,
          prefLabel: { en: 's' },
          definition: { en: 's' },
        },
      ],
    });
    const misplaced = statement({ verb: verb('finished'), context: { extensions: { [ext]: 1 } } });
    const r = run('check', '--profile', withConcepts, file('misplaced.json', misplaced));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  Use of the profile:');
    expect(r.stdout).toContain(`it belongs in result.extensions.`);
  });

  it('checks StatementRefs against the statements of the same file', () => {
    const r = run('check', '--profile', profile, file('refs.json', [confirmed, finished]));
    expect(r.code).toBe(0);
    const wrong = statement({
      verb: verb('confirmed'),
      extra: { object: { objectType: 'StatementRef', id: finished.id as string } },
    });
    const bad = run('check', '--profile', profile, file('refs-bad.json', [wrong, finished]));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      `objectStatementRefTemplate: The statement ${finished.id as string} referenced by object matches "${templateId('finished')}"`,
    );
  });

  it('checks patterns per registration with --pattern, greedy or --regular', () => {
    const inOrder = file('stream.json', [finished, started]);
    expect(run('check', '--profile', profile, inOrder).code).toBe(0);
    const r = run('check', '--profile', profile, '--pattern', inOrder);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Patterns (greedy matching): followed');
    expect(r.stdout).toContain(`registration ${registration} (statements 2, 1): followed`);
    const cut = run(
      'check',
      '--profile',
      profile,
      '--pattern',
      '--regular',
      file('cut.json', [started]),
    );
    expect(cut.code).toBe(3);
    expect(cut.stdout).toContain('Patterns (regular matching): partial, not followed yet');
    expect(cut.stdout).toContain(
      `${patternId('main')}: partial. Matched 1 statement, then ran out`,
    );
  });

  it('exits 0 followed, 3 partial, 1 not followed, 2 bad input', () => {
    const check = (name: string, batch: unknown) =>
      run('check', '--pattern', '--profile', profile, file(name, batch));
    const followed = check('followed.json', [started, finished]);
    expect([followed.code, followed.stderr]).toEqual([0, '']);
    expect(followed.stdout).toContain('Patterns (greedy matching): followed');

    const partial = check('partial.json', [started]);
    expect(partial.code).toBe(3);
    expect(partial.stdout).toContain('Patterns (greedy matching): partial, not followed yet');
    expect(partial.stdout).toContain(
      `registration ${registration} (statements 1): partial, not followed yet. Not finished: ${patternId('main')} is still open after statement 1 and expects next ${templateId('finished')}.`,
    );

    const leftOver = check('left-over.json', [
      started,
      finished,
      statement({ verb: verb('finished'), registration, timestamp: '2026-01-01T00:00:03Z' }),
    ]);
    expect(leftOver.code).toBe(1);
    expect(leftOver.stdout).toContain('Patterns (greedy matching): not followed');
    expect(leftOver.stdout).toContain(
      `(statements 1, 2, 3): not followed. ${patternId('main')} ends after statement 2; 1 statement is left over, from statement 3.`,
    );

    // A partial stream beside a finding is a finding.
    const both = check('both.json', [started, statement({ verb: verb('other') })]);
    expect(both.code).toBe(1);

    const bad = check('bad-input.json', 42);
    expect(bad.code).toBe(2);
    const json = JSON.parse(
      run('check', '--json', '--pattern', '--profile', profile, file('p.json', [started])).stdout,
    ) as { exitCode: number; patterns: { outcome: string; streams: { outcome: string }[] } };
    expect(json.exitCode).toBe(3);
    expect(json.patterns.outcome).toBe('partial');
    expect(json.patterns.streams[0]!.outcome).toBe('partial');
  });

  // Communication §2.1: a profile applies to the statements that name one of its versions in
  // the category; a batch of which none does was not checked, and must not read as passing.
  it('exits 4 and says so when nothing was checked, with or without --pattern', () => {
    const elsewhere = statement({ verb: verb('started'), registration });
    (elsewhere.context as { contextActivities: unknown }).contextActivities = {};
    for (const [name, batch] of [
      ['unbound.json', [elsewhere]],
      ['not-a-statement.json', { id: 'not-a-statement' }],
    ] as const) {
      for (const extra of [[], ['--pattern']]) {
        const r = run('check', ...extra, '--profile', profile, file(name, batch));
        expect([name, ...extra, r.code]).toEqual([name, ...extra, 4]);
        expect(r.stderr).toContain('Nothing was checked: none of the 1 statement names a version');
        expect(r.stdout).toContain('not bound to this profile');
        expect(r.stdout).not.toContain(': followed');
        if (extra.length > 0) {
          expect(r.stdout).toContain('Patterns (greedy matching): nothing to match, not checked');
        }
      }
    }
    const json = JSON.parse(
      run('check', '--json', '--profile', profile, file('nothing.json', [elsewhere])).stdout,
    ) as { exitCode: number; checked: number };
    expect(json).toMatchObject({ exitCode: 4, checked: 0 });
    // --all checks them: the same statement is then a finding of its own (no category needed).
    expect(
      run('check', '--all', '--profile', profile, file('all.json', [elsewhere])).code,
    ).not.toBe(4);
  });

  it('checks a statement as the xAPI version it names, or as --xapi-version says', () => {
    const agents = {
      ...finished,
      context: {
        ...(finished.context as object),
        contextAgents: [
          { objectType: 'contextAgent', agent: { mbox: 'mailto:coach@example.org' } },
        ],
      },
    };
    const named = file('v2.json', [{ ...agents, version: '2.0.0' }]);
    const asNamed = run('check', '--profile', profile, named);
    expect(asNamed.stdout).toMatch(/Statement 1 \(.+\), as xAPI 2\.0\.0: valid/);
    const unnamed = file('v1.json', [agents]);
    const asOlder = run('check', '--profile', profile, unnamed);
    expect(asOlder.code).toBe(1);
    expect(asOlder.stdout).toMatch(/as xAPI 1\.0\.3: not a valid xAPI statement/);
    expect(asOlder.stdout).toContain('/context/contextAgents');
    const asked = run('check', '--xapi-version', '2.0.0', '--json', '--profile', profile, unnamed);
    expect(asked.code).toBe(0);
    const out = JSON.parse(asked.stdout) as { statements: { xapiVersion: string }[] };
    expect(out.statements[0]!.xapiVersion).toBe('2.0.0');
    const wrong = run('check', '--xapi-version', '1.1', '--profile', profile, unnamed);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--xapi-version takes 1.0.3 or 2.0.0.');
  });

  it('prints JSON with --json', () => {
    const r = run(
      'check',
      '--json',
      '--pattern',
      '--profile',
      profile,
      file('json.json', [bare, finished]),
    );
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      findings: number;
      statements: {
        index: number;
        outcome: string;
        finding: boolean;
        templates: { failedRules: { location: string }[] }[];
      }[];
      patterns: { followed: boolean };
    };
    expect(out.statements.map((s) => [s.index, s.outcome, s.finding])).toEqual([
      [0, 'invalid', true],
      [1, 'success', false],
    ]);
    expect(out.statements[0]!.templates[0]!.failedRules[0]!.location).toBe('$.result.success');
    expect(out.patterns.followed).toBe(false);
    expect(out.findings).toBe(2);
  });

  it('exits 2 on unreadable input and on usage errors', () => {
    const statements = file('ok.json', [started]);
    expect(run('check', statements).code).toBe(2);
    expect(run('check', '--profile', profile).code).toBe(2);
    expect(run('check', '--profile', profile, statements, statements).code).toBe(2);
    expect(run('check', '--profile', profile, '--regular', statements).code).toBe(2);
    expect(run('check', '--profile', profile, '--bogus', statements).code).toBe(2);
    expect(run('check', '--profile', notJson, statements).code).toBe(2);
    expect(run('check', '--profile', join(dir, 'missing.jsonld'), statements).code).toBe(2);
    expect(run('check', '--profile', profile, notJson).code).toBe(2);
    expect(run('check', '--profile', profile, file('number.json', 42)).code).toBe(2);
    const missing = run('check', '--profile', profile, join(dir, 'missing.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read statements file');
  });

  it('prints help for both commands', () => {
    const r = run('--help');
    expect(r.stdout).toContain('Usage: xapi-profile check --profile PROFILE.jsonld');
    const own = run('check', '--help');
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('--pattern');
    expect(own.stdout).not.toContain('Usage: xapi-profile validate');
  });
});
