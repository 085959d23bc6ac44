import { expect, test } from './fixtures';
import {
  createGroup,
  createProfile,
  publishFromPage,
  siteApi,
  UUID,
  findingsAtBothWidths,
  NARROW,
  overflowsSideways,
  WIDE,
} from './site';
import { signIn, siteAdmin } from './users';

test('a concept created on a published version opens in the new draft and stays there', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Created Items ${stamp}`,
    description: 'Where a created concept lands.',
  });
  const profile = await createProfile(api, orgId, {
    name: `Landing ${stamp}`,
    description: 'A profile published before a concept is made.',
  });
  await publishFromPage(page, profile.versionPath);

  // Create Verb from the published version: the save makes the next draft.
  await page.goto(`${profile.versionPath}/concepts`);
  await page.getByRole('link', { name: 'Create Concept' }).click();
  await page.getByRole('link', { name: 'Verb', exact: true }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('skimmed');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Read quickly.');
  await page.getByRole('button', { name: 'Create Verb' }).click();
  const draftConcept = new RegExp(
    `/organization/${orgId}/profile/${profile.profileId}/version/(?!${profile.versionId})${UUID}/concepts/${UUID}$`,
  );
  await expect(page).toHaveURL(draftConcept);
  await expect(page.getByRole('heading', { name: 'skimmed' })).toBeVisible();
  // The refresh that follows the save must not take the screen back to the published list.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(draftConcept);
  await expect(page.getByRole('heading', { name: 'skimmed' })).toBeVisible();
  await expect(page.getByText('You are viewing an older version of this profile.')).toHaveCount(0);

  expect(await findingsAtBothWidths(page, 'the new concept in the draft')).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await overflowsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/created-concept-390.png', fullPage: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: 'test-results/created-concept-wide.png', fullPage: true });
});

test('the webhooks page documents the body, readable and accessible at 390 px and full width', async ({
  page,
}) => {
  await page.goto('/api-info/webhooks');
  await expect(page.getByRole('table', { name: 'Webhook body fields' })).toBeVisible();
  expect(await findingsAtBothWidths(page, 'the webhooks page')).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await overflowsSideways(page)).toBe(false);
  await page.screenshot({ path: 'test-results/webhooks-390.png', fullPage: true });
});
