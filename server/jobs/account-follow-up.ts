import { runFollowUp, type AccountFollowUp } from '../modules/accounts/follow-ups';
import { defineJob, type JobQueue } from './job';
import { queuedMailer } from './send-mail';

/** Looks the address up, issues its token and queues its mail, away from the request. */
export const accountFollowUpJob = defineJob<AccountFollowUp>({
  name: 'account-follow-up',
  retry: { limit: 5, delaySeconds: 5 },
  expireInSeconds: 60,
  handle: (request, { db, jobs, siteUrl }) =>
    runFollowUp({ db, mailer: queuedMailer(jobs), siteUrl }, request),
});

/** How the account service queues a follow-up. */
export function queuedFollowUps(jobs: JobQueue): { send(request: AccountFollowUp): Promise<void> } {
  return { send: (request) => jobs.send(accountFollowUpJob, request) };
}
