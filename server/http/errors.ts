import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorBody } from '../../common/errors';
import { AppError, RetryLaterError } from '../modules/errors';
import { IRI_MAX_LENGTH } from '../../xapi/index';
import { isConnectionLost, isIriTooLong } from '../db/errors';
import { bodyTooLargeMessage, drainRequest } from './body-limits';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, extra = {}) {
  const body: ErrorBody & Record<string, unknown> = { success: false, message, code, ...extra };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** "body.email: Invalid email address" — names the field so the caller knows what to fix. */
function describeValidation(error: FastifyError): string {
  const issues = error.validation ?? [];
  const parts = issues.slice(0, 5).map((issue) => {
    const where = [error.validationContext, ...String(issue.instancePath ?? '').split('/')]
      .filter(Boolean)
      .join('.');
    return `${where || 'request'}: ${issue.message ?? 'is invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : 'The request is invalid.';
}

const statusCodes: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  406: ErrorCode.NotAcceptable,
  409: ErrorCode.Conflict,
  412: ErrorCode.PreconditionFailed,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  428: ErrorCode.PreconditionRequired,
  429: ErrorCode.RateLimited,
};

/**
 * A 413 naming the call's limit, sent once the rest of the body is read: answered while the
 * client still writes, it would reach the client as a reset connection instead of an answer.
 */
async function refuseLargeBody(request: FastifyRequest, reply: FastifyReply) {
  const whole = await drainRequest(request.raw);
  // Read to its end, the request leaves the connection fit for the next one.
  if (whole) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  const message = bodyTooLargeMessage(request.routeOptions.bodyLimit);
  return send(reply, 413, ErrorCode.PayloadTooLarge, message);
}

/**
 * One error handler for the whole server. Known failures keep their status and message; anything
 * unexpected is logged with the request id and answered with a generic 500, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.status, error.code, error.message, error.details ?? {});
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, 400, ErrorCode.ValidationFailed, describeValidation(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, ErrorCode.Internal, 'Something went wrong on the server.');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuseLargeBody(request, reply);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = statusCodes[status] ?? ErrorCode.BadRequest;
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'The request body has an unsupported content type; send application/json.'
          : error.message;
      return send(reply, status, code, message);
    }
    if (isIriTooLong(error))
      return send(
        reply,
        400,
        ErrorCode.ValidationFailed,
        `An IRI of this change is over the limit of ${IRI_MAX_LENGTH.toLocaleString('en')} characters (a non-ASCII character counts as its percent-encoded UTF-8); shorten it.`,
      );
    if (isConnectionLost(error)) {
      // Not the request's fault, nor a bug: the same request a moment later finds a new connection.
      request.log.warn({ err: error }, 'a database connection was lost while answering');
      reply.header('retry-after', '1');
      return send(
        reply,
        503,
        ErrorCode.ServiceUnavailable,
        'The connection to the database was lost while answering; try again in a moment.',
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, ErrorCode.Internal, 'Something went wrong on the server.');
  });
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 404, ErrorCode.NotFound, `No route for ${method} ${url.split('?')[0]}.`);
}
