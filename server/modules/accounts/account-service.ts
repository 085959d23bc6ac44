import {
  RESEND_NOTICE,
  FORGOT_PASSWORD_NOTICE,
  SIGNUP_NOTICE,
  USERNAME_ALREADY_CHOSEN,
  VALIDATION_FAILED,
  type CreateAccountRequest,
  type ResetPasswordRequest,
  type UpdateAccountRequest,
} from '../../../common/accounts';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { limits, type RateLimiter } from '../abuse/rate-limiter';
import type { CaptchaService } from '../captcha/captcha';
import { AppError, badRequest } from '../errors';
import type { Mailer, MailMessage } from '../mail/mailer';
import { newLinkKey, newTypedCode, normalizeTypedCode } from './codes';
import { normalizeEmail } from './email';
import {
  alreadyRegisteredMail,
  emailChangeMail,
  emailTakenMail,
  resetMail,
  validationMail,
} from './mails';
import { hashClientKey, passwordRecord, verifyClientKey } from './password';
import { deriveSalt } from './salt';
import type { SessionService } from './sessions';
import {
  consumeToken,
  deleteTokens,
  findLiveToken,
  insertToken,
  type TokenPurpose,
} from './token-repo';
import { hashToken } from './tokens';
import { findUserByEmail, findUserById, insertUser, updateUser, usernameTaken } from './user-repo';
import { ErrorCode } from '../../../common/errors';

const HOUR = 60 * 60 * 1000;
export const VALIDATION_CODE_LIFETIME_MS = 24 * HOUR;
export const RESET_KEY_LIFETIME_MS = HOUR;

export const INVALID_CREDENTIALS = 'User email or password is not correct';
export const NOT_VALIDATED =
  'This account has not been validated yet. Enter the code we e-mailed you, or ask for a new one.';

export interface AccountServiceDeps {
  db: Db;
  sessions: SessionService;
  captcha: CaptchaService;
  limiter: RateLimiter;
  mailer: Mailer;
  siteUrl: string;
  saltSecret: string;
  now?: () => Date;
}

/** The outcome of a command that signs someone in: the user and the session cookie to set. */
export interface SignedIn {
  user: UserRow;
  session: { token: string; expiresAt: Date };
}

/**
 * Everything a person does with their own account. Answers never tell whether an e-mail address
 * has an account; secrets are mailed, stored hashed and never logged.
 */
export class AccountService {
  private readonly now: () => Date;
  /** Compared against when an e-mail has no account, so both paths cost the same. */
  private readonly decoyHash: Promise<string>;

  constructor(private readonly deps: AccountServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.decoyHash = hashClientKey('0'.repeat(32));
  }

  private get db(): Db {
    return this.deps.db;
  }

  /** Queues the mail as a job: the answer never waits for the mail server. */
  private mail(message: MailMessage): Promise<void> {
    return this.deps.mailer.send(message);
  }

  /** The PBKDF2 salt the sign-in form uses: an unknown e-mail gets a stable made-up one. */
  async saltFor(email: string): Promise<string> {
    const user = await findUserByEmail(this.db, normalizeEmail(email));
    return user?.passwordSalt ?? this.derivedSalt(normalizeEmail(email));
  }

  private derivedSalt(normalizedEmail: string): string {
    return deriveSalt(this.deps.saltSecret, normalizedEmail);
  }

  private async requireCaptcha(captcha: string): Promise<void> {
    if (!(await this.deps.captcha.verify(captcha))) {
      throw new AppError(
        400,
        ErrorCode.CaptchaInvalid,
        'The captcha was not solved or has expired. Solve it again.',
      );
    }
  }

  private async issueToken(
    user: UserRow,
    purpose: TokenPurpose,
    secret: string,
    lifetimeMs: number,
    newEmail: string | null = null,
  ): Promise<void> {
    await deleteTokens(this.db, user.id, purpose);
    const now = this.now();
    await insertToken(this.db, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(purpose === 'reset' ? secret : normalizeTypedCode(secret)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      newEmail,
    });
  }

  private async sendValidationCode(user: UserRow): Promise<void> {
    const code = newTypedCode();
    await this.issueToken(user, 'validate', code, VALIDATION_CODE_LIFETIME_MS);
    await this.mail(validationMail(user.email, code, this.deps.siteUrl));
  }

