import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_NOTICE, RESEND_NOTICE, SIGNUP_NOTICE } from '../../../common/accounts';
import { deriveClientKey } from '../../../common/client-key';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { accountTokens, users } from '../../db/schema';
import { passwordRecord } from '../../modules/accounts/password';
import { insertUser } from '../../modules/accounts/user-repo';
import type { Services } from '../../services';
import { testConfig } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { solveCaptcha } from '../../test/captcha';
import { createTestDatabase } from '../../test/database';
import { startSmtpCapture } from '../../test/smtp';

let app: FastifyInstance & { services: Services };
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const logLines: string[] = [];
let ipCounter = 10;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: smtp.url,
      ALTCHA_COST: '50',
      PUBLIC_URL: 'https://profiles.example.org',
    }),
    database,
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await smtp?.close();
});

/** Each test signs up from its own address, so per-address limits never cross tests. */
function newBrowser(): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(app, `203.0.113.${ipCounter}`);
}

async function captcha(browser: TestBrowser): Promise<string> {
  const response = await browser.get('/app/captcha/challenge');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return solveCaptcha(response.json());
}

let userCounter = 0;
function newPerson() {
  userCounter += 1;
  return {
    username: `person_${userCounter}`,
    firstname: 'Grace',
    lastname: `Hopper ${userCounter}`,
    email: `grace${userCounter}@example.org`,
    password: `cobol-compiler-${userCounter}`,
  };
}

async function signUp(browser: TestBrowser, person = newPerson()) {
  const response = await browser.post('/app/user/create', {
    ...person,
    password2: person.password,
    captcha: await captcha(browser),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ success: true, message: SIGNUP_NOTICE });
  return person;
}

async function mailedCode(email: string): Promise<string> {
  const match = await smtp.waitFor(email, /Your validation code: ([0-9A-Z]{4}-[0-9A-Z]{4})/);
  return match[1] as string;
}

async function login(browser: TestBrowser, email: string, password: string) {
  const salt = (await browser.get(`/app/user/salt?email=${encodeURIComponent(email)}`)).json<{
    salt: string;
  }>().salt;
  return browser.post('/app/user/login', {
    email,
    password: await deriveClientKey(password, salt),
  });
}

async function validatedPerson() {
  const browser = newBrowser();
  const person = await signUp(browser);
  const validated = await browser.post('/app/user/validate', {
    validationCode: await mailedCode(person.email),
  });
  expect(validated.statusCode).toBe(200);
  return { browser, person };
}

