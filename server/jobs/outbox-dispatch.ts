import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxEvents } from '../db/schema';
import type { StoredEvent } from '../modules/events/outbox';
import { defineJob, type JobQueue } from './job';
import type { Subscriber } from './subscriptions';

const BATCH = 100;

/**
 * Hands one batch of new events to their subscribers: each gets a job, stored in the same
 * transaction that marks the events dispatched, so a crash either leaves both or neither. Two
 * dispatchers never take the same events (SKIP LOCKED).
 */
async function dispatchBatch(
  db: Db,
  jobs: JobQueue,
  subscribers: readonly Subscriber[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.dispatchedAt))
      .orderBy(asc(outboxEvents.position))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      const event = {
        id: row.id,
        type: row.type,
        payload: row.payload,
        occurredAt: row.occurredAt.toISOString(),
      } as StoredEvent;
      for (const subscriber of subscribers) {
        if (subscriber.types.includes(event.type)) await jobs.send(subscriber.job, event, tx);
      }
    }
    if (rows.length > 0)
      await tx
        .update(outboxEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(
          inArray(
            outboxEvents.id,
            rows.map((r) => r.id),
          ),
        );
    return rows.length;
  });
}

/** Takes new outbox events and hands them to their subscribers, until none is left. */
export function outboxDispatchJob(subscribers: readonly Subscriber[]) {
  return defineJob<object>({
    name: 'outbox-dispatch',
    retry: { limit: 10, delaySeconds: 1 },
    expireInSeconds: 60,
    singleton: true,
    repeat: true,
    handle: async (_data, { db, jobs }) => {
      while ((await dispatchBatch(db, jobs, subscribers)) === BATCH);
    },
  });
}
