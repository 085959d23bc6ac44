import { z } from 'zod';
import { DEFAULT_METRIC_WINDOW, METRIC_WINDOWS, type MetricWindow } from './metric-windows';

export * from './metric-windows';

/** `?days=30` (default) or `?days=365`; anything else is refused with a message saying so. */
export const metricWindowQuerySchema = z.object({
  days: z
    .string()
    .optional()
    .transform((value, context): MetricWindow => {
      if (value === undefined || value === '') return DEFAULT_METRIC_WINDOW;
      const days = Number(value);
      if ((METRIC_WINDOWS as readonly number[]).includes(days)) return days as MetricWindow;
      context.addIssue({
        code: 'custom',
        message: `must be ${METRIC_WINDOWS.join(' or ')} (the last 30 days or the last 12 months)`,
      });
      return z.NEVER;
    }),
});

/** The counters a ranking entry may stand for, named as the existing clients know them. */
export const counterTypeSchema = z.enum([
  'profileUIExport',
  'profileAPIExport',
  'profileAPIRead',
  'profileAPIWrite',
]);
export type CounterType = z.infer<typeof counterTypeSchema>;

/** One profile of the Most Viewed ranking: its uuid, the name of its published version, views. */
export const viewedEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  y: z.number().int(),
});
export type ViewedEntry = z.infer<typeof viewedEntrySchema>;

/** One counter of one profile: `counterName` is the profile's uuid. */
export const counterEntrySchema = z.object({
  _id: z.object({ counterName: z.string(), counterType: counterTypeSchema }),
  name: z.string(),
  y: z.number().int(),
});
export type CounterEntry = z.infer<typeof counterEntrySchema>;

export const mostViewedSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  metrics: z.array(viewedEntrySchema),
});
export type MostViewed = z.infer<typeof mostViewedSchema>;

export const counterRankingSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  metrics: z.array(counterEntrySchema),
});
export type CounterRanking = z.infer<typeof counterRankingSchema>;

/** A profile's total of one counter over the last `days` days. */
export const profileTotalSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  value: z.number().int(),
});
export type ProfileTotal = z.infer<typeof profileTotalSchema>;

/** Views per day, oldest first, one entry per day of the window (0 on days without views). */
export const usageSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  total: z.number().int(),
  metrics: z.array(z.object({ _id: z.string(), value: z.number().int() })),
});
export type Usage = z.infer<typeof usageSchema>;

/** A working group's published profiles with their views and exports of the last 30 days. */
export const groupUsageSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  views: z.number().int(),
  exports: z.number().int(),
  profiles: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      views: z.number().int(),
      exports: z.number().int(),
    }),
  ),
});
export type GroupUsage = z.infer<typeof groupUsageSchema>;
