import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { siteAdmin } from './users';

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(siteAdmin.email);
  await page.getByLabel(/^Password/).fill(siteAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Site Administrator/ })).toBeVisible();
}

/** The site's own calls, with the CSRF token every change needs. */
async function siteApi(api: APIRequestContext) {
  const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
  return async <T>(url: string, data: unknown): Promise<T> => {
    const response = await api.post(url, { headers: { 'x-csrf-token': csrf }, data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
}

interface View {
  profile: { uuid: string };
  version: { uuid: string };
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`),
  ).toEqual([]);
}

test('search from the header, switch tabs, page, open a result and go back', async ({ page }) => {
  test.setTimeout(180_000);
  const word = `zebra${Date.now().toString(36)}`;
  await signIn(page);
  const post = await siteApi(page.request);

  // A published profile with twelve concepts sharing one word.
  const group = await post<{ organization: { uuid: string } }>('/app/org', {
    name: `Search Group ${word}`,
    collaborationLink: 'https://example.org/search',
    description: 'Finding things.',
  });
  const view = await post<View>(`/app/org/${group.organization.uuid}/profile`, {
    iriType: 'generated-iri',
    name: `Search Profile ${word}`,
    description: 'A profile to search in.',
    translations: [],
    moreInformation: '',
    tags: ['findable'],
  });
  const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
  for (let i = 1; i <= 12; i++)
    await post(`${version}/concepts`, {
      conceptType: 'Verb',
      iriType: 'generated-iri',
      geniri: `${word}-${i}`,
      name: `${word} ${String(i).padStart(2, '0')}`,
      description: `Verb number ${i} of the search test.`,
      translations: [],
      similarTerms: [],
    });
  await post(`${version}/publish`, { confirmed: true });

  // The header's search box leads to the All view.
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Search' }).fill(word);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?search=${word}$`));
  const concepts = page.getByRole('region', { name: 'Concepts' });
  await expect(concepts.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Profiles' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Patterns' })).toContainText(
    'No results for the query',
  );
  await expect(concepts.locator('mark').first()).toHaveText(word);
  await expectAccessible(page);

  // The Concepts tab pages ten at a time.
  await page.getByRole('tab', { name: 'Concepts' }).click();
  await expect(page).toHaveURL(/types=concepts/);
  await expect(page.getByText('Showing 1 - 10 of 12 concepts')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectAccessible(page);

  // Open a result, then come back to the same page of results.
  const names = await page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  const opened = names[0]!;
  await page.getByRole('link', { name: opened, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${view.profile.uuid}/concepts/`));
  await expect(page.getByText(opened).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/types=concepts.*page=2|page=2.*types=concepts/);
  await expect(page.getByRole('article')).toHaveCount(2);

  // Browse All Concepts opens the Concepts tab with every concept.
  await page.getByRole('link', { name: 'Browse All Concepts' }).click();
  await expect(page).toHaveURL(/\/search\?types=concepts$/);
  await expect(page.getByRole('tab', { name: 'Concepts' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/Showing 1 - 10 of \d+ concepts/)).toBeVisible();
});
