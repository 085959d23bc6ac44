import { expect, test } from './fixtures';

/** Side-menu label, the page it opens, its heading, and whether it shows examples. */
const PAGES: Array<[label: string, path: string, heading: string, examples: boolean]> = [
  ['Import/Create Profile', '/api-info/post', 'Import/Create Profile', true],
  ['Get a Profile', '/api-info/get', 'Get a Profile', false],
  ['Single', '/api-info/get/single', 'Get a Single Profile', true],
  ['By IRI', '/api-info/get/by-iri', 'Get a Profile by IRI', true],
  ['Many', '/api-info/get/many', 'Get Many Profiles', true],
  ['Edit Profile', '/api-info/put', 'Edit Profile', true],
  ['Delete Draft Profile', '/api-info/delete', 'Delete Draft Profile', true],
  ['Update Profile Status', '/api-info/status', 'Update Profile Status', true],
  ['Get Profile Metadata', '/api-info/metadata', 'Get Profile Metadata', true],
  ['Validate Profile', '/api-info/validate', 'Validate Profile', true],
  ['SPARQL', '/api-info/sparql', 'SPARQL', true],
  ['Getting Started', '/api-info', 'Getting Started', true],
];

/** A menu link is named by its label, then the method of its call, if any. */
const menuLinkName = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( (GET|POST|PUT|DELETE))?$`);

test('the side menu of the API documentation leads to every page', async ({ page }) => {
  await page.goto('/api-info');
  await expect(page.getByRole('heading', { level: 1, name: 'Getting Started' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'API Info' });
  for (const [label, path, heading, examples] of PAGES) {
    await menu.getByRole('link', { name: menuLinkName(label) }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(menu.getByRole('link', { name: menuLinkName(label) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    if (examples) await expect(page.getByRole('article').first()).toBeVisible();
  }
});

test('a page of the documentation opens from its address, an unknown one is not found', async ({
  page,
}) => {
  await page.goto('/api-info/put');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  const example = page.getByRole('article', { name: 'Edit a draft', exact: true });
  await example.getByRole('tab', { name: 'curl' }).click();
  await expect(example.getByLabel('curl command', { exact: true })).toContainText(
    "curl -i -X PUT 'http://127.0.0.1:",
  );
  await page.goto('/api-info/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the interactive reference lists the API without loading anything from elsewhere', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto('/api-info');
  await page.getByRole('link', { name: 'interactive API reference' }).click();
  await expect(page).toHaveURL(`${origin}/api/reference/`);
  // The reference loads its own bundle and the whole OpenAPI document before it draws anything:
  // on a busy machine that takes longer than a screen of the app.
  await expect(page.getByText('xAPI Profile Server public API').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('/api/profile', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('/api/validate', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
});
