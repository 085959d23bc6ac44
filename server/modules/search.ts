import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

export function searchTextOf(text: string): SearchText {
  const raw = text.trim();
  const words = [
    ...new Set(
      (raw.toLowerCase().match(/[\p{L}\p{Nd}]+/gu) ?? []).map((w) =>
        w.slice(0, SEARCH_WORD_LENGTH_MAX),
      ),
    ),
  ].slice(0, SEARCH_WORDS_MAX);
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

/** Runs a search precisely, then fuzzily when the precise try found nothing. */
export async function preciseThenFuzzy<R extends { total: number }>(
  t: SearchText | null,
  run: (mode: MatchMode) => Promise<R>,
): Promise<R> {
  const precise = await run('precise');
  if (precise.total > 0 || !t || t.raw === '') return precise;
  return run('fuzzy');
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
