import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The channel on which every change that can end a cached public answer is announced. Every
 * node listens (PostgreSQL LISTEN/NOTIFY), so each drops what it kept about the change.
 */
export const CHANGES_CHANNEL = 'public_read_changes';

/**
 * What changed: a profile (anything about it or its versions), or a working group (its name and
 * link show in the lists of published profiles; its API keys are remembered by each node).
 */
export type Change = { profileId: string } | { organizationId: string };

/**
 * Announces a change in the transaction that makes it: PostgreSQL delivers the notification
 * when, and only when, the transaction commits, to every node at once.
 */
export async function announceChange(tx: Db, change: Change): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${changePayload(change)})`);
}

/** The payload of a change's notification, as `readChange` reads it. */
export function changePayload(change: Change): string {
  return 'profileId' in change
    ? `profile:${change.profileId}`
    : `organization:${change.organizationId}`;
}

/** The change a notification names; null for a payload this version does not know. */
export function readChange(payload: string): Change | null {
  const [kind, id] = payload.split(':', 2);
  if (!id) return null;
  if (kind === 'profile') return { profileId: id };
  if (kind === 'organization') return { organizationId: id };
  return null;
}
