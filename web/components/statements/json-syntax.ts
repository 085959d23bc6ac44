/**
 * Finds where JSON text first breaks the grammar, with a short reason. Engines word (and place)
 * their JSON.parse errors differently, and some give no place at all, so the screens locate the
 * error themselves once JSON.parse has refused the text.
 */
export interface SyntaxProblem {
  offset: number;
  reason: string;
}

class Fail extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_ESCAPE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  private fail(reason: string, offset = this.at): never {
    throw new Fail(offset, reason);
  }

  private unexpected(what: string): never {
    if (this.at >= this.text.length) this.fail(`unexpected end of text, expected ${what}`);
    this.fail(`unexpected ${JSON.stringify(this.text[this.at])}, expected ${what}`);
  }

  private skip(): void {
    while (this.at < this.text.length && WS.has(this.text[this.at]!)) this.at++;
  }

  document(): void {
    this.skip();
    this.value(0);
    this.skip();
    if (this.at < this.text.length) this.unexpected('the end of the text');
  }

  private value(depth: number): void {
    // Statements nest a handful of levels; a bound keeps the recursion far from the stack limit.
    if (depth > 512) this.fail('nested too deeply');
    const c = this.text[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return;
      }
    }
    NUMBER.lastIndex = this.at;
    if (c !== undefined && NUMBER.test(this.text)) {
      this.at = NUMBER.lastIndex;
      return;
    }
    this.unexpected('a value');
  }

  private object(depth: number): void {
    this.at++;
    this.skip();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.skip();
      if (this.text[this.at] !== '"') this.unexpected('a property name in double quotes');
      this.string();
      this.skip();
      if (this.text[this.at] !== ':') this.unexpected("':' after the property name");
      this.at++;
      this.skip();
      this.value(depth + 1);
      this.skip();
      const c = this.text[this.at];
      this.at++;
      if (c === '}') return;
      if (c !== ',') {
        this.at--;
        this.unexpected("',' or '}'");
      }
    }
  }

  private array(depth: number): void {
    this.at++;
    this.skip();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.skip();
      this.value(depth + 1);
      this.skip();
      const c = this.text[this.at];
      this.at++;
      if (c === ']') return;
      if (c !== ',') {
        this.at--;
        this.unexpected("',' or ']'");
      }
    }
  }

  private string(): void {
    const start = this.at;
    this.at++;
    while (this.at < this.text.length) {
      const c = this.text[this.at]!;
      if (c === '"') {
        this.at++;
        return;
      }
      if (c === '\\') {
        STRING_ESCAPE.lastIndex = this.at + 1;
        if (!STRING_ESCAPE.test(this.text)) this.fail('invalid escape in a string');
        this.at = STRING_ESCAPE.lastIndex;
        continue;
      }
      if (c.charCodeAt(0) < 0x20) this.fail('line break or control character inside a string');
      this.at++;
    }
    this.fail('string not closed', start);
  }
}

/** The first grammar error of `text`, or undefined when it is valid JSON. */
export function jsonSyntaxProblem(text: string): SyntaxProblem | undefined {
  try {
    new Scanner(text).document();
    return undefined;
  } catch (e) {
    if (e instanceof Fail) return { offset: e.offset, reason: e.reason };
    throw e;
  }
}
