import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HarvestedConcept, HarvestProblem } from '../../../xapi/index';
import { profiles } from './profiles';
import { users } from './users';

/**
 * One file of xAPI statements uploaded to a profile's Import Queue: what was harvested from it,
 * never a match state (that is decided by IRI whenever the queue is read). Keyed by profile, not
 * by version, so the queue follows the profile's current version into each new draft.
 */
export const harvestFiles = pgTable(
  'harvest_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Statements accepted and harvested. */
    statementCount: integer('statement_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    problems: jsonb('problems').$type<HarvestProblem[]>().notNull().default([]),
    candidates: jsonb('candidates').$type<HarvestedConcept[]>().notNull().default([]),
  },
  (t) => [index('harvest_files_profile_idx').on(t.profileId, t.createdAt)],
);

export type HarvestFileRow = typeof harvestFiles.$inferSelect;
