import { accountFollowUpJob } from './account-follow-up';
import type { JobDefinition } from './job';
import { outboxDispatchJob } from './outbox-dispatch';
import { sendMailJob } from './send-mail';
import { subscribers } from './subscriptions';

/** Every job the app runs; a new kind of job is one file and one entry here. */
export const appJobs: readonly JobDefinition<never>[] = [
  sendMailJob,
  accountFollowUpJob,
  outboxDispatchJob(subscribers),
  ...subscribers.map((s) => s.job),
];
