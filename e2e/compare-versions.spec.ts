import { expect, test } from './fixtures';
import { createGroup, createProfile, publishFromPage, siteApi } from './site';
import { signIn, siteAdmin } from './users';

test('a draft compared with the published version: a reworded rule and a deprecated concept, classified', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  // Version 1: a verb and a template with one recommended rule.
  const orgId = await createGroup(api, {
    name: `Compare Group ${stamp}`,
    description: 'Profiles that change.',
  });
  const {
    profileId,
    versionId: v1,
    versionPath: v1Path,
  } = await createProfile(api, orgId, {
    name: `Quiz Profile ${stamp}`,
    description: 'Statements a quiz sends.',
  });
  const versionApi = (versionId: string) => `/app/profile/${profileId}/version/${versionId}`;
  const verbName = `answered-${stamp}`;
  const verb = await api.post<{ concept: { uuid: string } }>(`${versionApi(v1)}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'answered',
    name: verbName,
    description: 'Answered a question.',
  });
  const template = await api.post<{ template: { uuid: string } }>(`${versionApi(v1)}/templates`, {
    iriType: 'generated-iri',
    geniri: 'answered',
    name: 'Answered a question',
    description: 'Someone answered a question.',
  });
  const templateUrl = `${versionApi(v1)}/templates/${template.template.uuid}`;
  await api.post(`${templateUrl}/lock`);
  await api.post(`${templateUrl}/rules`, {
    rule: {
      location: '$.result.score.raw',
      presence: 'recommended',
      scopeNote: { en: 'The score, when the quiz has one.' },
    },
  });

  // Publish version 1.
  await publishFromPage(page, v1Path);

  // Reword the rule's scope note (a published rule keeps its constraints; the change lands in a
  // new draft) and deprecate the verb there.
  await api.post(`${templateUrl}/lock`);
  const edited = await api.put<{ versionId: string }>(`${templateUrl}/rules/0`, {
    rule: {
      location: '$.result.score.raw',
      presence: 'recommended',
      scopeNote: { en: 'The raw score, whenever the quiz keeps one.' },
    },
  });
  const v2 = edited.versionId;
  expect(v2).not.toBe(v1);
  const verbUrl = `${versionApi(v2)}/concepts/${verb.concept.uuid}`;
  await api.post(`${verbUrl}/lock`);
  await api.post(`${verbUrl}/deprecate`, { reason: 'Use the quiz player’s own verb.' });

  // The draft's page: what will publishing it change?
  const v2Path = `/organization/${orgId}/profile/${profileId}/version/${v2}`;
  await page.goto(v2Path);
  await page.getByRole('link', { name: 'What will this publish?' }).click();
  await expect(page).toHaveURL(`${v2Path}/compare`);
  await expect(page.getByRole('heading', { name: 'What will this publish?' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveValue(
    'Version 1 · Published',
  );

  const summary = page.getByRole('group', { name: 'Summary' });
  await expect(summary.getByText('0 breaking')).toBeVisible();
  await expect(summary.getByText('1 additive')).toBeVisible();
  await expect(summary.getByText('1 editorial')).toBeVisible();
  await expect(
    page.getByText(/Suggested version number: 1\.1\.0 \(a new middle number/),
  ).toBeVisible();

  const deprecated = page
    .getByRole('region', { name: 'Concepts (1)' })
    .getByRole('listitem', { name: `Deprecated: ${verbName}` });
  await expect(deprecated).toBeVisible();
  await expect(deprecated.getByText('additive').first()).toBeVisible();

  const changed = page
    .getByRole('region', { name: 'Statement templates (1)' })
    .getByRole('listitem', { name: 'Changed: Answered a question' });
  await expect(
    changed.getByText('Changes the scope note on $.result.score.raw in “en”.'),
  ).toBeVisible();
  await expect(changed.getByText('editorial').first()).toBeVisible();

  // The template's JSON in both versions, side by side.
  await changed.getByRole('button', { name: 'Show JSON side by side' }).click();
  const both = changed.getByRole('group', { name: 'JSON of Answered a question in both versions' });
  await expect(both.getByText(/The score, when the quiz has one\./)).toBeVisible();
  await expect(both.getByText(/The raw score, whenever the quiz keeps one\./)).toBeVisible();
  await page.screenshot({ path: 'test-results/compare-versions.png', fullPage: true });

  // Each item links to its page in the published version.
  await deprecated.getByRole('link', { name: 'In version 1' }).click();
  await expect(page).toHaveURL(new RegExp(`${v1Path}/concepts/[0-9a-f-]{36}$`));
});
