import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewRequests } from '../../db/schema';

/** Whether this person was asked to review this version (as a member or invited). */
export async function isAskedToReview(db: Db, versionId: string, userId: string): Promise<boolean> {
  const [request] = await db
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.versionId, versionId), eq(reviewRequests.reviewerId, userId)))
    .limit(1);
  return request !== undefined;
}
