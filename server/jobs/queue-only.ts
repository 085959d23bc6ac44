/**
 * A job runner that only queues: pg-boss makes its schema and the application's queues, and no
 * job runs. A restore hands over the jobs a backup held this way; the tests' migrated template
 * is made with it, so that the server each test file starts finds its queues already there, as a
 * server does on every start after its first.
 */
import { tmpdir } from 'node:os';
import type { Database } from '../db/client';
import { OutboxMailer } from '../modules/mail/mailer';
import { SecretBox } from '../modules/webhooks/secret-box';
import { appJobs } from '.';
import { JobRunner } from './runner';

export function queueOnlyRunner(database: Database): JobRunner {
  const log = { info: () => {}, error: () => {} };
  return new JobRunner(database, appJobs, {
    db: database.db,
    deliverer: new OutboxMailer(tmpdir(), 'restore@localhost', log),
    log,
    siteUrl: 'http://localhost',
    webhooks: {
      secrets: new SecretBox('x'.repeat(32)),
      allowPrivateTargets: false,
      retryDelaysMs: [],
    },
    convertGraph: () => Promise.reject(new Error('no conversion where nothing runs')),
    // Nothing runs here: the runner only queues.
    notifications: { batchSeconds: 60, digestSeconds: 86_400 },
  });
}

/** Makes pg-boss's schema and every queue of the application, then stops. */
export async function prepareJobQueues(database: Database): Promise<void> {
  const runner = queueOnlyRunner(database);
  await runner.start({ work: false });
  await runner.stop();
}
