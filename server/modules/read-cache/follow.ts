import type { Database } from '../../db/client';
import type { StopListening } from '../../db/notifications';
import { CHANGES_CHANNEL, readChange, type Change } from '../events/changes';
import type { ReadCache } from './cache';

/**
 * Keeps a node's cache true: every announced change drops what it may have ended, on this node
 * and on every other one listening to the same database. `others` hear each change too (the
 * API keys a node remembers).
 */
export function followChanges(
  database: Database,
  cache: ReadCache,
  others: ReadonlyArray<(change: Change | null) => void> = [],
): Promise<StopListening> {
  return database.listen(CHANGES_CHANNEL, {
    message: (payload) => {
      const change = readChange(payload);
      for (const forget of others) forget(change);
      // An announcement this node cannot read still means something changed.
      if (change) cache.forget(change);
      else cache.clear();
    },
    live: (listening) => cache.setLive(listening),
  });
}
