import { z } from 'zod';

/**
 * What happened to one version, in order: read from its items' revisions and the events its
 * lifecycle commands recorded, never from a log of its own.
 */
export const activityKindSchema = z.enum([
  'versionCreated',
  'imported',
  'created',
  'edited',
  'restored',
  'deprecated',
  'deleted',
  'published',
  'verificationRequested',
  'verificationApproved',
  'verificationDenied',
  'verificationRevoked',
]);

export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activityItemSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(['concept', 'template', 'pattern']),
  name: z.string(),
});

export const activityEntrySchema = z.object({
  kind: activityKindSchema,
  /** When it happened; for grouped edits, the first of the minute. */
  at: z.string(),
  /** Who did it (signed-in callers only; null when unknown). */
  by: z.string().nullable(),
  /** The items it touched (edits by one person in one minute are one entry). */
  items: z.array(activityItemSchema),
  /** How many saves an `edited` entry stands for. */
  count: z.number().int(),
  /** A reason, where one was given (deprecation, denial, revocation). */
  detail: z.string().nullable(),
});

export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const versionActivitySchema = z.object({
  success: z.literal(true),
  activity: z.array(activityEntrySchema),
});

export type VersionActivity = z.infer<typeof versionActivitySchema>;
