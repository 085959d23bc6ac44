import { eq, inArray, sql } from 'drizzle-orm';
import type { NotificationDelivery } from '../../../common/notifications';
import { queryRows, type Db } from '../../db/client';
import { pendingNotifications, users } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';

export interface NotificationTiming {
  /**
   * `immediate`: a person's notifications are mailed once the oldest has waited this long, all
   * of them in one mail, so a burst of replies is one mail and not one each.
   */
  batchSeconds: number;
  /** `daily`: the digest goes once the oldest has waited this long (a day, outside tests). */
  digestSeconds: number;
}

/** At most this many people are mailed per run, and this many lines per mail. */
const PEOPLE_PER_RUN = 50;
const LINES_PER_MAIL = 100;

interface Due {
  user_id: string;
  delivery: NotificationDelivery;
}

/** Who has notifications due: the oldest of theirs has waited their delivery's time. */
async function dueRecipients(db: Db, timing: NotificationTiming): Promise<Due[]> {
  return queryRows<Due>(
    db,
    sql`
      select n.user_id, coalesce(p.delivery, 'immediate') as delivery
      from pending_notifications n
      left join notification_preferences p on p.user_id = n.user_id
      group by n.user_id, p.delivery
      having min(n.created_at) <= now() - make_interval(secs => case coalesce(p.delivery, 'immediate')
        when 'daily' then ${timing.digestSeconds}::float8 else ${timing.batchSeconds}::float8 end)
      order by min(n.created_at)
      limit ${PEOPLE_PER_RUN}`,
  );
}

interface Line {
  text: string;
  link: string | null;
}

/** One mail for a person's gathered notifications. */
export function notificationMail(
  to: { email: string; firstname: string },
  delivery: 'immediate' | 'daily',
  lines: readonly Line[],
  siteUrl: string,
  more: number,
): MailMessage {
  const count = lines.length + more;
  const subject =
    delivery === 'daily'
      ? `Your daily digest: ${count} ${count === 1 ? 'update' : 'updates'}`
      : count === 1
        ? (lines[0]?.text ?? 'An update')
        : `${count} updates on the xAPI Profile Server`;
  const body = lines
    .map((line) => `- ${line.text}${line.link ? `\n  ${siteUrl}${line.link}` : ''}`)
    .join('\n');
  const rest = more > 0 ? `\n\n…and ${more} more, in the next mail.` : '';
  const how = delivery === 'daily' ? 'once a day' : 'as they happen';
  return {
    to: to.email,
    subject: subject.length > 150 ? `${subject.slice(0, 149)}…` : subject,
    text:
      `Hello ${to.firstname},\n\n${body}${rest}\n\n` +
      `You get these notifications ${how}. To change this, open My Account: ${siteUrl}/user/account\n`,
  };
}

export interface SendNotificationsDeps {
  db: Db;
  siteUrl: string;
  timing: NotificationTiming;
  /** Queues the mail inside `tx`, so it exists exactly when its rows are gone. */
  queueMail(tx: Db, message: MailMessage): Promise<void>;
}

/**
 * Mails every person whose notifications are due, one mail each, and deletes the rows mailed in
 * the transaction that queues the mail: a run on another node skips rows this one holds (SKIP
 * LOCKED), so each row is mailed once. Returns how many mails were queued.
 */
export async function sendDueNotifications(deps: SendNotificationsDeps): Promise<number> {
  const due = await dueRecipients(deps.db, deps.timing);
  let mails = 0;
  for (const recipient of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; text: string; link: string | null }>(
        tx,
        sql`
          select id, text, link from pending_notifications
          where user_id = ${recipient.user_id}
          order by position
          limit ${LINES_PER_MAIL + 1}
          for update skip locked`,
      );
      if (rows.length === 0) return false;
      const lines = rows.slice(0, LINES_PER_MAIL);
      await tx.delete(pendingNotifications).where(
        inArray(
          pendingNotifications.id,
          lines.map((r) => r.id),
        ),
      );
      if (recipient.delivery === 'none') return false;
      const [person] = await tx
        .select({ email: users.email, firstname: users.firstname })
        .from(users)
        .where(eq(users.id, recipient.user_id));
      if (!person) return false;
      const [{ remaining } = { remaining: 0 }] = await tx
        .select({ remaining: sql<number>`count(*)::int` })
        .from(pendingNotifications)
        .where(eq(pendingNotifications.userId, recipient.user_id));
      await deps.queueMail(
        tx,
        notificationMail(person, recipient.delivery, lines, deps.siteUrl, remaining),
      );
      return true;
    });
    if (sent) mails += 1;
  }
  return mails;
}
