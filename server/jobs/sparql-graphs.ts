import { StoppingError } from '../modules/errors';
import { backfillVersionGraphs } from '../modules/sparql/stored';
import { defineJob } from './job';

/** Versions one run converts; a full batch queues the next run at once. */
const BATCH = 10;

/**
 * Stores the SPARQL N-Triples of published versions that have none in the current format:
 * versions published before they were stored, or converted by an older release
 * (`GRAPH_FORMAT`). A version just published gets its own from the `sparql-graph` subscriber;
 * this job catches up with the rest. It is rarely there to do, so each node queues it at start
 * and every minute; a run that filled a whole batch queues the next at once, so a catch-up goes
 * on batch after batch without waiting. A singleton; safe to run twice.
 */
export const sparqlGraphBackfillJob = defineJob<Record<string, never>>({
  name: 'sparql-graph-backfill',
  retry: { limit: 5, delaySeconds: 30 },
  expireInSeconds: 600,
  singleton: true,
  repeat: true,
  repeatEverySeconds: 60,
  async handle(_data, context) {
    const { stored, failed } = await backfillVersionGraphs(context.db, BATCH, context.convertGraph);
    if (stored > 0) context.log.info({ versions: stored }, 'SPARQL N-Triples stored');
    for (const { versionId, error } of failed) {
      // The node is stopping: the next run, on a node that runs, stores the rest.
      if (error instanceof StoppingError) throw error;
      context.log.error({ err: error, versionId }, 'SPARQL N-Triples not stored for a version');
    }
    if (stored > 0 && stored + failed.length >= BATCH)
      await context.jobs.send(sparqlGraphBackfillJob, {});
  },
});
