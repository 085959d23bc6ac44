import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The site admin the e2e server is started with (playwright.config.ts). */
const ADMIN = { email: 'admin@example.org', password: 'e2e-admin-password' };

/** The real cmi5 profile, v1.0: its statement templates have no description (rule I1). */
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const cmi5File = resolve(repoRoot, '../shared/corpus/authored/cmi5/v1.0/cmi5.jsonld');

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

test.skip(!existsSync(cmi5File), 'the shared corpus is not on this machine');

test('a profile that breaks MUSTs comes in as a draft and is fixed item by item from its findings', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);

  // A group and a key that may write, made through the site.
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
    name: `cmi5 Group ${stamp}`,
    collaborationLink: 'https://example.org/cmi5',
    description: 'Bringing cmi5 in.',
  });
  const orgId = group.organization.uuid;
  const key = randomUUID();
  await post(`/app/org/${orgId}/apiKey`, {
    uuid: key,
    description: 'cmi5 importer',
    readPermission: true,
    writePermission: true,
  });

  // cmi5 v1.0 is refused published, and kept as a draft.
  const profile: unknown = JSON.parse(readFileSync(cmi5File, 'utf8'));
  const refused = await page.request.post('/api/profile', {
    data: { profile },
    headers: { 'x-api-key': key },
  });
  expect(refused.status()).toBe(400);
  const imported = await page.request.post('/api/profile', {
    data: { profile, status: { published: false } },
    headers: { 'x-api-key': key },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const { metadata } = (await imported.json()) as {
    metadata: { profile_url: string; version_uuid: string };
  };
  const profileId = metadata.profile_url.split('/').pop() ?? '';
  const versionPath = `/organization/${orgId}/profile/${profileId}/version/${metadata.version_uuid}`;

  // The version page lists the findings, errors first, each with the item to fix.
  await page.goto(versionPath);
  const findings = page.getByRole('region', { name: 'Findings' });
  await expect(findings).toContainText('10 errors');
  expect(await contentViolations(page)).toEqual([]);
  const rows = findings.getByRole('list', { name: 'Findings' }).getByRole('listitem');
  const first = rows.first();
  await expect(first).toContainText('Missing "definition"');
  const link = first.getByRole('link');
  const templateName = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${versionPath}/templates/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: templateName })).toBeVisible();

  // The template gets its description in the edit form.
  await page.getByRole('link', { name: 'Edit Statement Template Details' }).click();
  await page
    .getByRole('textbox', { name: /^Description/ })
    .fill('Restrictions every statement defined by cmi5 follows.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status', { name: 'Statement template saved' })).toBeVisible();

  // Back on the version page, that finding is gone.
  await page.goto(versionPath);
  await expect(findings).toContainText('9 errors');
  await expect(findings.getByRole('link', { name: templateName, exact: true })).toHaveCount(0);

  // Publishing is refused while errors remain.
  const publishAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/publish'))
      publishAnswers.push(response.status());
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Profile' });
  const permanent = publish.getByRole('checkbox', { name: /IRI is permanent/ });
  if (await permanent.isVisible()) await permanent.check();
  await publish.getByRole('button', { name: 'Publish Now' }).click();
  await expect(publish.getByRole('list', { name: 'Problems found' })).toContainText(
    'Missing "definition"',
  );
  // The refusal is the answer this step expects; Chromium logs every failed fetch, so that one
  // line, and only it, is taken out of the console errors the fixture checks.
  expect(publishAnswers).toEqual([400]);
  const logged = consoleErrors.indexOf(
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  );
  expect(logged).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(logged, 1);
});
