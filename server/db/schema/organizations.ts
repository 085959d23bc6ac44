import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Working groups (organizations in the data model). */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    collaborationLink: text('collaboration_link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Holds items whose profile was deleted; hidden from every list. */
    orphanContainer: boolean('orphan_container').notNull().default(false),
  },
  (t) => [
    index('organizations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organizations_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * A person's place in a group. `level` null is a pending request to join; otherwise member or
 * admin.
 */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['member', 'admin'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** Keys for the public API, bound to one group. Only the SHA-256 of the key is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    description: text('description').notNull(),
    readPermission: boolean('read_permission').notNull().default(false),
    writePermission: boolean('write_permission').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_organization_idx').on(t.organizationId)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
