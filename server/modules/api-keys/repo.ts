import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema';

export interface ApiKeyWithCreator {
  key: ApiKeyRow;
  creator: UserRow | null;
}

export async function listKeys(db: Db, organizationId: string): Promise<ApiKeyWithCreator[]> {
  return db
    .select({ key: apiKeys, creator: users })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** A key of this group; a key of another group is not found, whatever its id. */
export async function findKey(
  db: Db,
  organizationId: string,
  id: string,
): Promise<ApiKeyWithCreator | null> {
  const rows = await db
    .select({ key: apiKeys, creator: users })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning();
  if (!created) throw new Error('insert into api_keys returned no row');
  return created;
}

export async function updateKey(
  db: Db,
  organizationId: string,
  id: string,
  changes: Pick<ApiKeyRow, 'description' | 'readPermission' | 'writePermission' | 'isEnabled'>,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set(changes)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

export async function deleteKey(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

/** Finds a key by the hash of its value. */
export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return rows[0] ?? null;
}

/** Records that a key was used at `now`. */
export async function touchKey(db: Db, id: string, now: Date): Promise<ApiKeyRow | null> {
  const rows = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(eq(apiKeys.id, id))
    .returning();
  return rows[0] ?? null;
}
