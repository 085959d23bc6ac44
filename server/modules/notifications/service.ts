import type { NotificationPreferences } from '../../../common/notifications';
import type { Db } from '../../db/client';
import { deliveryOf, setDelivery } from './preferences';

/** A person's own notification settings, as My Account shows and changes them. */
export class NotificationService {
  constructor(private readonly db: Db) {}

  async preferencesOf(userId: string): Promise<NotificationPreferences> {
    return { delivery: await deliveryOf(this.db, userId) };
  }

  async choosePreferences(
    userId: string,
    preferences: NotificationPreferences,
  ): Promise<NotificationPreferences> {
    return { delivery: await setDelivery(this.db, userId, preferences.delivery) };
  }
}
