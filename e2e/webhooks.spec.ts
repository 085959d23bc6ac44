import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { createGroup, createProfile, expectAccessible, publishFromPage, siteApi } from './site';
import { signIn, siteAdmin } from './users';

/** The screens under test; the shared header and footer are not part of this feature. */
const screen = { include: 'main' };

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// deliveries are background jobs, which on a PostgreSQL server run on connections of their own.
test('a web hook hears of a publication and shows it in its delivery log @postgres', async ({
  page,
}) => {
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
    await signIn(page, siteAdmin);

    // A group and a draft profile, made through the same calls the screens make.
    const api = await siteApi(page.request);
    const groupId = await createGroup(api, { name: `Hook Group ${stamp}`, description: '' });
    const draft = await createProfile(api, groupId, {
      name: profileName,
      description: 'Hooked statements.',
    });

    // The hooks list, empty, then the create form.
    await page.goto('/user/hooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Web Hooks' })).toBeVisible();
    await expect(page.getByText('You have no Web Hooks.')).toBeVisible();
    await expectAccessible(page, screen);
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
    await expectAccessible(page, screen);
    await form.getByRole('button', { name: 'Create Web Hook' }).click();
    await expect(page).toHaveURL(/\/user\/hooks\/[0-9a-f-]{36}\/edit$/);
    const hookPage = page.url();
    await expect(page.getByText('No deliveries yet.')).toBeVisible();

    // Publish the profile from its page.
    await publishFromPage(page, draft.versionPath);

    // The delivery shows in the hook's log.
    await page.goto(hookPage);
    const log = page.getByRole('table', { name: 'Recent deliveries' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByText('HTTP 204')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(log.getByText('Profile published')).toBeVisible();
    await expect(log.getByText('1 attempt', { exact: true })).toBeVisible();
    // The delivery's details: its outcome and the body sent, as the receiver got it.
    await log.getByRole('button', { name: /^Details of the delivery/ }).click();
    await expect(page.getByLabel('Event body sent')).toContainText(profileName);
    await expectAccessible(page, screen);
    await page.screenshot({ path: 'test-results/webhooks-delivery-log.png', fullPage: true });

    // The list with a hook in it: its Remove button is read against axe's contrast rule too.
    await page.goto('/user/hooks');
    await expect(page.getByRole('button', { name: 'Remove Local mirror' })).toBeVisible();
    await expectAccessible(page, screen);

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
      profile: { uuid: draft.profileId, name: profileName },
    });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
