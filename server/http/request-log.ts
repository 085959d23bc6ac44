import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pathOnly } from './log';

const logsDebug = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace';

/**
 * Routine request lines at debug instead of Fastify's info: at info a busy server wrote tens of
 * megabytes of them in a few minutes. A failed response stream stays an error; errors the
 * handlers meet are logged by `errors.ts`, at error for 5xx only. URLs go without their query
 * string, which carries search text, reset keys and addresses.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Checked first so a server logging at info does not build the line it would drop.
    if (!logsDebug(request.log)) return;
    request.log.debug({ method: request.method, url: pathOnly(request.url) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { err: error, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    if (!logsDebug(reply.log)) return;
    reply.log.debug(
      {
        method: request.method,
        url: pathOnly(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  }
}
