import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import { queryRows, type Db } from '../../db/client';
import { RetryLaterError } from '../errors';

export interface Limit {
  /** Names the limit in keys and messages, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** Finishes "Too many … Try again in N minutes." */
  what: string;
}

export class RateLimitedError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, ErrorCode.RateLimited, message, retryAfterSeconds);
  }
}

/**
 * The refusal of every request limit: "Too many … Try again in N minutes.", with Retry-After in
 * seconds (at least one).
 */
export function tooMany(what: string, retryAfterSeconds: number): RateLimitedError {
  const seconds = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  return new RateLimitedError(
    `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}

/**
 * Fixed-window counters in the database, so every app node shares them. One upsert per hit: the
 * window restarts when it has passed, otherwise the count grows.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private key(limit: Limit, subject: string): string {
    return `${limit.name}:${subject}`.slice(0, 300);
  }

  private refusal(limit: Limit, windowStartedAt: string | Date, now: Date): RateLimitedError {
    const endsAt = new Date(windowStartedAt).getTime() + limit.windowMs;
    return tooMany(limit.what, Math.ceil((endsAt - now.getTime()) / 1000));
  }

  /** Counts one hit against `limit` for `subject` and answers the count in the current window. */
  async record(limit: Limit, subject: string): Promise<number> {
    return (await this.upsert(limit, subject)).hits;
  }

  private async upsert(limit: Limit, subject: string) {
    const now = this.now();
    const windowStart = new Date(now.getTime() - limit.windowMs);
    const [row] = await queryRows<{ hits: number; window_started_at: string | Date }>(
      this.db,
      sql`
      insert into rate_limits (key, window_started_at, hits)
      values (${this.key(limit, subject)}, ${now.toISOString()}, 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= ${windowStart.toISOString()} then 1
                    else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= ${windowStart.toISOString()}
                    then excluded.window_started_at else rate_limits.window_started_at end
      returning hits, window_started_at`,
    );
    return { hits: row?.hits ?? 1, windowStartedAt: row?.window_started_at ?? now, now };
  }

  /** Counts one hit against `limit` for `subject`; throws RateLimitedError past the maximum. */
  async hit(limit: Limit, subject: string): Promise<void> {
    const { hits, windowStartedAt, now } = await this.upsert(limit, subject);
    if (hits > limit.max) throw this.refusal(limit, windowStartedAt, now);
  }

  /**
   * The hits of `subject` in the current window, counting none; throws RateLimitedError when they
   * already reached the maximum. For limits that count failures, recorded after the outcome.
   */
  async ensureBelow(limit: Limit, subject: string): Promise<number> {
    const hits = await this.count(limit, subject);
    if (hits.count >= limit.max) throw this.refusal(limit, hits.windowStartedAt, hits.now);
    return hits.count;
  }

  /** The hits of `subject` in the current window (0 once the window has passed). */
  async count(
    limit: Limit,
    subject: string,
  ): Promise<{ count: number; windowStartedAt: Date; now: Date }> {
    const now = this.now();
    const [row] = await queryRows<{ hits: number; window_started_at: string | Date }>(
      this.db,
      sql`select hits, window_started_at from rate_limits where key = ${this.key(limit, subject)}`,
    );
    const windowStartedAt = new Date(row?.window_started_at ?? now);
    const live = row && windowStartedAt.getTime() + limit.windowMs > now.getTime();
    return { count: live ? row.hits : 0, windowStartedAt, now };
  }

  /** Forgets the hits of one subject, e.g. after a successful sign-in. */
  async clear(limit: Limit, subject: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${this.key(limit, subject)}`);
  }
}

const MINUTE = 60_000;

/** Every limit of the account screens, in one place. */
export const limits = {
  /**
   * Failed sign-ins of one client (address) on one account. Keyed by both, so someone else's
   * failures never refuse the owner.
   */
  loginFailuresPerClient: {
    name: 'login-failed:ip-account',
    max: 10,
    windowMs: 15 * MINUTE,
    what: 'failed sign-in attempts for this account',
  },
  /**
   * Failed sign-ins of one account from everywhere: past this ceiling a client that has failed on
   * the account may not try again in the window, while a client with a clean record still may. An
   * attacker spread over many addresses then gets one guess per address per window; the owner,
   * who has not failed, is never refused by it.
   */
  loginFailuresPerAccount: {
    name: 'login-failed:account',
    max: 100,
    windowMs: 15 * MINUTE,
    what: 'failed sign-in attempts for this account',
  },
  loginPerAddress: {
    name: 'login:ip',
    max: 50,
    windowMs: 15 * MINUTE,
    what: 'sign-in attempts from your address',
  },
  saltPerAddress: {
    name: 'salt:ip',
    max: 60,
    windowMs: 15 * MINUTE,
    what: 'sign-in salt requests from your address',
  },
  signupPerAddress: {
    name: 'signup:ip',
    max: 10,
    windowMs: 60 * MINUTE,
    what: 'accounts created from your address',
  },
  validatePerAddress: {
    name: 'validate:ip',
    max: 10,
    windowMs: 15 * MINUTE,
    what: 'validation attempts',
  },
  mailPerAddress: {
    name: 'mail:ip',
    max: 10,
    windowMs: 60 * MINUTE,
    what: 'e-mail requests from your address',
  },
  mailPerAccount: {
    name: 'mail:account',
    max: 5,
    windowMs: 60 * MINUTE,
    what: 'e-mails requested for this address',
  },
  resetPerAddress: {
    name: 'reset:ip',
    max: 20,
    windowMs: 15 * MINUTE,
    what: 'password reset attempts',
  },
  userSearchPerUser: {
    name: 'user-search:user',
    max: 30,
    windowMs: MINUTE,
    what: 'member searches',
  },
  accountEditPerUser: {
    name: 'account-edit:user',
    max: 30,
    windowMs: 15 * MINUTE,
    what: 'account changes',
  },
} satisfies Record<string, Limit>;
