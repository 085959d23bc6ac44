import { expect, test } from './fixtures';
import { createGroup, createProfile, expectAccessible, siteApi } from './site';
import { signIn, siteAdmin } from './users';

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// published content reaches the search index through the PostgreSQL server's own text search.
test('search from the header, switch tabs, page, open a result and go back @postgres', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const word = `zebra${Date.now().toString(36)}`;
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  // A published profile with twelve concepts sharing one word.
  const orgId = await createGroup(api, {
    name: `Search Group ${word}`,
    description: 'Finding things.',
  });
  const { profileId, versionApi: version } = await createProfile(api, orgId, {
    name: `Search Profile ${word}`,
    description: 'A profile to search in.',
    tags: ['findable'],
  });
  for (let i = 1; i <= 12; i++)
    await api.post(`${version}/concepts`, {
      conceptType: 'Verb',
      iriType: 'generated-iri',
      geniri: `${word}-${i}`,
      name: `${word} ${String(i).padStart(2, '0')}`,
      description: `Verb number ${i} of the search test.`,
      translations: [],
      similarTerms: [],
    });
  await api.post(`${version}/publish`, { confirmed: true });

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
  await expect(page).toHaveURL(new RegExp(`/profile/${profileId}/concepts/`));
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
