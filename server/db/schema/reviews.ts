import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profileItems } from './items';
import { organizations } from './organizations';
import { profileVersions, profiles } from './profiles';
import { users } from './users';

/**
 * A group's rule for publishing: how many current approvals a version needs (0: none, as before
 * reviews existed) and whether a change after an approval needs approving again.
 */
export const reviewRules = pgTable('review_rules', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  approvalsRequired: integer('approvals_required').notNull().default(0),
  reapproveAfterChange: boolean('reapprove_after_change').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A discussion on a version, on one of its items, or on one field of an item. Item threads name
 * the item (its identity, which outlives revisions), the revision they were written on and the
 * hash of what they were about then, so a change since shows them as outdated.
 */
export const reviewThreads = pgTable(
  'review_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => profileVersions.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => profileItems.id, { onDelete: 'set null' }),
    /** A path into the item's content, e.g. `["definition","en"]`, as JSON; null: the item. */
    field: text('field'),
    anchorRevisionId: uuid('anchor_revision_id'),
    /** md5 of the anchored value (the field, or the item's content) when the thread began. */
    anchorHash: text('anchor_hash'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_threads_version_idx').on(t.versionId, t.createdAt),
    index('review_threads_item_idx').on(t.itemId),
  ],
);

export const reviewMessages = pgTable(
  'review_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => reviewThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Markdown, rendered by a renderer that makes no HTML of it; empty once deleted. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('review_messages_thread_idx').on(t.threadId, t.createdAt)],
);

/**
 * A review asked of a person for one version. `invited`: the person is not a member of the group
 * and may read this draft and comment on it, nothing more.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => profileVersions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invited: boolean('invited').notNull().default(false),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_requests_version_reviewer_key').on(t.versionId, t.reviewerId),
    index('review_requests_reviewer_idx').on(t.reviewerId),
  ],
);

/**
 * Approve or Request changes, as given. `fingerprint` is the version's content when it was
 * given: an approval whose fingerprint is no longer the version's was given on older content.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => profileVersions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['approve', 'changes'] }).notNull(),
    message: text('message').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_decisions_version_idx').on(t.versionId, t.reviewerId, t.createdAt)],
);

/** A group admin published without the rule holding: who, why, when. */
export const reviewOverrides = pgTable('review_overrides', {
  versionId: uuid('version_id')
    .primaryKey()
    .references(() => profileVersions.id, { onDelete: 'cascade' }),
  overriddenBy: uuid('overridden_by').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
