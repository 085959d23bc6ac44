import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { newLinkKey, newTypedCode, normalizeTypedCode } from './codes';
import { alreadyRegisteredMail, resetMail, validationMail } from './mails';
import { deleteTokens, insertToken, type TokenPurpose } from './token-repo';
import { hashToken } from './tokens';
import { findUserByEmail } from './user-repo';

const HOUR = 60 * 60 * 1000;
export const VALIDATION_CODE_LIFETIME_MS = 24 * HOUR;
export const RESET_KEY_LIFETIME_MS = HOUR;

/**
 * What a sign-up, a forgotten password or a resend asks to happen for an address. The request
 * itself only queues this, whether or not the address has an account, so its answer costs the
 * same either way; the lookup, the token and the mail happen in a job.
 */
export interface AccountFollowUp {
  kind: 'signup' | 'reset' | 'validation';
  /** Normalised. */
  email: string;
}

export interface FollowUpDeps {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  now?: () => Date;
}

/** Replaces the user's tokens of one purpose with a new one, stored hashed. */
export async function issueToken(
  db: Db,
  user: UserRow,
  purpose: TokenPurpose,
  secret: string,
  lifetimeMs: number,
  now: Date,
  newEmail: string | null = null,
): Promise<void> {
  await deleteTokens(db, user.id, purpose);
  await insertToken(db, {
    userId: user.id,
    purpose,
    tokenHash: hashToken(purpose === 'reset' ? secret : normalizeTypedCode(secret)),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    newEmail,
  });
}

export async function sendValidationCode(deps: FollowUpDeps, user: UserRow): Promise<void> {
  const code = newTypedCode();
  const now = deps.now?.() ?? new Date();
  await issueToken(deps.db, user, 'validate', code, VALIDATION_CODE_LIFETIME_MS, now);
  await deps.mailer.send(validationMail(user.email, code, deps.siteUrl));
}

/**
 * Carries out a follow-up. Only the owner of the address learns what happened: a validation
 * code, a reset link, or word that the address already has an account. Safe to run twice: a
 * second run replaces the token the first one mailed.
 */
export async function runFollowUp(deps: FollowUpDeps, request: AccountFollowUp): Promise<void> {
  const user = await findUserByEmail(deps.db, request.email);
  if (!user) return;
  switch (request.kind) {
    case 'signup':
      if (user.validatedAt) await deps.mailer.send(alreadyRegisteredMail(user.email, deps.siteUrl));
      else await sendValidationCode(deps, user);
      return;
    case 'validation':
      if (!user.validatedAt) await sendValidationCode(deps, user);
      return;
    case 'reset': {
      const key = newLinkKey();
      const now = deps.now?.() ?? new Date();
      await issueToken(deps.db, user, 'reset', key, RESET_KEY_LIFETIME_MS, now);
      await deps.mailer.send(resetMail(user.email, key, deps.siteUrl));
      return;
    }
  }
}
