/**
 * JSONPath as restricted by xAPI Profiles §8.1: `$`-rooted paths made of child names, `[*]`,
 * bracketed unions of quoted names / non-negative indexes / `*`, recursive descent `..`, and
 * whole paths joined with `|`. Filters, scripts, slices and negative indexes are refused.
 */
export type Selector =
  { kind: 'name'; name: string } | { kind: 'index'; index: number } | { kind: 'wildcard' };

export interface Segment {
  /** True for `..` (recursive descent): the selectors apply at any depth below. */
  descendant: boolean;
  selectors: Selector[];
}

export type JsonPath = Segment[];

export type JsonPathResult =
  { ok: true; paths: JsonPath[] } | { ok: false; message: string; offset: number };

class PathError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const nameStop = new Set([
  '.',
  '[',
  ']',
  '|',
  ' ',
  '\t',
  '\n',
  '\r',
  "'",
  '"',
  '(',
  ')',
  '?',
  ',',
  '*',
]);

export function parseJsonPath(text: string): JsonPathResult {
  try {
    return { ok: true, paths: new Parser(text).parseAll() };
  } catch (e) {
    if (e instanceof PathError) return { ok: false, message: e.message, offset: e.offset };
    throw e;
  }
}

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseAll(): JsonPath[] {
    const paths: JsonPath[] = [this.parsePath()];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.text.length) return paths;
      if (this.text[this.pos] !== '|') {
        throw new PathError(`unexpected ${JSON.stringify(this.text[this.pos])}`, this.pos);
      }
      this.pos++;
      this.skipSpace();
      paths.push(this.parsePath());
    }
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  private parsePath(): JsonPath {
    if (this.text[this.pos] !== '$') {
      throw new PathError('a path must start with "$" (the statement root)', this.pos);
    }
    this.pos++;
    const segments: JsonPath = [];
    for (;;) {
      const c = this.text[this.pos];
      if (c === '.') {
        const descendant = this.text[this.pos + 1] === '.';
        this.pos += descendant ? 2 : 1;
        if (this.text[this.pos] === '[') {
          if (!descendant) throw new PathError('".[" is not valid; write "[" directly', this.pos);
          segments.push({ descendant, selectors: this.parseBracket() });
        } else if (this.text[this.pos] === '*') {
          this.pos++;
          segments.push({ descendant, selectors: [{ kind: 'wildcard' }] });
        } else {
          segments.push({ descendant, selectors: [{ kind: 'name', name: this.parseName() }] });
        }
      } else if (c === '[') {
        segments.push({ descendant: false, selectors: this.parseBracket() });
      } else {
        return segments;
      }
    }
  }

  private parseName(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !nameStop.has(this.text[this.pos]!)) this.pos++;
    if (this.pos === start) throw new PathError('expected a property name', start);
    return this.text.slice(start, this.pos);
  }

  private parseBracket(): Selector[] {
    const open = this.pos;
    this.pos++;
    const next = this.text[this.pos];
    if (next === '?') throw new PathError('filter expressions "[?(...)]" are not allowed', open);
    if (next === '(') throw new PathError('script expressions "[(...)]" are not allowed', open);
    const selectors: Selector[] = [];
    for (;;) {
      this.skipSpace();
      selectors.push(this.parseSelector());
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === ']') {
        this.pos++;
        return selectors;
      }
      if (c === ':') throw new PathError('array slices are not allowed', this.pos);
      throw new PathError('expected "," or "]"', this.pos);
    }
  }

  private parseSelector(): Selector {
    const c = this.text[this.pos];
    if (c === '*') {
      this.pos++;
      return { kind: 'wildcard' };
    }
    if (c === "'" || c === '"') return { kind: 'name', name: this.parseQuoted(c) };
    if (c !== undefined && c >= '0' && c <= '9') {
      const start = this.pos;
      while (/[0-9]/.test(this.text[this.pos] ?? '')) this.pos++;
      return { kind: 'index', index: Number(this.text.slice(start, this.pos)) };
    }
    if (c === '-') throw new PathError('negative array indexes are not allowed', this.pos);
    throw new PathError('expected a quoted name, a non-negative index or "*"', this.pos);
  }

  private parseQuoted(quote: string): string {
    const start = this.pos;
    this.pos++;
    let out = '';
    while (this.pos < this.text.length) {
      const c = this.text[this.pos]!;
      if (c === '\\') {
        const n = this.text[this.pos + 1];
        if (n === undefined) break;
        out += n;
        this.pos += 2;
        continue;
      }
      if (c === quote) {
        this.pos++;
        return out;
      }
      out += c;
      this.pos++;
    }
    throw new PathError('unterminated quoted name', start);
  }
}
