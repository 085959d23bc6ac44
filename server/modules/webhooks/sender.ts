import { createHmac } from 'node:crypto';
import type { SignatureMethod } from '../../../common/webhooks';
import type { TargetCheck } from '../outbound/address-guard';
import { postOutbound } from '../outbound/post';

/** A delivery attempt gives up after this long, connection included. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface Outgoing {
  target: string;
  /** The exact bytes posted and signed. */
  body: string;
  event: string;
  deliveryId: string;
  /** A test event: marked by `X-Webhook-Test: true`. */
  test: boolean;
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
    'user-agent': 'xAPI-Profile-Server-Webhooks',
    'x-webhook-event': outgoing.event,
    'x-webhook-delivery': outgoing.deliveryId,
    'x-webhook-timestamp': String(outgoing.timestamp),
  };
  if (outgoing.test) headers['x-webhook-test'] = 'true';
  if (outgoing.signatureMethod !== 'none' && outgoing.secret) {
    const name = outgoing.signatureMethod === 'sha1' ? 'x-hub-signature' : 'x-hub-signature-256';
    headers[name] = signature(outgoing.signatureMethod, outgoing.secret, outgoing.body);
  }
  return headers;
}

/**
 * Posts one delivery through the guarded outbound post (the address checked is the address
 * connected to; redirects are not followed), bounded by `timeoutMs`. Never throws: the outcome
 * says what happened.
 */
export async function postDelivery(
  outgoing: Outgoing,
  check: TargetCheck,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptResult> {
  const answer = await postOutbound({
    url: outgoing.target,
    headers: deliveryHeaders(outgoing),
    body: outgoing.body,
    timeoutMs,
    check,
  });
  const { statusCode, durationMs } = answer;
  if (statusCode === null)
    return {
      statusCode,
      error: answer.error,
      durationMs,
      // A refused address stays refused; a network error or a timeout may pass.
      retryable: !answer.refused,
      delivered: false,
    };
  if (statusCode >= 200 && statusCode < 300)
    return { statusCode, error: null, durationMs, retryable: false, delivered: true };
  if (statusCode >= 300 && statusCode < 400)
    return {
      statusCode,
      error: 'The target answered with a redirect, which is not followed.',
      durationMs,
      retryable: false,
      delivered: false,
    };
  return {
    statusCode,
    error: null,
    durationMs,
    retryable: statusCode >= 500 || statusCode === 429,
    delivered: false,
  };
}
