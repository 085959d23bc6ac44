import { describe, expect, it } from 'vitest';
import { compareVersions } from '../changes/compare.js';
import type { Rule } from '../model/types.js';
import { renderDocsHtml } from './html.js';
import { acceptedLanguages, chooseLanguage, pick } from './language.js';
import { renderDocsMarkdown } from './markdown.js';
import { docItems, profileDocs } from './model.js';
import { htmlProblems, sportsPrevious, sportsProfile } from './test-helpers.js';
import { determiningWords, plainWords, ruleWords } from './words.js';

const words = (rule: Rule) => plainWords(ruleWords(rule));

describe('rules in plain words', () => {
  it('says what each presence asks', () => {
    expect(words({ location: '$.result.score.scaled', presence: 'included' })).toBe(
      '$.result.score.scaled is required.',
    );
    expect(words({ location: '$.result.success', presence: 'excluded' })).toBe(
      '$.result.success must not be present.',
    );
    expect(words({ location: '$.result.duration', presence: 'recommended' })).toBe(
      '$.result.duration is recommended.',
    );
  });

  it('says which values are needed, allowed or forbidden', () => {
    expect(words({ location: '$.result.score.scaled', presence: 'included', all: [0, 1] })).toBe(
      '$.result.score.scaled is required and may only be 0 or 1.',
    );
    expect(
      words({ location: '$.result.score.raw', presence: 'recommended', all: [1, 2, 3], none: [0] }),
    ).toBe(
      '$.result.score.raw is recommended; when present, it may only be 1, 2 or 3 and must not include 0.',
    );
    expect(words({ location: '$.verb.display.en', any: ['passed', 'failed'] })).toBe(
      '$.verb.display.en must include at least one of passed or failed.',
    );
    expect(words({ location: '$.object.id', any: ['https://example.org/a'] })).toBe(
      '$.object.id must include https://example.org/a.',
    );
  });

  it('names a selector within its location, and alternatives of a location', () => {
    expect(
      words({
        location: '$.context.contextActivities.grouping[*]',
        selector: '$.id',
        presence: 'included',
      }),
    ).toBe('$.id within each value of $.context.contextActivities.grouping[*] is required.');
    expect(
      words({ location: "$.actor.mbox | $.actor['account'].name", presence: 'included' }),
    ).toBe("The first of $.actor.mbox or $.actor['account'].name that has a value is required.");
  });

  it('lists a long list of values in part, saying how many more', () => {
    const values = Array.from({ length: 15 }, (_, i) => i);
    expect(words({ location: '$.result.score.raw', all: values })).toBe(
      '$.result.score.raw may only be 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 or 3 more.',
    );
  });

  it('keeps IRIs as references, for links to the items they name', () => {
    const rule = ruleWords({
      location: '$.verb.id',
      presence: 'included',
      all: ['https://e.org/v'],
    });
    expect(rule).toContainEqual({ ref: 'https://e.org/v' });
  });

  it('says which statements a template is about', () => {
    const lines = determiningWords({
      type: 'StatementTemplate',
      verb: 'https://e.org/verbs/won',
      objectActivityType: 'https://e.org/types/race',
      contextGroupingActivityType: ['https://e.org/types/meet', 'https://e.org/types/season'],
      attachmentUsageType: ['https://e.org/att/photo'],
      objectStatementRefTemplate: ['https://e.org/t/placed'],
    }).map(plainWords);
    expect(lines).toEqual([
      'The verb is https://e.org/verbs/won.',
      'The object is an activity of type https://e.org/types/race.',
      'The context has grouping activities of each type https://e.org/types/meet and https://e.org/types/season.',
      'The statement has attachments of usage type https://e.org/att/photo.',
      'The object is a StatementRef to a statement matching https://e.org/t/placed.',
    ]);
  });
});

