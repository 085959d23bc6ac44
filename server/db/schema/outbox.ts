import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Domain events, written in the same transaction as the change they describe, so an event exists
 * exactly when its change does. The dispatcher hands each one to its subscribers and stamps
 * `dispatched_at`; rows are kept as the record of what happened.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of recording; several events of one transaction share `occurred_at`. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** The profile the event is about; no foreign key, as the events of a deleted profile stay. */
    aggregateId: uuid('aggregate_id').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.position)
      .where(sql`${t.dispatchedAt} is null`),
    index('outbox_events_aggregate_idx').on(t.aggregateId, t.position),
  ],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
