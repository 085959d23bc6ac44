import type { Page } from '@playwright/test';
import { validate } from '../xapi/index';
import { expect, test } from './fixtures';
import { createGroup, createProfile, publishFromPage, siteApi, UUID } from './site';
import { signIn, siteAdmin } from './users';

/** The concept id and version of the address a save led to. */
function conceptAddress(page: Page) {
  const parts = new URL(page.url()).pathname.split('/');
  return { versionId: parts[6] ?? '', conceptId: parts[8] ?? '' };
}

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the create form of a kind from the version's concept list, and fills the shared part. */
async function startConcept(
  page: Page,
  versionPath: string,
  kind: string,
  name: string,
  description: string,
) {
  await page.goto(`${versionPath}/concepts`);
  await page.getByRole('link', { name: 'Create Concept' }).click();
  await expect(page).toHaveURL(`${versionPath}/concepts/create`);
  await page.getByRole('link', { name: kind, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${kind} Details` })).toBeVisible();
  await field(page, /^Name/).fill(name);
  await field(page, /^Description/).fill(description);
}

/** Saves a new concept and returns where it opened: its page in the version it landed in. */
async function createConcept(page: Page, kind: string, versionPath: string) {
  await page.getByRole('button', { name: `Create ${kind}` }).click();
  await expect(page).toHaveURL(new RegExp(`${versionPath}/concepts/${UUID}$`));
  await expect(page.getByRole('status')).toContainText('was successfully created');
  return conceptAddress(page).conceptId;
}

test('concepts of every kind: created, linked, published, edited in a new draft, deprecated and exported', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  await signIn(page, siteAdmin);
  const api = await siteApi(page.request);

  // A working group with two draft profiles.
  const orgId = await createGroup(api, {
    name: `Concept Group ${stamp}`,
    description: 'Vocabularies for video players.',
  });
  const newProfile = (name: string) =>
    createProfile(api, orgId, { name, description: `${name}, for the concept tests.` });

  // The other profile defines a verb and is published, so other profiles may use it.
  const other = await newProfile(`Media Profile ${stamp}`);
  const otherVerbName = `played-${stamp}`;
  await api.post(`${other.versionApi}/concepts`, {
    conceptType: 'Verb',
    iriType: 'generated-iri',
    geniri: 'played',
    name: otherVerbName,
    description: 'Started playing the media.',
    translations: [],
    similarTerms: [],
  });
  await api.post(`${other.versionApi}/publish`, { confirmed: true });

  const mine = await newProfile(`Video Profile ${stamp}`);
  const { profileId, versionId: v1, versionPath: v1Path } = mine;

  // A verb, with the other profile's verb as a related term.
  await startConcept(page, v1Path, 'Verb', 'Rewound', 'Went back in the video.');
  await expect(page.getByLabel('Generated IRI')).toHaveText(`${mine.iri}/verbs/rewound`);
  await page.getByRole('searchbox', { name: /Find Similar Terms/ }).fill(otherVerbName);
  await page.getByRole('button', { name: `Add ${otherVerbName}` }).click();
  await page.getByRole('button', { name: 'Create Verb' }).click();
  await expect(page.getByText(`${otherVerbName} does not have a relation type.`)).toBeVisible();
  await choose(page, new RegExp(`Relation of ${otherVerbName}`), 'Related');
  const verbId = await createConcept(page, 'Verb', v1Path);

  // An activity type and an attachment usage type.
  await startConcept(page, v1Path, 'Activity Type', 'Course', 'A course of several lessons.');
  await createConcept(page, 'Activity Type', v1Path);
  await startConcept(
    page,
    v1Path,
    'Attachment Usage Type',
    'Certificate',
    'A certificate of completion.',
  );
  await createConcept(page, 'Attachment Usage Type', v1Path);

  // An activity: a choice interaction.
  await startConcept(page, v1Path, 'Activity', 'Quiz One', 'The first quiz of the course.');
  await field(page, /^Activity Type/).fill('http://adlnet.gov/expapi/activities/cmi.interaction');
  await choose(page, /^Interaction Type/, 'Choice');
  await page.getByRole('button', { name: 'Add choice' }).click();
  await field(page, /Choice 1 id/).fill('golf');
  await field(page, /Choice 1 description/).fill('Golf');
  await page.getByRole('button', { name: 'Add correct response' }).click();
  await field(page, /Correct response 1/).fill('golf');
  // The live check speaks up about what only the xAPI Profiles specification forbids.
  const live = page.getByRole('region', {
    name: 'Checked against the xAPI Profiles specification',
  });
  await field(page, /^Extensions/).fill('{"difficulty": 2}');
  await expect(live).toContainText('Extension keys must be IRIs, but "difficulty" is not.');
  await field(page, /^Extensions/).fill('{"https://example.org/extensions/difficulty": 2}');
  await expect(live).toContainText('No problems found so far.');
  await createConcept(page, 'Activity', v1Path);

  // A document with an inline schema.
  await startConcept(page, v1Path, 'Document', 'Bookmark', 'Where the learner stopped.');
  await choose(page, /^Document Type/, 'State Resource');
  await page.getByRole('combobox', { name: /^Media Type/ }).fill('json');
  await page.getByRole('option', { name: 'application/json', exact: true }).click();
  await page.getByRole('radio', { name: 'Inline JSON Schema' }).check();
  await field(page, /^Inline Schema/).fill(
    '{"type": "object", "properties": {"page": {"type": "integer"}}}',
  );
  const documentId = await createConcept(page, 'Document', v1Path);

  // An activity extension that recommends the activity type made above.
  await startConcept(page, v1Path, 'Extension', 'Level', 'The level the learner reached.');
  await choose(page, /^Extension Type/, 'Activity Extension');
  await page.getByRole('searchbox', { name: /Find Recommended Terms/ }).fill('Course');
  await page.getByRole('button', { name: 'Add Course' }).click();
  await page.getByRole('radio', { name: 'Schema IRI' }).check();
  await field(page, /^Schema IRI/).fill('https://example.org/schemas/level.json');
  await createConcept(page, 'Extension', v1Path);

  // Link the other profile's verb.
  await page.goto(`${v1Path}/concepts/add`);
  await page.getByRole('textbox', { name: /Search concepts/ }).fill(otherVerbName);
  await page.getByRole('button', { name: 'Search Concepts' }).click();
  await page.getByRole('checkbox', { name: `Select ${otherVerbName}` }).check();
  await page.getByRole('button', { name: 'Add Selected to Profile' }).click();
  await expect(page).toHaveURL(`${v1Path}/concepts`);
  for (const name of [
    'Rewound',
    'Course',
    'Certificate',
    'Quiz One',
    'Bookmark',
    'Level',
    otherVerbName,
  ])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  // Publish the profile.
  await publishFromPage(page, v1Path);

  // A published concept: editing is limited; a translation lands in a new draft.
  await page.goto(`${v1Path}/concepts/${verbId}`);
  await page
    .getByRole('toolbar', { name: 'Concept actions' })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(`${v1Path}/concepts/${verbId}/edit/verb`);
  await expect(
    page.getByText(/^Editing is limited: a published version of this profile lists this concept/),
    // The edit screen loads the concept and takes its lock first; a loaded machine needs longer.
  ).toBeVisible({ timeout: 15_000 });
  await expect(field(page, /^Name/)).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Add Translation' }).click();
  const translation = page.getByRole('dialog', { name: 'Add Translation' });
  await translation.getByRole('combobox', { name: /Language/ }).fill('fren');
  await page.getByRole('option', { name: 'French (fr)' }).click();
  await translation.getByRole('textbox', { name: /Translated Name/ }).fill('Rembobiné');
  await translation
    .getByRole('textbox', { name: /Translated Description/ })
    .fill('Revenu en arrière dans la vidéo.');
  await translation.getByRole('button', { name: 'Add Translation' }).click();
  await expect(translation).toBeHidden();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your changes to the concept have been saved.',
  );
  await expect(page).toHaveURL(
    new RegExp(
      `/organization/${orgId}/profile/${profileId}/version/(?!${v1})${UUID}/concepts/${UUID}$`,
    ),
  );
  const v2 = conceptAddress(page).versionId;
  const v2Path = `/organization/${orgId}/profile/${profileId}/version/${v2}`;
  await expect(page.getByRole('region', { name: 'Concept details' })).toContainText('Rembobiné');

  // Deprecate the document in the new draft, from its edit form.
  await page.goto(`${v2Path}/concepts/${documentId}/edit`);
  await expect(page).toHaveURL(`${v2Path}/concepts/${documentId}/edit/document`);
  await page.getByRole('button', { name: 'Deprecate' }).click();
  const deprecate = page.getByRole('dialog', { name: 'Deprecate Concept' });
  await deprecate.getByRole('textbox', { name: /Reason/ }).fill('Bookmarks moved to the player.');
  await deprecate.getByRole('button', { name: 'Deprecate' }).click();
  await expect(page).toHaveURL(new RegExp(`/version/${v2}/concepts/${UUID}$`));
  await expect(page.getByRole('status')).toContainText('The concept was deprecated.');

  // The exported draft is a valid xAPI Profile with every concept defined here.
  const exported = await page.request.get(`/app/profile/${profileId}/version/${v2}/export`);
  expect(exported.ok()).toBe(true);
  const document = (await exported.json()) as {
    concepts?: Array<Record<string, unknown>>;
  };
  const errors = validate(document, { mode: 'authoring' }).filter((f) => f.severity === 'error');
  expect(errors).toEqual([]);
  const concepts = document.concepts ?? [];
  expect(concepts.map((c) => c.type).sort()).toEqual([
    'Activity',
    'ActivityExtension',
    'ActivityType',
    'AttachmentUsageType',
    'StateResource',
    'Verb',
  ]);
  const verb = concepts.find((c) => c.type === 'Verb');
  expect(verb?.prefLabel).toEqual({ en: 'Rewound', fr: 'Rembobiné' });
  expect(verb?.relatedMatch).toEqual([expect.stringContaining('/verbs/played')]);
  expect(concepts.find((c) => c.type === 'StateResource')?.deprecated).toBe(true);
  expect(concepts.find((c) => c.type === 'ActivityExtension')?.recommendedActivityTypes).toEqual([
    `${mine.iri}/activity-types/course`,
  ]);
});
