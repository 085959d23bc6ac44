import type { Page } from '@playwright/test';
import { expect, secondBrowser, test } from './fixtures';
import { settled } from './site';
import { createValidatedUser, signIn, siteAdmin, type TestUser } from './users';

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' });

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// invitations and role changes send mails as background jobs on connections of their own.
test('a working group from creation to membership, API keys and a new site admin @postgres', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const groupName = `Video Working Group ${stamp}`;
  const bob: TestUser = await createValidatedUser(baseURL, {
    firstname: 'Bob',
    lastname: 'Boole',
  });

  // The site admin creates a group, checking the link rule on the way.
  await signIn(page, siteAdmin);
  await page.goto('/organization');
  await page.getByRole('link', { name: 'Create Working Group' }).click();
  await expect(page).toHaveURL(/\/organization\/create$/);
  await page.getByRole('textbox', { name: /^Name/ }).fill(groupName);
  await page.getByRole('textbox', { name: /^Collaboration Link/ }).fill('not a link');
  await page.getByRole('button', { name: 'Create Working Group' }).click();
  await expect(page.getByText('Collaboration link needs to be a URL.')).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Collaboration Link/ })
    .fill('https://example.org/video-profile');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Statements for video players.');
  await page.getByRole('button', { name: 'Create Working Group' }).click();
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
  const groupPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(page.getByRole('tab', { name: /API Keys/ })).toBeVisible();

  // A second user finds the group and asks to join.
  const bobPage = await secondBrowser(browser, consoleErrors);
  await signIn(bobPage, bob);
  await bobPage.goto('/organization');
  await bobPage.getByPlaceholder('Search for an existing working group').fill(stamp);
  await bobPage.getByRole('button', { name: 'Search Working Groups' }).click();
  await expect(bobPage.getByText(/Showing 1 - 1 of 1 working groups for/)).toBeVisible();
  await bobPage.getByRole('button', { name: `Join ${groupName}` }).click();
  await expect(bobPage.getByText('Your request to the working group was sent.')).toBeVisible();
  const bobRow = bobPage.getByRole('row').filter({ hasText: groupName });
  await expect(bobRow.getByText('Membership Requested')).toBeVisible();

  // The group admin approves the request as a Member.
  await page.goto(`${groupPath}/members`);
  const requests = page.getByRole('table', { name: 'Requests to join' });
  await expect(requests.getByText(bob.email)).toBeVisible();
  const role = page.getByRole('combobox', { name: /^Role for / });
  await expect(role).toHaveValue('member');
  await page.getByRole('button', { name: /^Approve / }).click();
  await expect(requests).toHaveCount(0);
  const bobMember = membersTable(page).getByRole('row').filter({ hasText: bob.email });
  await expect(bobMember.getByText('Member', { exact: true })).toBeVisible();

  // The new member sees the Members tab, and leaves after confirming.
  await bobPage.goto(groupPath);
  await bobPage.getByRole('tab', { name: /Members/ }).click();
  await expect(bobPage).toHaveURL(new RegExp(`${groupPath}/members$`));
  await expect(bobPage.getByRole('tab', { name: /API Keys/ })).toHaveCount(0);
  await bobPage.getByRole('button', { name: 'Leave Working Group' }).click();
  const dialog = bobPage.getByRole('dialog', { name: 'Leave Working Group?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave Working Group' }).click();
  await expect(bobPage).toHaveURL(new RegExp(`${groupPath}/about$`));
  await expect(bobPage.getByRole('button', { name: 'Join Working Group' })).toBeVisible();
  await expect(bobPage.getByRole('tab', { name: /Members/ })).toHaveCount(0);

  await page.reload();
  await expect(membersTable(page).getByText('Site Administrator')).toBeVisible();
  await expect(membersTable(page).getByText(bob.email)).toHaveCount(0);

  // The group admin creates an API key and sees it in full only once.
  await page.getByRole('tab', { name: /API Keys/ }).click();
  await page.getByRole('link', { name: 'Create API Key' }).click();
  await page.getByRole('textbox', { name: /^Description/ }).fill('Nightly import');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('Check at least one.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Read' }).check();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  const key = (await shown.textContent()) ?? '';
  await expect(
    page.getByText('This is the only time the full key is shown.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Done' }).click();
  const keys = page.getByRole('table', { name: 'API keys' });
  await expect(keys.getByText(`…${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.reload();
  await expect(keys.getByText(`…${key.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // The site admin makes the second user a site admin.
  await page.goto('/admin/users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(bob.email);
  await page.getByRole('button', { name: 'Search Users' }).click();
  await expect(page.getByText(`1 user for ${bob.email}`)).toBeVisible();
  // The search's own requests may still run: the loading overlay would take the click.
  await settled(page);
  await page.getByRole('link', { name: 'Boole, Bob' }).click();
  await expect(page.getByRole('heading', { name: 'Bob Boole' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Account' }).click();
  const adminBox = page.getByRole('checkbox', { name: 'Has admin permissions for the server' });
  await expect(adminBox).toBeEnabled();
  await adminBox.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTitle('Server role')).toHaveText('Administrator');

  await bobPage.goto('/');
  await bobPage.getByRole('button', { name: /Admin/ }).click();
  await expect(bobPage.getByRole('menuitem', { name: 'Manage Users' })).toBeVisible();
  await bobPage.context().close();
});

test('site admins cannot take their own admin permissions away @postgres', async ({ page }) => {
  await signIn(page, siteAdmin);
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Administrator, Site' }).click();
  await page.getByRole('button', { name: 'Edit Account' }).click();
  const adminBox = page.getByRole('checkbox', { name: 'Has admin permissions for the server' });
  await expect(adminBox).toBeChecked();
  await expect(adminBox).toBeDisabled();
});
