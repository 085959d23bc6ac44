import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, row: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}
