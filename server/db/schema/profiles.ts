import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Translation } from '../../../common/profiles';
import { iriFits } from './iri-length';
import { organizations } from './organizations';
import { users } from './users';

/** One entry of a document's `versions` list. */
export interface VersionEntry {
  id: string;
  generatedAtTime?: string;
  wasRevisionOf?: string[];
}

/** A profile: its permanent IRI, its group, and pointers to its current versions. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    iri: text('iri').notNull().unique(),
    iriType: text('iri_type', { enum: ['generated-iri', 'external-iri'] }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    currentPublishedVersionId: uuid('current_published_version_id'),
    currentDraftVersionId: uuid('current_draft_version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Versions named by an imported document that never lived on this server, newest first. */
    priorVersions: jsonb('prior_versions').$type<VersionEntry[]>().notNull().default([]),
  },
  (t) => [
    index('profiles_organization_idx').on(t.organizationId),
    check('profiles_iri_length', iriFits(t.iri)),
  ],
);

/**
 * One numbered version of a profile. Drafts are edited in place; publishing freezes the row and
 * stores the validated JSON-LD document as `snapshot`, which is what every reader gets from then on.
 */
export const profileVersions = pgTable(
  'profile_versions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    iri: text('iri').notNull(),
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The language of name and description; translations hold the others. */
    language: text('language').notNull().default('en'),
    translations: jsonb('translations').$type<Translation[]>().notNull().default([]),
    moreInformation: text('more_information').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isVerified: boolean('is_verified').notNull().default(false),
    verificationRequestedAt: timestamp('verification_requested_at', { withTimezone: true }),
    verificationRequestedBy: uuid('verification_requested_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    verificationDenyReason: text('verification_deny_reason'),
    /** The document's author when it was imported with one; otherwise the working group. */
    author: jsonb('author').$type<Record<string, unknown>>(),
    /**
     * Properties of the document's top level that the model does not know (custom IRIs and
     * anything else an import brought), kept verbatim so the version's document carries them.
     */
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    /** generatedAtTime as written in the document (kept verbatim); set when published. */
    generatedAt: text('generated_at'),
    /** wasRevisionOf as imported; when absent the previous version on this server is used. */
    revisionOf: jsonb('revision_of').$type<string[]>(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who last saved the version's details or content; named when another save conflicts. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('profile_versions_number_key').on(t.profileId, t.version),
    unique('profile_versions_iri_key').on(t.iri),
    check('profile_versions_iri_length', iriFits(t.iri)),
    index('profile_versions_verification_idx').on(t.verificationRequestedAt),
    index('profile_versions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * A published version's graph as the SPARQL store loads it (`server/modules/sparql/stored.ts`):
 * N-Triples with the inferences and the document's own blank nodes, converted once after it was
 * published and never changed. `format` names the conversion that wrote it; a row of another
 * format is converted again from the stored document.
 */
export const profileVersionGraphs = pgTable('profile_version_graphs', {
  versionId: uuid('version_id')
    .primaryKey()
    .references(() => profileVersions.id, { onDelete: 'cascade' }),
  format: integer('format').notNull(),
  ntriples: text('ntriples').notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What is counted per profile and day. */
const COUNTER_NAMES = ['view', 'uiExport', 'apiExport', 'apiRead', 'apiWrite'] as const;
const counterName = () => text('counter', { enum: COUNTER_NAMES }).notNull();
const countedProfile = () =>
  uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });

/** Daily counters per profile (views, exports, API reads and writes), upserted atomically. */
export const profileCounters = pgTable(
  'profile_counters',
  {
    profileId: countedProfile(),
    counter: counterName(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.counter, t.day] }),
    // The last days of every profile at once, as a ranking adds them to its roll-up.
    index('profile_counters_day_idx').on(t.day, t.counter),
  ],
);

/**
 * The day counters of a ranking window summed ahead of time by the `counter-rollup` job, so a
 * ranking reads one row per profile and counter instead of a year of days: the sum over the
 * window's days but its last two (`throughDay` is the window's end minus two days, which
 * late-flushed counts of yesterday can no longer reach); a ranking adds the last two days from
 * `profile_counters` itself.
 */
export const profileCounterRollups = pgTable(
  'profile_counter_rollups',
  {
    windowDays: integer('window_days').notNull(),
    throughDay: date('through_day', { mode: 'string' }).notNull(),
    profileId: countedProfile(),
    counter: counterName(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.windowDays, t.throughDay, t.counter, t.profileId] })],
);

/** Which roll-ups are complete: a ranking uses one only once its run committed. */
export const counterRollupRuns = pgTable(
  'counter_rollup_runs',
  {
    windowDays: integer('window_days').notNull(),
    throughDay: date('through_day', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.windowDays, t.throughDay] })],
);

/**
 * Who has been counted as a viewer of a profile on a day: a keyed hash of the visitor (client
 * address and user agent under a salt that changes every day), never the address itself. Every
 * node inserts here when it writes its counts, so a visitor is counted once across nodes; rows
 * older than yesterday are deleted, since their salt can never be produced again.
 */
export const profileViewVisitors = pgTable(
  'profile_view_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.profileId, t.visitor] }),
    index('profile_view_visitors_profile_idx').on(t.profileId),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileVersionRow = typeof profileVersions.$inferSelect;
export type CounterName = (typeof profileCounters.$inferSelect)['counter'];
