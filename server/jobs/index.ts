import { accountFollowUpJob } from './account-follow-up';
import type { JobDefinition } from './job';
import { outboxDispatchJob } from './outbox-dispatch';
import { sendMailJob } from './send-mail';
import { subscribers } from './subscriptions';
import { webhookDeliverJob } from './webhook-deliver';

/** Every job the app runs; a new kind of job is one file and one entry here. */
export const appJobs: readonly JobDefinition<never>[] = [
  sendMailJob,
  accountFollowUpJob,
  webhookDeliverJob,
  outboxDispatchJob(subscribers),
  ...subscribers.map((s) => s.job),
];
