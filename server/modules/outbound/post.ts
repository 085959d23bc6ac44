import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { guardedLookup, targetProblem, type TargetCheck } from './address-guard';

/** One POST the server (or a command-line tool) makes to an address someone else chose. */
export interface OutboundPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole attempt, connection included, gives up after this long. */
  timeoutMs: number;
  /**
   * The address guard, checked on the URL and again on every address the name resolves to.
   * Left out only where the poster is the one who chose the address (a command-line tool).
   */
  check?: TargetCheck;
  /** Characters of the answer's text kept for a report (the rest is read and dropped). */
  keepAnswerChars?: number;
}

export interface OutboundAnswer {
  /** The status answered, or null when no answer came (refused, network error, timeout). */
  statusCode: number | null;
  /** Why no answer came, worded for the one who chose the address. */
  error: string | null;
  /** The address guard refused the target: trying again cannot help. */
  refused: boolean;
  /** The `Retry-After` header as sent, if any. */
  retryAfter: string | null;
  /** The start of the answer's text, up to `keepAnswerChars`. */
  excerpt: string;
  durationMs: number;
}

/** What is read of an answer at most before the connection is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Node's HTTP clients, loaded on the first post. Imported as ES modules, `node:http` reads every
 * export once, which loads the bundled undici (40 ms of a command line's start on Node.js 22),
 * and most runs of the command line post nothing.
 */
let clients: Promise<{ http: typeof Http; https: typeof Https }> | undefined;
const httpClients = () =>
  (clients ??= Promise.all([import('node:http'), import('node:https')]).then(([http, https]) => ({
    http,
    https,
  })));

/**
 * Posts `body` once: the target is checked (a literal address) and its name resolved through the
 * guarded lookup the connection uses, redirects are not followed, and the attempt is bounded by
 * `timeoutMs`. Never throws: the answer says what happened.
 */
export async function postOutbound(post: OutboundPost): Promise<OutboundAnswer> {
  const started = Date.now();
  const noAnswer = (error: string, refused: boolean): OutboundAnswer => ({
    statusCode: null,
    error,
    refused,
    retryAfter: null,
    excerpt: '',
    durationMs: Date.now() - started,
  });
  const problem = post.check ? targetProblem(post.url, post.check) : null;
  if (problem) return noAnswer(problem, true);
  const url = new URL(post.url);
  const { http, https } = await httpClients();
  const transport = url.protocol === 'https:' ? https : http;
  const keep = post.keepAnswerChars ?? 0;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        agent: false,
        ...(post.check ? { lookup: guardedLookup(post.check) as never } : {}),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'] ?? null;
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (keptBytes < keep * 4) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            statusCode,
            error: null,
            refused: false,
            retryAfter,
            excerpt: Buffer.concat(kept).toString('utf8').slice(0, keep),
            durationMs: Date.now() - started,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(noAnswer(`No answer within ${Math.round(post.timeoutMs / 1000)} s.`, false));
    }, post.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'EREFUSEDADDRESS';
      finish(
        noAnswer(
          refused
            ? `Refused: ${error.message}.`
            : `Network error: ${error.code ?? ''} ${error.message}`.replace(/\s+/g, ' ').trim(),
          refused,
        ),
      );
    });
    request.end(post.body);
  });
}
