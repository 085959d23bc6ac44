/**
 * A profile version's documentation as one self-contained HTML page: no script, its styles
 * inline (with a print stylesheet, so the browser's "Print to PDF" gives a clean document), each
 * pattern's diagram as inline SVG with its nested list beside it, and each item under an id that
 * is its IRI, so `page#<IRI>` opens at the item.
 */
import type { ChangeSet } from '../changes/types.js';
import { CHANGE_LABELS, typeLabel } from '../changes/words.js';
import { diagramSvg } from './diagram-svg.js';
import type { Localized } from './language.js';
import type { DocFact, DocItem, ProfileDocs } from './model.js';
import { versionName } from './model.js';
import type { OutlineEntry } from './pattern-tree.js';
import { frameCaption } from './diagram-layout.js';
import type { Words } from './words.js';

export interface HtmlOptions {
  /** The same page in each language the profile uses. */
  languageLinks?: { lang: string; href: string }[];
  /** Every version's page, newest first. */
  versionLinks?: { name: string; href: string; current: boolean; note?: string }[];
  /** Where the Markdown file and this page can be downloaded. */
  downloads?: {
    markdown?: string;
    html?: string;
    htmlFileName?: string;
    markdownFileName?: string;
  };
  /** A link back to where the page comes from (the profile's page on the site, the site's index). */
  back?: { href: string; label: string };
  /** A line at the foot saying how the page was made. */
  note?: string;
}

