/**
 * A profile version's documentation as one Markdown file: the same sections as the HTML page,
 * each item under an anchor named by its IRI, each pattern's diagram as the nested list it draws.
 */
import { escapeMarkdown, renderChangelog } from '../changes/markdown.js';
import type { Localized } from './language.js';
import type { DocFact, DocItem, ProfileDocs } from './model.js';
import { versionName } from './model.js';
import type { OutlineEntry } from './pattern-tree.js';
import type { Words } from './words.js';
import { frameCaption } from './diagram-layout.js';

/** Where the Markdown links: in-page anchors by default. */
export interface MarkdownOptions {
  /** A line under the title saying where the file comes from. */
  note?: string;
}

const codeSpan = (text: string) => {
  const folded = text.replace(/\s*\n\s*/g, ' ');
  const ticks = folded.includes('`') ? '``' : '`';
  const pad = ticks.length > 1 ? ' ' : '';
  return `${ticks}${pad}${folded}${pad}${ticks}`;
};

/** A web address as a link; anything else (another scheme, a broken IRI) as code. */
const autolink = (iri: string) => (/^https?:\/\/[^\s<>]+$/i.test(iri) ? `<${iri}>` : codeSpan(iri));

const anchorLink = (anchor: string) => `#${encodeURIComponent(anchor)}`;
const anchorTag = (anchor: string) =>
  `<a id="${anchor.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></a>`;

function words(docs: ProfileDocs, list: Words): string {
  return list
    .map((s) => {
      if (typeof s === 'string') return escapeMarkdown(s);
      if ('code' in s) return codeSpan(s.code);
      const anchor = docs.anchors.get(s.ref);
      const name = docs.names.get(s.ref);
      if (anchor) return `[${escapeMarkdown(name?.text ?? s.ref)}](${anchorLink(anchor)})`;
      return autolink(s.ref);
    })
    .join('');
}

/** A fact whose value is a block of code (a schema, extensions) gets a fenced block. */
const isBlock = (fact: DocFact) =>
  fact.words.length === 1 &&
  typeof fact.words[0] === 'object' &&
  'code' in fact.words[0] &&
  fact.words[0].code.includes('\n');

function fence(text: string, lang = ''): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return [`${ticks}${lang}`, text, ticks];
}

const langNote = (docs: ProfileDocs, value: Localized) =>
  value.lang && value.lang !== docs.lang ? ` _(${escapeMarkdown(value.lang)})_` : '';

function translations(
  docs: ProfileDocs,
  item: Pick<DocItem, 'labels' | 'definitions' | 'title'>,
): string[] {
  const out: string[] = [];
  for (const label of item.labels)
    if (label.lang !== item.title.lang)
      out.push(`- **Label (${escapeMarkdown(label.lang)}):** ${escapeMarkdown(label.text)}`);
  item.definitions.slice(1).forEach((d) => {
    out.push(`- **Definition (${escapeMarkdown(d.lang)}):** ${escapeMarkdown(d.text)}`);
  });
  return out.length ? out : [];
}

function outlineLines(docs: ProfileDocs, entry: OutlineEntry, depth = 0): string[] {
  const anchor = docs.anchors.get(entry.id);
  const name = anchor
    ? `[${escapeMarkdown(entry.label)}](${anchorLink(anchor)})`
    : escapeMarkdown(entry.label);
  const kind =
    entry.node === 'template'
      ? 'template'
      : entry.node === 'pattern'
        ? frameCaption({ kind: entry.kind!, primary: entry.primary === true })
        : entry.note;
  return [
    `${'  '.repeat(depth)}- ${name} — ${escapeMarkdown(kind ?? '')}`,
    ...entry.children.flatMap((c) => outlineLines(docs, c, depth + 1)),
  ];
}

