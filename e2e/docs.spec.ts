import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { BASE } from '../xapi/fixtures/profiles';
import { sportsPrevious, sportsProfile } from '../xapi/docs/test-helpers';
import { expect, test } from './fixtures';
import { createApiKey, createGroup, expectAccessible, settled, siteApi } from './site';
import { signIn, siteAdmin } from './users';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const videoDir = resolve(repoRoot, '../shared/corpus/authored/video');

/** The sports profile under a base of its own, published through `/api` with a group's key. */
async function publishSports(page: Page) {
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, { name: `Writers ${stamp}`, description: 'Documents.' });
  const key = await createApiKey(api, orgId, { description: 'docs', writePermission: true });
  const base = `https://example.org/docs-${stamp}/sports`;
  const profile: unknown = JSON.parse(JSON.stringify(sportsProfile()).replaceAll(BASE, base));
  const imported = await page.request.post('/api/profile', {
    data: { profile },
    headers: { 'x-api-key': key },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const { metadata } = (await imported.json()) as {
    metadata: { profile_url: string; version_uuid: string };
  };
  const profileId = metadata.profile_url.split('/').pop() ?? '';
  const versionId = metadata.version_uuid;
  const patterns = await api.get<{ patterns: { uuid: string; iri: string }[] }>(
    `/app/profile/${profileId}/version/${versionId}/patterns?limit=100`,
  );
  const race = patterns.patterns.find((p) => p.iri === `${base}/patterns/race`)!;
  return {
    base,
    patternPath: `/profile/${profileId}/version/${versionId}/patterns/${race.uuid}`,
    versionPath: `/profile/${profileId}/version/${versionId}`,
    docsPath: `/app/profile/${profileId}/version/${versionId}/docs`,
  };
}

test('a pattern page draws its diagram: links by keyboard, whole at 390 px, accessible', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { base, patternPath } = await publishSports(page);
  await page.goto(patternPath);
  const diagram = page.getByRole('group', { name: 'Diagram of the pattern race' });
  await expect(diagram).toBeVisible();
  // Every template and nested pattern of race, expanded.
  await expect(diagram.getByRole('link')).toHaveText(
    ['confirmations', 'either', 'maybe-placed', 'placed', 'confirmed', 'placed'].map(
      (name) => new RegExp(name),
    ),
  );
  await expectAccessible(page, { include: 'main', exclude: ['nav', 'header'] });

  // The keyboard reaches the scrolling region, then each box; Enter opens the item.
  const region = page.getByRole('region', { name: 'Diagram of the pattern race' });
  await region.focus();
  await page.keyboard.press('Tab');
  await expect(diagram.getByRole('link', { name: 'confirmations' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(diagram.getByRole('link', { name: 'placed', exact: true }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/templates\//);
  await expect(page.getByText(`${base}/templates/placed`).first()).toBeVisible();

  // On a phone the diagram keeps its size and scrolls sideways: nothing is cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(patternPath);
  await expect(region).toBeVisible();
  const sizes = await region.evaluate((el) => {
    const svg = el.querySelector('svg')!;
    return {
      scroll: el.scrollWidth,
      client: el.clientWidth,
      drawn: svg.getBoundingClientRect().width,
      width: Number(svg.getAttribute('width')),
    };
  });
  expect(sizes.drawn).toBe(sizes.width);
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  await region.scrollIntoViewIfNeeded();
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(diagram.getByRole('link', { name: 'confirmed', exact: true })).toBeInViewport();
  await expectAccessible(page, { include: 'main', exclude: ['nav', 'header'] });
});

test("a version's documentation page: its language, anchors by IRI, print", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { base, versionPath, docsPath } = await publishSports(page);
  await page.goto(versionPath);
  await settled(page);
  await page.getByRole('button', { name: 'Documentation' }).click();
  await page.getByRole('menuitem', { name: 'Open the documentation page' }).click();
  await expect(page).toHaveURL(new RegExp(`${docsPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const pattern of ['race', 'confirmations', 'either', 'single'])
    await expect(
      page.getByRole('group', { name: `Diagram of the pattern ${pattern}` }),
    ).toBeVisible();
  await expectAccessible(page);

  // An item's IRI leads to its place in the page.
  const placed = `${base}/templates/placed`;
  await page.goto(`${docsPath}#${encodeURIComponent(placed)}`);
  const article = page.locator(`article[id="${placed}"]`);
  await expect(article).toBeInViewport();
  await expect(article.getByText('$.actor.mbox')).toBeVisible();
  // A box of a diagram leads to its item in the page.
  await page
    .getByRole('group', { name: 'Diagram of the pattern single' })
    .getByRole('link', { name: 'placed', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(placed)}$`));

  // The reader's language: French where the profile has it.
  const french = await browser.newContext({ locale: 'fr-FR' });
  const frenchPage = await french.newPage();
  await frenchPage.goto(new URL(docsPath, page.url()).toString());
  await expect(frenchPage.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(frenchPage.locator(`article[id="${placed}"] h3`)).toHaveText('classé');
  await expect(frenchPage.locator(`article[id="${base}/verbs/won"] h4`)).toHaveAttribute(
    'lang',
    'en',
  );
  await expectAccessible(frenchPage);
  await french.close();

  // Printed: the print stylesheet leaves out the navigation and keeps every diagram.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden();
  await expect(page.locator('svg.pd')).toHaveCount(7);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(20_000);
});

/** Runs `xapi-profile docs` and answers the folder it wrote. */
function writeSite(files: string[]): string {
  const out = mkdtempSync(join(tmpdir(), 'xps-docs-site-'));
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'bin/xapi-profile.js'),
      'docs',
      ...files.flatMap((f) => ['--profile', f]),
      '--out',
      out,
    ],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  return out;
}

test('the command line site opens from the file system with working links', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'xps-docs-in-'));
  const v1 = join(dir, 'v1.jsonld');
  const v2 = join(dir, 'v2.jsonld');
  writeFileSync(v1, JSON.stringify(sportsPrevious()));
  writeFileSync(v2, JSON.stringify(sportsProfile()));
  const out = writeSite([v2, v1]);
  await page.goto(pathToFileURL(join(out, 'index.html')).toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports');
  await page.getByRole('link', { name: 'v2', exact: true }).click();
  await expect(page).toHaveURL(/\/v2\/index\.html$/);
  await expect(page.getByRole('heading', { name: 'Changes since v1' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Languages' })
    .getByRole('link', { name: /fr/ })
    .click();
  await expect(page).toHaveURL(/\/v2\/index\.fr\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page
    .getByRole('navigation', { name: 'Versions' })
    .getByRole('link', { name: 'v1' })
    .click();
  await expect(page).toHaveURL(/\/v1\/index\.html$/);
  await page.getByRole('link', { name: 'All versions' }).click();
  await expect(page).toHaveURL(/\/index\.html$/);
  await expectAccessible(page);
});

test('the video profile v1.0 to v1.0.3 as a static site, from the file system', async ({
  page,
}) => {
  test.skip(!existsSync(videoDir), 'the shared corpus is not on this machine');
  test.setTimeout(120_000);
  const out = writeSite(
    ['v1.0', 'v1.0.1', 'v1.0.2', 'v1.0.3'].map((v) => join(videoDir, v, 'video.jsonld')),
  );
  await page.goto(pathToFileURL(join(out, 'index.html')).toString());
  const versions = page.getByRole('table');
  await expect(versions.getByRole('rowheader')).toHaveText(['v1.0.3', 'v1.0.2', 'v1.0.1', 'v1.0']);
  await versions.getByRole('link', { name: 'v1.0.3' }).click();
  await expect(page.getByRole('heading', { name: 'Changes since v1.0.2' })).toBeVisible();
  const general = page.getByRole('group', { name: 'Diagram of the pattern General Pattern' });
  await general.getByRole('link', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/#https%3A%2F%2Fw3id\.org%2Fxapi%2Fvideo%2Ftemplates%23completed$/);
  await expect(page.locator('article:target h3')).toHaveText('Completed');
  await expectAccessible(page);
  for (const version of ['v1.0.2', 'v1.0.1', 'v1.0']) {
    await page
      .getByRole('navigation', { name: 'Versions' })
      .getByRole('link', { name: version, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${version.replace(/\./g, '\\.')}/index\\.html$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video Profile');
  }
});
