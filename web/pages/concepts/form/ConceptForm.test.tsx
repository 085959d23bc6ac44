import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIMITED_EDIT_MESSAGE,
  NOT_JSON_MESSAGE,
  relationTypeMessage,
  SCHEMA_FORMAT_MESSAGE,
  type ConceptType,
  type ConceptValues,
} from '../../../../common/concepts';
import { IRI_FORMAT_MESSAGE } from '../../../../common/profiles';
import { blockedMessage, ConceptForm, type ConceptFormProps } from './ConceptForm';
import { LIVE_CHECK_TITLE } from './LiveFindings';
import {
  ada,
  list,
  ok,
  OTHER_PROFILE_ID,
  PROFILE_ID,
  PROFILE_IRI,
  renderAlone,
  row,
  SEARCH_PATH,
  signedIn,
  stubServer,
  V1,
  VERSION_CONCEPTS_PATH,
  type StubCall,
} from './testing/stub';
import {
  blankConceptValues,
  editValues,
  type ConceptFormValues,
} from '../../../lib/concept-values';

afterEach(() => vi.unstubAllGlobals());

const paused = row({ name: 'Paused' });
const played = row({
  name: 'Played',
  iri: 'https://other.example.org/verbs/played',
  status: 'Published',
  parentProfile: {
    uuid: OTHER_PROFILE_ID,
    name: 'Media Profile',
    state: 'published',
    organization: { uuid: '22222222-2222-4222-8222-222222222229', name: 'Media Group' },
  },
});
const retired = row({ name: 'Stopped', status: 'Deprecated' });
const course = row({
  name: 'Course',
  conceptType: 'ActivityType',
  iri: `${PROFILE_IRI}/activity-types/course`,
});

function stubSearch(): StubCall[] {
  return stubServer(
    {
      [`GET ${SEARCH_PATH}`]: (call) => {
        const type = call.query.get('conceptType');
        const text = (call.query.get('search') ?? '').toLowerCase();
        const all = [played, retired, paused, course].filter(
          (c) => c.conceptType === type && c.name.toLowerCase().includes(text),
        );
        return [200, list(all)];
      },
      [`GET ${VERSION_CONCEPTS_PATH}`]: ok(list([paused, course])),
    },
    signedIn(ada),
  );
}

function renderForm(
  conceptType: ConceptType,
  overrides: Partial<ConceptFormProps> & { values?: Partial<ConceptFormValues> } = {},
) {
  const onSubmit = vi.fn<(values: ConceptValues) => void>();
  const { values, ...props } = overrides;
  const mode = props.mode ?? 'create';
  renderAlone(
    <ConceptForm
      mode={mode}
      conceptType={conceptType}
      initial={{ ...blankConceptValues(conceptType, mode === 'create'), ...values }}
      profileId={PROFILE_ID}
      versionId={V1}
      profileIri={PROFILE_IRI}
      busy={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
      {...props}
    />,
  );
  return onSubmit;
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = (label: string) => userEvent.click(screen.getByRole('button', { name: label }));
const submitted = (onSubmit: ReturnType<typeof renderForm>) =>
  onSubmit.mock.calls[onSubmit.mock.calls.length - 1]?.[0];

/** Types long text in one go: typing it key by key is slow under jsdom. */
async function fill(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  await userEvent.click(element);
  await userEvent.paste(text);
}

async function fillBasics(name = 'Completed', description = 'Finished the whole thing.') {
  await fill(textbox(/^Name/), name);
  await fill(textbox(/^Description/), description);
}

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the shared part', () => {
  it('requires a name and a description and shows the generated IRI as it is typed', async () => {
    stubSearch();
    const onSubmit = renderForm('Verb');
    await submit('Create Verb');
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Verb' })).toBeDisabled();

    // The suffix follows the name until it is typed itself.
    await userEvent.type(textbox(/^Name/), 'Fast Forwarded');
    expect(screen.getByLabelText('Generated IRI')).toHaveTextContent(
      `${PROFILE_IRI}/verbs/fast-forwarded`,
    );
    const suffix = textbox(/IRI Suffix/);
    await userEvent.clear(suffix);
    await userEvent.type(suffix, 'skipped');
    await userEvent.type(textbox(/^Name/), '!');
    expect(screen.getByLabelText('Generated IRI')).toHaveTextContent(
      `${PROFILE_IRI}/verbs/skipped`,
    );
    await userEvent.clear(suffix);
    await userEvent.type(suffix, 'has space');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    await userEvent.clear(suffix);
    await userEvent.type(suffix, 'skipped');
    await fill(textbox(/^Description/), 'Moved ahead.');
    await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
    await submit('Create Verb');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      conceptType: 'Verb',
      iriType: 'generated-iri',
      geniri: 'skipped',
      name: 'Fast Forwarded!',
      description: 'Moved ahead.',
      similarTerms: [],
    });
  });

  it('checks an external IRI', async () => {
    stubSearch();
    const onSubmit = renderForm('ActivityType');
    await userEvent.click(screen.getByRole('radio', { name: 'Use an IRI I already own' }));
    const external = textbox(/External IRI/);
    await userEvent.type(external, 'not an iri');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    await userEvent.clear(external);
    await fill(external, 'https://w3id.org/xapi/video/activity-type/video');
    await fillBasics('Video', 'A video.');
    await waitFor(() => expect(screen.queryByText(IRI_FORMAT_MESSAGE)).toBeNull());
    await submit('Create Activity Type');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      iriType: 'external-iri',
      extiri: 'https://w3id.org/xapi/video/activity-type/video',
    });
  });
});

