import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createGroup,
  createProfile,
  seriousAxeFindings,
  siteApi,
  UUID,
  type AxeFinding,
} from './site';
import { accountMenu, signIn, siteAdmin } from './users';

/**
 * Every screen a person reaches — public, signed in, authoring, admin — checked with axe-core
 * against WCAG 2.0/2.1 A and AA. A serious or critical violation fails the test and names the
 * page, the rule and the elements.
 */

/** The widths every screen is checked at: a phone's, and the browser's default. */
const WIDTHS = [390, 1280] as const;

/**
 * Opens a page at each width, waits until it has drawn its heading (and whatever `ready` opens),
 * and returns its serious findings, each named with its width.
 */
async function audit(page: Page, path: string, ready?: (page: Page) => Promise<void>) {
  const findings: AxeFinding[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    if (ready) await ready(page);
    findings.push(...(await seriousAxeFindings(page, `${path} at ${width} px`)));
  }
  return findings;
}

/** A check that collects every screen's findings, and the screens it checked. */
function audits(page: Page) {
  const findings: AxeFinding[] = [];
  const pages: string[] = [];
  const check = async (path: string, ready?: (page: Page) => Promise<void>) => {
    pages.push(path);
    findings.push(...(await audit(page, path, ready)));
  };
  return { findings, pages, check };
}

/** Signs the site admin in and makes a working group whose screens are checked. */
async function adminWithGroup(page: Page) {
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Accessible Group ${stamp}`,
    description: 'A group whose screens are checked.',
  });
  return { stamp, api, orgId };
}

// The public screens run on PostgreSQL (@postgres, see playwright.config.ts): they draw the same
// on either engine, and a sweep is the longest test of all, so with one on each half the two
// halves that run side by side end closer together.
test('every public screen meets WCAG 2.1 AA with no serious or critical axe finding @postgres', async ({
  page,
}) => {
  test.setTimeout(600_000);
  page.setDefaultTimeout(15_000);
  const { findings, pages, check } = audits(page);
  for (const path of [
    '/',
    '/profiles',
    '/organization',
    '/help',
    '/FAQs',
    '/user/login',
    '/user/create',
    '/user/forgotpassword',
    '/user/resend',
    '/api-info',
    '/api-info/validate',
    '/no-such-page',
  ]) {
    await check(path);
  }
  console.log(`axe checked ${pages.length} public pages at ${WIDTHS.join(' and ')} px`);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});

// Also on PostgreSQL, for the same reason: the account, group and admin screens.
test('every account, group and admin screen meets WCAG 2.1 AA with no serious or critical axe finding @postgres', async ({
  page,
}) => {
  test.setTimeout(900_000);
  page.setDefaultTimeout(15_000);
  const { findings, pages, check } = audits(page);
  const { stamp, orgId } = await adminWithGroup(page);

  await check('/user/account');
  await check('/organization/create');
  await check(`/organization/${orgId}`);
  await check(`/organization/${orgId}/members`);
  await check(`/organization/${orgId}/apiKeys`);
  await check(`/organization/${orgId}/apiKeys/create`);
  await check(`/organization/${orgId}/edit`);
  await check(`/organization/${orgId}/profile/create`);
  await check('/user/hooks');
  await check('/user/hooks/create');
  await check('/admin/users');
  await check('/admin/verification');

  // On a 1366 px laptop screen the header keeps one line per control, and a success message
  // leaves the account menu and the search button uncovered.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/organization/create');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const admin = await nav.getByRole('button', { name: /^Admin/ }).boundingBox();
  const home = await nav.getByRole('link').first().boundingBox();
  expect(admin && home && Math.abs(admin.height - home.height)).toBeLessThan(2);
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Toast Group ${stamp}`);
  await page.getByRole('textbox', { name: /^Collaboration Link/ }).fill('https://example.org/t');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Where the toast goes.');
  await page.getByRole('button', { name: 'Create Working Group' }).click();
  const toast = page.getByRole('status').filter({ hasText: /created/i });
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  for (const control of [
    accountMenu(page, siteAdmin.fullName),
    page.getByRole('button', { name: 'Search', exact: true }),
  ]) {
    const box = await control.boundingBox();
    expect(toastBox && box).toBeTruthy();
    const overlaps =
      toastBox!.x < box!.x + box!.width &&
      box!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < box!.y + box!.height &&
      box!.y < toastBox!.y + toastBox!.height;
    expect(overlaps).toBe(false);
  }

  console.log(`axe checked ${pages.length} account, group and admin pages`);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});