describe('languages', () => {
  it("reads a field in the reader's language, else the nearest, else English, else any", () => {
    const map = { en: 'paused', 'fr-CA': 'en pause', de: 'pausiert' };
    expect(pick(map, ['fr'])).toEqual({ text: 'en pause', lang: 'fr-CA' });
    expect(pick(map, ['de-AT'])).toEqual({ text: 'pausiert', lang: 'de' });
    expect(pick(map, ['ja'])).toEqual({ text: 'paused', lang: 'en' });
    expect(pick({ ja: '一時停止' }, ['fr'])).toEqual({ text: '一時停止', lang: 'ja' });
  });

  it('orders Accept-Language by weight and leaves out what is not a language', () => {
    expect(acceptedLanguages('de;q=0.5, fr-CA, *;q=0.1, en;q=0.8, <x>')).toEqual([
      'fr-CA',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('fr;q=0')).toEqual([]);
  });

  it("chooses the page's language: explicit choice, then the browser's, then English", () => {
    const available = ['en', 'fr'];
    expect(chooseLanguage(available, { explicit: 'fr', accepted: ['en'] })).toBe('fr');
    expect(chooseLanguage(available, { explicit: 'xx', accepted: ['fr-BE'] })).toBe('fr');
    expect(chooseLanguage(available, { accepted: ['es'] })).toBe('en');
    expect(chooseLanguage(['de', 'fr'], {})).toBe('de');
  });

  it('falls back per field: a French page shows English where French is missing, marked', () => {
    const docs = profileDocs(sportsProfile(), { language: 'fr' });
    expect(docs.lang).toBe('fr');
    expect(docs.languages).toEqual(['en', 'fr']);
    const items = docItems(docs);
    const placed = items.find((i) => i.id.endsWith('/verbs/placed'))!;
    expect(placed.title).toEqual({ text: 'classé', lang: 'fr' });
    const won = items.find((i) => i.id.endsWith('/verbs/won'))!;
    expect(won.title).toEqual({ text: 'won', lang: 'en' });
    const html = renderDocsHtml(docs);
    expect(html).toContain('<html lang="fr">');
    expect(html).toMatch(/<h4 lang="en">won<\/h4>/);
    expect(html).toMatch(/<h4>classé<\/h4>/);
  });
});

describe('the documentation of one version', () => {
  const changes = () => ({
    since: 'v1',
    set: compareVersions(sportsPrevious(), sportsProfile(), { fromVersion: '1', toVersion: '2' }),
  });

  it('keeps the Markdown of the sports profile as it is (golden file)', async () => {
    const docs = profileDocs(sportsProfile(), { changes: changes() });
    await expect(renderDocsMarkdown(docs)).toMatchFileSnapshot('__snapshots__/sports.md');
  });

  it('tells the changes in the HTML in the words of the Markdown, never a raw type name', () => {
    const set = changes().set;
    const html = renderDocsHtml(profileDocs(sportsProfile(), { changes: changes() }));
    const section = html.slice(html.indexOf('id="changes"'));
    expect(set.items.some((item) => item.type === 'StatementTemplate')).toBe(true);
    expect(section).toContain('Statement Template');
    expect(section).not.toMatch(/StatementTemplate|ActivityType\b|AgentProfileResource/);
  });

  it('gives every item one anchor, its IRI, in the HTML and in the Markdown', () => {
    const docs = profileDocs(sportsProfile());
    const items = docItems(docs);
    expect(items).toHaveLength(12 + 2 + 7);
    const html = renderDocsHtml(docs);
    const markdown = renderDocsMarkdown(docs);
    for (const item of items) {
      expect(item.anchor).toBe(item.id);
      const id = item.id.replace(/&/g, '&amp;');
      expect(html.split(`id="${id}"`)).toHaveLength(2);
      expect(markdown.split(`<a id="${id}"></a>`)).toHaveLength(2);
    }
  });

  it('gives a second entry with the same IRI an anchor of its own', () => {
    const doc = sportsProfile();
    const concepts = doc.concepts as object[];
    concepts.push({ ...(concepts[0] as object) });
    const docs = profileDocs(doc);
    const anchors = docItems(docs).map((i) => i.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toContain('https://example.org/xapi/sports/verbs/placed~2');
  });

  it('writes a valid HTML page, diagrams included, with every pattern drawn', async () => {
    const docs = profileDocs(sportsProfile(), { changes: changes() });
    const html = renderDocsHtml(docs, {
      languageLinks: docs.languages.map((lang) => ({ lang, href: `?lang=${lang}` })),
      versionLinks: [{ name: 'v2', href: '#', current: true }],
      downloads: { markdown: 'profile.md', html: 'profile.html' },
      back: { href: '/', label: 'Back' },
      note: 'Made from the profile document.',
    });
    expect(await htmlProblems(html)).toEqual([]);
    for (const pattern of docs.patterns) {
      const article = html.slice(html.indexOf(`id="${pattern.anchor}"`));
      expect(article.slice(0, article.indexOf('</article>'))).toContain('<svg class="pd"');
    }
  });

  it('escapes what a profile says, wherever it says it', async () => {
    const doc = sportsProfile();
    doc.prefLabel = { en: '<script>alert(1)</script> & "quotes"' };
    (doc.concepts as Record<string, unknown>[])[1]!.definition = {
      en: '*bold* <b>tag</b> [link](x)',
    };
    const docs = profileDocs(doc);
    const html = renderDocsHtml(docs);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>tag</b>');
    expect(await htmlProblems(html)).toEqual([]);
    const markdown = renderDocsMarkdown(docs);
    expect(markdown).not.toContain('<script>');
    expect(markdown).toContain('\\*bold\\* \\<b\\>tag\\</b\\> \\[link\\](x)');
  });
});
