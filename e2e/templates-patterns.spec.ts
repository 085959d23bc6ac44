import type { Page } from '@playwright/test';
import { validate } from '../xapi/index';
import { expect, test } from './fixtures';
import { createGroup, createProfile, publishFromPage, siteApi, UUID } from './site';
import { signIn, siteAdmin } from './users';

/** Types a rule into the editor and runs Check JSON Format. */
async function checkRule(page: Page, rule: Record<string, unknown>) {
  const editor = page.getByRole('textbox', { name: 'Rule JSON' });
  await editor.fill(JSON.stringify(rule, null, 2));
  await page.getByRole('button', { name: 'Check JSON Format' }).click();
}

/** Adds a rule from the template page: opened, checked, added, back on the template. */
async function addRule(page: Page, templatePath: string, rule: Record<string, unknown>) {
  await page.getByRole('link', { name: 'Add Rule' }).click();
  await checkRule(page, rule);
  await expect(page.getByText('JSON format and properties are valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rule' }).click();
  await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
}

/** Chooses a determining property type and one concept found by name, and adds it. */
async function addDeterminingProperty(page: Page, type: string, conceptName: string) {
  await page.getByRole('link', { name: 'Add Determining Property' }).click();
  await page.getByRole('combobox', { name: /Determining Property Type/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /^Search .* concepts/ }).fill(conceptName);
  await page.getByRole('textbox', { name: /^Search .* concepts/ }).press('Enter');
  await page.getByRole('checkbox', { name: `Select ${conceptName}` }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

test('a statement template with rules and a primary sequence pattern, built, published and exported', async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(15_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  // A working group and a draft profile with a verb and an activity type.
  const orgId = await createGroup(api, {
    name: `Template Group ${stamp}`,
    description: 'Statements of video players.',
  });
  const mine = await createProfile(api, orgId, {
    name: `Player Profile ${stamp}`,
    description: 'Statements a video player sends.',
  });
  const { profileId, versionId: v1, versionPath: v1Path } = mine;
  const concepts = `${mine.versionApi}/concepts`;
  const verbName = `watched-${stamp}`;
  const typeName = `clip-${stamp}`;
  await api.post(concepts, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'watched',
    name: verbName,
    description: 'Watched a video.',
  });
  await api.post(concepts, {
    conceptType: 'ActivityType',
    iriType: 'generated-iri',
    geniri: 'clip',
    name: typeName,
    description: 'A short video.',
  });
  const verbIri = `${mine.iri}/verbs/watched`;
  const typeIri = `${mine.iri}/activity-types/clip`;

  // Create the template from the Statement Templates tab.
  await page.goto(`${v1Path}/templates`);
  await page.getByRole('link', { name: 'Add Statement Template' }).click();
  await expect(page.getByRole('button', { name: 'Add Selected to Profile' })).toBeDisabled();
  await page.getByRole('link', { name: 'Create New' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Watched a clip');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Someone watched a clip.');
  await page.getByRole('button', { name: 'Create Statement Template' }).click();
  await expect(page).toHaveURL(new RegExp(`${v1Path}/templates/${UUID}$`));
  const templatePath = new URL(page.url()).pathname;
  const templateId = templatePath.split('/').pop() ?? '';

  // A verb and an object activity type as determining properties.
  await addDeterminingProperty(page, 'Verb', verbName);
  await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
  await addDeterminingProperty(page, 'Object Activity Type', typeName);
  await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
  const properties = page.getByRole('table', { name: 'Determining properties' });
  await expect(properties).toContainText(verbName);
  await expect(properties).toContainText(typeName);

  // The first rule is refused by the check: its none condition holds the template's verb.
  await page.getByRole('link', { name: 'Add Rule' }).click();
  const verbRule = { location: '$.verb.id', presence: 'included', all: [verbIri] };
  await checkRule(page, { location: '$.verb.id', presence: 'included', none: [verbIri] });
  await expect(page.getByRole('alert', { name: 'The rule has problems' })).toContainText(
    'There are values in the verb determining property specified for $.verb.id that are present in the none condition values.',
  );
  await expect(page.getByRole('button', { name: 'Add Rule' })).toBeDisabled();
  await checkRule(page, verbRule);
  await expect(page.getByText('JSON format and properties are valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rule' }).click();
  await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
  const typeRule = { location: '$.object.definition.type', presence: 'included', any: [typeIri] };
  await addRule(page, templatePath, typeRule);
  const progressRule = { location: '$.result.extensions', presence: 'recommended' };
  await addRule(page, templatePath, progressRule);
  await expect(page.getByRole('table', { name: 'Statement rules' }).getByRole('row')).toHaveCount(
    4,
  );

  // An example statement, saved pretty-printed.
  const example = {
    actor: { mbox: 'mailto:viewer@example.org' },
    verb: { id: verbIri },
    object: { id: 'https://example.org/clips/1', definition: { type: typeIri } },
  };
  await page.getByRole('link', { name: 'Add Example' }).click();
  await page.getByRole('textbox', { name: 'Example Statement' }).fill(JSON.stringify(example));
  await page.getByRole('button', { name: 'Save Example' }).click();
  await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
  await expect(page.getByLabel('Example statement', { exact: true })).toContainText(
    '"mbox": "mailto:viewer@example.org"',
  );

  // A scope note on the third rule.
  await page.goto(`${templatePath}/rule/view?rule=2`);
  await page.getByRole('button', { name: 'Add Scope Note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add Scope Note' });
  await noteDialog.getByRole('combobox', { name: /Language/ }).fill('English');
  await page.getByRole('option', { name: 'English (en)' }).click();
  const note = 'How far the viewer got, when the player knows it.';
  await noteDialog.getByRole('textbox', { name: /Scope Note/ }).fill(note);
  await noteDialog.getByRole('button', { name: 'Add Scope Note' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Scope notes' })).toContainText(note);

  // A second template, made through the site's calls, for the pattern.
  const second = await api.post<{ template: { uuid: string } }>(`${mine.versionApi}/templates`, {
    iriType: 'generated-iri',
    geniri: 'closed',
    name: 'Closed the player',
    description: 'Someone closed the player.',
  });
  expect(second.template.uuid).toMatch(new RegExp(UUID));

  // A primary sequence of the two templates, reordered before it is created.
  await page.goto(`${v1Path}/patterns`);
  await page.getByRole('link', { name: 'Create Pattern' }).click();
  await page.getByRole('link', { name: 'Sequence' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Watching session');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Closing, then watching.');
  await expect(page.getByRole('radio', { name: 'Primary' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  const search = page.getByRole('textbox', { name: 'Search statement templates' });
  for (const name of ['Watched a clip', 'Closed the player']) {
    await search.fill(name);
    await search.press('Enter');
    await page.getByRole('button', { name: `Add ${name}` }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  // Dragged to the top of the order.
  await page
    .getByRole('listitem', { name: '2. Closed the player' })
    .dragTo(page.getByRole('listitem', { name: '1. Watched a clip' }));
  await expect(page.getByRole('listitem', { name: '1. Closed the player' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Pattern' }).click();
  await expect(page).toHaveURL(new RegExp(`${v1Path}/patterns/${UUID}$`));

  // Publish the profile.
  await publishFromPage(page, v1Path);

  // Once published, editing the template is limited.
  await page.goto(`${v1Path}/templates/${templateId}`);
  await expect(
    page.getByText(
      /Editing is limited: a published version of this profile lists this statement template/,
    ),
  ).toBeVisible();

  // The export validates and carries the rules and pattern exactly as entered.
  const exported = await page.request.get(`/app/profile/${profileId}/version/${v1}/export`);
  expect(exported.ok()).toBe(true);
  const document = (await exported.json()) as {
    templates: Array<Record<string, unknown>>;
    patterns: Array<Record<string, unknown>>;
  };
  const errors = validate(document, { mode: 'authoring' }).filter((f) => f.severity === 'error');
  expect(errors).toEqual([]);
  const template = document.templates.find((t) => t.verb === verbIri);
  expect(template).toMatchObject({ objectActivityType: typeIri });
  expect(template?.rules).toEqual([
    verbRule,
    typeRule,
    { ...progressRule, scopeNote: { en: note } },
  ]);
  const closedIri = `${mine.iri}/templates/closed`;
  expect(document.patterns).toHaveLength(1);
  expect(document.patterns[0]).toMatchObject({
    primary: true,
    prefLabel: { en: 'Watching session' },
    sequence: [closedIri, template?.id],
  });
});
