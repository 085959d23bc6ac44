import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../xapi/index.js';
import { compileProfile, followsPatterns, validateStatement } from '../xapi/index.js';
import type { Profile } from '../xapi/index.js';
import { patternId, profileWith, template, templateId, verb } from '../xapi/statement/fixtures.js';
import { startLrsReceiver } from '../server/test/lrs-receiver.js';
import { main } from './xapi-profile-cli.js';
import { parseSimulateArgs, simulateCommand, type SimulateIo } from './xapi-profile-simulate.js';

/**
 * Each test starts the command line as fresh Node.js processes, several in a row: on a loaded
 * two-core host one start can take seconds, beyond the suite's default budget for a test.
 */
const SPAWNING = { timeout: 180_000 };

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repoRoot, 'bin/xapi-profile.js');
const dir = mkdtempSync(join(tmpdir(), 'xapi-profile-simulate-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const good: Profile = profileWith(
  [
    template('start'),
    template('step', { rules: [{ location: '$.result.response', presence: 'included' }] }),
  ],
  [
    {
      id: patternId('main'),
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'main' },
      definition: { en: 'main' },
      sequence: [templateId('start'), patternId('steps')],
    },
    {
      id: patternId('steps'),
      type: 'Pattern',
      prefLabel: { en: 's' },
      definition: { en: 's' },
      oneOrMore: templateId('step'),
    },
  ],
);
/** `sequence(zeroOrMore(A), A)`: the specification's greedy matching accepts no stream of it. */
const greedyTrap: Profile = profileWith(
  [template('a')],
  [
    {
      id: patternId('trap'),
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'trap' },
      definition: { en: 'trap' },
      sequence: [patternId('many'), templateId('a')],
    },
    {
      id: patternId('many'),
      type: 'Pattern',
      prefLabel: { en: 'm' },
      definition: { en: 'm' },
      zeroOrMore: templateId('a'),
    },
  ],
);
const partly: Profile = {
  ...good,
  templates: [
    ...good.templates!,
    template('never', { rules: [{ location: '$.result.response', any: ['x'], none: ['x'] }] }),
  ],
  patterns: [
    ...good.patterns!,
    {
      id: patternId('other'),
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'o' },
      definition: { en: 'o' },
      sequence: [templateId('never')],
    },
  ],
};
const goodFile = file('good.jsonld', good);
const trapFile = file('trap.jsonld', greedyTrap);
const partlyFile = file('partly.jsonld', partly);
const personaeFile = file('personae.json', {
  name: 'Class',
  member: [
    { name: 'Ann', mbox: 'mailto:ann@example.org' },
    { name: 'Ben', account: { homePage: 'https://lms.example.org', name: 'ben' } },
  ],
});
const modelFile = file('model.json', { repeat: 2, period: { min: 10, max: 10 } });

/** An io that keeps what is written, with `extra` (a clock, an environment) beside it. */
function captured(extra: Partial<SimulateIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: SimulateIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    read: (f) => readFile(f, 'utf8'),
    ...extra,
  };
  return {
    io,
    out,
    err,
    result: (code: number) => ({ code, stdout: out.join('\n'), stderr: err.join('\n') }),
  };
}

async function run(...args: string[]) {
  const { io, result } = captured();
  return result(await main(args, io));
}

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JsonObject);

