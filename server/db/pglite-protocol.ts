/**
 * What the server thread and the embedded database's thread say to each other (see
 * `pglite-thread.ts`). Each request carries an id and gets exactly one reply with that id;
 * notifications heard on a LISTEN come unasked.
 */

/** How PGlite is opened in its thread. */
export interface ThreadOpenOptions {
  /** A data folder, or `memory://`. */
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from, as tests do. */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** PostgreSQL's start parameters, PGlite's defaults included (`pgliteStartParams`). */
  startParams?: string[];
}

/**
 * A statement's options as they cross: the row shape, and the types whose text is kept as it is
 * (the only parsers the drizzle driver installs are such identities; functions cannot cross).
 */
export interface CrossingQueryOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

export type ThreadRequest =
  | {
      id: number;
      type: 'query';
      sql: string;
      params: unknown[];
      options: CrossingQueryOptions;
      tx?: number;
    }
  | { id: number; type: 'exec'; sql: string; tx?: number }
  /** Opens a transaction: the reply's `tx` names it until `end`. */
  | { id: number; type: 'begin' }
  /** Commits (or rolls back) transaction `tx`; the reply comes once it has ended. */
  | { id: number; type: 'end'; tx: number; commit: boolean }
  | { id: number; type: 'listen'; channel: string }
  | { id: number; type: 'unlisten'; channel: string }
  | { id: number; type: 'dump' }
  /** One full garbage collection of the thread's own heap (see `release-memory.ts`). */
  | { id: number; type: 'collect' }
  | { id: number; type: 'close' };

/** A driver error as it crosses: its message and the fields PostgreSQL gave it. */
export interface CrossingError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number>;
}

export type ThreadReply =
  | { id: number; ok: true; value?: unknown; tx?: number }
  | { id: number; ok: false; error: CrossingError }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: CrossingError };

/** The fields of a PostgreSQL error worth carrying across (none holds a bound value). */
export const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export function toCrossingError(error: unknown): CrossingError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  const source = error as Error & Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value;
  }
  return {
    name: error.constructor?.name || error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
  };
}
