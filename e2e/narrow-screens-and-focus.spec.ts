import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, secondBrowser, test } from './fixtures';
import {
  addMember,
  createGroup,
  createProfile,
  readingSessionPattern,
  siteApi,
  findingsAtBothWidths,
  NARROW,
  overflowsSideways,
  WIDE,
} from './site';
import { createValidatedUser, signIn, siteAdmin } from './users';

/** Whether the whole of `locator` lies inside the window, left to right. */
async function withinWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 1;
}

/** Where a screenshot of this spec goes, to be looked at after a run. */
const shot = (name: string) => test.info().outputPath(`${name}.png`);

test('a profile’s translations, a dialog, a template’s example and generated statements at 390 px and full width', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Narrow Screens ${stamp}`,
    description: 'Seen on a phone and on a desk.',
  });
  const description =
    'Une description en français assez longue pour ne pas tenir sur la largeur d’un téléphone.';
  const { versionPath, versionApi } = await createProfile(api, orgId, {
    name: `Phone Profile ${stamp}`,
    description: 'A profile with a translation.',
    translations: [
      { language: 'fr', translationName: 'Profil de lecture', translationDesc: description },
    ],
  });
  const opened = await readingSessionPattern(page, api, versionApi, stamp, { examples: true });

  // The profile page: the translation's description stays on screen at 390 px.
  await page.setViewportSize(NARROW);
  await page.goto(versionPath);
  const translations = page.getByRole('table', { name: 'Translations' });
  await expect(translations).toBeVisible();
  const cell = translations.getByRole('cell', { name: description });
  await cell.scrollIntoViewIfNeeded();
  expect(await withinWindow(page, cell)).toBe(true);
  expect(
    await withinWindow(page, translations.getByRole('columnheader', { name: 'Description' })),
  ).toBe(true);
  expect(await overflowsSideways(page)).toBe(false);
  await translations.screenshot({ path: shot('translations-390') });
  expect(await findingsAtBothWidths(page, 'profile page')).toEqual([]);

  // A dialog open over the page: one banner, the page's own.
  await page.setViewportSize(NARROW);
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const landmarks = await new AxeBuilder({ page })
    .withRules(['landmark-no-duplicate-banner', 'landmark-unique', 'landmark-banner-is-top-level'])
    .analyze();
  expect(landmarks.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: shot('dialog-390') });
  expect(await findingsAtBothWidths(page, 'a dialog over the profile page')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A template's page with its example.
  await page.goto(`${versionPath}/templates/${opened}`);
  await expect(page.getByRole('heading', { name: 'Opened a page' })).toBeVisible();
  expect(await findingsAtBothWidths(page, 'template page with an example')).toEqual([]);

  // Generate Statements: the focus goes on to the results, and the preview's seven columns
  // scroll sideways in a region the keyboard reaches, at 390 px.
  await page.setViewportSize(NARROW);
  await page.goto(`${versionPath}/generate`);
  await page.getByRole('textbox', { name: /^Seed/ }).fill(`seed-${stamp}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Generated statements' });
  await expect(heading).toBeFocused();
  const region = page.getByRole('region', { name: 'Generated statements, scrolling sideways' });
  await expect(region).toBeVisible();
  await region.focus();
  await expect(region).toBeFocused();
  const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrolls).toBe(true);
  expect(await overflowsSideways(page)).toBe(false);
  await region.screenshot({ path: shot('generated-390-start') });
  // Scrolled to its end, the last column is on screen.
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const json = page.getByRole('columnheader', { name: 'JSON' });
  await expect.poll(() => withinWindow(page, json)).toBe(true);
  await region.screenshot({ path: shot('generated-390-end') });
  expect(await findingsAtBothWidths(page, 'generated statements')).toEqual([]);
});

test('the conflict view of two members saving one concept shows both versions at 390 px', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const bob = await createValidatedUser(baseURL, { firstname: 'Bob', lastname: 'Boole' });
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Narrow Conflict ${stamp}`,
    description: 'Two editors of one concept, one on a phone.',
  });
  await addMember(api, orgId, bob.username);
  const { versionPath, versionApi } = await createProfile(api, orgId, {
    name: `Narrow Conflict Profile ${stamp}`,
    description: 'Edited by two people.',
  });
  const made = await api.post<{ concept: { uuid: string } }>(`${versionApi}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'skimmed',
    name: 'skimmed',
    description: 'Read quickly.',
    translations: [],
    similarTerms: [],
  });
  const conceptPath = `${versionPath}/concepts/${made.concept.uuid}`;
  const lockApi = `${versionApi}/concepts/${made.concept.uuid}/lock`;
  const description = (p: Page) => p.getByRole('textbox', { name: /^Description/ });

  // The admin starts typing on a phone and steps away; Bob saves meanwhile.
  await page.setViewportSize(NARROW);
  await page.goto(`${conceptPath}/edit`);
  const mine = 'Read fast, as A wrote it on a phone, with a sentence long enough to wrap.';
  await description(page).fill(mine);
  await api.delete(lockApi);
  const bobPage = await secondBrowser(browser, consoleErrors);
  await signIn(bobPage, bob);
  await bobPage.goto(`${conceptPath}/edit`);
  await description(bobPage).fill('Read quickly, as Bob wrote it.');
  await bobPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(bobPage).toHaveURL(conceptPath);
  await expect(async () => {
    await api.post(lockApi);
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Save Changes' }).click();

  const conflict = page.getByRole('alert').filter({ hasText: 'someone else saved meanwhile' });
  const row = conflict.getByRole('row', { name: /^Description/ });
  await expect(row).toContainText('Read quickly, as Bob wrote it.');
  // Both columns on screen, and what was typed with them.
  const yours = conflict.getByRole('columnheader', { name: 'Yours' });
  await yours.scrollIntoViewIfNeeded();
  expect(await withinWindow(page, yours)).toBe(true);
  expect(await withinWindow(page, row.getByRole('cell', { name: mine }))).toBe(true);
  expect(await overflowsSideways(page)).toBe(false);
  await conflict.screenshot({ path: shot('conflict-390') });
  const found = await findingsAtBothWidths(page, 'edit conflict');
  await page.setViewportSize(WIDE);
  await conflict.screenshot({ path: shot('conflict-wide') });
  expect(found).toEqual([]);

  const refused = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});
