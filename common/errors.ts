/**
 * Stable error codes shared by the server and the web app. A code never changes meaning once
 * released; clients branch on it, people read the message next to it.
 */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  CsrfInvalid: 'CSRF_INVALID',
  NotFound: 'NOT_FOUND',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  NotAcceptable: 'NOT_ACCEPTABLE',
  /** The representation asked for cannot be produced from this (stored) data; ask for another. */
  RepresentationUnavailable: 'REPRESENTATION_UNAVAILABLE',
  Conflict: 'CONFLICT',
  PreconditionFailed: 'PRECONDITION_FAILED',
  PreconditionRequired: 'PRECONDITION_REQUIRED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
  CaptchaInvalid: 'CAPTCHA_INVALID',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  EmailNotValidated: 'EMAIL_NOT_VALIDATED',
  UsernameTaken: 'USERNAME_TAKEN',
  UsernameAlreadyChosen: 'USERNAME_ALREADY_CHOSEN',
  ResetKeyInvalid: 'RESET_KEY_INVALID',
  LastAdmin: 'LAST_ADMIN',
  ResourceLocked: 'RESOURCE_LOCKED',
  /**
   * A save based on a revision that is no longer the latest: someone saved in between. The
   * answer names who and when, and carries the latest revision (see `common/revisions.ts`).
   */
  EditConflict: 'EDIT_CONFLICT',
  LockRequired: 'LOCK_REQUIRED',
  /** Publishing a version the group's review rule does not allow yet; the message says why. */
  ReviewRequired: 'REVIEW_REQUIRED',
  StatementInvalid: 'STATEMENT_INVALID',
  PatternsNotFollowed: 'PATTERNS_NOT_FOLLOWED',
  /**
   * Statements that stopped part way through every primary pattern they could follow: not
   * followed yet, but more statements could complete them (the spec's partial).
   */
  PatternsIncomplete: 'PATTERNS_INCOMPLETE',
  /** A profile whose primary patterns no simulated statements can follow; the answer says why. */
  SimulationImpossible: 'SIMULATION_IMPOSSIBLE',
  /** A SPARQL query that does not parse, or an update sent to the read-only endpoint. */
  QueryInvalid: 'QUERY_INVALID',
  /** A SPARQL query that ran longer than the server allows; it was stopped. */
  QueryTimeout: 'QUERY_TIMEOUT',
  /** A SPARQL answer larger than the server sends; narrow the query or add a LIMIT. */
  ResultTooLarge: 'RESULT_TOO_LARGE',
  /** A SPARQL query nesting deeper than `SPARQL_LIMITS.depthMax` (`common/limits.ts`). */
  QueryTooDeep: 'QUERY_TOO_DEEP',
  /** A SPARQL query of more terms and operators than `SPARQL_LIMITS.tokensMax`. */
  QueryTooLarge: 'QUERY_TOO_LARGE',
  /**
   * The SPARQL store failed while answering (not the query's fault) and is being restarted; the
   * same query may be sent again.
   */
  SparqlUnavailable: 'SPARQL_UNAVAILABLE',
  /** A profile document sent where xAPI statements are expected; import it as a profile. */
  ProfileDocument: 'PROFILE_DOCUMENT',
  /** A file of more statements than the server takes at once; split it. */
  TooManyStatements: 'TOO_MANY_STATEMENTS',
  /** A file of statements naming more distinct concepts than one file may bring; split it. */
  TooManyConcepts: 'TOO_MANY_CONCEPTS',
  /** The node is too busy (its event loop delayed, or its memory nearly full); retry later. */
  Overloaded: 'OVERLOADED',
  /** A profile's Import Queue holds as many files as it may; remove one first. */
  ImportQueueFull: 'IMPORT_QUEUE_FULL',
  /** An Import Queue candidate is no longer in the match state it was read in. */
  MatchStateChanged: 'MATCH_STATE_CHANGED',
  /**
   * A profile file would replace a draft's content, and the request did not confirm it with the
   * draft's revision as compared (or the draft changed since): compare the file with the draft
   * again, then confirm.
   */
  DraftWouldBeReplaced: 'DRAFT_WOULD_BE_REPLACED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every error answer of `/app` and `/api`. */
export interface ErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
}
