import type { LockAnswer } from '../../common/locks';
import type { Handler } from './stubs/organization';

/** What the server answers a member taking or renewing a lock. */
export function lockAnswer(resource = 'version:test', timeoutSeconds = 600): LockAnswer {
  return {
    success: true,
    lock: {
      resource,
      expiresAt: new Date(Date.now() + timeoutSeconds * 1000).toISOString(),
      timeoutSeconds,
    },
  };
}

/** The fake server's answers for an edit screen's lock: it is free, and giving it up is fine. */
export function lockHandlers(lockPath: string, timeoutSeconds = 600): Record<string, Handler> {
  return {
    [`POST ${lockPath}`]: () => [200, lockAnswer('version:test', timeoutSeconds)],
    [`DELETE ${lockPath}`]: () => [200, { success: true }],
  };
}

/** A refusal because someone else holds the lock. */
export const lockedBy = (name: string) =>
  ({
    success: false,
    code: 'RESOURCE_LOCKED',
    message: `${name} is editing this. Their write lock lasts until 14:32 UTC (in about 9 minutes) unless they keep working; try again then.`,
  }) as const;
