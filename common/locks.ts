import { z } from 'zod';

/** What an editor reads when their write lock ran out, and what a save without one answers. */
export const LOCK_TIMED_OUT_MESSAGE = 'Your lock on this resource has timed out';

/**
 * A write lock the caller holds: the resource it covers, when it runs out unless renewed, and
 * the server's timeout, from which the client times its renewals (its clock may differ).
 */
export const lockSchema = z.object({
  resource: z.string(),
  expiresAt: z.string(),
  timeoutSeconds: z.number().positive(),
});
export type Lock = z.infer<typeof lockSchema>;

/** The answer of taking or renewing a lock (`POST …/lock`). */
export const lockAnswerSchema = z.object({ success: z.literal(true), lock: lockSchema });
export type LockAnswer = z.infer<typeof lockAnswerSchema>;
