import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { iriFits } from './iri-length';
import { apiKeys } from './organizations';
import { profileVersions, profiles } from './profiles';
import { users } from './users';

/**
 * Authoring details of a template or pattern outside the xAPI Profiles vocabulary: tags, a
 * more-information link and a template's example statement. Never exported.
 */
export interface ItemExtras {
  tags?: string[];
  moreInformation?: string;
  statementExample?: string;
}

/**
 * A concept, statement template or pattern: its identity (IRI, kind, owning profile) and the
 * states it may gain after publication (deprecation, deletion), never its content, which is kept
 * per version in `item_revisions`. An item belongs to the profile that defined it; versions list
 * one of its revisions through `version_components`. When its profile is deleted the item stays,
 * without a parent, as an orphan others may claim.
 */
export const profileItems = pgTable(
  'profile_components',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['concept', 'template', 'pattern'] }).notNull(),
    iri: text('iri').notNull().unique(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The revision the newest published version of its profile lists: what the public reads. */
    publishedRevisionId: uuid('published_revision_id').references(
      (): AnyPgColumn => itemRevisions.id,
      { onDelete: 'set null' },
    ),
    /** The newest revision, a draft's or a published one: what its own members see outside a version. */
    latestRevisionId: uuid('latest_revision_id').references((): AnyPgColumn => itemRevisions.id, {
      onDelete: 'set null',
    }),
    deprecationReason: text('deprecation_reason'),
    deprecationLink: text('deprecation_link'),
    deprecatedBy: uuid('deprecated_by').references(() => users.id, { onDelete: 'set null' }),
    deprecatedAt: timestamp('deprecated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The draft that first listed it: deleting that draft removes it (see `dropDraftItems`). */
    createdInVersionId: uuid('created_in_version_id').references(() => profileVersions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('profile_components_profile_idx').on(t.profileId, t.kind),
    index('profile_components_created_in_idx').on(t.createdInVersionId),
    // Searches start from the revisions their text index finds and join back to the item that
    // publishes (or, for members, last changed) each one.
    index('profile_components_published_revision_idx').on(t.publishedRevisionId),
    index('profile_components_latest_revision_idx').on(t.latestRevisionId),
    check('profile_components_iri_length', iriFits(t.iri)),
  ],
);

/**
 * The content of an item as one or more versions have it. `content` is the item exactly as a
 * profile document carries it (the xAPI Profiles form), so exporting never re-derives it. A draft
 * shares its parent's revisions until it changes one, which then gets a revision of its own.
 */
export const itemRevisions = pgTable(
  'item_revisions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => profileItems.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** What the server keeps about an item that its profile document does not carry. */
    extras: jsonb('extras').$type<ItemExtras>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The version the revision was saved in, for the item's history. No foreign key: a draft's
     * revisions go with it (`settleRevisions`), and a published version's stay as it does.
     */
    versionId: uuid('version_id'),
    /** The earlier revision a restore brought back into this one, for the item's history. */
    restoredFromId: uuid('restored_from_id'),
  },
  (t) => [
    index('item_revisions_item_idx').on(t.itemId),
    index('item_revisions_version_idx').on(t.versionId),
    index('item_revisions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The IRI as the content carries it, so a search can match an IRI or words on one table.
    index('item_revisions_iri_idx').on(sql`(${t.content} ->> 'id')`),
  ],
);

/**
 * Which items a version lists, in document order, each with the revision it lists. `linked` marks an item of another profile that
 * this version only refers to; linked items are shown with the version but not exported in it.
 */
export const versionItems = pgTable(
  'version_components',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => profileVersions.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => profileItems.id, { onDelete: 'cascade' }),
    /** The item's content as this version has it. */
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => itemRevisions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    linked: boolean('linked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.componentId] }),
    index('version_components_component_idx').on(t.componentId),
    index('version_components_revision_idx').on(t.revisionId),
  ],
);

/**
 * What the site search may find: one row per item the public may read (not deleted, listed by a
 * published version), with the revision it reads (the newest published) and the columns the
 * search filters and ranks on copied from it. Kept by triggers in the statement that publishes,
 * deletes, deprecates or restores (migration 0021_searchable_items), so a search reads one narrow
 * table and joins the rest for the rows of its page only. Its `search_vector` (a copy of the
 * revision's) is left out here like the other search columns.
 */
export const searchableItems = pgTable(
  'searchable_items',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => profileItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['concept', 'template', 'pattern'] }).notNull(),
    profileId: uuid('profile_id'),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => itemRevisions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The IRI as the revision's content carries it. */
    iri: text('iri'),
    deprecated: boolean('deprecated').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('searchable_items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('searchable_items_iri_idx').on(t.iri),
    // A search without text: newest first within a kind.
    index('searchable_items_kind_updated_idx').on(t.kind, t.updatedAt.desc(), t.itemId),
  ],
);

/**
 * The words of what the site search may find (the names of searchable items and of published
 * profiles), for correcting a typed word that finds nothing ("compelted" → "completed") before
 * falling back to trigram matching of whole names. Words are added by triggers as names become
 * searchable (migration 0023_search_words) and never removed: a stale word only leads to a
 * corrected search that finds nothing, after which the fuzzy one runs as before.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Daily public API reads and writes per key, upserted atomically. */
export const apiKeyCounters = pgTable(
  'api_key_counters',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    counter: text('counter', { enum: ['apiRead', 'apiWrite'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.counter, t.day] })],
);

export type ItemIdentityRow = typeof profileItems.$inferSelect;
export type ItemRevisionRow = typeof itemRevisions.$inferSelect;

/**
 * An item as one place reads it: its identity with one of its revisions (a version's, the newest
 * published, or the newest). `deprecated` is what that revision's document form says.
 */
export type ItemRow = Omit<
  ItemIdentityRow,
  'publishedRevisionId' | 'latestRevisionId' | 'createdInVersionId'
> &
  Pick<ItemRevisionRow, 'type' | 'name' | 'content' | 'extras' | 'updatedAt' | 'updatedBy'> & {
    revisionId: string;
    deprecated: boolean;
  };
export type VersionItemRow = typeof versionItems.$inferSelect;
