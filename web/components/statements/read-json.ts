/**
 * Reads JSON typed into a text area without throwing: a syntax error becomes a plain message with
 * the line and position it points at, and oversized input is refused before it is parsed.
 */
import { jsonSyntaxProblem } from './json-syntax';

/** Largest text the statement screens parse (about 2 MB). */
export const MAX_INPUT_CHARS = 2 * 1024 * 1024;
/** Most statements one batch may hold. */
export const MAX_STATEMENTS = 1000;

export const TOO_LONG_MESSAGE = `The text is longer than ${MAX_INPUT_CHARS.toLocaleString('en')} characters; test a smaller batch.`;
export const TOO_MANY_MESSAGE = `The batch holds more than ${MAX_STATEMENTS.toLocaleString('en')} statements; test a smaller batch.`;
export const NOT_A_BATCH_MESSAGE =
  'Paste one statement (a JSON object), an array of statements, or an LRS answer {"statements": [...]}.';

export const EMPTY_INPUT_MESSAGE = 'Paste a statement to test it.';

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Line and column (both from 1) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

export function readJson(text: string): JsonRead {
  if (text.length > MAX_INPUT_CHARS) return { ok: false, message: TOO_LONG_MESSAGE };
  if (text.trim() === '') return { ok: false, message: EMPTY_INPUT_MESSAGE };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const problem = jsonSyntaxProblem(text);
    if (!problem) return { ok: false, message: e instanceof Error ? e.message : String(e) };
    const { line, column } = lineAndColumn(text, problem.offset);
    return { ok: false, message: `Line ${line}, position ${column}: ${problem.reason}.` };
  }
}

export type BatchRead = { ok: true; statements: unknown[] } | { ok: false; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One statement, an array of them, or an LRS answer `{ "statements": [...] }`, as a list. */
export function readBatch(text: string): BatchRead {
  const read = readJson(text);
  if (!read.ok) return read;
  const { value } = read;
  let statements: unknown[];
  if (Array.isArray(value)) statements = value;
  else if (isPlainObject(value) && Array.isArray(value.statements)) statements = value.statements;
  else if (isPlainObject(value)) statements = [value];
  else return { ok: false, message: NOT_A_BATCH_MESSAGE };
  if (statements.length > MAX_STATEMENTS) return { ok: false, message: TOO_MANY_MESSAGE };
  if (statements.length === 0) return { ok: false, message: 'The batch holds no statements.' };
  return { ok: true, statements };
}
