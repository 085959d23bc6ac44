import { accountFollowUpJob } from './account-follow-up';
import { counterRollupJob } from './counter-rollup';
import { databaseUpkeepJob } from './database-upkeep';
import type { JobDefinition } from './job';
import { notificationsJob } from './notifications';
import { outboxDispatchJob } from './outbox-dispatch';
import { sendMailJob } from './send-mail';
import { sparqlGraphBackfillJob } from './sparql-graphs';
import { subscribers } from './subscriptions';
import { webhookDeliverJob } from './webhook-deliver';

/** Every job the app runs; a new kind of job is one file and one entry here. */
export const appJobs: readonly JobDefinition<never>[] = [
  sendMailJob,
  accountFollowUpJob,
  webhookDeliverJob,
  counterRollupJob,
  sparqlGraphBackfillJob,
  notificationsJob,
  databaseUpkeepJob,
  outboxDispatchJob(subscribers),
  ...subscribers.map((s) => s.job),
];
