import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  danglingLinks,
  decisionFormProblems,
  decisionLinks,
  DECISIONS,
  headingAnchor,
  textFiles,
  type DocLink,
} from './doc-links';

const root = path.resolve(import.meta.dirname, '..');
const self = path.relative(root, import.meta.filename);

function allDecisionLinks(): DocLink[] {
  return textFiles(root)
    .filter((file) => file !== self)
    .flatMap((file) => decisionLinks(file, readFileSync(path.join(root, file), 'utf8')));
}

describe('links to the decision records', () => {
  it('are found in code, in Markdown links and inside the folder', () => {
    const links = [
      ...decisionLinks('server/x.ts', '// see docs/decisions/start-up.md#one-lock.'),
      ...decisionLinks('docs/x.md', 'as [decided](decisions/start-up.md).'),
      ...decisionLinks(
        'docs/decisions/a.md',
        '[b](b.md#c), [t](../testing.md), [web](https://x.org/a.md)',
      ),
      ...decisionLinks('docs/y.md', '[testing](testing.md)'),
    ];
    expect(links.map(({ file, anchor }) => [file, anchor])).toEqual([
      ['docs/decisions/start-up.md', 'one-lock'],
      ['docs/decisions/start-up.md', null],
      ['docs/decisions/b.md', 'c'],
      ['docs/testing.md', null],
    ]);
  });

  it('dangle when the file or the heading is missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
    try {
      mkdirSync(path.join(dir, DECISIONS), { recursive: true });
      writeFileSync(path.join(dir, DECISIONS, 'a.md'), '# A decision\n\n## Why it is so\n');
      const links = decisionLinks(
        'README.md',
        '[a](docs/decisions/a.md#why-it-is-so) [b](docs/decisions/a.md#how) [c](docs/decisions/c.md)',
      );
      expect(danglingLinks(dir, links).map((link) => link.target)).toEqual([
        'docs/decisions/a.md#how',
        'docs/decisions/c.md',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('make anchors as GitHub does', () => {
    expect(headingAnchor('CSRF on `/app`')).toBe('csrf-on-app');
    expect(headingAnchor('The web app’s layers (2026-11-27)')).toBe(
      'the-web-apps-layers-2026-11-27',
    );
  });

  it('all resolve, to a file and a heading', () => {
    const links = allDecisionLinks();
    expect(links.length).toBeGreaterThan(20);
    expect(danglingLinks(root, links)).toEqual([]);
  });

  it('go to the folder, not to the single file it replaced', () => {
    const stale = textFiles(root)
      .filter((file) => file !== self)
      .filter((file) =>
        /(?<![\w-])decisions\.md/.test(readFileSync(path.join(root, file), 'utf8')),
      );
    expect(stale).toEqual([]);
  });

  it('are all listed in the index, and the index lists only files that exist', () => {
    const index = readFileSync(path.join(root, DECISIONS, 'README.md'), 'utf8');
    const listed = [...index.matchAll(/^- \[[^\]]+\]\(([\w.-]+\.md)\)/gm)].map((m) => m[1]);
    const files = readdirSync(path.join(root, DECISIONS)).filter((f) => f !== 'README.md');
    expect([...listed].sort()).toEqual(files.sort());
  });
});

describe('the decision records', () => {
  it('are told which part of the form they lack', () => {
    const whole =
      '# A choice\n\nDate: 2026-11-22\n\n## Context\n\n## Decision\n\n## Consequences\n';
    expect(decisionFormProblems(whole)).toEqual([]);
    expect(
      decisionFormProblems(whole.replace('2026-11-22', '2026-11-22 (last changed 2026-11-25)')),
    ).toEqual([]);
    expect(decisionFormProblems(whole.replace('Date: 2026-11-22\n', ''))).toEqual([
      'a "Date: YYYY-MM-DD" line',
    ]);
    expect(decisionFormProblems(whole.replace('## Consequences\n', ''))).toEqual([
      'a "## Consequences" heading',
    ]);
    expect(decisionFormProblems(whole.replace('## Context\n', ''))).toEqual([
      'a "## Context" heading',
    ]);
    expect(
      decisionFormProblems(
        '# A choice\n\nDate: 2026-11-22\n\n## Decision\n\n## Context\n\n## Consequences\n',
      ),
    ).toEqual(['"## Decision" after the parts before it']);
  });

  it('each have a title, a date, a context, a decision and consequences', () => {
    const files = readdirSync(path.join(root, DECISIONS)).filter((f) => f !== 'README.md');
    expect(files.length).toBeGreaterThan(40);
    const lacking = files.flatMap((file) =>
      decisionFormProblems(readFileSync(path.join(root, DECISIONS, file), 'utf8')).map(
        (problem) => `${file}: lacks ${problem}`,
      ),
    );
    expect(lacking).toEqual([]);
  });
});
