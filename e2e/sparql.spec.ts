import { expect, test } from './fixtures';
import { createApiKey, createGroup, createProfile, expectAccessible, siteApi } from './site';
import { signIn, siteAdmin } from './users';

/** The page's own content: the shell around it (header, menus) is checked on its own. */
const content = { include: 'main', exclude: ['nav', 'header'] };

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// the SPARQL store hears of a publication through change notices, which a PostgreSQL server carries
// between connections.
test('the SPARQL documentation and query page are accessible, and an example fills the editor @postgres', async ({
  page,
}) => {
  await page.goto('/api-info/sparql');
  await expect(page.getByRole('heading', { level: 1, name: 'SPARQL' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'What profiles are on the server?' }),
  ).toBeVisible();
  await expectAccessible(page, content);

  await page.getByRole('link', { name: 'the query page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SPARQL Query' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'SPARQL query' });
  await expect(editor).toContainText('profile:Profile');
  await page
    .getByRole('button', { name: 'What statement templates are available in this profile?' })
    .click();
  await expect(editor).toContainText('profile:StatementTemplate');
  await expect(page.getByRole('button', { name: 'Run query' })).toBeDisabled();
  await expectAccessible(page, content);
});

test('the query page answers an example query over a published profile, and its verb IRI opens the verb @postgres', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  const verbName = `pondered-${stamp}`;

  // A group publishes a profile with one verb and makes a key that may read, through `/app`.
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `SPARQL Group ${stamp}`,
    description: 'Profiles read by machines.',
  });
  const created = await createProfile(api, orgId, {
    name: `Thinking Profile ${stamp}`,
    description: 'Statements about thinking.',
  });
  const verb = await api.post<{ concept: { iri: string } }>(`${created.versionApi}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'pondered',
    name: verbName,
    description: 'Thought a question over.',
  });
  await api.post(`${created.versionApi}/publish`, { confirmed: true });
  const key = await createApiKey(api, orgId, { description: 'SPARQL reader' });

  // Someone signed out runs the verbs example on the query page with that key.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto('/api-info/sparql/query');
  await reader.getByLabel('Profile IRI for the examples').fill(created.iri);
  await reader
    .getByRole('button', { name: 'What verbs and activity types does this profile describe?' })
    .click();
  await reader.getByLabel('API key').fill(key);
  const results = reader.getByRole('table', { name: 'Query results' });
  // The store follows the publication within moments; ask again until it has.
  await expect(async () => {
    await reader.getByRole('button', { name: 'Run query' }).click();
    await expect(results).toContainText(verbName, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(reader.getByText('1 result', { exact: true })).toBeVisible();
  await expectAccessible(reader, content);

  // The verb's IRI, a link in the answer, opens the verb's page.
  await results.getByRole('link', { name: verb.concept.iri }).click();
  await expect(reader).toHaveURL(/\/profile\/[0-9a-f-]{36}\/.*concepts\/[0-9a-f-]{36}/);
  await expect(reader.getByRole('heading', { name: verbName })).toBeVisible();
  await visitor.close();
});