  /**
   * Signs in. Failures count per client and account, so nobody can lock the owner out by failing
   * on purpose; see `limits.loginFailuresPerAccount` for what bounds a spread-out attacker.
   */
  async login(email: string, clientKey: string, ip: string): Promise<SignedIn> {
    const normalized = normalizeEmail(email);
    const client = `${ip}|${normalized}`;
    const { limiter } = this.deps;
    await limiter.hit(limits.loginPerAddress, ip);
    const clientFailures = await limiter.ensureBelow(limits.loginFailuresPerClient, client);
    if (clientFailures > 0) await limiter.ensureBelow(limits.loginFailuresPerAccount, normalized);
    const user = await findUserByEmail(this.db, normalized);
    const matches = await verifyClientKey(user?.passwordHash ?? (await this.decoyHash), clientKey);
    if (!user || !matches) {
      await limiter.record(limits.loginFailuresPerClient, client);
      await limiter.record(limits.loginFailuresPerAccount, normalized);
      throw new AppError(400, ErrorCode.InvalidCredentials, INVALID_CREDENTIALS);
    }
    if (!user.validatedAt) throw new AppError(403, ErrorCode.EmailNotValidated, NOT_VALIDATED);
    await limiter.clear(limits.loginFailuresPerClient, client);
    return { user, session: await this.deps.sessions.start(user.id) };
  }

