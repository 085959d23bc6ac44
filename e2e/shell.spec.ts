import { expect, test } from './fixtures';

const navigation: Array<[label: string, path: string, heading: RegExp]> = [
  ['Profiles', '/profiles', /Explore Profiles/],
  ['Working Groups', '/organization', /Working Groups/],
  ['API Info', '/api-info', /API Info/],
  ['Getting Started', '/help', /xAPI Profile Guidelines/],
  ['FAQs', '/FAQs', /Frequently asked questions/i],
  ['Home', '/', /xAPI PROFILE GUIDELINES/],
];

test('every navigation link renders its page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'xAPI PROFILE GUIDELINES' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path, heading] of navigation) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
});

test('a deep link survives a reload', async ({ page }) => {
  await page.goto('/help#publishing-profiles');
  await expect(
    page.getByRole('heading', { name: 'Publishing Profiles', exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Publishing Profiles', exact: true }),
  ).toBeVisible();
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a login-required route sends a visitor to sign in', async ({ page }) => {
  await page.goto('/profiles/create');
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the search box carries its text to the search page', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Search for existing content').fill('completed video');
  await page.getByPlaceholder('Search for existing content').press('Enter');
  await expect(page).toHaveURL(/\/search\?search=completed\+video$/);
});

test('machine paths answer JSON, never the app', async ({ request }) => {
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  const refused = await request.post('/app/user/logout');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, code: 'CSRF_INVALID' });
});
