import { MAX_INPUT_CHARS, MAX_STATEMENTS } from '../../components/statements/read-json';

/**
 * Statements handed to the Test Statements page in the router's state (`navigate(path, {state})`),
 * so they arrive filled in without a trip through the server or the clipboard.
 */
export interface StatementsHandoff {
  statementsText: string;
  /** Said above the batch: where the statements came from, and what was left out. */
  note: string;
}

export function handoffState(handoff: StatementsHandoff): { statementsHandoff: StatementsHandoff } {
  return { statementsHandoff: handoff };
}

/** The hand-off in a location's state, if one came with it. */
export function readHandoff(state: unknown): StatementsHandoff | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const handoff = (state as { statementsHandoff?: unknown }).statementsHandoff;
  if (typeof handoff !== 'object' || handoff === null) return undefined;
  const { statementsText, note } = handoff as Partial<StatementsHandoff>;
  return typeof statementsText === 'string' && typeof note === 'string'
    ? { statementsText, note }
    : undefined;
}

/** A JSON array with one statement a line: compact, and still readable in a text box. */
export function batchText(statements: readonly unknown[]): string {
  return statements.length === 0
    ? '[]'
    : `[\n${statements.map((s) => JSON.stringify(s)).join(',\n')}\n]`;
}

const registrationOf = (statement: unknown): string => {
  const context = (statement as { context?: { registration?: unknown } }).context;
  return typeof context?.registration === 'string' ? context.registration : '';
};

export interface WholeRegistrations<T> {
  statements: T[];
  /** Registrations kept, and all of them. */
  kept: number;
  total: number;
}

/**
 * The first registrations, each whole, that fit in `maxStatements` and (as {@link batchText})
 * in `maxChars`: a registration cut short would not follow its pattern.
 */
export function wholeRegistrations<T>(
  statements: readonly T[],
  maxStatements: number = MAX_STATEMENTS,
  maxChars: number = MAX_INPUT_CHARS,
): WholeRegistrations<T> {
  const sizes = new Map<string, { count: number; chars: number }>();
  for (const s of statements) {
    const key = registrationOf(s);
    const size = sizes.get(key) ?? { count: 0, chars: 0 };
    size.count += 1;
    size.chars += JSON.stringify(s).length + 2;
    sizes.set(key, size);
  }
  const kept = new Set<string>();
  let count = 0;
  let chars = 2;
  for (const [key, size] of sizes) {
    if (count + size.count > maxStatements || chars + size.chars > maxChars) break;
    kept.add(key);
    count += size.count;
    chars += size.chars;
  }
  return {
    statements: statements.filter((s) => kept.has(registrationOf(s))),
    kept: kept.size,
    total: sizes.size,
  };
}