describe('xapi-profile simulate', SPAWNING, () => {
  it('writes NDJSON statements that validate and follow the primary pattern', async () => {
    const r = await run('simulate', '--profile', goodFile, '--max', '50', '--seed', '9');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const statements = lines(r.stdout);
    expect(statements.length).toBeLessThanOrEqual(50);
    expect(statements.length).toBeGreaterThan(30);
    const compiled = compileProfile(good);
    for (const s of statements) expect(validateStatement(s, compiled).outcome).toBe('success');
    expect(followsPatterns(statements, compiled).followed).toBe(true);
  });

  it('gives the same bytes for the same seed, and uses the personae, model and time window', async () => {
    const args = [
      'simulate',
      '--profile',
      goodFile,
      '--personae',
      personaeFile,
      '--model',
      modelFile,
      '--seed',
      'lesson-1',
      '--start',
      '2026-02-01T08:00:00Z',
      '--end',
      '2026-02-02T08:00:00Z',
      '--registrations',
      '2',
    ];
    const first = await run(...args);
    expect(first.code).toBe(0);
    expect((await run(...args)).stdout).toBe(first.stdout);
    const statements = lines(first.stdout);
    const actors = new Set(statements.map((s) => JSON.stringify(s.actor)));
    expect(actors).toEqual(
      new Set([
        JSON.stringify({ objectType: 'Agent', name: 'Ann', mbox: 'mailto:ann@example.org' }),
        JSON.stringify({
          objectType: 'Agent',
          name: 'Ben',
          account: { homePage: 'https://lms.example.org', name: 'ben' },
        }),
      ]),
    );
    expect(new Set(statements.map((s) => (s.context as JsonObject).registration)).size).toBe(4);
    for (const s of statements) {
      expect(Date.parse(s.timestamp as string)).toBeGreaterThan(Date.parse('2026-02-01T08:00:00Z'));
      expect(Date.parse(s.timestamp as string)).toBeLessThanOrEqual(
        Date.parse('2026-02-02T08:00:00Z'),
      );
    }
    expect(
      statements.filter((s) => (s.verb as JsonObject).id === verb('step')).length,
    ).toBeLessThanOrEqual(8);
  });

  it('exits 1 and says why when the profile cannot be simulated, writing nothing', async () => {
    const r = await run('simulate', '--profile', trapFile);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('cannot be simulated');
    expect(r.stderr).toContain(`pattern ${patternId('trap')}: no path could be generated`);
  });

  it('simulates what it can and lists what it left out, or refuses it all with --strict', async () => {
    const r = await run('simulate', '--profile', partlyFile, '--max', '20');
    expect(r.code).toBe(0);
    expect(lines(r.stdout).length).toBeGreaterThan(0);
    expect(r.stderr).toContain(
      `template ${templateId('never')} rule 1 ($.result.response): no value is allowed`,
    );
    const strict = await run('simulate', '--profile', partlyFile, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toContain('cannot be simulated in full (--strict)');
  });

  it('exits 2 on unreadable input and on usage errors', async () => {
    for (const args of [
      ['simulate'],
      ['simulate', '--profile'],
      ['simulate', '--profile', goodFile, '--max', 'many'],
      ['simulate', '--profile', goodFile, '--start', 'yesterday'],
      ['simulate', '--profile', goodFile, '--frobnicate'],
      ['simulate', '--profile', join(dir, 'missing.jsonld')],
      ['simulate', '--profile', file('bad.json', '{nope')],
      ['simulate', '--profile', goodFile, '--model', file('model-list.json', [1])],
      ['simulate', '--profile', goodFile, '--personae', file('nobody.json', [{ name: 'nobody' }])],
    ]) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
  });

  it("reads DATASIM's models, naming what it does not use", async () => {
    const models = file('datasim-models.json', [
      {
        patterns: [{ component: patternId('steps'), 'repeat-max': 2 }],
        activities: [{ component: 'https://example.org/a', weight: 1 }],
      },
    ]);
    const options = parseSimulateArgs(['--profile', goodFile, '--model', models, '--max', '60']);
    if (typeof options === 'string') throw new Error(options);
    const { io, out, err } = captured({});
    expect(await simulateCommand(options, io)).toBe(0);
    expect(err.join('\n')).toContain('as DATASIM models; not used here:');
    expect(err.join('\n')).toContain(
      'activity https://example.org/a: not an activity of the profile',
    );
    // repeat-max 2 (exclusive): one step a registration, after its start.
    const statements = out
      .join('\n')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as JsonObject);
    const steps = new Map<string, number>();
    for (const s of statements) {
      const r = (s.context as JsonObject).registration as string;
      if ((s.verb as JsonObject).id === verb('step')) steps.set(r, (steps.get(r) ?? 0) + 1);
    }
    expect(steps.size).toBeGreaterThan(5);
    expect(new Set(steps.values())).toEqual(new Set([1]));
  });

  it('writes a progress line on stderr every two seconds of a long run', async () => {
    const options = parseSimulateArgs(['--profile', goodFile, '--max', '2000']);
    if (typeof options === 'string') throw new Error(options);
    let clock = 0;
    // Each reading of the clock is a second later.
    const { io, out, err } = captured({ now: () => (clock += 1000) });
    const code = await simulateCommand(options, io);
    expect(code).toBe(0);
    expect(err.length).toBeGreaterThan(1);
    expect(err[0]).toMatch(/^simulated \d+ statements \(\d+ a second\)$/);
    expect(err.at(-1)).toMatch(/^simulated \d+ statements in all$/);
    expect(lines(out.join('\n')).length).toBe(Number(/\d+/.exec(err.at(-1)!)![0]));
  });

  it('prints help', async () => {
    const r = await run('simulate', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: xapi-profile simulate');
    expect(r.stdout).toContain(
      'Exit status: 0 statements written (or all accepted by the LRS), 1 the profile cannot be simulated',
    );
  });

  it('streams through the real command', () => {
    const result = spawnSync(
      process.execPath,
      [cli, 'simulate', '--profile', goodFile, '--max', '12'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(0);
    expect(lines(result.stdout).length).toBeGreaterThan(5);
  });
});

describe('xapi-profile simulate --lrs', SPAWNING, () => {
  const credentials = { username: 'simulator', password: 'lrs-Pa55word' };
  const env = { LRS_USERNAME: credentials.username, LRS_PASSWORD: credentials.password };

  async function send(args: string[], environment: Record<string, string | undefined>) {
    const options = parseSimulateArgs(args);
    if (typeof options === 'string') throw new Error(options);
    const { io, result } = captured({ env: environment });
    return result(await simulateCommand(options, io));
  }

  it('sends what it generates to the LRS in batches and reports what was accepted', async () => {
    const lrs = await startLrsReceiver(credentials);
    try {
      const r = await send(
        [
          '--profile',
          goodFile,
          '--max',
          '45',
          '--seed',
          '7',
          '--lrs',
          lrs.endpoint,
          '--batch-size',
          '20',
        ],
        env,
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout) as { accepted: number; failure: unknown };
      expect(report.failure).toBeNull();
      expect(report.accepted).toBe(lrs.statements.length);
      expect(lrs.statements.length).toBeGreaterThan(20);
      expect(lrs.requests.every((q) => q.count <= 20)).toBe(true);
      // The same seed written out gives the very statements the LRS stored.
      const written = await run('simulate', '--profile', goodFile, '--max', '45', '--seed', '7');
      expect(lrs.statements).toEqual(lines(written.stdout));
    } finally {
      await lrs.close();
    }
  });

  it('exits 4 naming the batch and the answer when the LRS refuses, and never prints the password', async () => {
    const lrs = await startLrsReceiver({ ...credentials, password: 'another' });
    try {
      const r = await send(['--profile', goodFile, '--max', '10', '--lrs', lrs.endpoint], env);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/did not accept batch 1 \(HTTP 401\): .*Unknown credentials/);
      expect(`${r.stdout}${r.stderr}`).not.toContain(credentials.password);
    } finally {
      await lrs.close();
    }
  });

  it('asks for the credentials in the environment before generating anything', async () => {
    const lrs = await startLrsReceiver(credentials);
    try {
      const r = await send(['--profile', goodFile, '--lrs', lrs.endpoint], {});
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/LRS_USERNAME and LRS_PASSWORD/);
      expect(lrs.requests).toHaveLength(0);
    } finally {
      await lrs.close();
    }
  });

  it('refuses an endpoint with credentials in it, and a batch size without an LRS', () => {
    expect(
      parseSimulateArgs(['--profile', goodFile, '--lrs', 'https://u:p@lrs.example.org/xapi']),
    ).toMatch(/must not carry a user name or password/);
    expect(parseSimulateArgs(['--profile', goodFile, '--batch-size', '5'])).toBe(
      '--batch-size goes with --lrs ENDPOINT.',
    );
    expect(
      parseSimulateArgs([
        '--profile',
        goodFile,
        '--lrs',
        'https://lrs.example.org/',
        '--batch-size',
        '0',
      ]),
    ).toBe('--batch-size must be at least 1.');
  });
});
