import { describe, expect, it } from 'vitest';
import {
  MAX_INPUT_CHARS,
  MAX_STATEMENTS,
  NOT_A_BATCH_MESSAGE,
  readBatch,
  readJson,
  TOO_LONG_MESSAGE,
  TOO_MANY_MESSAGE,
} from './read-json';

describe('reading pasted JSON', () => {
  it.each([
    ['{"a": }', 'Line 1, position 7: unexpected "}", expected a value.'],
    ['{"a": 1,\n  "b": x}', 'Line 2, position 8: unexpected "x", expected a value.'],
    ['{"a"', "Line 1, position 5: unexpected end of text, expected ':' after the property name."],
    ['[1,]', 'Line 1, position 4: unexpected "]", expected a value.'],
    ['{"a": "b\nc"}', 'Line 1, position 9: line break or control character inside a string.'],
    ['{"a": 1} x', 'Line 1, position 10: unexpected "x", expected the end of the text.'],
    ["{'a': 1}", 'Line 1, position 2: unexpected "\'", expected a property name in double quotes.'],
  ])('places the error of %j', (text, message) => {
    expect(readJson(text)).toEqual({ ok: false, message });
  });

  it('reads valid JSON', () => {
    expect(readJson(' {"a": [1, 2.5e3, true, null, "\\u00e9"]} ')).toEqual({
      ok: true,
      value: { a: [1, 2500, true, null, 'é'] },
    });
  });

  it('takes one statement, an array or an LRS answer', () => {
    expect(readBatch('{"id": "x"}')).toEqual({ ok: true, statements: [{ id: 'x' }] });
    expect(readBatch('[{"id": "x"}, {"id": "y"}]')).toEqual({
      ok: true,
      statements: [{ id: 'x' }, { id: 'y' }],
    });
    expect(readBatch('{"statements": [{"id": "x"}], "more": ""}')).toEqual({
      ok: true,
      statements: [{ id: 'x' }],
    });
    expect(readBatch('"text"')).toEqual({ ok: false, message: NOT_A_BATCH_MESSAGE });
  });

  it('refuses oversized input with a message', () => {
    expect(readBatch(' '.repeat(MAX_INPUT_CHARS + 1))).toEqual({
      ok: false,
      message: TOO_LONG_MESSAGE,
    });
    expect(
      readBatch(JSON.stringify(Array.from({ length: MAX_STATEMENTS + 1 }, () => ({})))),
    ).toEqual({ ok: false, message: TOO_MANY_MESSAGE });
  });
});
