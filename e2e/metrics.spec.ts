import { chartLabel } from '../common/metric-windows';
import { expect as baseExpect, test } from './fixtures';
import { createApiKey, createGroup, createProfile, expectAccessible, siteApi } from './site';
import { signIn, siteAdmin } from './users';

// The charts come with a library of their own: on a busy machine they take a while to appear.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The charts and usage panels, the part of each page this feature draws. */
const charts = { include: '[data-chart]' };

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// counts kept in memory are written in batches and read back through other connections of a
// PostgreSQL server.
test('an outsider views and exports a profile; the home charts and the Analytics page show it @postgres', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const profileName = `Charted Learning Profile ${stamp}`;
  const label = chartLabel(profileName);
  expect(label).toBe('Charted Learni…');

  // The site admin's group publishes a profile and makes an API key, seeded through `/app`.
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const groupId = await createGroup(api, {
    name: `Charted Group ${stamp}`,
    description: 'Measured profiles.',
  });
  const draft = await createProfile(api, groupId, {
    iriType: 'external-iri',
    extiri: `https://example.org/profiles/charted-${stamp}`,
    name: profileName,
    description: 'A profile people look at.',
  });
  const { profileId } = draft;
  await api.post(`${draft.versionApi}/publish`, { confirmed: true });
  const key = await createApiKey(api, groupId, { description: 'Reader' });

  // An outsider, signed out in a browser of their own, reads the profile and exports it.
  const outsider = await browser.newContext();
  const reader = await outsider.newPage();
  await reader.goto(`/profile/${profileId}`);
  await expect(reader.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
  const downloading = reader.waitForEvent('download');
  await reader.getByRole('button', { name: 'Export to JSON-LD' }).click();
  await downloading;
  // A tool reads it through the public API with the group's key.
  const read = await reader.request.get(`/api/profile/${profileId}`, {
    headers: { 'x-api-key': key },
  });
  expect(read.ok()).toBe(true);

  // Counts are written every few seconds: the profile page's usage shows them once written.
  await expect(async () => {
    await reader.reload();
    await expect(reader.getByText(/^\d+ views? in the last 30 days/, { exact: false })).toHaveText(
      '1 view in the last 30 days · 2 exports',
      { timeout: 10_000 },
    );
  }).toPass({ timeout: 60_000 });
  const usage = reader.getByRole('region', { name: 'Usage' });
  await expect(
    usage.getByRole('table', { name: 'Usage, views in the last 30 days' }),
  ).toBeAttached();
  await expectAccessible(reader, charts);
  await outsider.close();

  // Home: Most Viewed and Most Exported list it, cut to 15 characters on the axis.
  await page.goto('/');
  const viewed = page.getByRole('region', { name: 'Most Viewed' });
  await expect(viewed.getByRole('table', { name: 'Most Viewed, last 30 days' })).toContainText(
    profileName,
  );
  // The axis may set a label on two lines: its words, not a space, are what it draws.
  await expect(viewed.locator('.recharts-yAxis-tick-labels')).toContainText(
    new RegExp(label.replace(' ', '\\s*')),
  );
  await expect(viewed.locator('.recharts-yAxis-tick-labels')).not.toContainText(profileName);
  const exported = page.getByRole('region', { name: 'Most Exported' });
  await expect(
    exported.getByRole('table', { name: 'Most Exported, last 30 days' }).getByRole('row', {
      name: new RegExp(profileName),
    }),
  ).toContainText('112'); // one from the site, one through the API
  // The tooltip of its bar names it in full.
  const names = await viewed
    .getByRole('table', { name: 'Most Viewed, last 30 days' })
    .locator('tbody th')
    .allTextContents();
  await viewed.locator('.recharts-bar-rectangle').nth(names.indexOf(profileName)).hover();
  await expect(viewed.locator('.recharts-tooltip-wrapper')).toContainText(profileName);
  await viewed.getByRole('switch', { name: 'Show as table' }).check();
  await expect(viewed.getByRole('table', { name: 'Most Viewed, last 30 days' })).toBeVisible();
  await expectAccessible(page, charts);
  await page.screenshot({ path: 'test-results/metrics-home.png', fullPage: true });

  // On a narrow screen the charts shrink to fit, drawing and all.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const narrow = page.getByRole('region', { name: 'Most Viewed' });
  await expect(narrow.locator('svg.recharts-surface')).toBeVisible();
  const drawn = await narrow.locator('svg.recharts-surface').boundingBox();
  const card = await narrow.boundingBox();
  expect(card!.width).toBeLessThanOrEqual(390);
  expect(drawn!.width).toBeLessThan(card!.width);
  await page.screenshot({ path: 'test-results/metrics-home-narrow.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The Analytics page: three charts, for the last 30 days and for the last 12 months.
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const range of ['last 30 days', 'last 12 months']) {
    if (range === 'last 12 months') await page.getByText('Last 12 months').click();
    for (const title of ['Most Viewed', 'Most Exported', 'Most API Retrievals'])
      await expect(
        page.getByRole('table', { name: `${title}, ${range}` }).getByRole('row', {
          name: new RegExp(profileName),
        }),
      ).toBeAttached();
    await expect(
      page
        .getByRole('table', { name: `Most API Retrievals, ${range}` })
        .getByRole('row', { name: new RegExp(profileName) }),
    ).toContainText('101'); // one read, no write
  }
  await expectAccessible(page, charts);
  await page.screenshot({ path: 'test-results/metrics-analytics.png', fullPage: true });

  // The group's page totals its profiles.
  await page.goto(`/organization/${groupId}`);
  const groupUsage = page.getByRole('region', { name: 'Usage' });
  await expect(groupUsage).toContainText('1 view · 2 exports');
  await expectAccessible(page, charts);
});