  async createAccount(input: CreateAccountRequest, ip: string): Promise<string> {
    await this.deps.limiter.hit(limits.signupPerAddress, ip);
    await this.requireCaptcha(input.captcha);
    const email = normalizeEmail(input.email);
    const taken = () =>
      new AppError(400, ErrorCode.UsernameTaken, 'That username is already taken; choose another.');
    if (await usernameTaken(this.db, input.username)) throw taken();

    const existing = await findUserByEmail(this.db, email);
    if (existing) {
      // Same answer as a new sign-up; only the owner of the address learns what happened.
      if (existing.validatedAt) await this.mail(alreadyRegisteredMail(email, this.deps.siteUrl));
      else await this.sendValidationCode(existing);
      return SIGNUP_NOTICE;
    }

    const salt = this.derivedSalt(email);
    let user: UserRow;
    try {
      user = await insertUser(this.db, {
        email,
        username: input.username,
        usernameChosen: true,
        firstname: input.firstname,
        lastname: input.lastname,
        ...(await passwordRecord(input.password, salt)),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent request took the username or the address first.
      if (await usernameTaken(this.db, input.username)) throw taken();
      return SIGNUP_NOTICE;
    }
    await this.sendValidationCode(user);
    return SIGNUP_NOTICE;
  }

  async validate(typedCode: string, ip: string): Promise<SignedIn> {
    await this.deps.limiter.hit(limits.validatePerAddress, ip);
    const now = this.now();
    const token = await findLiveToken(
      this.db,
      'validate',
      hashToken(normalizeTypedCode(typedCode)),
      now,
    );
    if (!token || !(await consumeToken(this.db, token.id, now))) {
      throw new AppError(400, ErrorCode.ValidationFailed, VALIDATION_FAILED);
    }
    const user = await updateUser(this.db, token.userId, { validatedAt: now });
    return { user, session: await this.deps.sessions.start(user.id) };
  }

  async resendValidation(email: string, captcha: string, ip: string): Promise<string> {
    const normalized = normalizeEmail(email);
    await this.deps.limiter.hit(limits.mailPerAddress, ip);
    await this.requireCaptcha(captcha);
    const user = await findUserByEmail(this.db, normalized);
    if (user && !user.validatedAt) {
      await this.deps.limiter.hit(limits.mailPerAccount, normalized);
      await this.sendValidationCode(user);
    }
    return RESEND_NOTICE;
  }

  async chooseUsername(user: UserRow, username: string, captcha: string): Promise<UserRow> {
    if (user.usernameChosen) {
      throw new AppError(
        400,
        ErrorCode.UsernameAlreadyChosen,
        `${USERNAME_ALREADY_CHOSEN}: a username can only be chosen once.`,
      );
    }
    await this.requireCaptcha(captcha);
    const taken = () =>
      new AppError(400, ErrorCode.UsernameTaken, 'That username is already taken; choose another.');
    if (await usernameTaken(this.db, username)) throw taken();
    try {
      return await updateUser(this.db, user.id, { username, usernameChosen: true });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  /**
   * Saves the account form. A new e-mail address only takes effect once its owner types the code
   * mailed to it; a new password ends every other session of the account.
   */
  async updateAccount(
    user: UserRow,
    input: UpdateAccountRequest,
    currentSessionToken: string | undefined,
  ): Promise<{ user: UserRow; pendingEmail: string | null }> {
    await this.deps.limiter.hit(limits.accountEditPerUser, user.id);
    const password = input.password ?? '';
    const changes = {
      firstname: input.firstname,
      lastname: input.lastname,
      publicizeName: input.publicizeName,
      ...(password !== '' ? await passwordRecord(password, user.passwordSalt) : {}),
    };
    const updated = await updateUser(this.db, user.id, changes);
    if (password !== '') await this.deps.sessions.endAllExcept(user.id, currentSessionToken);

    const newEmail = normalizeEmail(input.email);
    if (newEmail === user.email) return { user: updated, pendingEmail: null };
    await this.deps.limiter.hit(limits.mailPerAccount, newEmail);
    if (await findUserByEmail(this.db, newEmail)) {
      await this.mail(emailTakenMail(newEmail));
    } else {
      const code = newTypedCode();
      await this.issueToken(user, 'email_change', code, VALIDATION_CODE_LIFETIME_MS, newEmail);
      await this.mail(emailChangeMail(newEmail, code));
    }
    return { user: updated, pendingEmail: newEmail };
  }

  async confirmEmailChange(user: UserRow, typedCode: string): Promise<UserRow> {
    await this.deps.limiter.hit(limits.validatePerAddress, `user:${user.id}`);
    const now = this.now();
    const token = await findLiveToken(
      this.db,
      'email_change',
      hashToken(normalizeTypedCode(typedCode)),
      now,
    );
    if (!token || token.userId !== user.id || !token.newEmail) {
      throw new AppError(400, ErrorCode.ValidationFailed, 'That code is not valid or has expired.');
    }
    if (!(await consumeToken(this.db, token.id, now))) {
      throw new AppError(400, ErrorCode.ValidationFailed, 'That code is not valid or has expired.');
    }
    try {
      return await updateUser(this.db, user.id, { email: token.newEmail });
    } catch (error) {
      if (isUniqueViolation(error))
        throw badRequest('That e-mail address now belongs to another account.');
      throw error;
    }
  }

  async forgotPassword(email: string, captcha: string, ip: string): Promise<string> {
    const normalized = normalizeEmail(email);
    await this.deps.limiter.hit(limits.mailPerAddress, ip);
    await this.requireCaptcha(captcha);
    const user = await findUserByEmail(this.db, normalized);
    if (user) {
      await this.deps.limiter.hit(limits.mailPerAccount, normalized);
      const key = newLinkKey();
      await this.issueToken(user, 'reset', key, RESET_KEY_LIFETIME_MS);
      await this.mail(resetMail(user.email, key, this.deps.siteUrl));
    }
    return FORGOT_PASSWORD_NOTICE;
  }

  async resetKeyIsValid(key: string, ip: string): Promise<boolean> {
    await this.deps.limiter.hit(limits.resetPerAddress, ip);
    return (await findLiveToken(this.db, 'reset', hashToken(key), this.now())) !== null;
  }

  /** Sets the new password, ends every session of the account, and proves the address too. */
  async resetPassword(input: ResetPasswordRequest, ip: string): Promise<void> {
    await this.deps.limiter.hit(limits.resetPerAddress, ip);
    const now = this.now();
    const token = await findLiveToken(this.db, 'reset', hashToken(input.key), now);
    if (!token || !(await consumeToken(this.db, token.id, now))) {
      throw new AppError(
        400,
        ErrorCode.ResetKeyInvalid,
        'The reset key you provided is no longer valid',
      );
    }
    const user = await findUserById(this.db, token.userId);
    if (!user)
      throw new AppError(
        400,
        ErrorCode.ResetKeyInvalid,
        'The reset key you provided is no longer valid',
      );
    await updateUser(this.db, user.id, {
      ...(await passwordRecord(input.password, user.passwordSalt)),
      validatedAt: user.validatedAt ?? now,
    });
    await this.deps.sessions.endAllFor(user.id);
  }
}
