import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import {
  createGroup,
  createProfile,
  seriousAxeFindings,
  siteApi,
  UUID,
  type AxeFinding,
} from './site';
import { siteAdmin, signIn } from './users';

test('statements imported into the queue: a known verb added, an unknown one created, the file removed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  const findings: AxeFinding[] = [];
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  const orgId = await createGroup(api, {
    name: `Import Group ${stamp}`,
    description: 'Profiles fed from statements.',
  });
  const newProfile = (name: string) =>
    createProfile(api, orgId, { name, description: `${name}, for the import tests.` });

  // A published profile defines the verb the statements use.
  const source = await newProfile(`Player Profile ${stamp}`);
  const knownName = `watched-${stamp}`;
  await api.post(`${source.versionApi}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'watched',
    name: knownName,
    description: 'Watched a video to its end.',
    translations: [],
    similarTerms: [],
  });
  await api.post(`${source.versionApi}/publish`, { confirmed: true });
  const knownIri = `${source.iri}/verbs/watched`;
  const unknownIri = `https://example.org/verbs/skimmed-${stamp}`;
  const unknownName = `skimmed-${stamp}`;

  // The statements file, as a person would have it from an LRS.
  const statement = (verbId: string, display: string) => ({
    actor: { mbox: 'mailto:learner@example.org', objectType: 'Agent' },
    verb: { id: verbId, display: { en: display } },
    object: { id: `https://example.org/videos/intro-${stamp}`, objectType: 'Activity' },
  });
  const fileName = `lrs-${stamp}.json`;
  const filePath = test.info().outputPath(fileName);
  writeFileSync(
    filePath,
    JSON.stringify({
      statements: [statement(knownIri, knownName), statement(unknownIri, unknownName)],
    }),
  );

  // The second profile imports it from its version page.
  const { versionPath } = await newProfile(`Course Profile ${stamp}`);
  await page.goto(versionPath);
  await expect(page.getByRole('tab', { name: /Import Queue/ })).toHaveCount(0);
  await page
    .getByRole('toolbar', { name: 'Profile actions' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(page).toHaveURL(`${versionPath}/import`);
  await expect(
    page.getByText('Choose a JSON file of xAPI statements or a profile in a valid JSON-LD file.'),
  ).toBeVisible();
  await expect(
    page.getByText(
      /A file of statements may hold up to [\d,]+ statements naming up to [\d,]+ distinct concepts\./,
    ),
  ).toBeVisible();
  findings.push(...(await seriousAxeFindings(page, 'import')));

  await page.getByLabel('Choose a file').setInputFiles(filePath);
  await expect(page).toHaveURL(new RegExp(`${versionPath}/queue\\?file=${UUID}$`));
  await expect(page.getByRole('tab', { name: /Import Queue/ })).toContainText('1');
  await expect(page.getByRole('combobox', { name: 'File' })).toHaveValue(
    new RegExp(`^${fileName} · `),
  );
  const known = page.getByRole('article', { name: knownName });
  const unknown = page.getByRole('article', { name: unknownName });
  await expect(known.getByText('Match found', { exact: true })).toBeVisible();
  await expect(unknown.getByText('No match found', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Activities/ })).toBeVisible();
  findings.push(...(await seriousAxeFindings(page, 'queue')));

  // The known verb joins the profile.
  await known.getByRole('button', { name: 'Add to Profile' }).click();
  await expect(page.getByRole('status')).toContainText(`${knownName} was successfully added.`);
  await expect(known.getByText('In profile', { exact: true })).toBeVisible();

  // The unknown verb is created from the queue, its IRI and name already filled in.
  await unknown.getByRole('button', { name: 'Create New Concept' }).click();
  await expect(page).toHaveURL(`${versionPath}/concepts/create/Verb`);
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(unknownName);
  await expect(page.getByRole('textbox', { name: /^External IRI/ })).toHaveValue(unknownIri);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Looked through a video quickly.');
  await page.getByRole('button', { name: 'Create Verb' }).click();
  await expect(page).toHaveURL(new RegExp(`${versionPath}/concepts/${UUID}$`));
  await expect(page.getByRole('status')).toContainText('was successfully created');

  // Both are in the profile now, as the queue says. The tab is clicked once the new concept's
  // page shows it counted, and again until the queue is open: a refetch that starts between
  // Playwright's check and its click and runs past 150 ms brings the shell's loading overlay over
  // the tab, and the click then goes to the overlay (docs/testing.md, "Flakes").
  await expect(page.getByRole('heading', { name: unknownName, level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Concepts/ })).toContainText('2');
  await expect(async () => {
    await page.getByRole('tab', { name: /Import Queue/ }).click();
    await expect(page).toHaveURL(new RegExp(`${versionPath}/queue(\\?|$)`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    page.getByRole('article', { name: unknownName }).getByText('In profile', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: knownName }).getByText('In profile', { exact: true }),
  ).toBeVisible();

  // Removing the file asks first; then the queue is empty and its tab gone.
  await page.getByRole('button', { name: 'Remove file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove file?' });
  await expect(dialog).toContainText(fileName);
  await dialog.getByRole('button', { name: 'Remove file' }).click();
  await expect(page.getByRole('status')).toContainText(`${fileName} was successfully removed.`);
  await expect(page.getByText(/No files are waiting in the Import Queue/)).toBeVisible();
  await expect(page.getByRole('tab', { name: /Import Queue/ })).toHaveCount(0);

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
