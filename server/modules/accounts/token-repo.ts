import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens, type AccountTokenRow } from '../../db/schema';

export type TokenPurpose = AccountTokenRow['purpose'];

export async function insertToken(
  db: Db,
  row: {
    userId: string;
    purpose: TokenPurpose;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    newEmail?: string | null;
  },
): Promise<void> {
  await db.insert(accountTokens).values(row);
}

/** A token of this purpose that has not been used and has not expired. */
export async function findLiveToken(
  db: Db,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTokenRow | null> {
  const rows = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a token used; answers false when another request used it first. */
export async function consumeToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** A new code or key replaces every earlier one of the same purpose. */
export async function deleteTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}
