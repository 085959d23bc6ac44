import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { users, writeLocks, type UserRow, type WriteLockRow } from '../../db/schema';

interface RawLock {
  resource: string;
  user_id: string;
  acquired_at: string | Date;
  expires_at: string | Date;
}

const toRow = (raw: RawLock): WriteLockRow => ({
  resource: raw.resource,
  userId: raw.user_id,
  acquiredAt: new Date(raw.acquired_at),
  expiresAt: new Date(raw.expires_at),
});

/**
 * Takes or renews a lock in one statement: the row is written when the resource is free, when
 * the caller already holds it, or when the holder's lock has run out; otherwise nothing is
 * written and nothing returned. Concurrent callers queue on the row, and each sees the row the
 * others left, so two people can never both hold it. A renewal keeps the original `acquired_at`.
 */
export async function upsertLock(
  db: Db,
  lock: { resource: string; userId: string; now: Date; expiresAt: Date },
): Promise<WriteLockRow | null> {
  const now = lock.now.toISOString();
  const [row] = await queryRows<RawLock>(
    db,
    sql`
      insert into write_locks (resource, user_id, acquired_at, expires_at)
      values (${lock.resource}, ${lock.userId}, ${now}, ${lock.expiresAt.toISOString()})
      on conflict (resource) do update set
        user_id = excluded.user_id,
        acquired_at = case
          when write_locks.user_id = excluded.user_id and write_locks.expires_at > ${now}::timestamptz
          then write_locks.acquired_at else excluded.acquired_at end,
        expires_at = excluded.expires_at
      where write_locks.user_id = excluded.user_id or write_locks.expires_at <= ${now}::timestamptz
      returning resource, user_id, acquired_at, expires_at`,
  );
  return row ? toRow(row) : null;
}

/** The lock on a resource, live or not, with the person holding it. */
export async function findLock(
  db: Db,
  resource: string,
): Promise<{ lock: WriteLockRow; holder: UserRow } | null> {
  const rows = await db
    .select({ lock: writeLocks, holder: users })
    .from(writeLocks)
    .innerJoin(users, eq(users.id, writeLocks.userId))
    .where(eq(writeLocks.resource, resource))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The caller's live lock on a resource, or null. Inside a transaction the row stays locked until
 * it ends, so nobody can take the resource over while a save that checked the lock is running.
 */
export async function findHeldLock(
  db: Db,
  resource: string,
  userId: string,
  now: Date,
): Promise<WriteLockRow | null> {
  const rows = await db
    .select()
    .from(writeLocks)
    .where(
      and(
        eq(writeLocks.resource, resource),
        eq(writeLocks.userId, userId),
        gt(writeLocks.expiresAt, now),
      ),
    )
    .limit(1)
    .for('share');
  return rows[0] ?? null;
}

/** Drops the caller's lock on a resource; another person's lock is left alone. */
export async function deleteLock(db: Db, resource: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(writeLocks)
    .where(and(eq(writeLocks.resource, resource), eq(writeLocks.userId, userId)))
    .returning({ resource: writeLocks.resource });
  return rows.length === 1;
}

/** Forgets a person's run-out locks, so rows of resources nobody reopens do not pile up. */
export async function deleteExpiredLocks(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .delete(writeLocks)
    .where(and(eq(writeLocks.userId, userId), lte(writeLocks.expiresAt, now)));
}

/**
 * Moves the caller's lock from one resource to another (a new draft made by a save), keeping
 * its times. Whatever row the target had is replaced: the caller's save just created it.
 */
export async function moveLock(db: Db, from: string, to: string, userId: string): Promise<boolean> {
  const [moved] = await db
    .delete(writeLocks)
    .where(and(eq(writeLocks.resource, from), eq(writeLocks.userId, userId)))
    .returning();
  if (!moved) return false;
  await db
    .insert(writeLocks)
    .values({ ...moved, resource: to })
    .onConflictDoUpdate({
      target: writeLocks.resource,
      set: { userId: moved.userId, acquiredAt: moved.acquiredAt, expiresAt: moved.expiresAt },
    });
  return true;
}

/** A live lock someone other than `userId` holds on one of `resources`, with its holder. */
export async function findLockHeldByOthers(
  db: Db,
  resources: string[],
  userId: string | null,
  now: Date,
): Promise<{ lock: WriteLockRow; holder: UserRow } | null> {
  if (resources.length === 0) return null;
  const rows = await db
    .select({ lock: writeLocks, holder: users })
    .from(writeLocks)
    .innerJoin(users, eq(users.id, writeLocks.userId))
    .where(
      and(
        inArray(writeLocks.resource, resources),
        gt(writeLocks.expiresAt, now),
        userId === null ? undefined : ne(writeLocks.userId, userId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
