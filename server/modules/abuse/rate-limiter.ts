import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../errors';

export interface Limit {
  /** Names the limit in keys and messages, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** Finishes "Too many … Try again in N minutes." */
  what: string;
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.RateLimited, message);
  }
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

  /** Counts one hit against `limit` for `subject`; throws RateLimitedError past the maximum. */
  async hit(limit: Limit, subject: string): Promise<void> {
    const key = `${limit.name}:${subject}`.slice(0, 300);
    const now = this.now();
    const windowStart = new Date(now.getTime() - limit.windowMs);
    const [row] = await queryRows<{ hits: number; window_started_at: string | Date }>(
      this.db,
      sql`
      insert into rate_limits (key, window_started_at, hits)
      values (${key}, ${now.toISOString()}, 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= ${windowStart.toISOString()} then 1
                    else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= ${windowStart.toISOString()}
                    then excluded.window_started_at else rate_limits.window_started_at end
      returning hits, window_started_at`,
    );
    if (!row || row.hits <= limit.max) return;
    const endsAt = new Date(row.window_started_at).getTime() + limit.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new RateLimitedError(
      `Too many ${limit.what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    );
  }

  /** Forgets the hits of one subject, e.g. after a successful sign-in. */
  async clear(limit: Limit, subject: string): Promise<void> {
    await this.db.execute(
      sql`delete from rate_limits where key = ${`${limit.name}:${subject}`.slice(0, 300)}`,
    );
  }
}

const MINUTE = 60_000;

/** Every limit of the account screens, in one place. */
export const limits = {
  loginPerAccount: {
    name: 'login:account',
    max: 10,
    windowMs: 15 * MINUTE,
    what: 'sign-in attempts for this account',
  },
  loginPerAddress: {
    name: 'login:ip',
    max: 50,
    windowMs: 15 * MINUTE,
    what: 'sign-in attempts from your address',
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
