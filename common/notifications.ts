import { z } from 'zod';

/**
 * How a person hears about what concerns them (a review asked of them, a reply, a mention):
 * `immediate` mails a short batch at once, `daily` one digest a day, `none` nothing.
 */
export const notificationDeliverySchema = z.enum(['immediate', 'daily', 'none']);
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationPreferencesSchema = z.object({
  delivery: notificationDeliverySchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: notificationPreferencesSchema,
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;