const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const isWeb = (iri: string) => /^https?:\/\/[^\s<>"]+$/i.test(iri);
const inPage = (anchor: string) => `#${encodeURIComponent(anchor)}`;

/** The language's name in its own language where the runtime knows it ("français"), else the tag. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** `lang` on an element whose text is in another language than the page. */
const langAttr = (docs: ProfileDocs, value: Localized) =>
  value.lang && value.lang !== docs.lang ? ` lang="${esc(value.lang)}"` : '';

function words(docs: ProfileDocs, list: Words): string {
  return list
    .map((s) => {
      if (typeof s === 'string') return esc(s);
      if ('code' in s) return `<code>${esc(s.code)}</code>`;
      const anchor = docs.anchors.get(s.ref);
      const name = docs.names.get(s.ref);
      if (anchor)
        return `<a href="${esc(inPage(anchor))}"${name ? langAttr(docs, name) : ''}>${esc(name?.text ?? s.ref)}</a>`;
      return isWeb(s.ref)
        ? `<a class="iri" href="${esc(s.ref)}">${esc(s.ref)}</a>`
        : `<code>${esc(s.ref)}</code>`;
    })
    .join('');
}

const isBlock = (fact: DocFact) =>
  fact.words.length === 1 &&
  typeof fact.words[0] === 'object' &&
  'code' in fact.words[0] &&
  fact.words[0].code.includes('\n');

function translations(docs: ProfileDocs, item: Pick<DocItem, 'labels' | 'definitions' | 'title'>) {
  const rows: string[] = [];
  for (const label of item.labels)
    if (label.lang !== item.title.lang)
      rows.push(
        `<dt>Label (${esc(label.lang)})</dt><dd lang="${esc(label.lang)}">${esc(label.text)}</dd>`,
      );
  for (const d of item.definitions.slice(1))
    rows.push(`<dt>Definition (${esc(d.lang)})</dt><dd lang="${esc(d.lang)}">${esc(d.text)}</dd>`);
  return rows;
}

function outlineHtml(docs: ProfileDocs, entry: OutlineEntry): string {
  const anchor = docs.anchors.get(entry.id);
  const lang = entry.lang && entry.lang !== docs.lang ? ` lang="${esc(entry.lang)}"` : '';
  const name = anchor
    ? `<a href="${esc(inPage(anchor))}"${lang}>${esc(entry.label)}</a>`
    : `<span${lang}>${esc(entry.label)}</span>`;
  const kind =
    entry.node === 'template'
      ? 'template'
      : entry.node === 'pattern'
        ? frameCaption({ kind: entry.kind!, primary: entry.primary === true })
        : (entry.note ?? '');
  const children = entry.children.length
    ? `<ul>${entry.children.map((c) => outlineHtml(docs, c)).join('')}</ul>`
    : '';
  return `<li>${name} <span class="kind">— ${esc(kind)}</span>${children}</li>`;
}

function itemHtml(docs: ProfileDocs, item: DocItem, level: number): string {
  const h = `h${level}`;
  const badges = [
    `<span class="badge">${esc(item.kind === 'concept' ? item.type : item.kind === 'template' ? 'Statement template' : 'Pattern')}</span>`,
    ...(item.primary ? ['<span class="badge primary">Primary</span>'] : []),
    ...(item.deprecated ? ['<span class="badge deprecated">Deprecated</span>'] : []),
  ];
  const out: string[] = [
    `<article class="item" id="${esc(item.anchor)}">`,
    `<${h}${langAttr(docs, item.title)}>${esc(item.title.text)}</${h}>`,
    `<p class="meta">${badges.join(' ')} ${item.id ? `<code class="iri">${esc(item.id)}</code>` : '<em>(no IRI)</em>'}</p>`,
  ];
  const definition = item.definitions[0];
  if (definition) out.push(`<p${langAttr(docs, definition)}>${esc(definition.text)}</p>`);
  const rows = translations(docs, item);
  const blocks: string[] = [];
  for (const fact of item.facts) {
    if (isBlock(fact))
      blocks.push(
        `<p class="label">${esc(fact.name)}</p><pre tabindex="0"><code>${esc((fact.words[0] as { code: string }).code)}</code></pre>`,
      );
    else rows.push(`<dt>${esc(fact.name)}</dt><dd>${words(docs, fact.words)}</dd>`);
  }
  if (rows.length) out.push(`<dl>${rows.join('')}</dl>`);
  out.push(...blocks);
  if (item.kind === 'template') {
    out.push(`<${`h${level + 1}`}>Determining properties</${`h${level + 1}`}>`);
    out.push(
      item.determining?.length
        ? `<ul>${item.determining.map((w) => `<li>${words(docs, w)}</li>`).join('')}</ul>`
        : '<p>None: the template does not say which statements it is about.</p>',
    );
    out.push(`<${`h${level + 1}`}>Rules</${`h${level + 1}`}>`);
    out.push(
      item.rules?.length
        ? `<ol class="rules">${item.rules
            .map(
              (rule) =>
                `<li>${words(docs, rule.words)}${rule.notes
                  .map(
                    (note) =>
                      `<p class="note">Scope note (${esc(note.lang)}): <span lang="${esc(note.lang)}">${esc(note.text)}</span></p>`,
                  )
                  .join('')}</li>`,
            )
            .join('')}</ol>`
        : '<p>None.</p>',
    );
    if (item.example)
      out.push(
        `<details class="example"><summary>Example statement ${item.example.source === 'authored' ? '(written by the authors)' : '(generated from the profile)'}</summary><pre tabindex="0"><code>${esc(JSON.stringify(item.example.statement, null, 2))}</code></pre></details>`,
      );
  }
  if (item.kind === 'pattern') {
    if (item.diagram) {
      const title = `Diagram of the pattern ${item.title.text}`;
      const svg = diagramSvg(item.diagram.layout, {
        title,
        href: (id) => {
          const anchor = docs.anchors.get(id);
          return anchor ? inPage(anchor) : isWeb(id) ? id : undefined;
        },
      });
      out.push(
        // Focusable, so a keyboard can scroll a diagram wider than the screen.
        `<figure class="diagram" tabindex="0" aria-label="${esc(title)}">${svg}</figure>`,
        `<details class="outline"><summary>The diagram as a list</summary><ul>${outlineHtml(docs, item.diagram.outline)}</ul></details>`,
      );
    } else
      out.push(
        '<p><em>This pattern has no sequence, alternates, optional, oneOrMore or zeroOrMore.</em></p>',
      );
  }
  out.push('</article>');
  return out.join('\n');
}

function changesHtml(docs: ProfileDocs, since: string, set: ChangeSet): string {
  const out = [
    `<section id="changes" aria-labelledby="changes-title">`,
    `<h2 id="changes-title">Changes since ${esc(since)}</h2>`,
  ];
  if (set.impact === 'none') {
    out.push('<p>The two versions have the same content.</p></section>');
    return out.join('\n');
  }
  const b = set.counts.byImpact;
  out.push(
    `<p><strong>${b.breaking} breaking, ${b.additive} additive, ${b.editorial} editorial</strong> changes.</p>`,
  );
  if (set.warnings.length)
    out.push(
      `<h3>Warnings</h3><ul>${set.warnings.map((w) => `<li>${esc(w.message)}</li>`).join('')}</ul>`,
    );
  if (set.profile.length)
    out.push(
      `<h3>Profile</h3><ul>${set.profile.map((f) => `<li>${esc(f.description)} <span class="impact ${f.impact}">${f.impact}</span></li>`).join('')}</ul>`,
    );
  const headings = { concept: 'Concepts', template: 'Statement templates', pattern: 'Patterns' };
  for (const kind of ['concept', 'template', 'pattern'] as const) {
    const items = set.items.filter((i) => i.kind === kind);
    if (!items.length) continue;
    out.push(`<h3>${headings[kind]}</h3><ul class="changes">`);
    for (const item of items) {
      const anchor = item.change === 'removed' ? undefined : docs.anchors.get(item.id);
      const name = anchor
        ? `<a href="${esc(inPage(anchor))}">${esc(item.label)}</a>`
        : `<span>${esc(item.label)}</span>`;
      const fields = item.fields
        .filter((f) => !(item.change === 'renamed' && f.field === 'id'))
        .map(
          (f) =>
            `<li>${esc(f.description)} <span class="impact ${f.impact}">${f.impact}</span></li>`,
        )
        .join('');
      out.push(
        `<li><strong>${CHANGE_LABELS[item.change]}</strong> ${esc(typeLabel(item.type))} ${name} <span class="impact ${item.impact}">${item.impact}</span> <code class="iri">${esc(item.id)}</code>${item.previousId ? ` (was <code class="iri">${esc(item.previousId)}</code>)` : ''}${fields ? `<ul>${fields}</ul>` : ''}</li>`,
      );
    }
    out.push('</ul>');
  }
  out.push('</section>');
  return out.join('\n');
}

/** The page's styles: readable on a phone, and a print stylesheet for "Print to PDF". */
export const DOCS_CSS = `
:root{color-scheme:light;--ink:#1a2230;--muted:#4a5568;--line:#d5dbe3;--accent:#1f4fa8;--soft:#f4f6fa}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
a{color:var(--accent)}
a:focus-visible,[tabindex]:focus-visible,summary:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
header,main,footer,nav.toc{max-width:62rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem;border-bottom:1px solid var(--line)}
.kicker{margin:0;color:var(--muted);font-size:.85rem;text-transform:uppercase;letter-spacing:.06em}
h1{margin:.2rem 0 .4rem;font-size:2rem;line-height:1.2}
h2{margin-top:2.5rem;padding-bottom:.3rem;border-bottom:2px solid var(--line);font-size:1.5rem}
h3{margin-top:2rem;font-size:1.2rem}
h4,h5{margin:1.2rem 0 .4rem;font-size:1.05rem}
code{font:.88em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.75rem;overflow:auto;max-height:28rem}
pre code{overflow-wrap:normal}
.iri{color:var(--muted);overflow-wrap:anywhere}
.bar{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:baseline;margin:.6rem 0 1rem;font-size:.95rem}
.bar ul{display:inline;list-style:none;margin:0;padding:0}
.bar li{display:inline;margin-right:.6rem}
.bar [aria-current]{font-weight:700;color:var(--ink);text-decoration:none}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.3rem 1rem;margin:.6rem 0}
dt{font-weight:600;color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
.item{border-top:1px solid var(--line);padding:.4rem 0 .8rem;scroll-margin-top:1rem}
.item:target{background:#fff8e1;outline:2px solid #e0b400;outline-offset:4px}
.meta{margin:.2rem 0 .6rem;display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;font-size:.9rem}
.badge{display:inline-block;padding:0 .45rem;border-radius:999px;background:#e5ecf8;color:#1c3d7a;font-size:.8rem;font-weight:600}
.badge.primary{background:#ede5fb;color:#4c1d95}
.badge.deprecated{background:#fde8e8;color:#8a1c1c}
.label{font-weight:600;color:var(--muted);margin:.6rem 0 .2rem}
.rules li{margin:.3rem 0}
.note{margin:.2rem 0;color:var(--muted);font-size:.93rem}
.diagram{overflow-x:auto;border:1px solid var(--line);border-radius:8px;background:#fff;padding:.4rem;margin:.6rem 0}
.diagram svg{display:block}
.outline .kind{color:var(--muted);font-size:.92em}
summary{cursor:pointer;color:var(--accent);margin:.4rem 0}
.toc{margin-top:1rem}
.toc ul{padding-left:1.2rem;margin:.2rem 0}
.impact{font-size:.78rem;padding:0 .35rem;border-radius:4px;background:#eef1f5;color:var(--muted)}
.impact.breaking{background:#fde8e8;color:#8a1c1c}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}
footer{margin-top:3rem;padding:1rem;color:var(--muted);font-size:.85rem;border-top:1px solid var(--line)}
@media (max-width:40rem){dl{grid-template-columns:1fr}dt{margin-top:.4rem}h1{font-size:1.6rem}}
@media print{
  @page{margin:16mm 14mm}
  body{font-size:10.5pt;line-height:1.4}
  .skip,.bar,.toc,footer .screen{display:none}
  header,main,footer{max-width:none;padding:0}
  a{color:inherit;text-decoration:none}
  h2{break-before:page;border-bottom-width:1px}
  #overview-title{break-before:avoid}
  h2,h3,h4,h5{break-after:avoid}
  .item{border-top-color:#999}
  .item>h3,.item>h4,.meta{break-after:avoid}
  .diagram{overflow:visible;border:none;padding:0;break-inside:avoid}
  .diagram svg{max-width:100%;height:auto}
  .rules li,dl{break-inside:avoid}
  pre{max-height:none;overflow:visible;white-space:pre-wrap;break-inside:auto}
  details.outline{display:none}
  details.example:not([open]){display:none}
  .item:target{background:none;outline:none}
}
`;

/** The documentation of one version as a complete HTML page. */
export function renderDocsHtml(docs: ProfileDocs, options: HtmlOptions = {}): string {
  const p = docs.profile;
  const title = `${p.title.text}${p.version ? ` ${versionName(p.version.id)}` : ''}`;
  const bar: string[] = [];
  if (options.back) bar.push(`<a href="${esc(options.back.href)}">${esc(options.back.label)}</a>`);
  if (options.versionLinks && options.versionLinks.length > 0)
    bar.push(
      `<nav aria-label="Versions">Versions: <ul>${options.versionLinks
        .map(
          (v) =>
            `<li><a href="${esc(v.href)}"${v.current ? ' aria-current="page"' : ''}>${esc(v.name)}</a>${v.note ? ` <span class="iri">${esc(v.note)}</span>` : ''}</li>`,
        )
        .join('')}</ul></nav>`,
    );
  if (options.languageLinks && options.languageLinks.length > 1)
    bar.push(
      `<nav aria-label="Languages">Language: <ul>${options.languageLinks
        .map(
          (l) =>
            `<li><a href="${esc(l.href)}" hreflang="${esc(l.lang)}" lang="${esc(l.lang)}"${l.lang === docs.lang ? ' aria-current="true"' : ''}>${esc(languageName(l.lang))}</a></li>`,
        )
        .join('')}</ul></nav>`,
    );
  const d = options.downloads;
  if (d?.html || d?.markdown)
    bar.push(
      `<span>Download: ${[
        d.html
          ? `<a href="${esc(d.html)}" download="${esc(d.htmlFileName ?? 'profile.html')}">HTML</a>`
          : '',
        d.markdown
          ? `<a href="${esc(d.markdown)}" download="${esc(d.markdownFileName ?? 'profile.md')}">Markdown</a>`
          : '',
      ]
        .filter(Boolean)
        .join(' · ')}</span>`,
    );

  const overview: string[] = [];
  if (p.id) overview.push(`<dt>IRI</dt><dd><code>${esc(p.id)}</code></dd>`);
  if (p.version)
    overview.push(
      `<dt>Version</dt><dd><code>${esc(p.version.id)}</code>${p.version.generatedAtTime ? ` (${esc(p.version.generatedAtTime)})` : ''}</dd>`,
    );
  if (p.author)
    overview.push(
      `<dt>Author</dt><dd>${
        p.author.url && isWeb(p.author.url)
          ? `<a href="${esc(p.author.url)}">${esc(p.author.name ?? p.author.url)}</a>`
          : esc(p.author.name ?? '(unnamed)')
      }${p.author.type ? ` (${esc(p.author.type)})` : ''}</dd>`,
    );
  if (p.seeAlso)
    overview.push(
      `<dt>See also</dt><dd>${isWeb(p.seeAlso) ? `<a href="${esc(p.seeAlso)}">${esc(p.seeAlso)}</a>` : `<code>${esc(p.seeAlso)}</code>`}</dd>`,
    );
  if (p.conformsTo) overview.push(`<dt>Conforms to</dt><dd><code>${esc(p.conformsTo)}</code></dd>`);
  if (docs.languages.length > 1)
    overview.push(
      `<dt>Languages</dt><dd>${docs.languages.map((l) => esc(languageName(l))).join(', ')}</dd>`,
    );
  overview.push(...translations(docs, p));
  const conceptCount = docs.conceptGroups.reduce((n, g) => n + g.items.length, 0);

  const toc: string[] = ['<li><a href="#overview">Overview</a></li>'];
  if (docs.conceptGroups.length)
    toc.push(
      `<li><a href="#concepts">Concepts</a><ul>${docs.conceptGroups
        .map(
          (g) =>
            `<li><a href="${esc(inPage(g.anchor))}">${esc(g.heading)}</a> (${g.items.length})</li>`,
        )
        .join('')}</ul></li>`,
    );
  if (docs.templates.length)
    toc.push(`<li><a href="#templates">Statement templates</a> (${docs.templates.length})</li>`);
  if (docs.patterns.length)
    toc.push(`<li><a href="#patterns">Patterns</a> (${docs.patterns.length})</li>`);
  if (docs.changes)
    toc.push(`<li><a href="#changes">Changes since ${esc(docs.changes.since)}</a></li>`);

  const body: string[] = [
    `<section id="overview" aria-labelledby="overview-title"><h2 id="overview-title">Overview</h2>`,
    p.definitions[0]
      ? `<p${langAttr(docs, p.definitions[0])}>${esc(p.definitions[0].text)}</p>`
      : '',
    `<dl>${overview.join('')}</dl>`,
    `<p>This version defines ${conceptCount} concepts, ${docs.templates.length} statement templates and ${docs.patterns.length} patterns.</p>`,
  ];
  if (p.versions.length)
    body.push(
      `<h3>Versions</h3><div class="scroll"><table><thead><tr><th scope="col">Version</th><th scope="col">Generated</th><th scope="col">Revision of</th></tr></thead><tbody>${p.versions
        .map(
          (v) =>
            `<tr><td><code>${esc(v.id)}</code></td><td>${esc(v.generatedAtTime ?? '')}</td><td>${v.wasRevisionOf.map((r) => esc(versionName(r))).join(', ')}</td></tr>`,
        )
        .join('')}</tbody></table></div>`,
    );
  body.push('</section>');
  if (docs.conceptGroups.length) {
    body.push(
      `<section id="concepts" aria-labelledby="concepts-title"><h2 id="concepts-title">Concepts</h2>`,
    );
    for (const g of docs.conceptGroups) {
      body.push(
        `<section id="${esc(g.anchor)}" aria-labelledby="${esc(g.anchor)}-title"><h3 id="${esc(g.anchor)}-title">${esc(g.heading)}</h3>`,
        ...g.items.map((item) => itemHtml(docs, item, 4)),
        '</section>',
      );
    }
    body.push('</section>');
  }
  if (docs.templates.length)
    body.push(
      `<section id="templates" aria-labelledby="templates-title"><h2 id="templates-title">Statement templates</h2>`,
      ...docs.templates.map((item) => itemHtml(docs, item, 3)),
      '</section>',
    );
  if (docs.patterns.length)
    body.push(
      `<section id="patterns" aria-labelledby="patterns-title"><h2 id="patterns-title">Patterns</h2>`,
      ...docs.patterns.map((item) => itemHtml(docs, item, 3)),
      '</section>',
    );
  if (docs.changes) body.push(changesHtml(docs, docs.changes.since, docs.changes.set));

  return [
    '<!DOCTYPE html>',
    `<html lang="${esc(docs.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${DOCS_CSS}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the content</a>',
    `<header><p class="kicker">xAPI Profile${p.version ? ` · version ${esc(versionName(p.version.id))}` : ''}</p><h1${langAttr(docs, p.title)}>${esc(p.title.text)}</h1>`,
    bar.length ? `<div class="bar">${bar.join('')}</div>` : '',
    '</header>',
    `<nav class="toc" aria-label="Contents"><p class="label">Contents</p><ul>${toc.join('')}</ul></nav>`,
    `<main id="main">${body.join('\n')}</main>`,
    `<footer>${options.note ? `<p>${esc(options.note)}</p>` : ''}<p class="screen">Each item’s address in this page is its IRI: <code>#</code> followed by the IRI, percent-encoded.</p></footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