test('every authoring screen meets WCAG 2.1 AA with no serious or critical axe finding', async ({
  page,
}) => {
  // 23 screens at two widths: about 2 minutes on CI, but 7 on this two-core machine when its
  // browser ran slow; a limit catches a hang, not a slow machine.
  test.setTimeout(1_800_000);
  page.setDefaultTimeout(15_000);
  const { findings, pages, check } = audits(page);

  // A working group with a draft profile, concepts, templates and a pattern.
  const { stamp, api, orgId } = await adminWithGroup(page);
  const { versionPath: version, versionApi: base } = await createProfile(api, orgId, {
    name: `Accessible Profile ${stamp}`,
    description: 'Checked for accessibility.',
  });
  const verb = await api.post<{ concept: { uuid: string } }>(`${base}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'read',
    name: `read-${stamp}`,
    description: 'Read a page.',
  });
  const first = await api.post<{ template: { uuid: string } }>(`${base}/templates`, {
    iriType: 'generated-iri',
    geniri: 'opened',
    name: 'Opened a page',
    description: 'Someone opened a page.',
  });
  const second = await api.post<{ template: { uuid: string } }>(`${base}/templates`, {
    iriType: 'generated-iri',
    geniri: 'closed',
    name: 'Closed a page',
    description: 'Someone closed a page.',
  });
  const pattern = await api.post<{ pattern: { uuid: string } }>(`${base}/patterns`, {
    type: 'sequence',
    primary: true,
    iriType: 'generated-iri',
    geniri: 'reading',
    name: 'Reading session',
    description: 'Opening, then closing.',
    components: [
      { componentType: 'template', componentId: first.template.uuid },
      { componentType: 'template', componentId: second.template.uuid },
    ],
  });
  expect(pattern.pattern.uuid).toMatch(new RegExp(`^${UUID}$`));
  const templatePath = `${version}/templates/${first.template.uuid}`;

  // Authoring screens.
  await check(version);
  await check(`${version}/concepts`);
  await check(`${version}/concepts/create`);
  await check(`${version}/concepts/create/Verb`);
  await check(`${version}/concepts/create/ContextExtension`);
  // The Activity form, with the definition context it writes (a finding's control, rule H2).
  await check(`${version}/concepts/create/Activity`);
  await check(`${version}/concepts/${verb.concept.uuid}`);
  await check(`${version}/concepts/${verb.concept.uuid}/edit`);
  await check(`${version}/templates`);
  await check(`${version}/templates/create`);
  await check(templatePath);
  await check(`${templatePath}/rule/create`);
  await check(`${templatePath}/example`);
  await check(`${templatePath}/determining-properties/create`);
  await check(`${version}/patterns`);
  await check(`${version}/patterns/create`);
  await check(`${version}/patterns/create/sequence`, async (p) => {
    // The second step: choosing the components.
    await p.getByRole('textbox', { name: /^Name/ }).fill('Another session');
    await p.getByRole('textbox', { name: /^Description/ }).fill('Checked step.');
    await p.getByRole('button', { name: 'Continue' }).click();
    await expect(p.getByRole('textbox', { name: 'Search statement templates' })).toBeVisible();
  });
  await check(`${version}/patterns/${pattern.pattern.uuid}`);
  await check(`${version}/test`);
  await check(`${version}/generate`, async (p) => {
    // Checked with its folded part open: every field of it shows.
    await p.getByText('How the actors learn').click();
    await expect(p.getByRole('spinbutton', { name: /^Lowest ability/ })).toBeVisible();
  });
  await check(`${version}/activity`, async (p) => {
    await expect(p.getByRole('list', { name: /^What happened in version/ })).toBeVisible();
  });
  // Dialogs are checked open: their close buttons, fields and text.
  await check(version, async (p) => {
    await p.getByRole('button', { name: 'Publish' }).click();
    await expect(p.getByRole('dialog')).toBeVisible();
  });
  await check(version, async (p) => {
    await p.getByRole('button', { name: 'Delete profile' }).click();
    await expect(p.getByRole('dialog', { name: /^Delete the profile/ })).toBeVisible();
  });

  console.log(
    `axe checked ${pages.length} pages at ${WIDTHS.join(' and ')} px, ${findings.length} serious or critical findings`,
  );
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
