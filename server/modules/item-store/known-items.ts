/** Items of other profiles that a document reuses, for the validator to resolve. */
import type { JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { findItemsByIris } from './repo';

type Json = Record<string, unknown>;

export const LISTS: Record<ItemRow['kind'], 'concepts' | 'templates' | 'patterns'> = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
};

const TEMPLATE_IRI_KEYS = [
  'verb',
  'objectActivityType',
  'contextGroupingActivityType',
  'contextParentActivityType',
  'contextOtherActivityType',
  'contextCategoryActivityType',
  'attachmentUsageType',
  'objectStatementRefTemplate',
  'contextStatementRefTemplate',
];
const PATTERN_IRI_KEYS = ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'];

const irisOf = (item: unknown, keys: string[]): string[] => {
  if (typeof item !== 'object' || item === null) return [];
  const out: string[] = [];
  for (const key of keys) {
    const value = (item as Json)[key];
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') out.push(v);
  }
  return out;
};

export const listOf = (document: Json, key: string): unknown[] =>
  Array.isArray(document[key]) ? (document[key] as unknown[]) : [];

/**
 * The items of other profiles a document refers to (a template's verb, a pattern's components,
 * and what those patterns contain in turn), gathered as one profile-shaped document the validator
 * reads as a known profile, so reuse across profiles resolves.
 */
export async function knownItemsFor(db: Db, document: Json): Promise<JsonObject> {
  const local = new Set<string>();
  for (const key of ['concepts', 'templates', 'patterns'])
    for (const item of listOf(document, key))
      if (typeof (item as Json | null)?.id === 'string') local.add((item as Json).id as string);
  const known: Record<'concepts' | 'templates' | 'patterns', JsonObject[]> = {
    concepts: [],
    templates: [],
    patterns: [],
  };
  const seen = new Set<string>(local);
  let wanted = [
    ...listOf(document, 'templates').flatMap((t) => irisOf(t, TEMPLATE_IRI_KEYS)),
    ...listOf(document, 'patterns').flatMap((p) => irisOf(p, PATTERN_IRI_KEYS)),
  ].filter((iri) => !seen.has(iri));
  // Patterns of other profiles may contain further patterns: follow them, each IRI once.
  for (let depth = 0; wanted.length > 0 && depth < 50; depth += 1) {
    for (const iri of wanted) seen.add(iri);
    const found = await findItemsByIris(db, [...new Set(wanted)]);
    wanted = [];
    for (const row of found) {
      known[LISTS[row.kind]].push(row.content as JsonObject);
      if (row.kind === 'pattern')
        wanted.push(...irisOf(row.content, PATTERN_IRI_KEYS).filter((iri) => !seen.has(iri)));
    }
  }
  return { id: 'urn:xapi-profile-server:known-items', type: 'Profile', ...known };
}

/**
 * The known profiles to check a document against: none when it reuses nothing stored here, since
 * a known profile without items changes no finding, and a check without any is the one an import
 * made of the same document before storing it.
 */
export async function knownProfilesFor(db: Db, document: Json): Promise<JsonObject[]> {
  const known = await knownItemsFor(db, document);
  const lists = [known.concepts, known.templates, known.patterns] as unknown[][];
  return lists.some((list) => list.length > 0) ? [known] : [];
}
