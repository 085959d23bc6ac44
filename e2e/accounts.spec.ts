import type { Page } from '@playwright/test';
import { FORGOT_PASSWORD_NOTICE } from '../common/accounts';
import { expect, test } from './fixtures';
import { resetLink, seenMail, validationCode } from './mailbox';
import { settled } from './site';
import { signIn, signOut, siteAdmin, submitSignIn } from './users';

/** Ticks the ALTCHA box and waits until the browser has solved the proof of work. */
async function solveCaptcha(page: Page): Promise<void> {
  const box = page.locator('altcha-widget input[type="checkbox"]');
  // The widget draws its own label over the input, so a normal click is refused as covered.
  await box.click({ force: true });
  await expect(box).toBeChecked({ timeout: 30_000 });
}

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// every mail goes out as a background job, which on a PostgreSQL server runs on a connection of its
// own.
test('sign up, validate, edit the account, and reset a forgotten password @postgres', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `ada-${stamp}@example.org`;
  const username = `ada-${stamp}`;
  const firstPassword = 'Analytical engine 1843';
  const secondPassword = 'Difference engine 1822';
  const thirdPassword = 'Bernoulli numbers note G';

  // Sign up, solving the real captcha.
  await page.goto('/user/create');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(firstPassword);
  await page.getByLabel('Re-enter Password').fill(firstPassword);
  await solveCaptcha(page);
  const before = seenMail();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/user\/validate$/);
  await expect(page.getByRole('heading', { name: 'Validate Account' })).toBeVisible();

  // Validate with the mailed code; that signs the new user in.
  const code = await validationCode(email, before);
  await page.getByLabel('Validation Code').fill(code);
  await page.getByRole('button', { name: 'Submit Validation Code' }).click();
  await expect(page).toHaveURL(/\/$/);
  const accountMenu = page.getByRole('button', { name: /Ada Lovelace/ });
  await expect(accountMenu).toBeVisible();

  // The username was chosen at sign-up.
  await settled(page);
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  const details = page.getByRole('region', { name: 'Account Details' });
  await expect(details.getByText(username, { exact: true })).toBeVisible();
  await expect(details.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Select Username' })).toHaveCount(0);

  await signOut(page, 'Ada Lovelace');

  // Sign in again: the username is chosen and there is nowhere to return to, so home.
  await signIn(page, { email, password: firstPassword, fullName: 'Ada Lovelace' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible();

  // Edit the name and the password, stopping once at the Discard Changes dialog.
  await page.goto('/user/account');
  await page.getByRole('button', { name: 'Edit Account' }).click();
  await expect(page.getByLabel('Username')).toBeDisabled();
  await page.getByLabel('First Name').fill('Augusta Ada');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard Changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('First Name')).toHaveValue('Augusta Ada');
  await page.getByRole('button', { name: 'Edit Password' }).click();
  await page.getByLabel(/^New Password/).fill(secondPassword);
  await page.getByLabel('Re-enter New Password').fill(secondPassword);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(details.getByText('Augusta Ada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Augusta Ada Lovelace/ })).toBeVisible();

  await signOut(page, 'Augusta Ada Lovelace');

  // The changed password works.
  await signIn(page, { email, password: secondPassword, fullName: 'Augusta Ada Lovelace' });
  await expect(page.getByRole('button', { name: /Augusta Ada Lovelace/ })).toBeVisible();
  await signOut(page, 'Augusta Ada Lovelace');

  // Forgot the password: ask for a link and reset it with the mailed key.
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/user\/forgotpassword$/);
  // The address changes at the click, but the Sign In form, with its own Email field, stays on
  // screen until the Forgot Password screen's code has arrived: type only into the new form.
  const forgotForm = page.getByRole('form', { name: 'Forgot password' });
  await forgotForm.getByLabel('Email').fill(email);
  await solveCaptcha(page);
  const beforeReset = seenMail();
  await forgotForm.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(FORGOT_PASSWORD_NOTICE)).toBeVisible();

  await page.goto(await resetLink(email, beforeReset));
  await page.getByLabel(/^New Password/).fill(thirdPassword);
  await page.getByLabel('Re-enter New Password').fill(thirdPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('status')).toContainText('Sign in with your new password.');

  // Sign in with the new password.
  await signIn(page, { email, password: thirdPassword, fullName: 'Augusta Ada Lovelace' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Augusta Ada Lovelace/ })).toBeVisible();
});

test('an unknown reset key blocks the page @postgres', async ({ page }) => {
  await page.goto('/user/resetpassword?key=not-a-real-key');
  await expect(
    page.getByText('There was an error with The reset key you provided is no longer valid.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
});

test('a sign-in started from a login-required page returns there @postgres', async ({ page }) => {
  await page.goto('/user/account');
  await expect(page).toHaveURL(/\/user\/login$/);
  await submitSignIn(page, siteAdmin);
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(page.getByTitle('Server role')).toHaveText('Administrator');
});
