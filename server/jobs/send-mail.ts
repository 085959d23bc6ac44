import type { MailMessage, Mailer } from '../modules/mail/mailer';
import { defineJob, type JobQueue } from './job';

/** Every mail is a job: a delivery that fails (SMTP down) is retried with back-off. */
export const sendMailJob = defineJob<MailMessage>({
  name: 'send-mail',
  retry: { limit: 5, delaySeconds: 5 },
  expireInSeconds: 120,
  handle: (message, { deliverer }) => deliverer.send(message),
});

/**
 * The mailer the services use: sending stores a send-mail job and returns, so the time a request
 * takes never depends on the mail server.
 */
export function queuedMailer(jobs: JobQueue): Mailer {
  return { send: (message) => jobs.send(sendMailJob, message) };
}
