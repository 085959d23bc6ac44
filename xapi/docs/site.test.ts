import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authoredDir, authoredPresent } from '../fixtures/corpus.js';
import { SiteError, buildSite } from './site.js';
import { htmlProblems, sportsPrevious, sportsProfile } from './test-helpers.js';

/** Every relative link of every page resolves to a file of the site (and an id where it names one). */
function brokenLinks(files: Map<string, string>): string[] {
  const broken: string[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.html')) continue;
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
    for (const [, href] of text.matchAll(/href="([^"]*)"/g)) {
      const link = href!.replace(/&amp;/g, '&');
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [file, fragment] = link.split('#');
      const target = file ? normalize(folder + file) : path;
      const page = files.get(target);
      if (page === undefined) broken.push(`${path}: ${link}`);
      else if (
        fragment &&
        !page.includes(`id="${decodeURIComponent(fragment).replace(/&/g, '&amp;')}"`)
      )
        broken.push(`${path}: ${link} (no such id)`);
    }
  }
  return broken;
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

describe('the static site of a profile', () => {
  it('writes every version, newest first, each page in each language, with working links', async () => {
    const site = buildSite([sportsPrevious(), sportsProfile()], { examples: false });
    expect(site.versions.map((v) => [v.folder, v.languages])).toEqual([
      ['v2', ['en', 'fr']],
      ['v1', ['en', 'fr-CA']],
    ]);
    expect([...site.files.keys()].sort()).toEqual([
      'index.html',
      'v1/index.fr-CA.html',
      'v1/index.html',
      'v1/profile.fr-CA.md',
      'v1/profile.md',
      'v2/index.fr.html',
      'v2/index.html',
      'v2/profile.fr.md',
      'v2/profile.md',
    ]);
    expect(brokenLinks(site.files)).toEqual([]);
    // The newest says what changed since the one before it; the oldest has nothing to compare.
    expect(site.files.get('v2/index.html')).toContain('Changes since v1');
    expect(site.files.get('v1/index.html')).not.toContain('id="changes"');
    expect(site.files.get('v2/index.fr.html')).toContain('<html lang="fr">');
    for (const [path, text] of site.files)
      if (path.endsWith('.html')) expect(await htmlProblems(text), path).toEqual([]);
  });

  it('puts generated example statements under their templates', () => {
    const site = buildSite([sportsProfile()]);
    const page = site.files.get('v2/index.html')!;
    expect(page).toContain('Example statement (generated from the profile)');
  });

  it('refuses what is not the versions of one profile', () => {
    const other = sportsProfile();
    other.id = 'https://example.org/another';
    expect(() => buildSite([sportsProfile(), other])).toThrow(SiteError);
    expect(() => buildSite([sportsProfile(), sportsProfile()])).toThrow(/given twice/);
    expect(() => buildSite([{ hello: 'world' }])).toThrow(/not a profile document/);
    const noVersion = sportsProfile();
    delete noVersion.versions;
    expect(() => buildSite([noVersion])).toThrow(/lists no version/);
    expect(() => buildSite([])).toThrow(/at least one/);
  });

  it.skipIf(!authoredPresent)('builds the video profile v1.0 to v1.0.3 with working links', () => {
    const documents = ['v1.0.2', 'v1.0', 'v1.0.3', 'v1.0.1'].map((v): unknown =>
      JSON.parse(readFileSync(join(authoredDir, 'video', v, 'video.jsonld'), 'utf8')),
    );
    const site = buildSite(documents);
    expect(site.versions.map((v) => v.folder)).toEqual(['v1.0.3', 'v1.0.2', 'v1.0.1', 'v1.0']);
    expect(brokenLinks(site.files)).toEqual([]);
    expect(site.files.get('v1.0.1/index.html')).toContain('Changes since v1.0');
  });
});
