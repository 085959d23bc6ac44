import { ErrorCode } from '../../../common/errors';
import { AppError, badRequest } from '../../modules/errors';

export const notAcceptable = () =>
  new AppError(
    406,
    ErrorCode.NotAcceptable,
    'This resource is available as application/ld+json, application/json or text/turtle.',
  );

export const invalidDate = () =>
  badRequest(
    'If-Unmodified-Since must be an HTTP date such as "Tue, 07 Oct 2025 10:45:59 GMT" (send back the Last-Modified value).',
  );
