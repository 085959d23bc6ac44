import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookEvent, WebhookPayload, SignatureMethod } from '../../../common/webhooks';
import { profiles } from './profiles';
import { users } from './users';

/**
 * A person's webhook: where to post which event about which profile. `subject_profile_id` null
 * means any profile of the owner's working groups. The client secret is kept encrypted (it must
 * be read back to sign) and never leaves the server.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    description: text('description').notNull(),
    /** AES-256-GCM of the client secret (iv, tag and text, base64url); null when none is set. */
    secretCipher: text('secret_cipher'),
    subjectProfileId: uuid('subject_profile_id').references(() => profiles.id, {
      onDelete: 'cascade',
    }),
    signatureMethod: text('signature_method').$type<SignatureMethod>().notNull().default('none'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    event: text('event').$type<WebhookEvent>().notNull().default('profilePublished'),
    /** Events in a row whose delivery failed for good; five disable the hook. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_owner_idx').on(t.ownerId, t.createdAt),
    index('webhooks_event_idx').on(t.event, t.subjectProfileId),
  ],
);

/**
 * One delivery of one event to one hook, with its attempts. The unique (hook, event) row is what
 * makes an event reach a hook once, however many nodes or subscriber runs see it; a redelivery or
 * a test event is a row of its own (`kind`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    hookId: uuid('hook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The outbox event delivered; null for a test event. */
    eventId: uuid('event_id'),
    kind: text('kind', { enum: ['event', 'redelivery', 'test'] })
      .notNull()
      .default('event'),
    event: text('event').$type<WebhookEvent>().notNull(),
    /** What the body carries besides the delivery id, fixed when the delivery is made. */
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    /** Attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_hook_event_idx')
      .on(t.hookId, t.eventId)
      .where(sql`${t.kind} = 'event'`),
    index('webhook_deliveries_hook_idx').on(t.hookId, t.createdAt),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
