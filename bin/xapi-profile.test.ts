import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { otherProfile, validProfile } from '../xapi/fixtures/profiles.js';

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

describe('xapi-profile validate', () => {
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

describe.skipIf(!existsSync(authored))('xapi-profile validate on the authored corpus', () => {
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
});
