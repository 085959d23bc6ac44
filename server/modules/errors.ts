import { ErrorCode } from '../../common/errors';

/**
 * A failure a caller can act on. Services throw these; the HTTP layer turns them into the status,
 * stable code and message of the answer.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Work refused because this process is stopping: nothing is wrong, and what was refused is done by
 * a process that runs (a job is retried there). Logged as information, never as an error.
 */
export class StoppingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoppingError';
  }
}

/** A refusal that says when to try again: the answer carries `Retry-After`, in seconds. */
export class RetryLaterError extends AppError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, ErrorCode.BadRequest, message, details);
export const unauthorized = (message = 'Sign in to do this.') =>
  new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, ErrorCode.Forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(404, ErrorCode.NotFound, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);
