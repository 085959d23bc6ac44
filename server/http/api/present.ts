import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentAnswer } from '../../modules/public-api/service';
import { toSeconds } from '../../modules/public-api/service';
import { turtleOf } from '../../modules/public-api/turtle';
import { CACHE_CONTROL } from '../cache-control';
import { acceptedEncoding, COMPRESSION_THRESHOLD_BYTES, representationTag } from '../compression';
import { contentTypeOf, negotiate } from '../ld/negotiation';
import { invalidDate, notAcceptable, turtleUnavailable } from './errors';

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2). */
function notModified(request: FastifyRequest, answer: DocumentAnswer, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') {
    const tags = ifNoneMatch.split(',').map((t) => representationTag(t.trim().replace(/^W\//, '')));
    return tags.includes('*') || tags.includes(etag);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (typeof ifModifiedSince !== 'string') return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && toSeconds(answer.lastModified) <= Math.floor(since / 1000);
}

/**
 * Sends a profile document as JSON-LD (or JSON, or Turtle when asked), with Last-Modified in
 * HTTP-date form and a strong ETag per representation; a conditional GET that matches gets 304.
 * JSON goes out at once; only Turtle, converted on first use, is sent through a promise.
 */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: DocumentAnswer,
): FastifyReply | Promise<FastifyReply> {
  const chosen = negotiate(request.headers.accept, ['json', 'jsonld', 'turtle']);
  if (!chosen || chosen === 'html') throw notAcceptable();
  const etag = chosen === 'turtle' ? answer.etag.replace(/"$/, '-ttl"') : answer.etag;
  reply
    // Documents are readable from any origin, wherever they are served (pages, /api/iri too).
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'Last-Modified, ETag')
    .header('last-modified', answer.lastModified.toUTCString())
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL[answer.freshness])
    .header('vary', 'Accept');
  if (notModified(request, answer, etag)) return reply.status(304).send();
  if (chosen !== 'turtle') {
    reply.type(contentTypeOf[chosen]);
    // A kept document is compressed once, not per request; the compressor leaves an answer that
    // names its encoding alone, and the ETag gets the encoding's suffix as for any other.
    const encoding =
      answer.encoded && answer.body.length >= COMPRESSION_THRESHOLD_BYTES
        ? acceptedEncoding(request)
        : null;
    if (!encoding || !answer.encoded) return reply.send(answer.body);
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'Accept, Accept-Encoding')
      .send(answer.encoded(encoding));
  }
  return sendTurtle(request, reply, answer);
}

/**
 * A route's answer with a document that may be kept in memory: sent in this turn when it is, so
 * the handler gives Fastify no promise to wait on (most reads are of kept documents, and each
 * promise is a turn of the event loop); otherwise a promise that settles once the reply is sent.
 * It must not settle before: a handler's promise that resolves to nothing while the reply is
 * still on its way (a compressed body is a stream) makes Fastify send the reply a second time,
 * through the compressor again.
 */
export function answerWithDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  read: DocumentAnswer | Promise<DocumentAnswer>,
): Promise<void> | undefined {
  if (read instanceof Promise) return untilSent(read.then((a) => sendDocument(request, reply, a)));
  const sent = sendDocument(request, reply, read);
  return sent instanceof Promise ? untilSent(sent) : undefined;
}

/**
 * Settles once the reply has gone out (or failed): a reply is thenable, settling when it is sent,
 * and a promise resolved with a thenable settles with it.
 */
async function untilSent(sending: Promise<FastifyReply>): Promise<void> {
  await sending;
}

async function sendTurtle(request: FastifyRequest, reply: FastifyReply, answer: DocumentAnswer) {
  const result = await turtleOf(answer.etag, () => answer.turtle());
  if ('failure' in result) {
    if (result.first)
      request.log.warn(
        { etag: answer.etag, reason: result.failure },
        'a stored profile document cannot be written as Turtle',
      );
    throw turtleUnavailable();
  }
  return reply.type(contentTypeOf.turtle).send(result.turtle);
}

/** The If-Unmodified-Since and If-Match of a change; a date that cannot be read is refused. */
export function preconditionsOf(request: FastifyRequest) {
  const raw = request.headers['if-unmodified-since'];
  const ifMatch = request.headers['if-match'];
  let ifUnmodifiedSince: Date | undefined;
  if (typeof raw === 'string') {
    const parsed = Date.parse(raw);
    if (Number.isNaN(parsed)) throw invalidDate();
    ifUnmodifiedSince = new Date(parsed);
  }
  return {
    ifUnmodifiedSince,
    // A tag taken from a compressed answer names the same document.
    ifMatch:
      typeof ifMatch === 'string'
        ? ifMatch
            .split(',')
            .map((t) => representationTag(t.trim()))
            .join(', ')
        : undefined,
  };
}
