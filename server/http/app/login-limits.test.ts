import { describe, expect, it } from 'vitest';
import { deriveClientKey } from '../../../common/client-key';
import { limits } from '../../modules/abuse/rate-limiter';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

const PASSWORD = 'test-password-123';

/** Sign-in limits: failures count per client and account, so nobody can lock the owner out. */
describe('sign-in limits', () => {
  const t = useTestApp();
  let addressCounter = 0;
  /** A client at its own address (TEST-NET-2 and TEST-NET-3 ranges). */
  const newAddress = () => {
    addressCounter += 1;
    return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  async function login(ip: string, email: string, password: string) {
    const browser = new TestBrowser(t.app, ip);
    const salt = (await browser.get(`/app/user/salt?email=${encodeURIComponent(email)}`)).json<{
      salt: string;
    }>().salt;
    return browser.post('/app/user/login', {
      email,
      password: await deriveClientKey(password, salt),
    });
  }

  it('refuses a client after ten failures on an account, but not the owner elsewhere', async () => {
    const { user } = await makePerson(t.database.db, t.app.services.sessions);
    const attacker = newAddress();
    for (let i = 0; i < limits.loginFailuresPerClient.max; i += 1) {
      expect((await login(attacker, user.email, `guess-${i}`)).statusCode).toBe(400);
    }
    const refused = await login(attacker, user.email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address that has not failed, still signs in.
    expect((await login(newAddress(), user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('forgets a client’s failures once it signs in', async () => {
    const { user } = await makePerson(t.database.db, t.app.services.sessions);
    const owner = newAddress();
    for (let i = 0; i < limits.loginFailuresPerClient.max - 1; i += 1) {
      expect((await login(owner, user.email, `typo-${i}`)).statusCode).toBe(400);
    }
    expect((await login(owner, user.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(owner, user.email, 'one-more-typo')).statusCode).toBe(400);
    expect((await login(owner, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('past the account ceiling, refuses addresses that failed but not one with a clean record', async () => {
    const { user } = await makePerson(t.database.db, t.app.services.sessions);
    const spread: string[] = [];
    // An attacker spread over many addresses, each staying under the per-client limit.
    const perAddress = limits.loginFailuresPerClient.max - 1;
    const addresses = Math.ceil(limits.loginFailuresPerAccount.max / perAddress);
    for (let a = 0; a < addresses; a += 1) {
      const ip = newAddress();
      spread.push(ip);
      for (let i = 0; i < perAddress; i += 1) await login(ip, user.email, `spread-${a}-${i}`);
    }
    const again = await login(spread[0]!, user.email, 'spread-again');
    expect(again.statusCode).toBe(429);
    expect((await login(newAddress(), user.email, PASSWORD)).statusCode).toBe(200);
  }, 120_000);
});
