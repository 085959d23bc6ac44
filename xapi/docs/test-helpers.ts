/**
 * What the documentation tests share: the project's own multilingual profile for the golden
 * file, and the HTML validator set to the HTML standard's rules.
 */
import { HtmlValidate } from 'html-validate';
import type { JsonObject } from '../json.js';
import { BASE, previousVersion, validProfile } from '../fixtures/profiles.js';

/** The sports profile of the rule tests, with French beside the English in some fields only. */
export function sportsProfile(): JsonObject {
  const doc = validProfile();
  doc.prefLabel = { en: 'Sports', fr: 'Sports' };
  doc.definition = {
    en: 'Statements about competitive events.',
    fr: 'Des déclarations sur les compétitions.',
  };
  const concepts = doc.concepts as JsonObject[];
  concepts[0]!.prefLabel = { en: 'placed', fr: 'classé' };
  concepts[0]!.definition = {
    en: 'Finished an event in a position.',
    fr: 'A terminé à une place.',
  };
  const templates = doc.templates as JsonObject[];
  templates[0]!.prefLabel = { en: 'placed', fr: 'classé' };
  const patterns = doc.patterns as JsonObject[];
  patterns[0]!.prefLabel = { en: 'race', fr: 'course' };
  return doc;
}

/** The version before it, for the changes section. */
export function sportsPrevious(): JsonObject {
  const doc = previousVersion();
  // One concept fewer and a rule looser, so the changelog has something to say.
  doc.concepts = (doc.concepts as JsonObject[]).filter((c) => c.id !== `${BASE}/verbs/ran`);
  return doc;
}

/**
 * The HTML validator with its recommended rules. Ids are read as the HTML standard says (any
 * text without spaces), since each item's id is its IRI.
 */
export const htmlValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'valid-id': ['error', { relaxed: true }] },
});

/** Each message of the validator as one line, for an assertion that shows them all. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`),
  );
}
