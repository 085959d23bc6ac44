import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { siteAdmin } from './users';

/**
 * Deleted Items from the header: a concept deleted from a profile of the person's group is listed
 * under its group and profile, leads to that version's Deleted Items, and the page is axe-clean.
 */
test('Deleted Items in the header lists what was deleted in the profiles of my groups', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(siteAdmin.email);
  await page.getByLabel(/^Password/).fill(siteAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Site Administrator/ })).toBeVisible();

  const api = page.request;
  const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
  const headers = { 'x-csrf-token': csrf };
  const call = async <T>(method: 'post' | 'delete', url: string, data?: unknown): Promise<T> => {
    const response = await api[method](url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  const groupName = `Deleting Group ${stamp}`;
  const profileName = `Deleting Profile ${stamp}`;
  const group = await call<{ organization: { uuid: string } }>('post', '/app/org', {
    name: groupName,
    collaborationLink: 'https://example.org/deleting',
    description: 'A group that deletes a concept.',
  });
  const orgId = group.organization.uuid;
  const made = await call<{ profile: { uuid: string }; version: { uuid: string } }>(
    'post',
    `/app/org/${orgId}/profile`,
    {
      iriType: 'generated-iri',
      name: profileName,
      description: 'Loses a concept.',
      translations: [],
      moreInformation: '',
      tags: [],
    },
  );
  const base = `/app/profile/${made.profile.uuid}/version/${made.version.uuid}/concepts`;
  const verb = await call<{ concept: { uuid: string } }>('post', base, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'skim',
    name: `skim-${stamp}`,
    description: 'Skim a page.',
  });
  await call('post', `${base}/${verb.concept.uuid}/lock`, {});
  await call('delete', `${base}/${verb.concept.uuid}`);

  await page.getByRole('link', { name: 'Deleted Items' }).first().click();
  await expect(page).toHaveURL(/\/deleted-items$/);
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  const table = page.getByRole('table', { name: `Deleted items of ${profileName}` });
  await table.getByRole('link', { name: `skim-${stamp}` }).click();
  await expect(page).toHaveURL(
    `/deleted-items/organization/${orgId}/profile/${made.profile.uuid}/version/${made.version.uuid}`,
  );
  await expect(page.getByRole('button', { name: `Restore skim-${stamp}` })).toBeVisible();

  await page.goto('/deleted-items');
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
