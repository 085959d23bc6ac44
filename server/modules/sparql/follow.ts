import type { Database } from '../../db/client';
import type { StopListening } from '../../db/notifications';
import { CHANGES_CHANNEL, readChange } from '../events/changes';
import type { SparqlService } from './service';

/**
 * Keeps this node's SPARQL store in step with every node's changes: each announced profile
 * change reloads that profile's published versions; after a lost connection (announcements may
 * have been missed) everything is compared again.
 */
export function followSparqlChanges(
  database: Database,
  sparql: SparqlService,
): Promise<StopListening> {
  return database.listen(CHANGES_CHANNEL, {
    message: (payload) => sparql.follow(readChange(payload)),
    live: (listening) => {
      if (listening) sparql.follow(null);
    },
  });
}
