import { SPARQL_LIMITS } from '../../../common/limits';

/** What the scan of a query found: how deep it nests and how many tokens it counts. */
export interface QueryShape {
  /** The deepest nesting of `{ }`, `( )`, `[ ]`, with each `!` in a row one level more. */
  depth: number;
  /** Terms, keywords and operators, those inside the data of a VALUES block left out. */
  tokens: number;
  /** Whether the scan stopped early, at the first limit passed (the figures are then lower bounds). */
  stopped: boolean;
}

/** Whether an IRI written `<…>` may not hold `ch` (SPARQL 1.1 grammar, IRIREF). */
const notInIri = (ch: string) => ch <= ' ' || '<>"{}|^`\\'.includes(ch);
/** Characters that go on a name (keyword, prefixed name, blank node label) or a number. */
const NAME = /[A-Za-z0-9_:.\-%\\\u00b7\u00c0-\uffff]/;

/**
 * Reads a query the way the SPARQL grammar splits it into tokens — comments, strings (short and
 * long, with escapes), IRIs (told apart from `<` by what they may hold), variables, names,
 * numbers, operators — and measures its nesting depth and its number of tokens. It does not
 * check the grammar: the store still explains what does not parse. It stops as soon as one of
 * `limits` is passed, so hostile input costs one pass at most.
 */
export function scanQuery(
  text: string,
  limits: { depthMax: number; tokensMax: number } = SPARQL_LIMITS,
): QueryShape {
  let depth = 0;
  let deepest = 0;
  let tokens = 0;
  let negations = 0;
  /** After the word VALUES, the next `{` opens a data block, which closes at this depth. */
  let valuesNext = false;
  let dataBlockDepth: number | null = null;
  const over = () => deepest > limits.depthMax || tokens > limits.tokensMax;
  const count = () => {
    if (dataBlockDepth === null) tokens += 1;
  };
  const reach = (level: number) => {
    if (level > deepest) deepest = level;
  };

  let i = 0;
  const n = text.length;
  while (i < n) {
    if (over()) return { depth: deepest, tokens, stopped: true };
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '#') {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i += 1;
      continue;
    }
    const wasNegation = negations;
    negations = 0;

    if (ch === '{' || ch === '(' || ch === '[') {
      count();
      depth += 1;
      reach(depth + wasNegation);
      if (ch === '{' && valuesNext) {
        valuesNext = false;
        if (dataBlockDepth === null) dataBlockDepth = depth;
      }
      i += 1;
      continue;
    }
    if (ch === '}' || ch === ')' || ch === ']') {
      if (ch === '}' && dataBlockDepth === depth) dataBlockDepth = null;
      count();
      depth = Math.max(0, depth - 1);
      i += 1;
      continue;
    }
    if (ch === '"' || ch === "'") {
      count();
      const long = text.startsWith(ch.repeat(3), i);
      const close = long ? ch.repeat(3) : ch;
      i += close.length;
      while (i < n && !text.startsWith(close, i)) {
        if (!long && (text[i] === '\n' || text[i] === '\r')) break;
        i += text[i] === '\\' ? 2 : 1;
      }
      i += close.length;
      continue;
    }
    if (ch === '<') {
      let end = i + 1;
      while (end < n && text[end] !== '>' && !notInIri(text[end] as string)) end += 1;
      count();
      if (text[end] === '>') i = end + 1;
      else i += text[i + 1] === '=' ? 2 : 1;
      continue;
    }
    if (ch === '?' || ch === '$') {
      count();
      i += 1;
      while (i < n && /[A-Za-z0-9_\u00b7\u00c0-\uffff]/.test(text[i] as string)) i += 1;
      continue;
    }
    if (ch === '@') {
      // A language tag belongs to the literal before it.
      i += 1;
      while (i < n && /[A-Za-z0-9-]/.test(text[i] as string)) i += 1;
      continue;
    }
    if (NAME.test(ch)) {
      let end = i;
      while (end < n && NAME.test(text[end] as string)) end += text[end] === '\\' ? 2 : 1;
      // A name never ends with a dot: that one ends the triple.
      while (end > i + 1 && text[end - 1] === '.' && text[end - 2] !== '\\') end -= 1;
      const word = text.slice(i, end);
      count();
      if (word.toLowerCase() === 'values') valuesNext = true;
      i = end;
      continue;
    }
    if (ch === '!' && text[i + 1] !== '=') {
      count();
      negations = wasNegation + 1;
      reach(depth + negations);
      i += 1;
      continue;
    }
    // Any other operator or punctuation, one or two characters.
    count();
    const two = text.slice(i, i + 2);
    i += ['&&', '||', '!=', '<=', '>=', '^^'].includes(two) ? 2 : 1;
  }
  return { depth: deepest, tokens, stopped: over() };
}
