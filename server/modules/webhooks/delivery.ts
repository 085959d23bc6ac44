import { eq } from 'drizzle-orm';
import { WEBHOOK_LIMITS } from '../../../common/webhooks';
import type { Db } from '../../db/client';
import { users, type WebhookDeliveryRow, type WebhookRow } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';
import { observe } from '../observations';
import type { DeliveryQueue } from './fan-out';
import {
  claimAttempt,
  countFailure,
  disableHook,
  hookById,
  pruneDeliveries,
  recordAttempt,
  resetFailures,
} from './repo';
import type { WebhookSettings } from './secret-box';
import { postDelivery, type AttemptResult } from './sender';

/** Events in a row that failed for good before a hook is disabled. */
export const FAILURES_BEFORE_DISABLE = 5;
/** Deliveries kept per hook: the log shows the newest `logSize`. */
const KEPT_DELIVERIES = WEBHOOK_LIMITS.logSize * 2;

export interface DeliveryDeps {
  db: Db;
  settings: WebhookSettings;
  queue: DeliveryQueue;
  /** Queues a mail inside the transaction given. */
  mail: (message: MailMessage, tx: Db) => Promise<void>;
  siteUrl: string;
  /** Bounds one attempt (tests shorten it). */
  timeoutMs?: number;
}

/**
 * The `X-Webhook-Delivery` id of a delivery: its own, or for a redelivery the first delivery's,
 * so that a receiver keeping the ids it handled recognises the repeat.
 */
export function sentId(delivery: WebhookDeliveryRow): string {
  return delivery.payload.deliveryId ?? delivery.id;
}

/** The exact body of a delivery: what is posted and what is signed. */
export function deliveryBody(delivery: WebhookDeliveryRow): string {
  const { event, occurredAt, test, profile, concept } = delivery.payload;
  return JSON.stringify({
    event,
    deliveryId: sentId(delivery),
    occurredAt,
    ...(test ? { test } : {}),
    profile,
    ...(concept ? { concept } : {}),
  });
}

function disabledMail(to: string, hook: WebhookRow, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Your webhook was disabled',
    text: [
      `Your webhook "${hook.description}" (${hook.target}) was disabled because its last ${FAILURES_BEFORE_DISABLE} events could not be delivered.`,
      '',
      `See its delivery log, fix the receiver and enable it again at ${siteUrl}/user/hooks/${hook.id}/edit`,
    ].join('\n'),
  };
}

/**
 * Makes attempt `attempt` of a delivery: posts it, records the outcome, and either queues the
 * next attempt (network errors, timeouts, 5xx and 429, while the schedule lasts) or ends it.
 * Safe to run twice: a second run of a finished attempt finds nothing to claim.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  attempt: number,
): Promise<void> {
  const { db, settings } = deps;
  const delivery = await claimAttempt(db, deliveryId, attempt);
  if (!delivery) return;
  // Attempts made so far, this one included (more than `attempt` after a crash mid-POST).
  const made = delivery.attempts;
  const hook = await hookById(db, delivery.hookId);
  if (!hook) return;
  if (!hook.isEnabled) {
    await recordAttempt(db, delivery.id, {
      status: 'failed',
      error: 'Not sent: the hook is disabled.',
      finishedAt: new Date(),
    });
    return;
  }
  const secret = hook.secretCipher ? settings.secrets.open(hook.secretCipher) : null;
  let result: AttemptResult;
  if (hook.signatureMethod !== 'none' && !secret) {
    result = {
      statusCode: null,
      error: 'Not sent: the client secret is missing or unreadable; set it again.',
      durationMs: 0,
      retryable: false,
      delivered: false,
    };
  } else {
    result = await postDelivery(
      {
        target: hook.target,
        body: deliveryBody(delivery),
        event: delivery.event,
        deliveryId: sentId(delivery),
        test: delivery.payload.test === true,
        signatureMethod: hook.signatureMethod,
        secret,
        timestamp: Math.floor(Date.now() / 1000),
      },
      { allowPrivate: settings.allowPrivateTargets },
      deps.timeoutMs,
    );
  }
  const outcome = {
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
  };
  const counts = delivery.kind !== 'test';
  await db.transaction(async (tx) => {
    if (result.delivered) {
      await recordAttempt(tx, delivery.id, {
        ...outcome,
        status: 'delivered',
        finishedAt: new Date(),
      });
      if (counts) await resetFailures(tx, hook.id);
    } else if (result.retryable && made <= settings.retryDelaysMs.length) {
      const delayMs = settings.retryDelaysMs[made - 1]!;
      await recordAttempt(tx, delivery.id, {
        ...outcome,
        status: 'pending',
        nextAttemptAt: new Date(Date.now() + delayMs),
      });
      await deps.queue.queue(delivery.id, made + 1, delayMs, tx);
    } else {
      await recordAttempt(tx, delivery.id, {
        ...outcome,
        status: 'failed',
        finishedAt: new Date(),
      });
      if (counts && (await countFailure(tx, hook.id)) >= FAILURES_BEFORE_DISABLE) {
        if (await disableHook(tx, hook.id)) {
          const [owner] = await tx.select().from(users).where(eq(users.id, hook.ownerId)).limit(1);
          if (owner) await deps.mail(disabledMail(owner.email, hook, deps.siteUrl), tx);
        }
      }
    }
    await pruneDeliveries(tx, hook.id, KEPT_DELIVERIES);
  });
  observe('webhook', {
    outcome: result.delivered
      ? 'delivered'
      : result.retryable && made <= settings.retryDelaysMs.length
        ? 'retry'
        : 'failed',
  });
}