describe('similar terms', () => {
  it('finds terms of the same kind, never deprecated or chosen ones, and needs a relation each', async () => {
    const calls = stubSearch();
    const onSubmit = renderForm('Verb');
    await fillBasics();
    const search = screen.getByRole('searchbox', { name: /Find Similar Terms/ });
    await userEvent.type(search, 'p');
    const results = await screen.findByRole('list', { name: /Find Similar Terms results/ });
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toHaveLength(2),
    );
    expect(within(results).queryByText('Stopped')).toBeNull();
    expect(within(results).queryByText('Course')).toBeNull();
    expect(calls.find((c) => c.path === SEARCH_PATH)?.query.get('conceptType')).toBe('Verb');
    await userEvent.click(within(results).getByRole('button', { name: 'Add Played' }));
    const table = screen.getByRole('table', { name: 'Similar terms' });
    expect(within(table).getByText('Played')).toBeVisible();

    await userEvent.type(search, 'p');
    const again = await screen.findByRole('list', { name: /Find Similar Terms results/ });
    await waitFor(() => expect(within(again).getByText('Paused')).toBeVisible());
    expect(within(again).queryByText('Played')).toBeNull();

    await submit('Create Verb');
    expect(await screen.findByText(relationTypeMessage('Played'))).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await choose(/Relation of Played/, 'Broader');
    await waitFor(() => expect(screen.queryByText(relationTypeMessage('Played'))).toBeNull());
    await submit('Create Verb');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      similarTerms: [{ iri: played.iri, name: 'Played', relationType: 'broader' }],
    });
  });

  it('reports a related term of the same profile as the specification does', async () => {
    stubSearch();
    renderForm('Verb');
    await fillBasics();
    await userEvent.type(screen.getByRole('searchbox', { name: /Find Similar Terms/ }), 'paus');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Paused' }));
    await choose(/Relation of Paused/, 'Related');
    const live = screen.getByRole('region', { name: LIVE_CHECK_TITLE });
    expect(await within(live).findByText(/"related" may only be used/)).toBeVisible();
  });
});

