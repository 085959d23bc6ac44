import { expect, secondBrowser, test } from './fixtures';
import { addMember, createGroup, createProfile, seriousAxeFindings, siteApi } from './site';
import { createValidatedUser, signIn, siteAdmin } from './users';

test('two members save one concept: the later save is told who saved, keeps its text and may keep it', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const bob = await createValidatedUser(baseURL, { firstname: 'Bob', lastname: 'Boole' });

  // A group with Bob as a member, a draft profile and a verb, made through the site's own calls.
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Conflict Group ${stamp}`,
    description: 'Two editors of one concept.',
  });
  await addMember(api, orgId, bob.username);
  const { versionPath, versionApi } = await createProfile(api, orgId, {
    name: `Conflict Profile ${stamp}`,
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
  const description = (p: typeof page) => p.getByRole('textbox', { name: /^Description/ });

  // The admin (A) opens the edit form and starts typing, then steps away: their lock runs out.
  await page.goto(`${conceptPath}/edit`);
  await description(page).fill('Read fast, as A wrote it.');
  await api.delete(lockApi);

  // Bob (B) edits the same concept meanwhile, saves and leaves.
  const bobPage = await secondBrowser(browser, consoleErrors);
  await signIn(bobPage, bob);
  await bobPage.goto(`${conceptPath}/edit`);
  await description(bobPage).fill('Read quickly, as Bob wrote it.');
  await bobPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(bobPage.getByRole('status')).toContainText('Your changes to the concept');
  await expect(bobPage).toHaveURL(conceptPath);

  // A takes the lock again and saves the form as it was filled: refused, naming Bob.
  await expect(async () => {
    await api.post(lockApi);
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'someone else saved meanwhile' });
  await expect(conflict).toContainText(new RegExp(`${bob.username}|Bob Boole`));
  await expect(conflict).toContainText('saved this concept at');
  const row = conflict.getByRole('row', { name: /^Description/ });
  await expect(row).toContainText('Read quickly, as Bob wrote it.');
  await expect(row).toContainText('Read fast, as A wrote it.');
  await expect(description(page)).toHaveValue('Read fast, as A wrote it.');
  // Explained next to the form, not as a 'Permission Denied' as well.
  await expect(page.getByText('Permission Denied')).toHaveCount(0);
  expect(await seriousAxeFindings(page, 'edit conflict')).toEqual([]);

  // Keep mine: saved over Bob's version, based on it.
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('status')).toContainText('Your changes to the concept');
  await expect(page).toHaveURL(conceptPath);
  await expect(page.getByText('Read fast, as A wrote it.')).toBeVisible();

  // Chromium logs every refused request; the conflict's 409 is expected, nothing else is.
  const refused = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
  expect(consoleErrors).toContain(refused);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});
