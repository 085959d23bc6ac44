import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authoredDir, authoredPresent, profileFiles } from '../fixtures/corpus.js';
import { isUnrecognized } from '../model/types.js';
import { parse } from '../model/parse.js';
import { patternMembers } from './pattern-tree.js';
import { renderDocsHtml } from './html.js';
import { renderDocsMarkdown } from './markdown.js';
import { docItems, profileDocs } from './model.js';
import { htmlProblems } from './test-helpers.js';
import { plainWords } from './words.js';

/**
 * The documentation of every real profile in the shared corpus (never copied here: the test skips
 * without it). It checks structure only, so nothing of the profiles' text lands in the project.
 */
const files = authoredPresent ? profileFiles() : [];

const count = (text: string, part: string) => text.split(part).length - 1;
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe.skipIf(!authoredPresent)('documentation of the corpus profiles', () => {
  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    const name = relative(authoredDir, file);
    it(`${name}: every item once, every rule in words, every pattern drawn, valid HTML`, async () => {
      const document: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const { model } = parse(document);
      expect(model).toBeDefined();
      const docs = profileDocs(document);
      const html = renderDocsHtml(docs);
      const markdown = renderDocsMarkdown(docs);

      const entries = [
        ...(model!.concepts ?? []),
        ...(model!.templates ?? []),
        ...(model!.patterns ?? []),
      ].filter((e) => !isUnrecognized(e));
      const items = docItems(docs);
      expect(items).toHaveLength(entries.length);
      for (const item of items) {
        expect(count(html, `id="${attr(item.anchor)}"`), item.anchor).toBe(1);
        expect(count(markdown, `<a id="${attr(item.anchor)}"></a>`), item.anchor).toBe(1);
      }

      for (const template of model!.templates ?? []) {
        if (isUnrecognized(template)) continue;
        const item = items.find((i) => i.kind === 'template' && i.id === template.id)!;
        const rules = template.rules ?? [];
        expect(item.rules).toHaveLength(rules.length);
        rules.forEach((rule, i) => {
          const sentence = plainWords(item.rules![i]!.words);
          if (isUnrecognized(rule)) return;
          expect(sentence).toContain(rule.location ?? '(no location)');
          expect(sentence).toMatch(
            /( is required| must not be present| is recommended| must include| may only be | must not include| has no requirement)/,
          );
          expect(sentence.endsWith('.')).toBe(true);
        });
        const article = html.slice(html.indexOf(`id="${attr(item.anchor)}"`));
        const rulesHtml = article.slice(0, article.indexOf('</article>'));
        expect(count(rulesHtml, '<li>') >= rules.length).toBe(true);
      }

      for (const pattern of model!.patterns ?? []) {
        if (isUnrecognized(pattern)) continue;
        const item = items.find((i) => i.kind === 'pattern' && i.id === pattern.id)!;
        if (!patternMembers(pattern)) continue;
        expect(item.diagram, pattern.id).toBeDefined();
        const article = html.slice(html.indexOf(`id="${attr(item.anchor)}"`));
        expect(article.slice(0, article.indexOf('</article>'))).toContain('<svg class="pd"');
      }

      expect(await htmlProblems(html)).toEqual([]);
    });
  }
});
