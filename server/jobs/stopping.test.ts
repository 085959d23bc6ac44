import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { StoppingError } from '../modules/errors';
import { GraphConverter } from '../modules/sparql/converter';
import { createTestDatabase } from '../test/database';
import { eventually, jobsOf } from '../test/jobs';
import { convertToNTriples } from '../test/rdf';
import { SecretBox } from '../modules/webhooks/secret-box';
import { defineJob } from './job';
import { JobRunner } from './runner';

/** Every line a runner logs, by level. */
function recordingLog() {
  const lines: Array<{
    level: 'info' | 'error';
    message: string;
    details: Record<string, unknown>;
  }> = [];
  return {
    lines,
    log: {
      info: (details: Record<string, unknown>, message: string) =>
        lines.push({ level: 'info', message, details }),
      error: (details: Record<string, unknown>, message: string) =>
        lines.push({ level: 'error', message, details }),
    },
  };
}

/**
 * A process that stops while work is under way (the primary of a cluster closes the app it made
 * the demo content with, on the first start) refuses the rest as stopping: said at info level,
 * never as an error, and left for a process that runs.
 */
describe('work cut short by a stop', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const runnerOf = (
    jobs: ConstructorParameters<typeof JobRunner>[1],
    log: ReturnType<typeof recordingLog>['log'],
  ) =>
    new JobRunner(
      database,
      jobs,
      {
        db: database.db,
        deliverer: { send: async () => {} },
        log,
        siteUrl: 'http://localhost:3000',
        webhooks: {
          secrets: new SecretBox('webhook-secrets-for-tests-only-0123456789'),
          allowPrivateTargets: true,
          retryDelaysMs: [10, 20],
        },
        convertGraph: convertToNTriples,
        notifications: { batchSeconds: 0, digestSeconds: 0 },
      },
      { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, batchSize: 10 },
    );

  it('refuses a document asked for after the converter closed as stopping', async () => {
    const converter = new GraphConverter();
    await converter.close();
    await expect(converter.toNTriples('{}', 'https://example.org/v1')).rejects.toBeInstanceOf(
      StoppingError,
    );
  });

  it('refuses a job queued after the runner stopped as stopping, and one never started as a fault', async () => {
    const job = defineJob<object>({
      name: 'queued-late',
      retry: { limit: 1, delaySeconds: 1 },
      expireInSeconds: 30,
      handle: async () => {},
    });
    const never = runnerOf([job], recordingLog().log);
    const refused = await never.send(job, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(StoppingError);
    const runner = runnerOf([job], recordingLog().log);
    await runner.start();
    await runner.stop();
    await expect(runner.send(job, {})).rejects.toBeInstanceOf(StoppingError);
  });

  it('logs a job cut short by the stop at info level, and runs it again', async () => {
    let runs = 0;
    const job = defineJob<object>({
      name: 'cut-short',
      retry: { limit: 3, delaySeconds: 1 },
      expireInSeconds: 30,
      handle: async () => {
        runs += 1;
        if (runs === 1)
          throw new StoppingError('The server is stopping: no document is converted.');
      },
    });
    const { lines, log } = recordingLog();
    const runner = runnerOf([job], log);
    await runner.start();
    try {
      await runner.send(job, {});
      await eventually('the job run again and completed', async () => {
        const [stored] = await jobsOf(database, 'cut-short');
        return stored?.state === 'completed';
      });
    } finally {
      await runner.stop();
    }
    expect(runs).toBe(2);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'a job was cut short by the stop; it runs again on a running node',
      }),
    );
  });
});