describe('sign-up and validation', () => {
  it('mails a code that validates the account once and signs the person in', async () => {
    const browser = newBrowser();
    const person = await signUp(browser);
    const code = await mailedCode(person.email);

    const early = await login(newBrowser(), person.email, person.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VALIDATED' });

    // Typed in lower case without the dash, it still counts.
    const validated = await browser.post('/app/user/validate', {
      validationCode: code.toLowerCase().replace('-', ''),
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({
      success: true,
      user: { username: person.username, email: person.email },
    });
    const status = await browser.get('/app/user/status');
    expect(status.json()).toMatchObject({
      loggedIn: true,
      user: { fullname: `${person.firstname} ${person.lastname}` },
    });

    const again = await newBrowser().post('/app/user/validate', { validationCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: 'Validation unsuccessful.' });

    const [stored] = await database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'validate'));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('expires codes after 24 hours', async () => {
    const browser = newBrowser();
    const person = await signUp(browser);
    const code = await mailedCode(person.email);
    const [user] = await database.db.select().from(users).where(eq(users.email, person.email));
    const token = (
      await database.db.select().from(accountTokens).where(eq(accountTokens.userId, user!.id))
    )[0]!;
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, token.id));
    const response = await browser.post('/app/user/validate', { validationCode: code });
    expect(response.statusCode).toBe(400);
  });

  it('answers a sign-up with a registered e-mail exactly like a new one, and mails the owner', async () => {
    const { person } = await validatedPerson();
    const before = smtp.mailsTo(person.email).length;
    const second = newBrowser();
    const response = await second.post('/app/user/create', {
      ...newPerson(),
      email: person.email.toUpperCase(),
      password: 'another-long-password',
      password2: 'another-long-password',
      captcha: await captcha(second),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SIGNUP_NOTICE });
    await smtp.waitFor(person.email, /already has an account/);
    expect(smtp.mailsTo(person.email).length).toBe(before + 1);
    const accounts = await database.db.select().from(users).where(eq(users.email, person.email));
    expect(accounts).toHaveLength(1);
  });

  it('refuses a username that is taken in any case', async () => {
    const { person } = await validatedPerson();
    const browser = newBrowser();
    const response = await browser.post('/app/user/create', {
      ...newPerson(),
      username: person.username.toUpperCase(),
      password: 'unique-enough-pass',
      password2: 'unique-enough-pass',
      captcha: await captcha(browser),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
  });

  it('accepts a solved captcha once and refuses a forged one', async () => {
    const browser = newBrowser();
    const solved = await captcha(browser);
    const person = newPerson();
    const body = { ...person, password2: person.password, captcha: solved };
    expect((await browser.post('/app/user/create', body)).statusCode).toBe(200);
    const replay = await browser.post('/app/user/create', {
      ...body,
      username: `${person.username}x`,
      email: `x${person.email}`,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    const forged = await browser.post('/app/user/create', {
      ...body,
      username: `${person.username}y`,
      captcha: Buffer.from(
        JSON.stringify({
          challenge: { parameters: {}, signature: 'x' },
          solution: { counter: 1, derivedKey: 'ab' },
        }),
      ).toString('base64'),
    });
    expect(forged.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect(
      (await browser.post('/app/user/create', { ...body, captcha: 'not base64 json' })).statusCode,
    ).toBe(400);
  });

  it.each([
    [{ username: 'abc' }, 'body.username'],
    [{ username: '-abcd' }, 'body.username'],
    [{ email: 'not-an-email' }, 'body.email'],
    [{ email: `${'a'.repeat(250)}@example.org` }, 'body.email'],
    [{ firstname: '' }, 'body.firstname'],
    [{ lastname: 'x'.repeat(101) }, 'body.lastname'],
    [{ password: 'short', password2: 'short' }, 'body.password'],
    [{ password: 'password123', password2: 'password123' }, 'body.password'],
    [{ password: 'x'.repeat(129), password2: 'x'.repeat(129) }, 'body.password'],
    [{ password2: 'something-else' }, 'body.password2'],
    [{ captcha: '' }, 'body.captcha'],
  ])('refuses %o with a message naming %s', async (change, field) => {
    const person = newPerson();
    const response = await newBrowser().post('/app/user/create', {
      ...person,
      password2: person.password,
      captcha: 'x',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });

  it('resends a code only to accounts that still need one, with the same answer for all', async () => {
    const browser = newBrowser();
    const person = await signUp(browser);
    const first = await mailedCode(person.email);
    const resent = await browser.post('/app/user/resendValidation', {
      email: person.email,
      captcha: await captcha(browser),
    });
    expect(resent.json()).toEqual({ success: true, message: RESEND_NOTICE });
    await smtp.waitFor(person.email, new RegExp(`Your validation code: (?!${first})`));
    const unknown = await browser.post('/app/user/resendValidation', {
      email: 'nobody@example.org',
      captcha: await captcha(browser),
    });
    expect(unknown.json()).toEqual({ success: true, message: RESEND_NOTICE });
    // The first code was replaced.
    expect((await browser.post('/app/user/validate', { validationCode: first })).statusCode).toBe(
      400,
    );
  });
});

describe('sign-in', () => {
  it('answers a stable salt of the same shape for unknown and known addresses', async () => {
    const { person } = await validatedPerson();
    const browser = newBrowser();
    const known = await browser.get(`/app/user/salt?email=${person.email}`);
    const unknownA = await browser.get('/app/user/salt?email=nobody@example.org');
    const unknownB = await browser.get('/app/user/salt?email=NOBODY@example.org');
    const other = await browser.get('/app/user/salt?email=somebody@example.org');
    for (const response of [known, unknownA, unknownB, other]) {
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['salt', 'success']);
      expect(response.json<{ salt: string }>().salt).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(unknownA.json()).toEqual(unknownB.json());
    expect(unknownA.json()).not.toEqual(other.json());
    expect((await browser.get('/app/user/salt?email=nope')).statusCode).toBe(400);
  });

  it('signs in with the derived key and refuses wrong ones with one message', async () => {
    const { person } = await validatedPerson();
    const browser = newBrowser();
    const ok = await login(browser, person.email, person.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { email: person.email } });
    const cookie = ok.cookies.find((c) => c.name === 'xps_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });

    const wrong = await login(newBrowser(), person.email, 'not-the-password');
    const unknown = await login(newBrowser(), 'stranger@example.org', 'whatever-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'User email or password is not correct',
      });
    }
    const raw = await newBrowser().post('/app/user/login', {
      email: person.email,
      password: person.password,
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json<{ message: string }>().message).toContain('body.password');
  });

  it('rate-limits repeated failures of one client on one account with Retry-After', async () => {
    const { person } = await validatedPerson();
    const attacker = newBrowser();
    let last = await login(attacker, person.email, 'guess-0');
    for (let i = 1; i <= 10; i += 1) last = await login(attacker, person.email, `guess-${i}`);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(last.json<{ message: string }>().message).toMatch(
      /Too many failed sign-in attempts for this account\. Try again in \d+ minutes?\./,
    );
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // That client is refused even with the right password; the owner elsewhere is not.
    expect((await login(attacker, person.email, person.password)).statusCode).toBe(429);
    expect((await login(newBrowser(), person.email, person.password)).statusCode).toBe(200);
  });
});

describe('username', () => {
  it('can be chosen once, by a signed-in user', async () => {
    const email = 'legacy@example.org';
    const salt = 'ab'.repeat(16);
    await insertUser(database.db, {
      email,
      firstname: 'Legacy',
      lastname: 'User',
      usernameChosen: false,
      validatedAt: new Date(),
      ...(await passwordRecord('legacy-password-1', salt)),
    });
    const anonymous = newBrowser();
    expect(
      (await anonymous.post('/app/user/username', { username: 'legacy', captcha: 'x' })).statusCode,
    ).toBe(401);

    const browser = newBrowser();
    expect((await login(browser, email, 'legacy-password-1')).json()).toMatchObject({
      user: { usernameChosen: false },
    });
    const chosen = await browser.post('/app/user/username', {
      username: 'legacy_user',
      captcha: await captcha(browser),
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      user: { username: 'legacy_user', usernameChosen: true },
    });
    const again = await browser.post('/app/user/username', {
      username: 'legacy_two',
      captcha: await captcha(browser),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'USERNAME_ALREADY_CHOSEN' });
    expect(again.json<{ message: string }>().message).toContain('Username Already Chosen');
  });
});

describe('account edit', () => {
  it('changes names, keeps the password when left empty, and refuses type and username', async () => {
    const { browser, person } = await validatedPerson();
    const saved = await browser.post('/app/user/update', {
      firstname: 'Amazing',
      lastname: 'Grace',
      email: person.email,
      publicizeName: true,
      password: '',
      password2: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      pendingEmail: null,
      user: { fullname: 'Amazing Grace', publicizeName: true },
    });
    expect((await login(newBrowser(), person.email, person.password)).statusCode).toBe(200);

    for (const extra of [{ type: 'admin' }, { username: 'takeover' }]) {
      const refused = await browser.post('/app/user/update', {
        firstname: 'A',
        lastname: 'B',
        email: person.email,
        publicizeName: false,
        ...extra,
      });
      expect(refused.statusCode).toBe(400);
    }
    const [row] = await database.db.select().from(users).where(eq(users.email, person.email));
    expect(row?.type).toBe('user');
    expect(row?.username).toBe(person.username);
  });

  it('a new password ends the other sessions but keeps this one', async () => {
    const { browser, person } = await validatedPerson();
    const other = newBrowser();
    expect((await login(other, person.email, person.password)).statusCode).toBe(200);
    const saved = await browser.post('/app/user/update', {
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      publicizeName: false,
      password: 'brand-new-secret-1',
      password2: 'brand-new-secret-1',
    });
    expect(saved.statusCode).toBe(200);
    expect((await browser.get('/app/user/status')).json()).toMatchObject({ loggedIn: true });
    expect((await other.get('/app/user/status')).json()).toMatchObject({ loggedIn: false });
    expect((await login(newBrowser(), person.email, person.password)).statusCode).toBe(400);
    expect((await login(newBrowser(), person.email, 'brand-new-secret-1')).statusCode).toBe(200);
  });

  it('a changed e-mail takes effect only after the code mailed to it is confirmed', async () => {
    const { browser, person } = await validatedPerson();
    const newEmail = `new-${person.email}`;
    const saved = await browser.post('/app/user/update', {
      firstname: 'G',
      lastname: 'H',
      email: newEmail,
      publicizeName: false,
    });
    expect(saved.json()).toMatchObject({ pendingEmail: newEmail, user: { email: person.email } });
    const code = (
      await smtp.waitFor(newEmail, /Your confirmation code: ([0-9A-Z]{4}-[0-9A-Z]{4})/)
    )[1]!;
    const saltOf = async (email: string) =>
      (await newBrowser().get(`/app/user/salt?email=${encodeURIComponent(email)}`)).json<{
        salt: string;
      }>().salt;
    const [oldSalt, newSaltBefore] = [await saltOf(person.email), await saltOf(newEmail)];
    expect(
      (
        await browser.post('/app/user/email/confirm', {
          code: 'AAAA-AAAA',
          password: person.password,
        })
      ).statusCode,
    ).toBe(400);
    const wrongPassword = await browser.post('/app/user/email/confirm', {
      code,
      password: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const confirmed = await browser.post('/app/user/email/confirm', {
      code,
      password: person.password,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { email: newEmail } });
    // The salt follows the address: nothing links the new address to the old one.
    expect(await saltOf(newEmail)).toBe(newSaltBefore);
    expect(await saltOf(newEmail)).not.toBe(oldSalt);
    expect(await saltOf(person.email)).toBe(oldSalt);
    expect((await login(newBrowser(), newEmail, person.password)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a one-hour, single-use key; the reset ends every session', async () => {
    const { browser, person } = await validatedPerson();
    const requester = newBrowser();
    const forgot = await requester.post('/app/user/forgot', {
      email: person.email,
      captcha: await captcha(requester),
    });
    expect(forgot.json()).toEqual({ success: true, message: FORGOT_PASSWORD_NOTICE });
    const unknown = await requester.post('/app/user/forgot', {
      email: 'ghost@example.org',
      captcha: await captcha(requester),
    });
    expect(unknown.json()).toEqual(forgot.json());

    const link = await smtp.waitFor(
      person.email,
      /https:\/\/profiles\.example\.org\/user\/resetpassword\?key=([A-Za-z0-9_-]+)/,
    );
    const key = link[1]!;
    expect((await requester.get(`/app/user/checkResetKey?key=${key}`)).json()).toEqual({
      success: true,
    });
    expect((await requester.get('/app/user/checkResetKey?key=made-up')).json()).toEqual({
      success: false,
    });

    const mismatch = await requester.post('/app/user/reset', {
      key,
      password: 'fresh-password-9',
      password2: 'fresh-password-8',
    });
    expect(mismatch.statusCode).toBe(400);
    const reset = await requester.post('/app/user/reset', {
      key,
      password: 'fresh-password-9',
      password2: 'fresh-password-9',
    });
    expect(reset.statusCode).toBe(200);
    expect((await browser.get('/app/user/status')).json()).toMatchObject({ loggedIn: false });
    expect((await login(newBrowser(), person.email, 'fresh-password-9')).statusCode).toBe(200);

    const reused = await requester.post('/app/user/reset', {
      key,
      password: 'other-password-7',
      password2: 'other-password-7',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'RESET_KEY_INVALID',
      message: 'The reset key you provided is no longer valid',
    });
    expect((await requester.get(`/app/user/checkResetKey?key=${key}`)).json()).toEqual({
      success: false,
    });
  });

  it('refuses an expired key', async () => {
    const { person } = await validatedPerson();
    const requester = newBrowser();
    await requester.post('/app/user/forgot', {
      email: person.email,
      captcha: await captcha(requester),
    });
    const key = (await smtp.waitFor(person.email, /resetpassword\?key=([A-Za-z0-9_-]+)/))[1]!;
    const [user] = await database.db.select().from(users).where(eq(users.email, person.email));
    const [token] = await database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user!.id), eq(accountTokens.purpose, 'reset')));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(60 * 60 * 1000);
    await database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, user!.id));
    expect((await requester.get(`/app/user/checkResetKey?key=${key}`)).json()).toEqual({
      success: false,
    });
    expect(
      (
        await requester.post('/app/user/reset', {
          key,
          password: 'late-password-1',
          password2: 'late-password-1',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('secrets', () => {
  it('never appear in a log line or an answer', async () => {
    const browser = newBrowser();
    const person = await signUp(browser);
    const code = await mailedCode(person.email);
    await browser.post('/app/user/validate', { validationCode: code });
    await browser.post('/app/user/forgot', {
      email: person.email,
      captcha: await captcha(browser),
    });
    const key = (await smtp.waitFor(person.email, /resetpassword\?key=([A-Za-z0-9_-]+)/))[1]!;
    await browser.post('/app/user/reset', {
      key,
      password: 'logged-never-123',
      password2: 'logged-never-123',
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, person.email));
    const session = browser.cookie('xps_session');

    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      code,
      key,
      person.password,
      'logged-never-123',
      row!.passwordHash,
      session,
    ].filter(Boolean)) {
      expect(log).not.toContain(secret);
    }
    const status = await browser.get('/app/user/status');
    expect(status.body).not.toContain(row!.passwordHash);
    expect(status.body).not.toMatch(/salt|hash/i);
  });
});
