/** What a SPARQL request asks for: the form of a query, or an update (which is refused). */
export type QueryForm = 'select' | 'ask' | 'construct' | 'describe' | 'update';

const UPDATE_WORDS = new Set([
  'insert',
  'delete',
  'load',
  'clear',
  'create',
  'drop',
  'copy',
  'move',
  'add',
  'with',
]);

/**
 * Reads past the prologue (BASE, PREFIX, VERSION, comments) to the word that names the query
 * form. Returns null when there is none; the store then explains what does not parse.
 */
export function queryForm(text: string): QueryForm | null {
  let i = 0;
  const skipSpace = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i] as string)) i += 1;
      if (text[i] !== '#') return;
      while (i < text.length && text[i] !== '\n') i += 1;
    }
  };
  const word = () => {
    const match = /^[A-Za-z]+/.exec(text.slice(i, i + 20));
    return match ? match[0].toLowerCase() : '';
  };
  for (;;) {
    skipSpace();
    const next = word();
    if (next === 'prefix' || next === 'base' || next === 'version') {
      // The declaration ends with its IRI (PREFIX, BASE) or string (VERSION).
      const end = /^[A-Za-z]+[^<"']*(<[^>]*>|"[^"]*"|'[^']*')/.exec(text.slice(i));
      if (!end) return null;
      i += end[0].length;
      continue;
    }
    if (next === 'select' || next === 'ask' || next === 'construct' || next === 'describe')
      return next;
    if (UPDATE_WORDS.has(next)) return 'update';
    return null;
  }
}
