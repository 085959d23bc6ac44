/**
 * Links to the decision records (docs/decisions/): every mention of a file there, from code,
 * configuration or documentation, and every Markdown link into or out of that folder, must name a
 * file that exists and, when it names one, a heading of that file. `doc-links.test.ts` checks the
 * whole tree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface DocLink {
  /** The file holding the link, relative to the root. */
  from: string;
  /** The link as written. */
  target: string;
  /** The file it names, relative to the root, and the anchor if any. */
  file: string;
  anchor: string | null;
}

const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'playwright-report',
]);
const TEXT = /\.(md|ts|tsx|js|json|sh|yml|yaml)$/;
export const DECISIONS = 'docs/decisions';
/** A mention of a decision file by its path from the root: `docs/decisions/<name>.md#<anchor>`. */
const mention = /(?<![\w/.-])docs\/decisions\/([\w.-]+\.md)(#[\w-]+)?/g;
const markdownLink = /\]\(([^)\s]+)\)/g;

export function textFiles(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return textFiles(root, full);
    return TEXT.test(name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

const inDecisions = (file: string) => file.startsWith(`${DECISIONS}/`);

/** The links to decision records in one file's text. */
export function decisionLinks(from: string, text: string): DocLink[] {
  const links: DocLink[] = [];
  for (const match of text.matchAll(mention)) {
    const file = `${DECISIONS}/${match[1] ?? ''}`;
    links.push({ from, target: match[0], file, anchor: match[2]?.slice(1) ?? null });
  }
  if (from.endsWith('.md')) {
    for (const match of text.matchAll(markdownLink)) {
      const target = match[1] ?? '';
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
      const [pathPart = '', anchor] = target.split('#');
      const file =
        pathPart === ''
          ? from
          : path.posix.normalize(path.posix.join(path.posix.dirname(from), pathPart));
      if (inDecisions(file) || inDecisions(from))
        links.push({ from, target, file, anchor: anchor ?? null });
    }
  }
  // A Markdown link to a decision is also a mention of its path: count each once.
  const seen = new Set<string>();
  return links.filter(({ file, anchor }) => {
    const key = `${file}#${anchor ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The links among `links` that name a missing file or a heading their file does not have. */
export function danglingLinks(root: string, links: DocLink[]): DocLink[] {
  return links.filter(({ file, anchor }) => {
    const full = path.join(root, file);
    if (!existsSync(full) || !statSync(full).isFile()) return true;
    if (anchor === null) return false;
    const anchors = readFileSync(full, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => headingAnchor(line.replace(/^#+ /, '')));
    return !anchors.includes(anchor);
  });
}

/** The parts every decision record has, in this order after its title and date. */
export const DECISION_PARTS = ['Context', 'Decision', 'Consequences'] as const;

/**
 * What a decision record lacks of its form: a `# Title` first, a `Date: YYYY-MM-DD` line (with
 * `(last changed YYYY-MM-DD)` when it changed), then `## Context`, `## Decision` and
 * `## Consequences`, in that order. Empty when the record has them all.
 */
export function decisionFormProblems(text: string): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  if (!/^# \S/.test(lines[0] ?? '')) problems.push('a "# Title" first line');
  if (
    !lines.some((line) =>
      /^Date: \d{4}-\d{2}-\d{2}( \(last changed \d{4}-\d{2}-\d{2}\))?$/.test(line),
    )
  ) {
    problems.push('a "Date: YYYY-MM-DD" line');
  }
  let last = -1;
  for (const part of DECISION_PARTS) {
    const at = lines.indexOf(`## ${part}`);
    if (at === -1) problems.push(`a "## ${part}" heading`);
    else if (at < last) problems.push(`"## ${part}" after the parts before it`);
    else last = at;
  }
  return problems;
}
