import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * A LIKE pattern that matches `text` literally anywhere: %, _ and the escape character are
 * escaped, so typed text is never a pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** At most this many words of a search count; more only cost time. */
export const SEARCH_WORDS_MAX = 12;
/** A word longer than this is cut: no name or label has one. */
export const SEARCH_WORD_LENGTH_MAX = 64;

/**
 * What a person typed, made safe for the search index: the text itself (for an exact IRI or
 * name, substrings and typos, always as a bound parameter) and a prefix query over its words.
 * Words are runs of letters and digits, so nothing typed is ever query syntax: regex characters,
 * SQL-looking text and punctuation are only separators.
 */
export interface SearchText {
  raw: string;
  /**
   * Every word, the last one also as the start of a word (`word & wor:*`), or null when the text
   * has no word (only punctuation, say). Only the last word is a prefix, as when typing: a prefix
   * costs the index a scan over every word it starts.
   */
  tsquery: string | null;
}

/** The words of a text as a search reads them: lower case, letters and digits, at most 12. */
function wordsOf(raw: string): string[] {
  return [
    ...new Set(
      (raw.toLowerCase().match(/[\p{L}\p{Nd}]+/gu) ?? []).map((w) =>
        w.slice(0, SEARCH_WORD_LENGTH_MAX),
      ),
    ),
  ].slice(0, SEARCH_WORDS_MAX);
}

export function searchTextOf(text: string): SearchText {
  const raw = text.trim();
  const words = wordsOf(raw);
  return {
    raw,
    tsquery:
      words.length > 0
        ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')
        : null,
  };
}

/** The indexed columns of a searched table (see migration 0011_search_index). */
export interface SearchColumns {
  /** The stored weighted tsvector, e.g. sql`"item_revisions"."search_vector"`. */
  vector: SQL;
  name: AnyColumn | SQL;
  iris: Array<AnyColumn | SQL>;
}

const tsqueryOf = (t: SearchText) => sql`to_tsquery('simple'::regconfig, ${t.tsquery})`;

/**
 * How a search is tried: `precise` first (the words in the index — names, labels and
 * descriptions in every language, tags, IRI words — or the exact IRI); when that finds nothing,
 * `fuzzy` (the text inside a name, or a name within a typo of it, by trigram word similarity at
 * least 0.45, set per connection in `server/db/client.ts`: "vidoe" finds "video").
 * Fuzzy matches of a common word would drown the precise ones and cost a scan of thousands of
 * rows, so they are only the second try. Every branch can use an index.
 */
export type MatchMode = 'precise' | 'fuzzy';

export function textMatch(columns: SearchColumns, t: SearchText, mode: MatchMode): SQL {
  const branches: SQL[] =
    mode === 'precise'
      ? columns.iris.map((iri) => sql`${iri} = ${t.raw}::text`)
      : [
          sql`${columns.name} ilike ${containsPattern(t.raw)}`,
          sql`${t.raw}::text <% ${columns.name}`,
        ];
  if (mode === 'precise' && t.tsquery) branches.unshift(sql`${columns.vector} @@ ${tsqueryOf(t)}`);
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** Words shorter than this are not corrected: too few letters to tell a typo from another word. */
const CORRECTED_WORD_LENGTH_MIN = 4;

/**
 * The text with each word replaced by the closest word the searchable names have (trigram
 * similarity at least pg_trgm's 0.3, best first; a word names have is its own closest), or null
 * when no word changes. One indexed lookup per word in `search_words`, a table of a few thousand
 * rows where the fuzzy try reads thousands of names.
 */
export async function correctedText(db: Db, t: SearchText): Promise<SearchText | null> {
  const words = wordsOf(t.raw);
  const typed = words.filter((w) => w.length >= CORRECTED_WORD_LENGTH_MIN);
  if (typed.length === 0) return null;
  const rows = await queryRows<{ typed: string; known: string | null }>(
    db,
    sql`select q.w as typed, (select s.word from search_words s where s.word % q.w
          order by similarity(s.word, q.w) desc, s.word limit 1) as known
        from unnest(array[${sql.join(
          typed.map((w) => sql`${w}::text`),
          sql`, `,
        )}]) as q(w)`,
  );
  const known = new Map(rows.map((r) => [r.typed, r.known ?? r.typed]));
  const corrected = words.map((w) => known.get(w) ?? w);
  if (corrected.every((w, i) => w === words[i])) return null;
  return searchTextOf(corrected.join(' '));
}

/**
 * Runs a search precisely; when that finds nothing, precisely again with each typed word
 * corrected to the closest word of the searchable names ("compelted" finds what "completed"
 * finds); when that finds nothing either, fuzzily.
 */
export async function preciseThenFuzzy<R extends { total: number }>(
  db: Db,
  t: SearchText | null,
  run: (mode: MatchMode, text: SearchText | null) => Promise<R>,
): Promise<R> {
  const precise = await run('precise', t);
  if (precise.total > 0 || !t || t.raw === '') return precise;
  const corrected = await correctedText(db, t);
  if (corrected) {
    const again = await run('precise', corrected);
    if (again.total > 0) return again;
  }
  return run('fuzzy', t);
}

/**
 * How well a found row answers the text, highest first: its exact IRI above all, then an exact
 * name, then the weighted text rank (a name or label counts more than a tag, a tag more than a
 * description) — or, for the fuzzy try, how close the name is to the text.
 */
export function textRank(columns: SearchColumns, t: SearchText, mode: MatchMode): SQL<number> {
  const exactIri = sql.join(
    columns.iris.map((iri) => sql`${iri} = ${t.raw}::text`),
    sql` or `,
  );
  const closeness =
    mode === 'fuzzy'
      ? sql`word_similarity(${t.raw}::text, ${columns.name})`
      : t.tsquery
        ? sql`ts_rank(${columns.vector}, ${tsqueryOf(t)})`
        : sql`0`;
  return sql<number>`((case when ${exactIri} then 1000 else 0 end)
    + (case when lower(${columns.name}) = lower(${t.raw}::text) then 100 else 0 end)
    + ${closeness})`;
}
