import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notificationPreferences, pendingNotifications } from '../../db/schema';

/** What one notification says; the same for every recipient of one `notify` call. */
export interface Notification {
  /** What happened, e.g. `reviewRequested`, `mentioned`, `replied`. */
  kind: string;
  /** One line, worded for the recipients (no secrets: it goes out by mail). */
  text: string;
  /** A path on the site, starting with `/`, where the recipient sees it; null when none. */
  link: string | null;
}

/** A line longer than this is cut: a notification names what happened, it does not quote it. */
export const NOTIFICATION_TEXT_MAX = 300;

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= NOTIFICATION_TEXT_MAX
    ? line
    : `${line.slice(0, NOTIFICATION_TEXT_MAX - 1).trimEnd()}…`;
}

/**
 * Records a notification for each recipient, in the caller's transaction, so a notification
 * exists exactly when what it tells about does. Recipients who chose `none` get no row, and each
 * recipient is written once however often they are named. The notifications job mails the rows
 * later, a person's rows together (`sendDueNotifications`). Returns how many rows were written.
 */
export async function notify(
  tx: Db,
  recipients: readonly string[],
  notification: Notification,
): Promise<number> {
  const ids = [...new Set(recipients)];
  if (ids.length === 0) return 0;
  if (notification.link !== null && !notification.link.startsWith('/'))
    throw new Error('A notification links to a path on the site.');
  const text = clip(notification.text);
  const written = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into ${pendingNotifications} (user_id, kind, text, link)
    select r.id, ${notification.kind}, ${text}, ${notification.link}
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as r(id)
    left join ${notificationPreferences} p on p.user_id = r.id
    where coalesce(p.delivery, 'immediate') <> 'none'
    returning id`,
  );
  return written.length;
}
