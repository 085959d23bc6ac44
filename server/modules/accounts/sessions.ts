import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  deleteSessionByHash,
  deleteSessionsOfUser,
  extendSession,
  findLiveSession,
  insertSession,
} from './session-repo';
import { hashToken, newToken } from './tokens';

/** A session lives 24 hours from the last time it was used. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Rolling the expiry on every request would write on every read; an hour's slack is plenty. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

export interface ResolvedSession {
  /** The session's own id (never its token): what the CSRF token of this browser is bound to. */
  sessionId: string;
  user: UserRow;
  /** Set when the expiry moved and the cookie should be sent again. */
  renewedUntil: Date | null;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(this.now().getTime() + SESSION_LIFETIME_MS);
    await insertSession(this.db, { tokenHash: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<ResolvedSession | null> {
    if (token.length < 20 || token.length > 100) return null;
    const now = this.now();
    const found = await findLiveSession(this.db, hashToken(token), now);
    if (!found) return null;
    const fullExpiry = new Date(now.getTime() + SESSION_LIFETIME_MS);
    if (fullExpiry.getTime() - found.expiresAt.getTime() < EXTEND_AFTER_MS) {
      return { sessionId: found.sessionId, user: found.user, renewedUntil: null };
    }
    await extendSession(this.db, found.sessionId, fullExpiry);
    return { sessionId: found.sessionId, user: found.user, renewedUntil: fullExpiry };
  }

  async end(token: string): Promise<void> {
    await deleteSessionByHash(this.db, hashToken(token));
  }

  async endAllFor(userId: string): Promise<void> {
    await deleteSessionsOfUser(this.db, userId);
  }

  /** After a password change: every other browser signs in again, this one stays. */
  async endAllExcept(userId: string, keepToken: string | undefined): Promise<void> {
    await deleteSessionsOfUser(this.db, userId, keepToken ? hashToken(keepToken) : undefined);
  }
}
