import type { IncomingMessage } from 'node:http';

/**
 * What a refused body may still cost to read. A client writes its whole body before it reads the
 * answer, so a 413 sent while it is still writing reaches it as a reset connection; reading (and
 * dropping) the rest first lets it read the 413. Past these bounds the connection is closed.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 15_000;

/** `5 MB`, `512 KB`: a body limit as the 413 names it. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The 413's message: the call's own limit, so the caller knows what to send instead. */
export function bodyTooLargeMessage(limit: number | undefined): string {
  return limit
    ? `The request body is larger than this call takes (${formatBytes(limit)}); send a smaller one.`
    : 'The request body is larger than this call takes; send a smaller one.';
}

/**
 * Reads what is left of a refused request's body and drops it. Answers whether it all arrived
 * (the connection can then serve the next request) within the bounds.
 */
export function drainRequest(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.destroyed) return Promise.resolve(raw.complete);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('error', onError);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.resume();
  });
}
