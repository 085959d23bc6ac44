import { isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Webhook, WebhookCreate } from '../../common/webhooks';
import type { BuiltApp } from '../app';
import type { Database } from '../db/client';
import { outboxEvents } from '../db/schema';
import { callsOf } from './authoring';
import { eventually, jobsOf } from './jobs';

/** Creates a hook through `/app` as its owner would, expecting success. */
export async function createHook(
  app: BuiltApp,
  cookie: string,
  body: Partial<WebhookCreate> & { target: string },
): Promise<Webhook> {
  const response = await callsOf(app, cookie).post('/app/user/hooks', {
    description: 'Mirror',
    subject: 'myGroups',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hook: Webhook }>().hook;
}

const UNFINISHED = new Set(['created', 'retry', 'active']);

/**
 * Waits until every recorded event was handed out and no webhook job is left to run: after this,
 * whatever was going to be delivered has been.
 */
export async function webhooksSettled(database: Database): Promise<void> {
  await eventually('every event dispatched and every webhook job finished', async () => {
    const pending = await database.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(isNull(outboxEvents.dispatchedAt))
      .limit(1);
    if (pending.length > 0) return false;
    for (const queue of ['outbox-dispatch', 'event.webhooks', 'webhook-deliver']) {
      const jobs = await jobsOf(database, queue);
      if (queue !== 'outbox-dispatch' && jobs.some((j) => UNFINISHED.has(j.state))) return false;
    }
    return true;
  });
}