function itemLines(docs: ProfileDocs, item: DocItem, level: number): string[] {
  const hashes = '#'.repeat(level);
  const badges = [
    item.kind === 'concept'
      ? item.type
      : item.kind === 'template'
        ? 'Statement template'
        : 'Pattern',
    ...(item.primary ? ['primary'] : []),
    ...(item.deprecated ? ['**deprecated**'] : []),
  ];
  const out: string[] = [
    anchorTag(item.anchor),
    `${hashes} ${escapeMarkdown(item.title.text)}${langNote(docs, item.title)}`,
    '',
    `${item.id ? codeSpan(item.id) : '_(no IRI)_'} · ${badges.join(' · ')}`,
    '',
  ];
  const definition = item.definitions[0];
  if (definition) out.push(`${escapeMarkdown(definition.text)}${langNote(docs, definition)}`, '');
  const facts: string[] = [...translations(docs, item)];
  const blocks: string[] = [];
  for (const fact of item.facts) {
    if (isBlock(fact)) {
      const code = (fact.words[0] as { code: string }).code;
      blocks.push(`**${escapeMarkdown(fact.name)}:**`, '', ...fence(code, 'json'), '');
    } else facts.push(`- **${escapeMarkdown(fact.name)}:** ${words(docs, fact.words)}`);
  }
  if (facts.length) out.push(...facts, '');
  out.push(...blocks);
  if (item.kind === 'template') {
    out.push('**Determining properties**', '');
    if (item.determining?.length)
      out.push(...item.determining.map((w) => `- ${words(docs, w)}`), '');
    else out.push('None: the template does not say which statements it is about.', '');
    out.push('**Rules**', '');
    if (item.rules?.length) {
      item.rules.forEach((rule, i) => {
        out.push(`${i + 1}. ${words(docs, rule.words)}`);
        for (const note of rule.notes)
          out.push(`   - Scope note (${escapeMarkdown(note.lang)}): ${escapeMarkdown(note.text)}`);
      });
      out.push('');
    } else out.push('None.', '');
    if (item.example) {
      out.push(
        `**Example statement** ${item.example.source === 'authored' ? '(written by the authors)' : '(generated from the profile)'}`,
        '',
        ...fence(JSON.stringify(item.example.statement, null, 2), 'json'),
        '',
      );
    }
  }
  if (item.kind === 'pattern') {
    if (item.diagram)
      out.push('**Structure**', '', ...outlineLines(docs, item.diagram.outline), '');
    else
      out.push(
        '_This pattern has no sequence, alternates, optional, oneOrMore or zeroOrMore._',
        '',
      );
  }
  return out;
}

/** The documentation of one version as Markdown. */
export function renderDocsMarkdown(docs: ProfileDocs, options: MarkdownOptions = {}): string {
  const p = docs.profile;
  const out: string[] = [`# ${escapeMarkdown(p.title.text)}${langNote(docs, p.title)}`, ''];
  if (options.note) out.push(`_${escapeMarkdown(options.note)}_`, '');
  const definition = p.definitions[0];
  if (definition) out.push(`${escapeMarkdown(definition.text)}${langNote(docs, definition)}`, '');
  out.push(
    `- **IRI:** ${p.id ? codeSpan(p.id) : '_(none)_'}`,
    ...(p.version
      ? [
          `- **Version:** ${codeSpan(p.version.id)}${p.version.generatedAtTime ? ` (${escapeMarkdown(p.version.generatedAtTime)})` : ''}`,
        ]
      : []),
    ...(p.author
      ? [
          `- **Author:** ${escapeMarkdown(p.author.name ?? '(unnamed)')}${p.author.type ? ` (${escapeMarkdown(p.author.type)})` : ''}${p.author.url ? ` ${autolink(p.author.url)}` : ''}`,
        ]
      : []),
    ...(p.seeAlso ? [`- **See also:** ${autolink(p.seeAlso)}`] : []),
    ...(p.conformsTo ? [`- **Conforms to:** ${codeSpan(p.conformsTo)}`] : []),
    ...(docs.languages.length > 1
      ? [`- **Languages:** ${docs.languages.map(escapeMarkdown).join(', ')}`]
      : []),
    ...translations(docs, p),
    '',
  );
  const counts = [
    `${docs.conceptGroups.reduce((n, g) => n + g.items.length, 0)} concepts`,
    `${docs.templates.length} statement templates`,
    `${docs.patterns.length} patterns`,
  ];
  out.push(`This version defines ${counts.join(', ')}.`, '');
  if (p.versions.length > 0) {
    out.push('## Versions', '', '| Version | Generated | Revision of |', '| --- | --- | --- |');
    for (const v of p.versions)
      out.push(
        `| ${codeSpan(v.id)} | ${escapeMarkdown(v.generatedAtTime ?? '')} | ${v.wasRevisionOf.map((r) => escapeMarkdown(versionName(r))).join(', ')} |`,
      );
    out.push('');
  }
  if (docs.conceptGroups.length > 0) {
    out.push('## Concepts', '');
    for (const group of docs.conceptGroups) {
      out.push(anchorTag(group.anchor), `### ${escapeMarkdown(group.heading)}`, '');
      for (const item of group.items) out.push(...itemLines(docs, item, 4));
    }
  }
  if (docs.templates.length > 0) {
    out.push('## Statement templates', '');
    for (const item of docs.templates) out.push(...itemLines(docs, item, 3));
  }
  if (docs.patterns.length > 0) {
    out.push('## Patterns', '');
    for (const item of docs.patterns) out.push(...itemLines(docs, item, 3));
  }
  if (docs.changes) {
    out.push(`## Changes since ${escapeMarkdown(docs.changes.since)}`, '');
    // The changelog's own headings start at level one: here they sit under this section.
    const changelog = renderChangelog(docs.changes.set).replace(/^(#+) /gm, '#$1 ');
    out.push(...changelog.split('\n').slice(2));
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
