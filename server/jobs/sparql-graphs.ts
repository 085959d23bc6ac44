import { backfillVersionGraphs } from '../modules/sparql/stored';
import { defineJob } from './job';

/** Versions one run converts; the next poll takes the next ones. */
const BATCH = 10;

/**
 * Stores the SPARQL N-Triples of published versions that have none in the current format:
 * versions published before they were stored, or converted by an older release
 * (`GRAPH_FORMAT`). A version just published gets its own from the `sparql-graph` subscriber;
 * this job catches up with the rest. Queued on every poll and a singleton, like the roll-ups;
 * once every version has its N-Triples a run reads nothing and ends. Safe to run twice.
 */
export const sparqlGraphBackfillJob = defineJob<Record<string, never>>({
  name: 'sparql-graph-backfill',
  retry: { limit: 5, delaySeconds: 30 },
  expireInSeconds: 600,
  singleton: true,
  repeat: true,
  async handle(_data, context) {
    const { stored, failed } = await backfillVersionGraphs(context.db, BATCH);
    if (stored > 0) context.log.info({ versions: stored }, 'SPARQL N-Triples stored');
    for (const { versionId, error } of failed)
      context.log.error({ err: error, versionId }, 'SPARQL N-Triples not stored for a version');
  },
});
