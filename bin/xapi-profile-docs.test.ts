import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sportsPrevious, sportsProfile } from '../xapi/docs/test-helpers.js';
import { main } from './xapi-profile-cli.js';
import { parseDocsArgs } from './xapi-profile-docs.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repoRoot, 'bin/xapi-profile.js');
const dir = mkdtempSync(join(tmpdir(), 'xapi-profile-docs-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (t: string) => out.push(t),
      err: (t: string) => err.push(t),
      read: (f: string) => readFile(f, 'utf8'),
    },
  };
}

describe('xapi-profile docs', () => {
  it('writes a folder with a page and a Markdown file per version, and an index', async () => {
    const v1 = file('v1.jsonld', sportsPrevious());
    const v2 = file('v2.jsonld', sportsProfile());
    const out = join(dir, 'site');
    const run = io();
    expect(await main(['docs', '--profile', v2, '--profile', v1, '--out', out], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('for 2 versions (v2, v1)');
    for (const path of [
      'index.html',
      'v2/index.html',
      'v2/index.fr.html',
      'v2/profile.md',
      'v1/index.html',
    ])
      expect(existsSync(join(out, path)), path).toBe(true);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('href="v2/index.html"');
    expect(index).toContain('href="v1/index.html"');
    expect(readFileSync(join(out, 'v2/profile.md'), 'utf8')).toContain('## Changes since v1');
  });

  it('takes a file holding several versions, and can leave the examples out', async () => {
    const both = file('both.json', [sportsPrevious(), sportsProfile()]);
    const out = join(dir, 'both');
    const run = io();
    expect(await main(['docs', '--profile', both, '--out', out, '--no-examples'], run.io)).toBe(0);
    expect(readFileSync(join(out, 'v2/index.html'), 'utf8')).not.toContain('Example statement');
  });

  it('refuses wrong usage and unreadable input with exit status 2 and a reason', async () => {
    expect(parseDocsArgs(['--out', 'x'])).toBe('Give at least one --profile FILE.');
    expect(parseDocsArgs(['--profile', 'a'])).toBe('Give the folder to write with --out DIR.');
    expect(parseDocsArgs(['--profile'])).toBe('--profile needs a value.');
    expect(parseDocsArgs(['--profile', 'a', '--out', 'b', '--nope'])).toBe(
      'Unknown argument "--nope".',
    );

    let run = io();
    expect(await main(['docs', '--profile', join(dir, 'missing.json'), '--out', dir], run.io)).toBe(
      2,
    );
    expect(run.err.join('\n')).toMatch(/^Cannot read /);
    run = io();
    expect(await main(['docs', '--profile', file('bad.json', '{oops'), '--out', dir], run.io)).toBe(
      2,
    );
    expect(run.err.join('\n')).toMatch(/is not JSON/);
    const other = sportsProfile();
    other.id = 'https://example.org/elsewhere';
    run = io();
    const args = [
      'docs',
      '--profile',
      file('a.json', sportsProfile()),
      '--profile',
      file('b.json', other),
    ];
    expect(await main([...args, '--out', join(dir, 'never')], run.io)).toBe(2);
    expect(run.err.join('\n')).toMatch(/give the versions of one profile/);
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('runs as a command', () => {
    const out = join(dir, 'spawned');
    const result = spawnSync(
      process.execPath,
      [cli, 'docs', '--profile', file('s.jsonld', sportsProfile()), '--out', out],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(readFileSync(join(out, 'v2/index.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });
});
