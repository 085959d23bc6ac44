/**
 * A static site of a profile's documentation: a page per version (one per language the version
 * uses), its Markdown, and an index of the versions, linked with relative addresses that end in
 * a file name, so the folder works from any web server and from the file system alike. Each
 * version's page says what changed since the version before it among those given.
 * Imported on its own (`xapi/docs/site.js`): it uses the simulator for example statements.
 */
import { compareVersions } from '../changes/compare.js';
import type { Iri } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { parse } from '../model/parse.js';
import { generatedExamples } from './examples.js';
import { DOCS_CSS, languageName, renderDocsHtml } from './html.js';
import { renderDocsMarkdown } from './markdown.js';
import { documentLanguages, profileDocs, versionName } from './model.js';
import { chooseLanguage, pick } from './language.js';

export interface SiteVersion {
  /** The folder of the version's pages. */
  folder: string;
  versionId: Iri;
  name: string;
  languages: string[];
}

export interface Site {
  /** Relative paths (with `/`) to their text. */
  files: Map<string, string>;
  versions: SiteVersion[];
}

export class SiteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteError';
  }
}

interface Loaded {
  document: unknown;
  profileId: string;
  versionId: string;
  generatedAt: string;
  index: number;
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A folder name from a version's name: letters, digits, dots, dashes and underscores. */
function folderOf(name: string, used: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'version';
  let folder = base;
  for (let i = 2; used.has(folder); i++) folder = `${base}-${i}`;
  used.add(folder);
  return folder;
}

const pageName = (lang: string, main: string) =>
  lang === main ? 'index.html' : `index.${lang}.html`;
const markdownName = (lang: string, main: string) =>
  lang === main ? 'profile.md' : `profile.${lang}.md`;

/**
 * The site of `documents`, the versions of one profile (each a profile document), in any order:
 * newest first by each one's own version entry (`generatedAtTime`), then as given.
 */
export function buildSite(
  documents: readonly unknown[],
  options: { examples?: boolean } = {},
): Site {
  if (documents.length === 0) throw new SiteError('Give at least one profile document.');
  const loaded: Loaded[] = documents.map((document, index) => {
    const { model } = parse(document);
    if (!model || typeof model.id !== 'string')
      throw new SiteError(`Document ${index + 1} is not a profile document with an id.`);
    const own = (model.versions ?? []).find((v) => !isUnrecognized(v) && typeof v.id === 'string');
    if (!own || isUnrecognized(own))
      throw new SiteError(`Document ${index + 1} (${model.id}) lists no version.`);
    return {
      document,
      profileId: model.id,
      versionId: own.id!,
      generatedAt: typeof own.generatedAtTime === 'string' ? own.generatedAtTime : '',
      index,
    };
  });
  const profileId = loaded[0]!.profileId;
  const other = loaded.find((l) => l.profileId !== profileId);
  if (other)
    throw new SiteError(
      `Document ${other.index + 1} is of the profile ${other.profileId}, not ${profileId}: give the versions of one profile.`,
    );
  const seen = new Set<string>();
  for (const l of loaded) {
    if (seen.has(l.versionId))
      throw new SiteError(`The version ${l.versionId} is given twice (document ${l.index + 1}).`);
    seen.add(l.versionId);
  }
  const time = (l: Loaded) => {
    const t = Date.parse(l.generatedAt);
    return Number.isNaN(t) ? -Infinity : t;
  };
  const ordered = [...loaded].sort((a, b) => time(b) - time(a) || b.index - a.index);

  const used = new Set<string>();
  const versions: SiteVersion[] = ordered.map((l) => {
    const name = versionName(l.versionId);
    const { model } = parse(l.document);
    const languages = documentLanguages(model!);
    return { folder: folderOf(name, used), versionId: l.versionId, name, languages };
  });

  const files = new Map<string, string>();
  ordered.forEach((l, i) => {
    const version = versions[i]!;
    const previous = ordered[i + 1];
    const changes = previous
      ? {
          since: versions[i + 1]!.name,
          // Each version's number is read from its IRI.
          set: compareVersions(previous.document, l.document),
        }
      : undefined;
    const examples = options.examples === false ? undefined : generatedExamples(l.document);
    const main = chooseLanguage(version.languages, {});
    const languages = version.languages.length > 0 ? version.languages : [main];
    for (const lang of languages) {
      const docs = profileDocs(l.document, { language: lang, changes, examples });
      const html = renderDocsHtml(docs, {
        back: { href: '../index.html', label: 'All versions' },
        versionLinks: versions.map((v) => ({
          name: v.name,
          href: `../${v.folder}/index.html`,
          current: v === version,
        })),
        languageLinks: languages.map((other) => ({ lang: other, href: pageName(other, main) })),
        downloads: {
          html: pageName(lang, main),
          htmlFileName: `${version.folder}${lang === main ? '' : `.${lang}`}.html`,
          markdown: markdownName(lang, main),
          markdownFileName: `${version.folder}${lang === main ? '' : `.${lang}`}.md`,
        },
        note: `Generated from the profile document of ${version.versionId}.`,
      });
      files.set(`${version.folder}/${pageName(lang, main)}`, html);
      files.set(
        `${version.folder}/${markdownName(lang, main)}`,
        renderDocsMarkdown(docs, {
          note: `Generated from the profile document of ${version.versionId}.`,
        }),
      );
    }
  });
  files.set('index.html', indexPage(ordered[0]!.document, versions));
  return { files, versions };
}

/** The site's first page: the profile's name and description, and every version's pages. */
function indexPage(newest: unknown, versions: SiteVersion[]): string {
  const { model } = parse(newest);
  const languages = documentLanguages(model!);
  const lang = chooseLanguage(languages, {});
  const title = pick(model?.prefLabel, [lang])?.text ?? model?.id ?? 'Profile';
  const definition = pick(model?.definition, [lang])?.text;
  const rows = versions
    .map((v) => {
      const main = chooseLanguage(v.languages, {});
      const others = v.languages.filter((l) => l !== main);
      return `<tr><th scope="row"><a href="${esc(v.folder)}/index.html">${esc(v.name)}</a></th><td><code class="iri">${esc(v.versionId)}</code></td><td><a href="${esc(v.folder)}/profile.md">Markdown</a>${others
        .map(
          (o) =>
            ` · <a href="${esc(v.folder)}/${esc(pageName(o, main))}" hreflang="${esc(o)}">${esc(languageName(o))}</a>`,
        )
        .join('')}</td></tr>`;
    })
    .join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${esc(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}: versions</title>`,
    `<style>${DOCS_CSS}</style>`,
    '</head>',
    '<body>',
    `<header><p class="kicker">xAPI Profile</p><h1>${esc(title)}</h1></header>`,
    '<main id="main">',
    definition ? `<p>${esc(definition)}</p>` : '',
    model?.id ? `<p><code class="iri">${esc(model.id)}</code></p>` : '',
    `<h2>Versions</h2><div class="scroll"><table><thead><tr><th scope="col">Version</th><th scope="col">IRI</th><th scope="col">Also</th></tr></thead><tbody>${rows}</tbody></table></div>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
