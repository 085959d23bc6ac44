/** Recognising the database's own refusals, whichever driver (PGlite or PostgreSQL) raised them. */
import { DrizzleQueryError } from 'drizzle-orm';

/** True when the error is PostgreSQL's unique violation (two requests raced for one value). */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when the database refused a row for an IRI over the limit (the `*_iri_length` checks of
 * migration 0025): the last guard, for a door that did not check the IRI itself.
 */
export function isIriTooLong(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23514' && typeof constraint === 'string' && constraint.endsWith('_iri_length'))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's codes for a connection its server ended or refused (classes 08 and 57P). */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
/** What node-postgres says when the socket under a client closes, or a client is used after. */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection',
];

/** True when a query failed because its connection to the database went, not because of itself. */
export function isConnectionLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || code === 'ECONNRESET'))
      return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((m) => message.includes(m)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fields of a driver error that describe the failure without quoting any value. */
const safeDriverFields = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/** A logged error: what failed and where in the code, never the values the query carried. */
export interface LoggableError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: LoggableError;
  [field: string]: unknown;
}

const MAX_CAUSES = 5;

/** The `at …` lines of a stack: its first line repeats the message, which may quote values. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * The form every error takes in a log line. Drizzle's query error quotes the bound parameters in
 * its message and keeps them in `params`; PGlite adds `params` to its own error too, and a
 * PostgreSQL error's `detail` quotes the offending row ("Key (email)=(…) already exists"). So
 * password hashes, salts, key hashes and addresses would reach the log with any failed query.
 * This keeps the query text (placeholders only), the error names and codes, and the stack frames.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) {
    const message = 'a non-Error value was thrown';
    return { type: typeof error, message, stack: message };
  }
  const source = error as Error & Record<string, unknown>;
  const isQueryError = error instanceof DrizzleQueryError;
  const type = error.constructor?.name || error.name;
  const message = isQueryError ? 'Failed query' : error.message;
  const result: LoggableError = {
    type,
    message,
    stack: [`${type}: ${message}`, frames(error.stack)].filter(Boolean).join('\n'),
  };
  if (isQueryError) result.query = error.query;
  else if (typeof source.query === 'string') result.query = source.query;
  for (const field of safeDriverFields) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') result[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    result.cause = loggableError(error.cause, depth + 1);
  }
  return result;
}
