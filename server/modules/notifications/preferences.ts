import { eq, sql } from 'drizzle-orm';
import type { NotificationDelivery } from '../../../common/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences, pendingNotifications } from '../../db/schema';

/** A person's choice; `immediate` until they make one. */
export async function deliveryOf(db: Db, userId: string): Promise<NotificationDelivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.delivery ?? 'immediate';
}

/**
 * Stores a person's choice. Choosing `none` drops what was waiting to be mailed: a person who
 * turns notifications off gets no mail afterwards, not even one already gathered.
 */
export async function setDelivery(
  db: Db,
  userId: string,
  delivery: NotificationDelivery,
): Promise<NotificationDelivery> {
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({ userId, delivery })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { delivery, updatedAt: sql`now()` },
      });
    if (delivery === 'none')
      await tx.delete(pendingNotifications).where(eq(pendingNotifications.userId, userId));
  });
  return delivery;
}
