import type { Page } from '@playwright/test';
import type { ConceptView } from '../common/concepts';
import { expect, secondBrowser, test } from './fixtures';
import { seenMail, waitForMail } from './mailbox';
import {
  addMember,
  createGroup,
  createProfile,
  expectAccessible,
  siteApi,
  type SiteApi,
} from './site';
import { createValidatedUser, signIn, siteAdmin } from './users';

/** Where a draft's page and its `/app` calls are. */
const versionOf = (orgId: string, profileId: string, versionId: string) => ({
  path: `/organization/${orgId}/profile/${profileId}/version/${versionId}`,
  api: `/app/profile/${profileId}/version/${versionId}`,
});

/**
 * Changes a concept's description as its edit form would, under its lock, and answers the
 * version the change went into (a new draft when the version was published).
 */
async function redescribe(api: SiteApi, versionApi: string, id: string, text: string) {
  const url = `${versionApi}/concepts/${id}`;
  const opened = await api.get<ConceptView>(url);
  await api.post(`${url}/lock`);
  const saved = await api.put<{ versionId: string }>(url, {
    ...opened.concept.form,
    description: text,
  });
  await api.delete(`${url}/lock`);
  return saved.versionId;
}

/** The link to the draft's review in the newest mail to `email` saying `what`. */
async function reviewLinkIn(email: string, what: RegExp, after: Set<string>): Promise<string> {
  const match = await waitForMail(email, new RegExp(`${what.source}[^\\n]*\\n\\s*(\\S+)`), {
    after,
  });
  return new URL(match[1] ?? '', 'http://localhost').pathname;
}

/** The Publish dialog of the draft on the page, opened. */
async function openPublish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  return page.getByRole('dialog', { name: 'Publish Profile' });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

