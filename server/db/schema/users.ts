import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Chosen once; null until then. Compared without regard to case. */
    username: text('username'),
    usernameChosen: boolean('username_chosen').notNull().default(false),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** Stored normalised (trimmed, lower case) so uniqueness is a plain index. */
    email: text('email').notNull(),
    publicizeName: boolean('publicize_name').notNull().default(false),
    type: text('type', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Salt the browser uses for its PBKDF2 step; public by design. */
    passwordSalt: text('password_salt').notNull(),
    /** argon2id of the PBKDF2 value the browser sends. */
    passwordHash: text('password_hash').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
