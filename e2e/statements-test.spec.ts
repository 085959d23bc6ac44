import { expect, test } from './fixtures';
import { createGroup, createProfile, seriousAxeFindings, siteApi } from './site';
import { signIn, siteAdmin } from './users';

/**
 * Test Statements in a browser: one batch with a registration that follows the primary pattern,
 * one that stopped part way and one with a statement left over, each with its own verdict and
 * none of the open or broken ones shown as followed.
 */
test('Test Statements tells followed, still open and not followed apart', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Statement Testers ${stamp}`,
    description: 'Tests statements against a pattern.',
  });
  const { versionPath, versionApi } = await createProfile(api, orgId, {
    name: `Reading Profile ${stamp}`,
    description: 'Opening, then closing a page.',
  });
  // Templates without determining properties: every statement matches both.
  const template = (geniri: string, name: string) =>
    api.post<{ template: { uuid: string } }>(`${versionApi}/templates`, {
      iriType: 'generated-iri',
      geniri,
      name,
      description: `Someone ${geniri} a page.`,
    });
  const opened = await template('opened', 'Opened a page');
  const closed = await template('closed', 'Closed a page');
  await api.post(`${versionApi}/patterns`, {
    type: 'sequence',
    primary: true,
    iriType: 'generated-iri',
    geniri: 'reading',
    name: 'Reading session',
    description: 'Opening, then closing.',
    components: [
      { componentType: 'template', componentId: opened.template.uuid },
      { componentType: 'template', componentId: closed.template.uuid },
    ],
  });
  const document = await api.get<{ versions: { id: string }[] }>(`${versionApi}/document`);
  const versionIri = document.versions[0]!.id;

  const registration = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
  const statement = (n: number, second: number) => ({
    actor: { mbox: 'mailto:reader@example.org' },
    verb: { id: 'https://example.org/verbs/read' },
    object: { id: 'https://example.org/pages/1' },
    timestamp: `2026-01-01T00:00:${String(second).padStart(2, '0')}Z`,
    context: {
      registration: registration(n),
      contextActivities: { category: [{ id: versionIri }] },
    },
  });
  const batch = [
    statement(1, 1),
    statement(1, 2),
    statement(2, 3),
    statement(3, 4),
    statement(3, 5),
    statement(3, 6),
  ];

  await page.goto(`${versionPath}/test`);
  await page.getByLabel('Statements to test').fill(JSON.stringify(batch));
  await expect(page.getByText('Patterns not followed')).toBeVisible();

  const region = (n: number) =>
    page.getByRole('region', { name: `Registration ${registration(n)}` });
  await expect(region(1).getByText('Follows a primary pattern')).toBeVisible();
  await expect(region(1).getByText('Follows Reading session.')).toBeVisible();

  await expect(region(2).getByText('Still open: not followed yet')).toBeVisible();
  await expect(
    region(2).getByText(
      'Not finished: Reading session stopped after Statement 3 and expects next Closed a page.',
    ),
  ).toBeVisible();

  await expect(region(3).getByText('Follows no primary pattern')).toBeVisible();
  await expect(
    region(3).getByText(
      'Reading session ends after Statement 5; 1 statement left over, from Statement 6.',
    ),
  ).toBeVisible();
  await expect(region(3).getByText('1 statement left over', { exact: true })).toBeVisible();
  await expect(region(3).getByText('Matched every statement')).toHaveCount(0);

  // Every verdict, the open one too, is readable.
  expect(await seriousAxeFindings(page, `${versionPath}/test`)).toEqual([]);
});
