import AxeBuilder from '@axe-core/playwright';
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