// Runs on PostgreSQL (@postgres, see playwright.config.ts): three people, mails sent by jobs and
// a rule checked when publishing, on the engine a working group grows into; its component and
// route tests cover the embedded database.
test('a draft is reviewed by a member and an invited reviewer before it is published, and a group admin publishes another past the rule @postgres', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const stamp = Date.now().toString(36);
  const ada = await createValidatedUser(baseURL, { firstname: 'Ada', lastname: 'Author' });
  const rita = await createValidatedUser(baseURL, { firstname: 'Rita', lastname: 'Reviewer' });
  const ivan = await createValidatedUser(baseURL, { firstname: 'Ivan', lastname: 'Invited' });

  // The group's admin makes the group, with Ada and Rita as members, which asks for two
  // approvals given on the draft as it is, and a draft profile with two verbs.
  await signIn(page, siteAdmin);
  const admin = await siteApi(page.request);
  const orgId = await createGroup(admin, {
    name: `Review Group ${stamp}`,
    description: 'Reviews before it publishes.',
  });
  await addMember(admin, orgId, ada.username);
  await addMember(admin, orgId, rita.username);
  await admin.put(`/app/org/${orgId}/review-rule`, {
    approvalsRequired: 2,
    reapproveAfterChange: true,
  });
  const made = await createProfile(admin, orgId, {
    name: `Reviewed Profile ${stamp}`,
    description: 'Read before it goes out.',
  });
  const verb = (name: string, description: string) =>
    admin.post<{ concept: { uuid: string } }>(`${made.versionApi}/concepts`, {
      conceptType: 'Verb',
      iriType: 'generated-iri',
      geniri: name,
      name,
      description,
      translations: [],
      similarTerms: [],
    });
  const skimmed = (await verb('skimmed', 'Read.')).concept.uuid;
  const scanned = (await verb('scanned', 'Looked.')).concept.uuid;
  const draft = versionOf(orgId, made.profileId, made.versionId);
  const draftId = made.versionId;

  // Ada changes both verbs.
  const adaPage = await secondBrowser(browser, consoleErrors);
  await signIn(adaPage, ada);
  const adaApi = await siteApi(adaPage.request);
  await redescribe(adaApi, draft.api, skimmed, 'Read quickly, once.');
  await redescribe(adaApi, draft.api, scanned, 'Looked over, twice.');

  // She asks Rita (a member) and Ivan (of no group) to review it; both are mailed.
  const before = seenMail();
  await adaPage.goto(draft.path);
  const review = adaPage.getByRole('region', { name: 'Review' });
  await review
    .getByRole('textbox', { name: 'Ask for a review' })
    .fill(`${rita.username}, @${ivan.username}`);
  await review.getByRole('button', { name: 'Request review' }).click();
  await expect(adaPage.getByRole('status')).toContainText('Review requested');
  await expect(review.getByRole('row', { name: new RegExp(rita.username) })).toContainText(
    'Waiting',
  );
  await expect(review.getByRole('row', { name: /\(invited\)/ })).toContainText('Waiting');
  const ritaLink = await reviewLinkIn(rita.email, /asked you to review/, before);
  const ivanLink = await reviewLinkIn(ivan.email, /asked you to review/, before);
  expect(ritaLink).toBe(`/review/${made.profileId}/${draftId}`);
  expect(ivanLink).toBe(ritaLink);

  // Publishing is held back until two approvals count.
  let dialog = await openPublish(adaPage);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not ready to publish' })).toContainText(
    'needs 2 approvals and has 0',
  );
  await expect(dialog.getByRole('button', { name: 'Publish Now' })).toBeDisabled();
  await expect(dialog).toContainText('A group admin can publish it without the approvals');
  await shot(adaPage, 'publish-held-back');
  await expectAccessible(adaPage, { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Rita discusses the definition of one verb and asks for changes.
  const ritaPage = await secondBrowser(browser, consoleErrors);
  await signIn(ritaPage, rita);
  const conceptPath = `${draft.path}/concepts/${skimmed}`;
  await ritaPage.goto(conceptPath);
  const discussion = ritaPage.getByRole('region', { name: 'Discussion of this concept' });
  await discussion
    .getByRole('combobox', { name: 'About' })
    .selectOption({ label: 'Definition (English)' });
  await discussion.getByRole('textbox', { name: 'Start a discussion' }).fill('Say *how* quickly.');
  await discussion.getByRole('button', { name: 'Start discussion' }).click();
  const thread = discussion.getByRole('article', { name: 'skimmed: Definition (English)' });
  await expect(thread).toContainText('how quickly');
  await expect(thread).toContainText('Open');
  await ritaPage.goto(ritaLink);
  const ritaReview = ritaPage.getByRole('region', { name: 'Review' });
  await ritaReview.getByText('Request changes').click();
  await ritaReview.getByRole('textbox', { name: 'Message' }).fill('One definition is vague.');
  await ritaReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(ritaPage.getByRole('status')).toContainText('You asked for changes.');
  await expect(ritaReview.getByRole('row', { name: new RegExp(rita.username) })).toContainText(
    'Changes requested',
  );
  await waitForMail(ada.email, /Rita Reviewer|asked for changes to/, { after: before });

  // Ada answers, then changes the definition: the discussion is about an older text now.
  await adaPage.goto(conceptPath);
  const adaThread = adaPage
    .getByRole('region', { name: 'Discussion of this concept' })
    .getByRole('article', { name: 'skimmed: Definition (English)' });
  await adaThread.getByRole('textbox', { name: 'Reply' }).fill('Fair: within a minute.');
  await adaThread.getByRole('button', { name: 'Reply' }).click();
  await expect(adaThread).toContainText('Fair: within a minute.');
  await redescribe(adaApi, draft.api, skimmed, 'Read within a minute.');
  await ritaPage.goto(conceptPath);
  await expect(thread).toContainText('Outdated');
  await expect(thread).toContainText('Fair: within a minute.');
  await shot(ritaPage, 'thread-outdated');
  await expectAccessible(ritaPage, { include: 'article' });

  // Rita resolves it and approves.
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread).toContainText('Resolved by');
  await ritaPage.goto(ritaLink);
  await ritaReview.getByText('Approve', { exact: true }).click();
  await ritaReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(ritaPage.getByRole('status')).toContainText('You approved this draft.');
  await expect(ritaReview.getByRole('row', { name: new RegExp(rita.username) })).toContainText(
    'Approved',
  );

  // Ivan follows his mail to the review page, reads the discussion and approves.
  const ivanPage = await secondBrowser(browser, consoleErrors);
  await signIn(ivanPage, ivan);
  await ivanPage.goto(ivanLink);
  await expect(ivanPage.getByText('You were invited to review this draft')).toBeVisible();
  const ivanReview = ivanPage.getByRole('region', { name: 'Review' });
  // He reads the draft's items there, not its group's pages, and discusses one of them.
  const holds = ivanPage.getByRole('region', { name: 'What this draft holds' });
  await expect(holds.getByRole('article', { name: 'skimmed', exact: true })).toContainText(
    'Read within a minute.',
  );
  const scannedCard = holds.getByRole('article', { name: 'scanned', exact: true });
  await expect(scannedCard).toContainText('Looked over, twice.');
  await scannedCard
    .getByRole('combobox', { name: 'About' })
    .selectOption({ label: 'Definition (English)' });
  await scannedCard
    .getByRole('textbox', { name: 'Start a discussion' })
    .fill('Twice is plenty; fine by me.');
  await scannedCard.getByRole('button', { name: 'Start discussion' }).click();
  await expect(
    scannedCard.getByRole('article', { name: 'scanned: Definition (English)' }),
  ).toContainText('Twice is plenty');
  await expect(ivanReview.getByRole('textbox', { name: 'Ask for a review' })).toHaveCount(0);
  await ivanReview.getByText('Approve', { exact: true }).click();
  await ivanReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(ivanPage.getByRole('status')).toContainText('You approved this draft.');
  await expect(ivanReview).toContainText('Approvals: 2');
  await shot(ivanPage, 'review-page-invited');
  await expectAccessible(ivanPage, { include: 'main' });

  // Now Ada publishes: the first version, whose IRI she acknowledges is permanent.
  await adaPage.goto(draft.path);
  dialog = await openPublish(adaPage);
  await expect(dialog.getByText('Not ready to publish')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: /IRI is permanent/ }).check();
  await dialog.getByRole('button', { name: 'Publish Now' }).click();
  await expect(dialog).toBeHidden();
  await expect(adaPage.getByRole('status')).toContainText('successfully published');

  // The admin adds a verb to the published version (a new draft) and publishes it past the rule.
  const added = await admin.post<{ versionId: string }>(`${draft.api}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'glanced',
    name: 'glanced',
    description: 'Looked briefly.',
    translations: [],
    similarTerms: [],
  });
  const next = versionOf(orgId, made.profileId, added.versionId);
  // Its review page says what it changes against the published version.
  await page.goto(`/review/${made.profileId}/${added.versionId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Review of Reviewed Profile ${stamp}, version 2` }),
  ).toBeVisible();
  const changes = page.getByRole('region', { name: 'What this draft changes' });
  await expect(changes).toContainText('glanced');
  await shot(page, 'review-page-changes');
  await expectAccessible(page, { include: 'main' });
  await page.goto(next.path);
  dialog = await openPublish(page);
  await expect(dialog).toContainText('needs 2 approvals and has 0');
  const reason = dialog.getByRole('textbox', { name: 'Publish anyway: reason' });
  await expect(dialog.getByRole('button', { name: 'Publish Without Approvals' })).toBeDisabled();
  await reason.fill('A fix the reviewers agreed on by phone.');
  await shot(page, 'publish-override');
  await expectAccessible(page, { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Publish Without Approvals' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('successfully published');
  const overridden = page
    .getByRole('region', { name: 'Review' })
    .getByRole('alert')
    .filter({ hasText: 'Published without the approvals' });
  await expect(overridden).toContainText('A fix the reviewers agreed on by phone.');
  await shot(page, 'published-override');

  // Refused calls show in Chromium's console; the publish dialogs' review reads are not refused.
  expect(consoleErrors).toEqual([]);
});
