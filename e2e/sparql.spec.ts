import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** WCAG 2.1 A and AA rules, as axe names them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page's own content: the shell around it (header, menus) is checked on its own. */
const contentViolations = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(WCAG_AA)
      .include('main')
      .exclude('nav')
      .exclude('header')
      .analyze()
  ).violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));

test('the SPARQL documentation and query page are accessible, and an example fills the editor', async ({
  page,
}) => {
  await page.goto('/api-info/sparql');
  await expect(page.getByRole('heading', { level: 1, name: 'SPARQL' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'What profiles are on the server?' }),
  ).toBeVisible();
  expect(await contentViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'the query page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SPARQL Query' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'SPARQL query' });
  await expect(editor).toContainText('profile:Profile');
  await page
    .getByRole('button', { name: 'What statement templates are available in this profile?' })
    .click();
  await expect(editor).toContainText('profile:StatementTemplate');
  await expect(page.getByRole('button', { name: 'Run query' })).toBeDisabled();
  expect(await contentViolations(page)).toEqual([]);
});

/** The site admin the e2e server is started with (playwright.config.ts). */
const ADMIN = { email: 'admin@example.org', password: 'e2e-admin-password' };

test('the query page answers an example query over a published profile, and its verb IRI opens the verb', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  const verbName = `pondered-${stamp}`;

  // A group publishes a profile with one verb and makes a key that may read, through `/app`.
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Site Administrator/ })).toBeVisible();
  const csrf = ((await (await page.request.get('/app/csrf')).json()) as { token: string }).token;
  const post = async <T>(url: string, data: unknown = {}): Promise<T> => {
    const response = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  const group = await post<{ organization: { uuid: string } }>('/app/org', {
    name: `SPARQL Group ${stamp}`,
    collaborationLink: 'https://example.org/sparql',
    description: 'Profiles read by machines.',
  });
  const orgId = group.organization.uuid;
  const created = await post<{ profile: { uuid: string; iri: string }; version: { uuid: string } }>(
    `/app/org/${orgId}/profile`,
    {
      iriType: 'generated-iri',
      name: `Thinking Profile ${stamp}`,
      description: 'Statements about thinking.',
    },
  );
  const versionApi = `/app/profile/${created.profile.uuid}/version/${created.version.uuid}`;
  const verb = await post<{ concept: { iri: string } }>(`${versionApi}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'pondered',
    name: verbName,
    description: 'Thought a question over.',
  });
  await post(`${versionApi}/publish`, { confirmed: true });
  const key = randomUUID();
  await post(`/app/org/${orgId}/apiKey`, {
    uuid: key,
    description: 'SPARQL reader',
    readPermission: true,
    writePermission: false,
  });

  // Someone signed out runs the verbs example on the query page with that key.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto('/api-info/sparql/query');
  await reader.getByLabel('Profile IRI for the examples').fill(created.profile.iri);
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
  expect(await contentViolations(reader)).toEqual([]);

  // The verb's IRI, a link in the answer, opens the verb's page.
  await results.getByRole('link', { name: verb.concept.iri }).click();
  await expect(reader).toHaveURL(/\/profile\/[0-9a-f-]{36}\/.*concepts\/[0-9a-f-]{36}/);
  await expect(reader.getByRole('heading', { name: verbName })).toBeVisible();
  await visitor.close();
});
