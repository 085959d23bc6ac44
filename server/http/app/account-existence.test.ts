import type * as argon2 from '@node-rs/argon2';
import { hash } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { deriveClientKey } from '../../../common/client-key';
import { limits } from '../../modules/abuse/rate-limiter';
import { deriveSalt } from '../../modules/accounts/salt';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { solveCaptcha } from '../../test/captcha';
import { jobsOf } from '../../test/jobs';
import { makePerson } from '../../test/people';

// The real argon2, counted: equal work is asserted by what runs, never by how long it takes.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, hash: vi.fn(real.hash) };
});
const hashCalls = () => vi.mocked(hash).mock.calls.length;

/** Whether an address has an account must not show in the work a request does, nor in salts. */
describe('account existence', () => {
  const t = useTestApp({ ALTCHA_COST: '50' });
  let ipCounter = 0;
  const newBrowser = () => {
    ipCounter += 1;
    return new TestBrowser(t.app, `192.0.2.${ipCounter}`);
  };
  const captcha = async (browser: TestBrowser) =>
    solveCaptcha((await browser.get('/app/captcha/challenge')).json());
  const followUps = async (email: string) =>
    (await jobsOf(t.database, 'account-follow-up'))
      .filter((job) => job.data.email === email)
      .map((job) => job.data);
  const saltOf = async (email: string) =>
    (await newBrowser().get(`/app/user/salt?email=${encodeURIComponent(email)}`)).json<{
      salt: string;
    }>().salt;
  const existing = () => makePerson(t.database.db, t.app.services.sessions);
  let fresh = 0;
  const unknownAddress = () => {
    fresh += 1;
    return `unknown-${fresh}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  };

  /** Runs one request and answers what it cost: argon2 hashes and follow-ups queued. */
  async function work(email: string, request: () => Promise<{ statusCode: number; body: string }>) {
    const before = hashCalls();
    const response = await request();
    expect(response.statusCode, response.body).toBe(200);
    return { hashes: hashCalls() - before, followUps: await followUps(email), body: response.body };
  }

  it('does the same work for a sign-up whether or not the address has an account', async () => {
    const { user } = await existing();
    const signUp = (email: string, username: string) => async () => {
      const browser = newBrowser();
      return browser.post('/app/user/create', {
        username,
        firstname: 'Same',
        lastname: 'Work',
        email,
        password: 'equal-work-pass-1',
        password2: 'equal-work-pass-1',
        captcha: await captcha(browser),
      });
    };
    const newAddress = unknownAddress();
    const taken = await work(user.email, signUp(user.email.toUpperCase(), `taken_${fresh}`));
    const created = await work(newAddress, signUp(newAddress, `created_${fresh}`));
    expect(taken.hashes).toBe(created.hashes);
    expect(taken.hashes).toBeGreaterThan(0);
    expect(taken.followUps).toEqual([{ kind: 'signup', email: user.email }]);
    expect(created.followUps).toEqual([{ kind: 'signup', email: newAddress }]);
    expect(taken.body).toBe(created.body);
  });

  it.each([
    ['forgot', '/app/user/forgot', 'reset'],
    ['resendValidation', '/app/user/resendValidation', 'validation'],
  ])(
    'does the same work for %s whether or not the address has an account',
    async (_, url, kind) => {
      const { user } = await existing();
      const ask = (email: string) => async () => {
        const browser = newBrowser();
        return browser.post(url, { email, captcha: await captcha(browser) });
      };
      const nobody = unknownAddress();
      const known = await work(user.email, ask(user.email));
      const unknown = await work(nobody, ask(nobody));
      expect(known.hashes).toBe(unknown.hashes);
      expect(known.followUps).toEqual([{ kind, email: user.email }]);
      expect(unknown.followUps).toEqual([{ kind, email: nobody }]);
      expect(known.body).toBe(unknown.body);
    },
  );

  it('answers the salt of the address asked, known or not', async () => {
    const browser = newBrowser();
    const email = unknownAddress();
    const created = await browser.post('/app/user/create', {
      username: `salted_${fresh}`,
      firstname: 'Salt',
      lastname: 'Owner',
      email,
      password: 'salted-password-1',
      password2: 'salted-password-1',
      captcha: await captcha(browser),
    });
    expect(created.statusCode).toBe(200);
    const secret = t.config.secrets.SALT_SECRET;
    expect(await saltOf(email)).toBe(deriveSalt(secret, email));
    const nobody = unknownAddress();
    expect(await saltOf(nobody)).toBe(deriveSalt(secret, nobody));
  });

  it('limits salt requests per address', async () => {
    const browser = newBrowser();
    for (let i = 0; i < limits.saltPerAddress.max; i += 1) {
      expect((await browser.get(`/app/user/salt?email=probe${i}@example.org`)).statusCode).toBe(
        200,
      );
    }
    const refused = await browser.get('/app/user/salt?email=one-more@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('still signs in an account with an older stored salt, and moves it to its address’s salt when the password is set', async () => {
    // makePerson stores a fixed salt, as accounts made before salts followed the address have.
    const { user, cookie } = await existing();
    const login = async (password: string) => {
      const browser = newBrowser();
      const salt = await saltOf(user.email);
      return browser.post('/app/user/login', {
        email: user.email,
        password: await deriveClientKey(password, salt),
      });
    };
    expect(await saltOf(user.email)).toBe(user.passwordSalt);
    expect((await login('test-password-123')).statusCode).toBe(200);
    const changed = await new TestBrowser(t.app, '192.0.2.250').request(
      'POST',
      '/app/user/update',
      {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        publicizeName: true,
        password: 'moved-password-1',
        password2: 'moved-password-1',
      },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await saltOf(user.email)).toBe(deriveSalt(t.config.secrets.SALT_SECRET, user.email));
    expect((await login('moved-password-1')).statusCode).toBe(200);
  });
});
