import { ErrorCode } from '../../../common/errors';
import { AppError, badRequest } from '../../modules/errors';

export const notAcceptable = () =>
  new AppError(
    406,
    ErrorCode.NotAcceptable,
    'This resource is available as application/ld+json, application/json or text/turtle.',
  );

/** Stored data older than today's IRI checks may hold an IRI that RDF refuses. */
export const turtleUnavailable = () =>
  new AppError(
    406,
    ErrorCode.RepresentationUnavailable,
    'This profile version cannot be written as Turtle: its stored document holds an IRI that RDF does not allow. Ask for application/ld+json or application/json instead.',
  );

export const invalidDate = () =>
  badRequest(
    'If-Unmodified-Since must be an HTTP date such as "Tue, 07 Oct 2025 10:45:59 GMT" (send back the Last-Modified value).',
  );