describe('Activity', () => {
  it('requires the activity type as an IRI, checks the extensions and the components', async () => {
    stubSearch();
    const onSubmit = renderForm('Activity');
    await fillBasics('Quiz 1', 'The first quiz.');
    await submit('Create Activity');
    expect(await screen.findByText('Required')).toBeVisible();
    await userEvent.type(textbox(/^Activity Type/), 'assessment');
    await userEvent.type(textbox(/^More Information/), 'nope');
    await userEvent.type(textbox(/^Extensions/), '{{oops');
    await userEvent.tab();
    await waitFor(() => expect(screen.getAllByText(IRI_FORMAT_MESSAGE)).toHaveLength(2));
    expect(screen.getByText(NOT_JSON_MESSAGE)).toBeVisible();

    await fill(textbox(/^Activity Type/), 'http://adlnet.gov/expapi/activities/cmi.interaction');
    await userEvent.clear(textbox(/^More Information/));
    await fill(textbox(/^Extensions/), '{"https://example.org/ext/level": 2}');

    await choose(/Interaction Type/, 'Matching');
    expect(screen.getByRole('group', { name: 'Source' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Target' })).toBeVisible();
    await choose(/Interaction Type/, 'Choice');
    expect(screen.queryByRole('group', { name: 'Source' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add choice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add choice' }));
    await userEvent.type(textbox(/Choice 1 id/), 'golf');
    await userEvent.type(textbox(/Choice 1 description/), 'Golf');
    await userEvent.click(screen.getByRole('button', { name: 'Add correct response' }));
    await userEvent.type(textbox(/Correct response 1/), 'golf');
    await submit('Create Activity');
    // The second choice has no id.
    expect(await screen.findByText('Required')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove choice 2' }));
    await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
    await submit('Create Activity');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      activityType: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: 'choice',
      choices: [{ id: 'golf', description: 'Golf' }],
      correctResponsesPattern: ['golf'],
      source: [],
      extensions: '{"https://example.org/ext/level": 2}',
    });
  });

  it('does not save the components an interaction type does not use', async () => {
    stubSearch();
    const onSubmit = renderForm('Activity', {
      values: {
        geniri: 'match',
        name: 'Match',
        description: 'Match them.',
        activityType: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        interactionType: 'matching',
        source: [{ id: 'a', description: '' }],
        target: [{ id: 'b', description: '' }],
      },
    });
    await choose(/Interaction Type/, 'Likert');
    await submit('Create Activity');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      interactionType: 'likert',
      source: [],
      target: [],
    });
  });
});

describe('the live check', () => {
  it('shows what the xAPI Profiles specification says about the values as they are typed', async () => {
    stubSearch();
    renderForm('Activity', {
      values: {
        name: 'Quiz',
        description: 'The quiz.',
        activityType: 'http://adlnet.gov/expapi/activities/assessment',
      },
    });
    const live = screen.getByRole('region', { name: LIVE_CHECK_TITLE });
    expect(await within(live).findByText('No problems found so far.')).toBeVisible();
    // Valid JSON, so the form's rule is content; the specification wants IRI keys.
    await fill(textbox(/^Extensions/), '{"level": 2}');
    expect(
      await within(live).findByText(/Extension keys must be IRIs, but "level" is not/),
    ).toBeVisible();
    expect(
      within(live).getByText(/rule H3 at activityDefinition\/extensions\/level/),
    ).toBeVisible();
    expect(screen.queryByText(NOT_JSON_MESSAGE)).toBeNull();
    await fill(textbox(/^Extensions/), '{"https://example.org/ext/level": 2}');
    expect(await within(live).findByText('No problems found so far.')).toBeVisible();
  });
});

describe('Document', () => {
  it('requires type, media type and schema type, and filters the media types by typed text', async () => {
    stubSearch();
    const onSubmit = renderForm('Document');
    await fillBasics('Bookmark', 'Where the learner stopped.');
    await submit('Create Document');
    expect(await screen.findAllByText('Required')).toHaveLength(3);

    await choose(/^Document Type/, 'State Resource');
    const media = screen.getByRole('combobox', { name: /^Media Type/ });
    await userEvent.type(media, 'json');
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('application/json');
    expect(options).toContain('application/ld+json');
    expect(options.every((o) => o?.includes('json'))).toBe(true);
    await userEvent.click(screen.getByRole('option', { name: 'application/ld+json' }));
    await userEvent.type(textbox(/^Context IRI/), 'nope');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    await userEvent.clear(textbox(/^Context IRI/));

    await userEvent.click(screen.getByRole('radio', { name: 'Schema IRI' }));
    await fill(textbox(/^Schema IRI/), 'https://example.org/bookmark.json');
    await userEvent.click(screen.getByRole('radio', { name: 'Inline JSON Schema' }));
    const inline = textbox(/^Inline Schema/);
    await userEvent.type(inline, 'not json');
    await userEvent.tab();
    expect(await screen.findByText(NOT_JSON_MESSAGE)).toBeVisible();
    await userEvent.clear(inline);
    await userEvent.type(inline, '[[1]');
    await userEvent.tab();
    expect(await screen.findByText(SCHEMA_FORMAT_MESSAGE)).toBeVisible();
    await fill(inline, '{"type": "object"}');
    await waitFor(() => expect(screen.queryByText(SCHEMA_FORMAT_MESSAGE)).toBeNull());
    // An object the JSON Schema meta-schema refuses.
    await fill(inline, '{"type": 5}');
    await userEvent.tab();
    expect(await screen.findByText(SCHEMA_FORMAT_MESSAGE)).toBeVisible();
    await fill(inline, '{"type": "object"}');
    await waitFor(() => expect(screen.queryByText(SCHEMA_FORMAT_MESSAGE)).toBeNull());
    await submit('Create Document');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // The schema IRI typed before is not saved: the inline schema was chosen.
    expect(submitted(onSubmit)).toMatchObject({
      type: 'StateResource',
      mediaType: 'application/ld+json',
      contextIri: '',
      schemaType: 'inlineSchema',
      inlineSchema: '{"type": "object"}',
      schemaString: '',
    });
  });
});

describe('Document and Extension forms', () => {
  it.each(['Document', 'Extension'] as const)(
    'flags an empty IRI suffix on the first submit of a new %s',
    async (conceptType) => {
      stubSearch();
      const onSubmit = renderForm(conceptType);
      await submit(`Create ${conceptType}`);
      const suffix = screen.getByRole('textbox', { name: /^IRI Suffix/ });
      await waitFor(() => expect(suffix).toHaveAttribute('aria-invalid', 'true'));
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('forgets the inline schema error once Schema IRI is chosen, and says what keeps Create disabled', async () => {
    stubSearch();
    const onSubmit = renderForm('Extension');
    await fillBasics('Level', 'The level reached.');
    await choose(/^Extension Type/, 'Activity Extension');
    await userEvent.click(screen.getByRole('radio', { name: 'Inline JSON Schema' }));
    await fill(textbox(/^Inline Schema/), '[1,2]');
    await userEvent.tab();
    expect(await screen.findByText(SCHEMA_FORMAT_MESSAGE)).toBeVisible();
    const create = screen.getByRole('button', { name: 'Create Extension' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(blockedMessage(['inlineSchema']));
    expect(screen.getByText(blockedMessage(['inlineSchema']))).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: 'Schema IRI' }));
    await fill(textbox(/^Schema IRI/), 'https://example.org/level.json');
    await waitFor(() => expect(create).toBeEnabled());
    expect(screen.queryByText(blockedMessage(['inlineSchema']))).toBeNull();
    await submit('Create Extension');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      schemaType: 'schemaString',
      schemaString: 'https://example.org/level.json',
    });
  });
});

describe('Extension', () => {
  it('requires type and schema type and recommends the kind of term the type takes', async () => {
    const calls = stubSearch();
    const onSubmit = renderForm('Extension');
    await fillBasics('Level', 'The level reached.');
    await submit('Create Extension');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.queryByRole('searchbox', { name: /Find Recommended Terms/ })).toBeNull();

    await choose(/^Extension Type/, 'Activity Extension');
    await userEvent.type(screen.getByRole('searchbox', { name: /Find Recommended Terms/ }), 'c');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Course' }));
    expect(
      within(screen.getByRole('list', { name: 'Recommended terms' })).getByText('Course'),
    ).toBeVisible();
    expect(
      calls.filter((c) => c.path === SEARCH_PATH).map((c) => c.query.get('conceptType')),
    ).toContain('ActivityType');

    await userEvent.click(screen.getByRole('radio', { name: 'Schema IRI' }));
    await userEvent.type(textbox(/^Schema IRI/), 'no iri');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    await fill(textbox(/^Schema IRI/), 'https://example.org/level.json');
    await submit('Create Extension');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      type: 'ActivityExtension',
      recommendedTerms: [course.iri],
      schemaType: 'schemaString',
      schemaString: 'https://example.org/level.json',
      inlineSchema: '',
    });

    // A context extension recommends verbs instead; the activity types chosen go.
    await choose(/^Extension Type/, 'Context Extension');
    expect(screen.queryByRole('list', { name: 'Recommended terms' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: /Find Recommended Terms/ }), 'pa');
    expect(await screen.findByRole('button', { name: 'Add Paused' })).toBeVisible();
  });
});

