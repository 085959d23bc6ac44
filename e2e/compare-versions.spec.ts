import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The site admin the e2e server is started with (playwright.config.ts). */
const ADMIN = { email: 'admin@example.org', password: 'e2e-admin-password' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Site Administrator/ })).toBeVisible();
}

/** The site's own calls, with the CSRF token every change needs. */
async function siteApi(api: APIRequestContext) {
  const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
  const send = async <T>(method: 'post' | 'put', url: string, data: unknown): Promise<T> => {
    const response = await api[method](url, { headers: { 'x-csrf-token': csrf }, data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  return {
    post: <T>(url: string, data: unknown = {}) => send<T>('post', url, data),
    put: <T>(url: string, data: unknown) => send<T>('put', url, data),
  };
}

interface View {
  profile: { uuid: string; iri: string };
  version: { uuid: string; iri: string };
}

test('a draft compared with the published version: a reworded rule and a deprecated concept, classified', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  await signIn(page);
  const api = await siteApi(page.request);

  // Version 1: a verb and a template with one recommended rule.
  const group = await api.post<{ organization: { uuid: string } }>('/app/org', {
    name: `Compare Group ${stamp}`,
    collaborationLink: 'https://example.org/compare',
    description: 'Profiles that change.',
  });
  const orgId = group.organization.uuid;
  const mine = await api.post<View>(`/app/org/${orgId}/profile`, {
    iriType: 'generated-iri',
    name: `Quiz Profile ${stamp}`,
    description: 'Statements a quiz sends.',
    translations: [],
    moreInformation: '',
    tags: [],
  });
  const profileId = mine.profile.uuid;
  const v1 = mine.version.uuid;
  const v1Path = `/organization/${orgId}/profile/${profileId}/version/${v1}`;
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
  await page.goto(v1Path);
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Profile' });
  await publish.getByRole('checkbox', { name: /IRI is permanent/ }).check();
  await publish.getByRole('button', { name: 'Publish Now' }).click();
  await expect(publish).toBeHidden();
  await expect(page.getByRole('status')).toContainText('successfully published');

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
  await expect(page.getByText(/Suggested version number: 1\.1\.0 \(REVISION/)).toBeVisible();

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
