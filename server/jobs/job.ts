import type { Database, Db } from '../db/client';
import type { MailLog, Mailer } from '../modules/mail/mailer';
import type { NotificationTiming } from '../modules/notifications';
import type { ConvertGraph } from '../modules/sparql/stored';
import type { WebhookSettings } from '../modules/webhooks/secret-box';

/** What a job may use: the database, the queue for follow-up jobs, and the outside world. */
export interface JobContext {
  db: Db;
  jobs: JobQueue;
  /** Delivers mail for real (SMTP or the outbox folder); only the send-mail job uses it. */
  deliverer: Mailer;
  log: MailLog;
  siteUrl: string;
  /** The secrets, address rule and retry schedule webhook deliveries follow. */
  webhooks: WebhookSettings;
  /** A published document's SPARQL N-Triples, converted off the thread that serves requests. */
  convertGraph: ConvertGraph;
  /** How long notifications wait to be mailed together. */
  notifications: NotificationTiming;
}

export interface JobDefinition<T extends object = object> {
  /** The pg-boss queue; letters, digits, `-`, `_`, `.` and `/`. */
  name: string;
  /** Failed runs are retried this often, waiting `delaySeconds` doubled each time (back-off). */
  retry: { limit: number; delaySeconds: number };
  /** A run still active after this long (its node died) is failed and retried. */
  expireInSeconds: number;
  /** At most one queued and one running job of this kind across all nodes. */
  singleton?: boolean;
  /** Queued by every node's runner on each poll (singletons only: the queue holds one at most). */
  repeat?: boolean;
  /**
   * With `repeat`: queued at a node's start and then every this many seconds, instead of on
   * every poll, for work that is rarely there to do.
   */
  repeatEverySeconds?: number;
  /** Run only on this kind of database (the upkeep PostgreSQL does itself, say); by default on both. */
  onlyOn?: Database['kind'];
  handle(data: T, context: JobContext): Promise<void>;
}

export interface SendOptions {
  /** The job is not taken before this many seconds have passed (fractions allowed). */
  delaySeconds?: number;
}

export interface JobQueue {
  /** Stores a job; inside `tx` it is stored only if that transaction commits. */
  send<T extends object>(
    job: JobDefinition<T>,
    data: T,
    tx?: Db,
    options?: SendOptions,
  ): Promise<void>;
}

export const defineJob = <T extends object>(job: JobDefinition<T>): JobDefinition<T> => job;
