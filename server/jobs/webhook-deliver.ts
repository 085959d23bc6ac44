import { attemptDelivery } from '../modules/webhooks/delivery';
import type { DeliveryQueue } from '../modules/webhooks/fan-out';
import { defineJob, type JobQueue } from './job';
import { sendMailJob } from './send-mail';

/**
 * One attempt of one webhook delivery. Retries follow the webhook schedule (each a new job
 * queued with its delay), not pg-boss's: a run fails here only when the node could not record
 * its outcome, and is then run again, which the delivery row makes harmless.
 */
export const webhookDeliverJob = defineJob<{ deliveryId: string; attempt: number }>({
  name: 'webhook-deliver',
  retry: { limit: 5, delaySeconds: 5 },
  // Longer than the 10 s an attempt may take.
  expireInSeconds: 60,
  handle: ({ deliveryId, attempt }, { db, jobs, webhooks, siteUrl }) =>
    attemptDelivery(
      {
        db,
        settings: webhooks,
        queue: deliveryQueue(jobs),
        mail: (message, tx) => jobs.send(sendMailJob, message, tx),
        siteUrl,
      },
      deliveryId,
      attempt,
    ),
});

/** Queues delivery attempts as jobs of the runner. */
export function deliveryQueue(jobs: JobQueue): DeliveryQueue {
  return {
    queue: (deliveryId, attempt, delayMs, tx) =>
      jobs.send(webhookDeliverJob, { deliveryId, attempt }, tx, { delaySeconds: delayMs / 1000 }),
  };
}
