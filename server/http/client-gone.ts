import type { FastifyReply } from 'fastify';

/**
 * Whether the client has gone away, for work that should stop when nobody waits for it. The
 * answer's connection closing before the answer was sent whole says so; the request's own
 * `close` does not, as it is emitted once its body has been read.
 */
export function watchClientGone(reply: FastifyReply): () => boolean {
  let gone = false;
  reply.raw.on('close', () => {
    gone = !reply.raw.writableFinished;
  });
  return () => gone;
}
