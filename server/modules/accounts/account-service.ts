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
import { newTypedCode, normalizeTypedCode } from './codes';
import { normalizeEmail } from './email';
import {
  issueToken,
  VALIDATION_CODE_LIFETIME_MS,
  RESET_KEY_LIFETIME_MS,
  type AccountFollowUp,
} from './follow-ups';
import { emailChangeMail, emailTakenMail } from './mails';
import { hashClientKey, passwordRecord, verifyClientKey } from './password';
import { deriveSalt } from './salt';
import type { SessionService } from './sessions';
import { consumeToken, findLiveToken } from './token-repo';
import { hashToken } from './tokens';
import {
  findUserByEmail,
  findUserById,
  insertUserIfNewEmail,
  updateUser,
  usernameTaken,
} from './user-repo';
import { ErrorCode } from '../../../common/errors';
import { deriveClientKey } from '../../../common/client-key';

export { VALIDATION_CODE_LIFETIME_MS, RESET_KEY_LIFETIME_MS };

export const INVALID_CREDENTIALS = 'User email or password is not correct';
export const NOT_VALIDATED =
  'This account has not been validated yet. Enter the code we e-mailed you, or ask for a new one.';

export interface AccountServiceDeps {
  db: Db;
  sessions: SessionService;
  captcha: CaptchaService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Queues what a sign-up, reset or resend asks for; the request never looks the address up. */
  followUps: { send(request: AccountFollowUp): Promise<void> };
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

  /**
   * The PBKDF2 salt the sign-in form uses: derived from the address asked, so it is the same for
   * an address with or without an account and says nothing about which account had it before.
   * An account created before salts followed the address (or whose address changed before the
   * change of address re-salted it) keeps its stored salt until its password is next set; that
   * is the only case where the stored salt is answered.
   */
  async saltFor(email: string, ip: string): Promise<string> {
    await this.deps.limiter.hit(limits.saltPerAddress, ip);
    const normalized = normalizeEmail(email);
    const derived = this.derivedSalt(normalized);
    const user = await findUserByEmail(this.db, normalized);
    return user && user.passwordSalt !== derived ? user.passwordSalt : derived;
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

  /**
   * Signs up. An address that already has an account costs the same work as a new one: the
   * password is hashed, one insert is tried, and one follow-up job is queued either way; the job
   * mails the code or tells the owner the address is taken.
   */
  async createAccount(input: CreateAccountRequest, ip: string): Promise<string> {
    await this.deps.limiter.hit(limits.signupPerAddress, ip);
    await this.requireCaptcha(input.captcha);
    const email = normalizeEmail(input.email);
    const taken = () =>
      new AppError(400, ErrorCode.UsernameTaken, 'That username is already taken; choose another.');
    if (await usernameTaken(this.db, input.username)) throw taken();
    const record = await passwordRecord(input.password, this.derivedSalt(email));
    try {
      await insertUserIfNewEmail(this.db, {
        email,
        username: input.username,
        usernameChosen: true,
        firstname: input.firstname,
        lastname: input.lastname,
        ...record,
      });
    } catch (error) {
      // A concurrent request took the username first.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await this.deps.followUps.send({ kind: 'signup', email });
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

  /** Same work for every address: the follow-up job decides whether a code is due. */
  async resendValidation(email: string, captcha: string, ip: string): Promise<string> {
    const normalized = normalizeEmail(email);
    await this.deps.limiter.hit(limits.mailPerAddress, ip);
    await this.requireCaptcha(captcha);
    await this.deps.limiter.hit(limits.mailPerAccount, normalized);
    await this.deps.followUps.send({ kind: 'validation', email: normalized });
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
      // Setting a password also moves an older account onto the salt of its address.
      ...(password !== '' ? await passwordRecord(password, this.derivedSalt(user.email)) : {}),
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
      await issueToken(
        this.db,
        user,
        'email_change',
        code,
        VALIDATION_CODE_LIFETIME_MS,
        this.now(),
        newEmail,
      );
      await this.mail(emailChangeMail(newEmail, code));
    }
    return { user: updated, pendingEmail: newEmail };
  }

  /**
   * Moves the account to its new address. The password is asked again because the salt follows
   * the address: the stored hash is redone with the new address's salt, so the new address's
   * salt never equals the old one's and nothing links the two.
   */
  async confirmEmailChange(user: UserRow, typedCode: string, password: string): Promise<UserRow> {
    await this.deps.limiter.hit(limits.validatePerAddress, `user:${user.id}`);
    const current = await verifyClientKey(
      user.passwordHash,
      await deriveClientKey(password, user.passwordSalt),
    );
    if (!current) {
      throw new AppError(
        400,
        ErrorCode.InvalidCredentials,
        'The password is not correct. Type your current password to confirm the new address.',
      );
    }
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
      return await updateUser(this.db, user.id, {
        email: token.newEmail,
        ...(await passwordRecord(password, this.derivedSalt(token.newEmail))),
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw badRequest('That e-mail address now belongs to another account.');
      throw error;
    }
  }

  /** Same work for every address: the follow-up job mails a key only to an account. */
  async forgotPassword(email: string, captcha: string, ip: string): Promise<string> {
    const normalized = normalizeEmail(email);
    await this.deps.limiter.hit(limits.mailPerAddress, ip);
    await this.requireCaptcha(captcha);
    await this.deps.limiter.hit(limits.mailPerAccount, normalized);
    await this.deps.followUps.send({ kind: 'reset', email: normalized });
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
      ...(await passwordRecord(input.password, this.derivedSalt(user.email))),
      validatedAt: user.validatedAt ?? now,
    });
    await this.deps.sessions.endAllFor(user.id);
  }
}