describe('limited editing of a published concept', () => {
  it('keeps name, description, type, media type, context and schema read-only', async () => {
    stubSearch();
    const onSubmit = renderForm('Document', {
      mode: 'edit',
      limited: true,
      iri: `${PROFILE_IRI}/documents/bookmark`,
      values: editValues('Document', {
        name: 'Bookmark',
        description: 'Where the learner stopped.',
        type: 'StateResource',
        mediaType: 'application/json',
        contextIri: 'https://example.org/context',
        schemaType: 'schemaString',
        schemaString: 'https://example.org/bookmark.json',
        inlineSchema: '',
        translations: [],
      }),
    });
    expect(screen.getByText(LIMITED_EDIT_MESSAGE)).toBeVisible();
    expect(screen.getByLabelText('Document IRI')).toHaveTextContent(
      `${PROFILE_IRI}/documents/bookmark`,
    );
    for (const name of [/^Name/, /^Description/, /^Context IRI/, /^Schema IRI/])
      expect(textbox(name)).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /^Document Type/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /^Media Type/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Inline JSON Schema' })).toBeDisabled();
    // Translations stay editable.
    expect(screen.getByRole('button', { name: 'Add Translation' })).toBeEnabled();
    await submit('Save Changes');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({ name: 'Bookmark', mediaType: 'application/json' });
  });

  it('keeps the set of similar terms and lets their relation change', async () => {
    stubSearch();
    const onSubmit = renderForm('Verb', {
      mode: 'edit',
      limited: true,
      iri: `${PROFILE_IRI}/verbs/completed`,
      values: editValues('Verb', {
        name: 'Completed',
        description: 'Finished.',
        translations: [],
        similarTerms: [{ iri: played.iri, name: 'Played', relationType: 'related' }],
      }),
    });
    expect(screen.queryByRole('searchbox', { name: /Find Similar Terms/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Played' })).toBeNull();
    await choose(/Relation of Played/, 'Narrower');
    await submit('Save Changes');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toMatchObject({
      similarTerms: [{ iri: played.iri, relationType: 'narrower' }],
    });
  });

  it('keeps recommended terms editable', async () => {
    stubSearch();
    renderForm('Extension', {
      mode: 'edit',
      limited: true,
      iri: `${PROFILE_IRI}/extensions/level`,
      termNames: { [course.iri]: 'Course' },
      values: editValues('Extension', {
        name: 'Level',
        description: 'The level.',
        type: 'ActivityExtension',
        recommendedTerms: [course.iri],
        schemaType: 'inlineSchema',
        inlineSchema: '{"type":"integer"}',
      }),
    });
    expect(screen.getByRole('combobox', { name: /^Extension Type/ })).toHaveAttribute('readonly');
    expect(textbox(/^Inline Schema/)).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Course' }));
    expect(screen.queryByRole('list', { name: 'Recommended terms' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: /Find Recommended Terms/ })).toBeVisible();
  });
});
