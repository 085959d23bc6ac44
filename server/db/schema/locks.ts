import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who is editing what. One row per resource ("concept:<uuid>", "version:<uuid>", …); a lock is
 * taken or renewed by one conditional upsert, so two people can never both hold it.
 */
export const writeLocks = pgTable(
  'write_locks',
  {
    resource: text('resource').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('write_locks_user_idx').on(t.userId)],
);

export type WriteLockRow = typeof writeLocks.$inferSelect;
