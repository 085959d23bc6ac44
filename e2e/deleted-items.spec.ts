import { expect, test } from './fixtures';
import { createGroup, createProfile, expectAccessible, siteApi } from './site';
import { signIn, siteAdmin } from './users';

/**
 * Deleted Items from the header: a concept deleted from a profile of the person's group is listed
 * under its group and profile, leads to that version's Deleted Items, and the page is axe-clean.
 */
test('Deleted Items in the header lists what was deleted in the profiles of my groups', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);

  const api = await siteApi(page.request);
  const groupName = `Deleting Group ${stamp}`;
  const profileName = `Deleting Profile ${stamp}`;
  const orgId = await createGroup(api, {
    name: groupName,
    description: 'A group that deletes a concept.',
  });
  const made = await createProfile(api, orgId, {
    name: profileName,
    description: 'Loses a concept.',
  });
  const base = `${made.versionApi}/concepts`;
  const verb = await api.post<{ concept: { uuid: string } }>(base, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'skim',
    name: `skim-${stamp}`,
    description: 'Skim a page.',
  });
  await api.post(`${base}/${verb.concept.uuid}/lock`);
  await api.delete(`${base}/${verb.concept.uuid}`);

  await page.getByRole('link', { name: 'Deleted Items' }).first().click();
  await expect(page).toHaveURL(/\/deleted-items$/);
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  const table = page.getByRole('table', { name: `Deleted items of ${profileName}` });
  await table.getByRole('link', { name: `skim-${stamp}` }).click();
  await expect(page).toHaveURL(`/deleted-items${made.versionPath}`);
  await expect(page.getByRole('button', { name: `Restore skim-${stamp}` })).toBeVisible();

  await page.goto('/deleted-items');
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await expectAccessible(page);
});
