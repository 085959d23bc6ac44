import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profileItems } from './items';
import { profileVersions, profiles } from './profiles';
import { users } from './users';

/**
 * Feedback on a published version or one of its items: a problem, a question or a suggestion
 * from any signed-in person, public unless they chose otherwise. The owning group answers it,
 * marks it addressed in a later version or closes it with a reason; a group admin may hide it
 * and a site admin remove it. Kept beside the versions, never inside them.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => profileVersions.id, { onDelete: 'cascade' }),
    /** The item it is about, when it is about one. */
    itemId: uuid('item_id').references(() => profileItems.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['problem', 'question', 'suggestion'] }).notNull(),
    body: text('body').notNull(),
    /** Public feedback is read by everyone; private only by its author and the group. */
    public: boolean('public').notNull().default(true),
    status: text('status', { enum: ['open', 'answered', 'addressed', 'closed'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The later version of the profile that addresses it. */
    addressedInVersionId: uuid('addressed_in_version_id').references(() => profileVersions.id, {
      onDelete: 'set null',
    }),
    closedReason: text('closed_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_version_idx').on(t.versionId, t.createdAt),
    index('feedback_profile_idx').on(t.profileId, t.status),
    index('feedback_item_idx').on(t.itemId),
  ],
);

export type FeedbackRow = typeof feedback.$inferSelect;

/** Who follows a profile: they hear of its new versions, deprecations and answers to them. */
export const profileWatches = pgTable(
  'profile_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.profileId] }),
    index('profile_watches_profile_idx').on(t.profileId),
  ],
);

/**
 * The events whose watchers were told: the subscriber that tells them writes the event's row in
 * the transaction of its notifications, so a second run of it for one event tells nobody again.
 */
export const watchNotices = pgTable('watch_notices', {
  eventId: uuid('event_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
