import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * How each person wants to hear about what concerns them: `immediate` (one mail for a short batch
 * of notifications), `daily` (one digest a day) or `none`. A person without a row is `immediate`.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  delivery: text('delivery', { enum: ['immediate', 'daily', 'none'] })
    .notNull()
    .default('immediate'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notifications not mailed yet, written in the transaction of what they tell about. The
 * notifications job mails a person's rows together and deletes them in one transaction with the
 * mail's job, so a row is mailed once.
 */
export const pendingNotifications = pgTable(
  'pending_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened, e.g. `reviewRequested`; free text for the callers to name. */
    kind: text('kind').notNull(),
    /** One line for the mail, already worded for the person who gets it. */
    text: text('text').notNull(),
    /** A path on the site (starting with `/`) where it can be seen; null when there is none. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order they were written in, for a mail's lines: `created_at` ties when two are written
     * within the clock's resolution (a millisecond on the embedded database).
     */
    position: bigserial('position', { mode: 'number' }).notNull(),
  },
  (t) => [index('pending_notifications_user_idx').on(t.userId, t.createdAt)],
);

export type NotificationDelivery = (typeof notificationPreferences.$inferSelect)['delivery'];
