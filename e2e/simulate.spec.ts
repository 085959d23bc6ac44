import { expect, test } from './fixtures';
import {
  createGroup,
  createProfile,
  expectAccessible,
  readingSessionPattern,
  siteApi,
} from './site';
import { signIn, siteAdmin } from './users';

/**
 * Generate Statements in a browser, on a draft: a member generates statements from its primary
 * pattern, previews them, downloads them and sends them to Test Statements, where every
 * registration follows the pattern.
 */
test('a member generates statements for a draft and sees every registration followed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Simulators ${stamp}`,
    description: 'Generates statements from a draft.',
  });
  const { versionPath, versionApi } = await createProfile(api, orgId, {
    name: `Reading Profile ${stamp}`,
    description: 'Opening, then closing a page.',
  });

  // Two templates, each with its own verb, in a primary sequence.
  const opened = await readingSessionPattern(page, api, versionApi, stamp);

  // Reached from the version page.
  await page.goto(versionPath);
  await page.getByRole('link', { name: 'Generate Statements' }).click();
  await expect(page).toHaveURL(`${versionPath}/generate`);
  await expect(page.getByRole('checkbox', { name: 'Reading session' })).toBeChecked();
  await page.getByRole('spinbutton', { name: /^Actors/ }).fill('2');
  await page.getByRole('spinbutton', { name: /^Registrations per actor/ }).fill('3');
  await page.getByRole('textbox', { name: /^Seed/ }).fill(`seed-${stamp}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const table = page.getByRole('table', { name: 'Generated statements' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'statements in' })).toHaveText(
    /^12 statements in 6 registrations of 2 actors/,
  );
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('link', { name: 'Opened a page' })).toHaveAttribute(
    'href',
    `${versionPath}/templates/${opened}`,
  );
  await expect(first.getByRole('link', { name: 'Reading session' })).toBeVisible();
  await first.getByRole('button', { name: 'Show the JSON of statement 1' }).click();
  await expect(page.getByLabel('JSON of statement 1', { exact: true })).toContainText(
    '"registration"',
  );
  await expectAccessible(page);

  // Downloads carry every statement.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download NDJSON' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/-statements\.ndjson$/);
  const text = await (await saved.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8').trim().split('\n')).toHaveLength(12);

  // Test Statements gets them filled in, and finds every registration followed.
  await page.getByRole('button', { name: 'Open in Test Statements' }).click();
  await expect(page).toHaveURL(`${versionPath}/test`);
  await expect(page.getByText('12 statements generated from this version.')).toBeVisible();
  const followed = page.getByRole('region', { name: /^Registration / });
  await expect(followed).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    await expect(followed.nth(i).getByText('Follows a primary pattern')).toBeVisible();
  }
  await expect(page.getByText('Follows no primary pattern')).toHaveCount(0);
  await expectAccessible(page);
});
