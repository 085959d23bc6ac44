import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { SignatureMethod } from '../../../common/webhooks';
import { guardedLookup, targetProblem, type TargetCheck } from './address-guard';

/** A delivery attempt gives up after this long, connection included. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer before it is dropped (nothing of it is kept). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface Outgoing {
  target: string;
  /** The exact bytes posted and signed. */
  body: string;
  event: string;
  deliveryId: string;
  signatureMethod: SignatureMethod;
  secret: string | null;
  /** Seconds since the epoch, sent as `X-Webhook-Timestamp`. */
  timestamp: number;
}

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** Worth trying again: a network error, a timeout, 5xx or 429. */
  retryable: boolean;
  delivered: boolean;
}

/** `sha256=<hex HMAC of the body bytes>`, the header value a receiver compares with its own. */
export function signature(method: 'sha1' | 'sha256', secret: string, body: string): string {
  return `${method}=${createHmac(method, secret).update(body, 'utf8').digest('hex')}`;
}

export function deliveryHeaders(outgoing: Outgoing): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(outgoing.body, 'utf8')),
    'user-agent': 'xAPI-Profile-Server-Webhooks',
    'x-webhook-event': outgoing.event,
    'x-webhook-delivery': outgoing.deliveryId,
    'x-webhook-timestamp': String(outgoing.timestamp),
  };
  if (outgoing.signatureMethod !== 'none' && outgoing.secret) {
    const name = outgoing.signatureMethod === 'sha1' ? 'x-hub-signature' : 'x-hub-signature-256';
    headers[name] = signature(outgoing.signatureMethod, outgoing.secret, outgoing.body);
  }
  return headers;
}

/**
 * Posts one delivery: the target is checked again (a literal address), the name is resolved
 * through the guarded lookup the connection uses, redirects are not followed, and the whole
 * attempt is bounded by `timeoutMs`. Never throws: the outcome says what happened.
 */
export function postDelivery(
  outgoing: Outgoing,
  check: TargetCheck,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const problem = targetProblem(outgoing.target, check);
  if (problem)
    return Promise.resolve({
      statusCode: null,
      error: problem,
      durationMs: 0,
      retryable: false,
      delivered: false,
    });
  const url = new URL(outgoing.target);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: deliveryHeaders(outgoing),
        agent: false,
        lookup: guardedLookup(check) as never,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300)
            finish({ statusCode: status, error: null, retryable: false, delivered: true });
          else if (status >= 300 && status < 400)
            finish({
              statusCode: status,
              error: 'The target answered with a redirect, which is not followed.',
              retryable: false,
              delivered: false,
            });
          else
            finish({
              statusCode: status,
              error: null,
              retryable: status >= 500 || status === 429,
              delivered: false,
            });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({
        statusCode: null,
        error: `No answer within ${Math.round(timeoutMs / 1000)} s.`,
        retryable: true,
        delivered: false,
      });
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'EREFUSEDADDRESS';
      finish({
        statusCode: null,
        error: refused
          ? `Refused: ${error.message}.`
          : `Network error: ${error.code ?? ''} ${error.message}`.replace(/\s+/g, ' ').trim(),
        retryable: !refused,
        delivered: false,
      });
    });
    request.end(outgoing.body);
  });
}
