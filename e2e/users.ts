import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveChallenge, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { seenMail, validationCode } from './mailbox';
import { settled } from './site';

/** What a person signs in with, and the full name the header's account menu then shows. */
export interface Credentials {
  email: string;
  password: string;
  fullName: string;
}

/** The site admin the e2e server is started with (playwright.config.ts). */
export const siteAdmin: Credentials = {
  email: 'admin@example.org',
  password: 'e2e-admin-password',
  fullName: 'Site Administrator',
};

export interface TestUser extends Credentials {
  username: string;
  firstname: string;
  lastname: string;
}

/** Solves the server's captcha as the browser widget would and encodes it as its form value. */
async function solvedCaptcha(api: APIRequestContext): Promise<string> {
  const response = await api.get('/app/captcha/challenge');
  expect(response.ok()).toBe(true);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge could not be solved.');
  const payload: Payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * Signs a new person up and validates the account with the mailed code, through the same calls
 * the account screens make, in a request context of its own so no session leaks into the test's
 * browser. The names are made unique per run.
 */
export async function createValidatedUser(
  baseURL: string,
  person: { firstname: string; lastname: string },
): Promise<TestUser> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const user: TestUser = {
    ...person,
    fullName: `${person.firstname} ${person.lastname}`,
    username: `${person.firstname.toLowerCase()}-${stamp}`,
    email: `${person.firstname.toLowerCase()}-${stamp}@example.org`,
    password: `${person.firstname} walks to the river ${stamp}`,
  };
  const api = await request.newContext({ baseURL });
  try {
    const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
    const headers = { 'x-csrf-token': csrf };
    const before = seenMail();
    const created = await api.post('/app/user/create', {
      headers,
      data: {
        username: user.username,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        password: user.password,
        password2: user.password,
        captcha: await solvedCaptcha(api),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const code = await validationCode(user.email, before);
    const validated = await api.post('/app/user/validate', {
      headers,
      data: { validationCode: code },
    });
    expect(validated.status(), await validated.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return user;
}

/** The signed-in header's account menu, named by the person's full name. */
export function accountMenu(page: Page, fullName: string): Locator {
  const escaped = fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('button', { name: new RegExp(`^${escaped}`) });
}

/**
 * Fills in and sends the sign-in form already on the page, then waits until the header shows the
 * person signed in: no Sign in link, the Deleted Items link, and their account menu.
 */
export async function submitSignIn(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel(/^Password/).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Deleted Items', exact: true })).toBeVisible();
  await expect(accountMenu(page, credentials.fullName)).toBeVisible();
}

/** Signs in on the login page and waits for the signed-in header. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/user/login');
  await submitSignIn(page, credentials);
}

/** Signs out from the account menu: the site reloads at home with the Sign in link back. */
export async function signOut(page: Page, fullName: string): Promise<void> {
  await settled(page);
  await accountMenu(page, fullName).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}
