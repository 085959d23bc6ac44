import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { siteAdmin } from './users';

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Site Administrator/ });

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(siteAdmin.email);
  await page.getByLabel(/^Password/).fill(siteAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(accountMenu(page)).toBeVisible();
}

/** The screens must pass axe's WCAG 2.1 A and AA rules. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    // The screens under test; the shared header and footer are not part of this feature.
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('a web hook hears of a publication and shows it in its delivery log', async ({ page }) => {
  test.setTimeout(120_000);
  const received: Array<{ headers: IncomingHttpHeaders; raw: Buffer }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    const stamp = Date.now().toString(36);
    const profileName = `Hooked Profile ${stamp}`;
    await signIn(page);

    // A group and a draft profile, made through the same calls the screens make.
    const csrf = ((await (await page.request.get('/app/csrf')).json()) as { token: string }).token;
    const headers = { 'x-csrf-token': csrf };
    const group = await page.request.post('/app/org', {
      headers,
      data: {
        name: `Hook Group ${stamp}`,
        collaborationLink: 'https://example.org/hooks',
        description: '',
      },
    });
    expect(group.ok()).toBe(true);
    const groupId = ((await group.json()) as { organization: { uuid: string } }).organization.uuid;
    const made = await page.request.post(`/app/org/${groupId}/profile`, {
      headers,
      data: { iriType: 'generated-iri', name: profileName, description: 'Hooked statements.' },
    });
    expect(made.ok()).toBe(true);
    const view = (await made.json()) as { profile: { uuid: string }; version: { uuid: string } };

    // The hooks list, empty, then the create form.
    await page.goto('/user/hooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Web Hooks' })).toBeVisible();
    await expect(page.getByText('You have no Web Hooks.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create New Webhook' }).click();
    await expect(page).toHaveURL('/user/hooks/create');
    const form = page.getByRole('form', { name: 'Create Web Hook' });
    await form.getByRole('textbox', { name: /^Target URL/ }).fill(`http://127.0.0.1:${port}/in`);
    await form.getByRole('textbox', { name: /^Description/ }).fill('Local mirror');
    await form.getByRole('combobox', { name: /^Profile/ }).fill(profileName);
    await page.getByRole('option', { name: new RegExp(profileName) }).click();
    await form.getByRole('combobox', { name: /^Signature/ }).click();
    await page.getByRole('option', { name: /SHA-256/ }).click();
    await form.getByLabel(/^Client secret/).fill('e2e secret');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Create Web Hook' }).click();
    await expect(page).toHaveURL(/\/user\/hooks\/[0-9a-f-]{36}\/edit$/);
    const hookPage = page.url();
    await expect(page.getByText('No deliveries yet.')).toBeVisible();

    // Publish the profile from its page.
    await page.goto(
      `/organization/${groupId}/profile/${view.profile.uuid}/version/${view.version.uuid}`,
    );
    await page.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish Profile' });
    await publish.getByRole('checkbox', { name: /IRI is permanent/ }).check();
    await publish.getByRole('button', { name: 'Publish Now' }).click();
    await expect(publish).toBeHidden();

    // The delivery shows in the hook's log.
    await page.goto(hookPage);
    const log = page.getByRole('table', { name: 'Recent deliveries' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByText('HTTP 204')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(log.getByText('Profile published')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/webhooks-delivery-log.png', fullPage: true });

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const expected = createHmac('sha256', 'e2e secret').update(delivery!.raw).digest('hex');
    expect(delivery!.headers['x-hub-signature-256']).toBe(`sha256=${expected}`);
    const body = JSON.parse(delivery!.raw.toString('utf8')) as {
      event: string;
      profile: { uuid: string; name: string };
    };
    expect(body).toMatchObject({
      event: 'profilePublished',
      profile: { uuid: view.profile.uuid, name: profileName },
    });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
