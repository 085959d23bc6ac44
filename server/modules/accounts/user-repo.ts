import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;
/** The columns an account change may touch; anything else is out of reach of a request. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'username'
    | 'usernameChosen'
    | 'firstname'
    | 'lastname'
    | 'email'
    | 'publicizeName'
    | 'type'
    | 'passwordSalt'
    | 'passwordHash'
    | 'validatedAt'
  >
>;

export async function insertUser(db: Db, row: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

/**
 * Inserts the account unless its address already has one: one statement either way, so a
 * sign-up costs the same whether or not the address was taken. A taken username still throws.
 */
export async function insertUserIfNewEmail(db: Db, row: NewUser): Promise<void> {
  await db.insert(users).values(row).onConflictDoNothing({ target: users.email });
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw new Error(`user ${id} vanished during an update`);
  return updated;
}
