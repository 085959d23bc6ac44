import type { Database } from '../../db/client';
import type { StopListening } from '../../db/notifications';
import { CHANGES_CHANNEL, readChange } from '../events/changes';
import type { ReadCache } from './cache';

/**
 * Keeps a node's cache true: every announced change drops what it may have ended, on this node
 * and on every other one listening to the same database.
 */
export function followChanges(database: Database, cache: ReadCache): Promise<StopListening> {
  return database.listen(CHANGES_CHANNEL, {
    message: (payload) => {
      const change = readChange(payload);
      // An announcement this node cannot read still means something changed.
      if (change) cache.forget(change);
      else cache.clear();
    },
    live: (listening) => cache.setLive(listening),
  });
}
