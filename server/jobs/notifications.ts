import { sendDueNotifications } from '../modules/notifications';
import { defineJob } from './job';
import { sendMailJob } from './send-mail';

/**
 * Mails the notifications that are due (`sendDueNotifications`): one mail per person per batch,
 * the mail queued as a send-mail job in the transaction that takes the rows. Queued on every poll
 * of every node, a singleton; with nothing due it reads the pending rows' index and ends.
 */
export const notificationsJob = defineJob<Record<string, never>>({
  name: 'notifications',
  retry: { limit: 5, delaySeconds: 10 },
  expireInSeconds: 300,
  singleton: true,
  repeat: true,
  async handle(_data, context) {
    const mails = await sendDueNotifications({
      db: context.db,
      siteUrl: context.siteUrl,
      timing: context.notifications,
      queueMail: (tx, message) => context.jobs.send(sendMailJob, message, tx),
    });
    if (mails > 0) context.log.info({ mails }, 'notifications mailed');
  },
});
