import type { Page } from '@playwright/test';
import { expect, secondBrowser, test } from './fixtures';
import { allMail, seenMail, waitForMail } from './mailbox';
import { createGroup, createProfile, publishFromPage, seriousAxeFindings, siteApi } from './site';
import { createValidatedUser, signIn, siteAdmin } from './users';

/** Where the spec keeps its screenshots of the new screens, beside the run's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

interface ConceptView {
  concept: { uuid: string; form: Record<string, unknown> };
  versionId: string;
}

// Runs on PostgreSQL (@postgres, see playwright.config.ts): revisions across versions, feedback
// and watchers' mails by jobs, on the engine a working group grows into; the route tests cover
// the embedded database.
test('a concept changed across two versions: its history, a comparison and a restore; feedback answered and addressed; one mail to a watcher per event @postgres', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(15_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const reader = await createValidatedUser(baseURL, {
    firstname: 'Rosa',
    lastname: 'Reader',
  });
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  // Version 1: a verb, reworded once before it is published.
  const orgId = await createGroup(api, {
    name: `History Group ${stamp}`,
    description: 'Keeps track.',
  });
  const {
    profileId,
    versionId: v1,
    versionPath: v1Path,
    versionApi: v1Api,
  } = await createProfile(api, orgId, {
    name: `Player Profile ${stamp}`,
    description: 'Statements a video player sends.',
  });
  const verb = `paused-${stamp}`;
  const made = await api.post<ConceptView>(`${v1Api}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'paused',
    name: verb,
    description: 'Stopped the video.',
  });
  const conceptId = made.concept.uuid;
  const save = async (versionApi: string, change: Record<string, unknown>) => {
    const url = `${versionApi}/concepts/${conceptId}`;
    const { concept } = await api.get<ConceptView>(url);
    await api.post(`${url}/lock`);
    const saved = await api.put<ConceptView>(url, { ...concept.form, ...change });
    await api.delete(
      `/app/profile/${profileId}/version/${saved.versionId}/concepts/${conceptId}/lock`,
    );
    return saved.versionId;
  };
  await save(v1Api, { description: 'Stopped the video for a while.' });
  await publishFromPage(page, v1Path);

  // Someone else watches the profile from its public page.
  const readerPage = await secondBrowser(browser, consoleErrors);
  readerPage.setDefaultTimeout(15_000);
  await signIn(readerPage, reader);
  await readerPage.goto(`/profile/${profileId}`);
  await readerPage.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(readerPage.getByRole('button', { name: 'Watching' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(readerPage.getByText('1 watcher', { exact: true })).toBeVisible();

  // …and leaves feedback on version 1.
  const before = seenMail();
  const feedback = readerPage.getByRole('region', { name: 'Feedback on this profile' });
  await feedback.getByLabel('Kind').selectOption('question');
  await feedback.getByLabel(/Your feedback/).fill('Does paused cover buffering too?');
  await feedback.getByRole('button', { name: 'Leave feedback' }).click();
  await expect(feedback.getByRole('status')).toContainText('has been told');
  await expect(feedback.getByRole('article', { name: 'Question' })).toContainText(
    'Does paused cover buffering too?',
  );
  await shot(readerPage, 'feedback-left');
  expect(await seriousAxeFindings(readerPage, 'feedback left')).toEqual([]);
  // The group hears of it.
  await waitForMail(siteAdmin.email, /New question on/, { after: before });

  // Version 2: two saves of the verb's translation.
  const v2 = await save(v1Api, {
    translations: [{ language: 'fr', translationName: 'en pause', translationDesc: 'A arrêté.' }],
  });
  expect(v2).not.toBe(v1);
  const v2Api = `/app/profile/${profileId}/version/${v2}`;
  await save(v2Api, {
    translations: [
      {
        language: 'fr',
        translationName: 'mis en pause',
        translationDesc: 'A mis la vidéo en pause.',
      },
    ],
  });

  // History in the draft: four revisions, the newest shown here.
  const v2Concept = `/organization/${orgId}/profile/${profileId}/version/${v2}/concepts/${conceptId}`;
  await page.goto(v2Concept);
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Show history' }).click();
  const entries = history.locator('#item-history-list > li');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Version 2 (draft)');
  await expect(entries.nth(0)).toContainText('Shown here');
  await expect(entries.nth(3)).toContainText('Created');
  await expect(entries.nth(3)).toContainText('Version 1');

  // The first and the last compared.
  await history.getByRole('combobox', { name: 'From', exact: true }).click();
  await page.getByRole('option', { name: /^#1 ·/ }).click();
  await history.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: /^#4 ·/ }).click();
  const compared = history.getByRole('table', { name: 'Changes between the two revisions' });
  await expect(compared).toContainText('Stopped the video.');
  await expect(compared).toContainText('mis en pause');
  await shot(page, 'history-compared');
  expect(await seriousAxeFindings(page, 'history compared')).toEqual([]);

  // Restore the third revision (the first French words) in the draft.
  await history.getByRole('button', { name: 'Restore revision 3' }).click();
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(0)).toContainText('Restored');

  // A visitor reads version 1's history: only what a published version lists, never a draft's
  // revision (nor the first wording, which version 1 replaced before it was published).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/profile/${profileId}/version/${v1}/concepts/${conceptId}`);
  const visitorHistory = visitor.getByRole('region', { name: 'History' });
  await visitorHistory.getByRole('button', { name: 'Show history' }).click();
  await expect(visitorHistory.locator('#item-history-list > li')).toHaveCount(1);
  await expect(visitorHistory).not.toContainText('draft');
  await expect(visitorHistory).not.toContainText('en pause');
  const published = await visitor.request.get(`/api/item/${conceptId}/history`);
  expect(published.status()).toBe(200);
  expect(JSON.stringify(await published.json())).not.toContain('draft');
  await visitor.context().close();

  // The group answers the feedback and marks it addressed in version 2.
  const answered = seenMail();
  await page.goto(v1Path);
  const groupFeedback = page.getByRole('region', { name: 'Feedback on this profile' });
  const card = groupFeedback.getByRole('article', { name: 'Question' });
  await card.getByRole('button', { name: 'Answer' }).click();
  await card.getByLabel(/^Answer/).fill('Yes: version 2 says so.');
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(card).toContainText('The working group answered');
  await card.getByRole('button', { name: 'Mark addressed' }).click();
  await expect(card.getByLabel('Addressed in')).toHaveValue(v2);
  await card.getByRole('button', { name: 'Mark addressed' }).click();
  await expect(card).toContainText('Addressed in version 2.');
  await shot(page, 'feedback-answered');
  await waitForMail(reader.email, /was answered/, { after: answered });

  // The group's Feedback tab counts it as addressed.
  await page.goto(`/organization/${orgId}/feedback`);
  await expect(page.getByRole('tab', { name: /Feedback/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByText('Addressed (1)').click();
  // Each card names the profile and version it is on: the tab lists all of the group's profiles.
  await expect(
    page.getByRole('article', { name: `Question · Player Profile ${stamp}, version 1` }),
  ).toBeVisible();
  await shot(page, 'feedback-tab');
  expect(await seriousAxeFindings(page, 'feedback tab')).toEqual([]);

  // Publishing version 2 mails the watcher once.
  const published2 = seenMail();
  // Its IRI was acknowledged with version 1: the dialog only asks to confirm.
  await page.goto(`/organization/${orgId}/profile/${profileId}/version/${v2}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Profile' });
  await publish.getByRole('button', { name: 'Publish Now' }).click();
  await expect(publish).toBeHidden();
  await expect(page.getByRole('status')).toContainText('successfully published');
  await waitForMail(reader.email, /version 2 is published/, {
    after: published2,
    timeoutMs: 30_000,
  });
  // A second run of the job, or a later batch, would bring another: none comes.
  await page.waitForTimeout(4_000);
  const told = allMail().filter(
    (m) =>
      !published2.has(m.file) &&
      m.to.includes(reader.email.toLowerCase()) &&
      /version 2 is published/.test(m.text),
  );
  expect(told.map((m) => m.text.match(/version 2 is published/g)?.length)).toEqual([1]);
  await readerPage.context().close();
});
