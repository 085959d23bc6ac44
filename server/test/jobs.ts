import type { Database } from '../db/client';
import { executorFor } from '../jobs/executor';
import { defineJob, type JobDefinition } from '../jobs/job';
import { JobRunner, type RunnerOptions } from '../jobs/runner';
import { SecretBox } from '../modules/webhooks/secret-box';
import { convertToNTriples } from './rdf';

export const silentLog = { info: () => {}, error: () => {} };

/**
 * How soon every node must hear a change announced on the changes channel (PostgreSQL delivers
 * it a moment after the commit, to the node that made it too). Shorter than any time a node keeps
 * an answer or a key on its own, so a test waiting this long fails if nothing was forgotten.
 */
export const ANNOUNCED_WITHIN_MS = 2000;

/** Polls `probe` until it answers something, or fails after `timeoutMs` naming what was awaited. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    if (answer !== null && answer !== undefined && answer !== false) return answer;
    if (Date.now() - started > timeoutMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A runner of the given jobs that polls and maintains as fast as pg-boss allows. */
export function testRunner(
  database: Database,
  jobs: readonly JobDefinition<never>[],
  options: Partial<RunnerOptions> = {},
): JobRunner {
  return new JobRunner(
    database,
    jobs,
    {
      db: database.db,
      deliverer: { send: async () => {} },
      log: silentLog,
      siteUrl: 'http://localhost:3000',
      webhooks: {
        secrets: new SecretBox('webhook-secrets-for-tests-only-0123456789'),
        allowPrivateTargets: true,
        retryDelaysMs: [10, 20],
      },
      convertGraph: convertToNTriples,
      notifications: { batchSeconds: 0, digestSeconds: 0 },
    },
    { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, batchSize: 10, ...options },
  );
}

export interface StoredJob {
  id: string;
  state: string;
  retry_count: number;
  data: Record<string, unknown>;
}

/** The jobs pg-boss holds for one queue. */
export async function jobsOf(database: Database, name: string): Promise<StoredJob[]> {
  const { rows } = await executorFor(database).executeSql(
    'select id, state, retry_count, data from pgboss.job where name = $1',
    [name],
  );
  return rows as StoredJob[];
}

/** The job of the crash test: the killed process blocks in it, the restarted one completes it. */
export const crashTestJob = (handle: () => Promise<void>) =>
  defineJob<{ attempt: string }>({
    name: 'crash-test',
    retry: { limit: 5, delaySeconds: 1 },
    // Short, so the restarted node's maintenance soon fails the run its dead node held.
    expireInSeconds: 2,
    handle,
  });
