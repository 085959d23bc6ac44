import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, secondBrowser, test } from './fixtures';
import { addMember, createGroup, createProfile, settled, siteApi, UUID } from './site';
import { createValidatedUser, signIn, signOut, siteAdmin } from './users';

// The tests of this spec run on PostgreSQL, not PGlite (@postgres, see playwright.config.ts):
// two people edit at once, and the write lock must hold across the connections of a PostgreSQL
// server.
test('a profile from creation to publication, export, a new draft and verification @postgres', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const groupName = `Profile Group ${stamp}`;
  const profileName = `Video Profile ${stamp}`;

  // The site admin creates a working group to own the profile.
  await signIn(page, siteAdmin);
  await page.goto('/organization/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(groupName);
  await page
    .getByRole('textbox', { name: /^Collaboration Link/ })
    .fill('https://example.org/video-group');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Profiles for video players.');
  await page.getByRole('button', { name: 'Create Working Group' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${UUID}$`));
  const groupId = new URL(page.url()).pathname.split('/')[2] ?? '';

  // Create Profile: choose the group, then fill in the form.
  await page.goto('/profiles/create');
  await page.getByRole('combobox', { name: 'Working Group' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await page.getByRole('link', { name: 'Create a new xAPI profile' }).click();
  await expect(page).toHaveURL(`/organization/${groupId}/profile/create`);
  await expect(page.getByLabel('Generated IRI')).toHaveText(new RegExp(`/${UUID}$`));
  await page.getByRole('textbox', { name: /^Name/ }).fill(profileName);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Statements about videos.');

  await page.getByRole('button', { name: 'Add Translation' }).click();
  const translation = page.getByRole('dialog', { name: 'Add Translation' });
  await translation.getByRole('combobox', { name: /Language/ }).fill('fren');
  await page.getByRole('option', { name: 'French (fr)' }).click();
  await translation.getByRole('textbox', { name: /Translated Name/ }).fill('Profil vidéo');
  await translation.getByRole('textbox', { name: /Translated Description/ }).fill('Des vidéos.');
  await translation.getByRole('button', { name: 'Add Translation' }).click();
  await expect(translation).toBeHidden();
  await expect(page.getByRole('table', { name: 'Translations' })).toContainText('Profil vidéo');

  const tags = page.getByRole('textbox', { name: /^Tags/ });
  await tags.fill('video, player , video');
  await tags.press('Enter');
  await expect(page.getByLabel('Tags added')).toHaveText(/video.*player/);

  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/organization/${groupId}/profile/(${UUID})/version/(${UUID})$`),
  );
  const [, , , , profileId = '', , v1 = ''] = new URL(page.url()).pathname.split('/');
  await expect(page.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
  await expect(page.getByText(/This version is a DRAFT/)).toBeVisible();

  // Publish with the generated IRI, acknowledging that it is permanent.
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Profile' });
  await expect(publish.getByRole('radio', { name: /Generate/ })).toBeChecked();
  const publishNow = publish.getByRole('button', { name: 'Publish Now' });
  await expect(publishNow).toBeDisabled();
  await publish.getByRole('checkbox', { name: /IRI is permanent/ }).check();
  await publishNow.click();
  await expect(publish).toBeHidden();
  await expect(page.getByRole('status')).toContainText('successfully published');
  await expect(page.getByText(/This version is a DRAFT/)).toBeHidden();
  const iri = (await page.getByLabel('Profile IRI').textContent()) ?? '';
  expect(iri).toMatch(new RegExp(`/${UUID}$`));

  // The group lists it on its Profiles tab.
  await page.goto(`/organization/${groupId}`);
  const groupProfiles = page.getByRole('table', { name: 'Profiles of this working group' });
  await expect(groupProfiles.getByRole('row').filter({ hasText: profileName })).toContainText(
    'Published',
  );

  // Signed out, the profile is on Home, on Explore and on its public page.
  await signOut(page, siteAdmin.fullName);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Latest Profiles' }).getByRole('link', { name: profileName }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'All published profiles' })
      .getByRole('link', { name: profileName }),
  ).toBeVisible();

  await page.goto('/profiles');
  await page.getByRole('textbox', { name: 'Search profiles' }).fill(stamp);
  await page.getByRole('button', { name: 'Search Profiles' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
  const explore = page.getByRole('table', { name: 'Published profiles' });
  await expect(explore.getByRole('link', { name: groupName })).toBeVisible();
  await explore.getByRole('link', { name: profileName }).click();
  await expect(page).toHaveURL(`/profile/${profileId}`);
  await expect(page.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
  await expect(page.getByLabel('Profile IRI')).toHaveText(iri);
  const actions = page.getByRole('toolbar', { name: 'Profile actions' });
  await expect(actions.getByRole('button')).toHaveText([
    'Export to JSON-LD',
    'Documentation',
    'Copy share link',
  ]);
  const details = page.getByRole('region', { name: 'Profile details' });
  await expect(details).toContainText('Profil vidéo');
  await expect(details).toContainText('player');

  // Export saves the document the export endpoint answers, indented by four spaces. The page's
  // own requests may still run: the loading overlay would take the click.
  await settled(page);
  const downloading = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Export to JSON-LD' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('profile.jsonld');
  const saved = await readFile(await download.path(), 'utf8');
  const answer = await page.request.get(`/app/profile/${profileId}/version/${v1}/export`);
  expect(answer.ok()).toBe(true);
  const expected = (await answer.json()) as Record<string, unknown>;
  expect(saved).toBe(JSON.stringify(expected, null, 4));
  const document = JSON.parse(saved) as { id?: string; prefLabel?: Record<string, string> };
  expect(document.prefLabel?.en).toBe(profileName);
  expect(document.id).toBe(iri);

  // Back as a member: editing the published version makes draft version 2.
  await signIn(page, siteAdmin);
  await page.goto(`/organization/${groupId}/profile/${profileId}/version/${v1}`);
  await page
    .getByRole('toolbar', { name: 'Profile actions' })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Profile Details' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Description/ })
    .fill('Statements about watching videos.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText('Your changes have been saved.');
  await expect(page).toHaveURL(
    new RegExp(`/organization/${groupId}/profile/${profileId}/version/(?!${v1})${UUID}$`),
  );
  await expect(page.getByText(/This version is a DRAFT/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveValue('Version 2 · Draft');

  // Request verification of the published version 1.
  await page.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: 'Version 1 · Published' }).click();
  await expect(page).toHaveURL(`/organization/${groupId}/profile/${profileId}/version/${v1}`);
  await expect(page.getByText(/^This is the newest published version\. A draft/)).toBeVisible();
  await page.getByRole('button', { name: 'Request verification' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The profile verification request was successfully sent.',
  );
  // Site admins see the pending request on the version itself.
  await expect(page.getByText(/This version was sent for verification by \S+ on /)).toBeVisible();

  // As site admin, approve it on Verify Profiles.
  await page.goto('/admin/verification');
  const requests = page.getByRole('table', { name: 'Verification requests' });
  const row = requests.getByRole('row').filter({ hasText: profileName });
  await expect(row).toContainText(groupName);
  await expect(row).toContainText('Site Administrator');
  await row.getByRole('button', { name: `Review ${profileName}` }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Profile' });
  const save = verify.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await verify.getByRole('radio', { name: 'Approve' }).check();
  await save.click();
  await expect(page.getByRole('status')).toContainText('The profile is now verified.');
  await expect(requests.getByRole('row').filter({ hasText: profileName })).toHaveCount(0);

  // The verified badge shows on the version and in the published list.
  await page.goto(`/organization/${groupId}/profile/${profileId}/version/${v1}`);
  await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('toolbar', { name: 'Profile actions' }).getByRole('button', {
      name: 'Revoke verification',
    }),
  ).toBeVisible();
  await page.goto(`/profiles?search=${stamp}`);
  await expect(
    page
      .getByRole('table', { name: 'Published profiles' })
      .getByRole('row')
      .filter({ hasText: profileName })
      .getByRole('img', { name: 'Verified' }),
  ).toBeVisible();
});

test('an unknown IRI says no profile has it @postgres', async ({ page, consoleErrors }) => {
  const lookups: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/app/profile/resolve')
      lookups.push(response.status());
  });
  await page.goto('/api/iri/https://example.org/no-such-profile');
  await expect(
    page.getByText('No profile or item has the IRI https://example.org/no-such-profile.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore published profiles' })).toBeVisible();
  // The look-up's 404 is the answer this page expects; Chromium logs every failed fetch, so that
  // one line, and only it, is taken out of the console errors the fixture checks.
  expect(lookups).toEqual([404]);
  const logged = consoleErrors.indexOf(
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  );
  expect(logged).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(logged, 1);
});

test('two members editing one profile: the write lock lets one edit at a time @postgres', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const bob = await createValidatedUser(baseURL, { firstname: 'Bob', lastname: 'Boole' });

  // A group with Bob as a member and a draft profile, made through the site's own calls.
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);
  const orgId = await createGroup(api, {
    name: `Lock Group ${stamp}`,
    description: 'Two editors.',
  });
  await addMember(api, orgId, bob.username);
  const { versionPath } = await createProfile(api, orgId, {
    name: `Lock Profile ${stamp}`,
    description: 'Edited by two people.',
  });
  const heading = (p: Page) => p.getByRole('heading', { name: 'Edit Profile Details' });

  // The admin opens Edit Profile Details and so holds the write lock.
  await page.goto(`${versionPath}/edit`);
  await expect(heading(page)).toBeVisible();

  // Bob is told who is editing (the admin keeps their name private) and until when; no form.
  const bobPage = await secondBrowser(browser, consoleErrors);
  await signIn(bobPage, bob);
  await bobPage.goto(`${versionPath}/edit`);
  await expect(
    bobPage.getByText(/^admin is editing this\. Their write lock lasts until \d\d:\d\d UTC/),
  ).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(heading(bobPage)).toHaveCount(0);

  // The admin leaves for another site: the departing page gives the lock up. Its request is
  // sent as the page goes, so Bob retries until it has arrived (slow when two cores are busy).
  await page.goto('about:blank');
  await expect(async () => {
    await bobPage.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(bobPage)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await bobPage.getByRole('textbox', { name: /^Description/ }).fill('Edited by Bob.');
  await bobPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(bobPage.getByRole('status')).toContainText('Your changes have been saved.');
  await expect(bobPage).toHaveURL(versionPath);

  // Saved and gone, Bob no longer holds it: the admin edits again.
  await page.goto(`${versionPath}/edit`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue('Edited by Bob.');

  // Chromium logs every refused request; Bob's lock refusals are expected, nothing else is.
  const refused =
    'second browser: Failed to load resource: the server responded with a status of 409 (Conflict)';
  expect(consoleErrors).toContain(refused);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});
