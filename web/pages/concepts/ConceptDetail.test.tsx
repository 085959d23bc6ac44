import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITED_EDIT_MESSAGE } from '../../../common/concepts';
import { IRI_FORMAT_MESSAGE, REQUIRED } from '../../../common/profiles';
import { feedback } from '../../lib/feedback-store';
import { noDeleteMessage } from '../../components/items/ItemDetailFrame';
import { CONCEPT_NOT_FOUND } from './ConceptDetailPage';
import { DEPRECATED_MESSAGE, LINK_REMOVED_MESSAGE } from './dialogs';
import {
  ada,
  change,
  CONCEPT_2,
  CONCEPT_ID,
  conceptList,
  conceptsApi,
  conceptView,
  GROUP_ID,
  ok,
  otherParent,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/concepts';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const conceptApi = (versionId = V1, rest = '') => conceptsApi(versionId, `/${CONCEPT_ID}${rest}`);
const details = () => screen.findByRole('region', { name: 'Concept details' });
const field = (region: HTMLElement, label: string) => {
  const term = within(region).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
};

function serve(concept: ReturnType<typeof conceptView>, extra = {}) {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${conceptApi()}`]: ok(concept),
      ...extra,
    },
    signedIn(ada),
  );
}

describe('concept page fields', () => {
  it('shows a document with its media type, context, pretty inline schema and translations', async () => {
    serve(
      conceptView({
        name: 'bookmark',
        conceptType: 'Document',
        type: 'StateResource',
        iri: `${PROFILE_IRI}/documents/bookmark`,
        translations: [{ language: 'de', translationName: 'Lesezeichen', translationDesc: 'Wo.' }],
        content: {
          contentType: 'application/json',
          context: 'https://example.org/context',
          inlineSchema: '{"type":"object"}',
        },
      }),
    );
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const region = await details();
    expect(screen.getByRole('heading', { name: 'bookmark' })).toBeVisible();
    expect(field(region, 'IRI')).toHaveTextContent(`${PROFILE_IRI}/documents/bookmark`);
    expect(field(region, 'Concept Type')).toHaveTextContent('Document');
    expect(field(region, 'Type')).toHaveTextContent('State Resource');
    expect(field(region, 'Description')).toHaveTextContent('The actor started the video.');
    expect(within(region).getByText('German (de)')).toBeVisible();
    expect(within(region).getByText('Lesezeichen')).toBeVisible();
    expect(field(region, 'Media Type')).toHaveTextContent('application/json');
    expect(field(region, 'Context IRI')).toHaveTextContent('https://example.org/context');
    expect(within(region).getByLabelText('Inline schema').textContent).toBe(
      '{\n  "type": "object"\n}',
    );
    expect(within(field(region, 'Parent Profile')).getByRole('link')).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
    expect(within(field(region, 'Working Group')).getByRole('link')).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(field(region, 'Updated')).toHaveTextContent(
      `${new Date('2025-02-04T10:00:00.000Z').toLocaleDateString()} by Ada Lovelace`,
    );
    // Without the right to edit there is nothing to do.
    expect(screen.queryByRole('toolbar', { name: 'Concept actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Concepts' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts'),
    );
  });

  it('shows an extension with its recommended terms and schema IRI', async () => {
    serve(
      conceptView({
        conceptType: 'Extension',
        type: 'ActivityExtension',
        recommendedTerms: [{ iri: 'https://example.org/at/video', name: 'Video', uuid: null }],
        content: { schema: 'https://example.org/schema.json' },
      }),
    );
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const region = await details();
    expect(field(region, 'Extension Type')).toHaveTextContent('Activity Extension');
    expect(field(region, 'Recommended Activity Types')).toHaveTextContent(
      'Videohttps://example.org/at/video',
    );
    expect(field(region, 'Schema IRI')).toHaveTextContent('https://example.org/schema.json');
  });

  it('shows an activity definition with its interaction components and extensions', async () => {
    serve(
      conceptView({
        conceptType: 'Activity',
        type: 'Activity',
        content: {
          activityDefinition: {
            type: 'https://example.org/at/question',
            moreInfo: 'https://example.org/more',
            interactionType: 'choice',
            correctResponsesPattern: ['golf'],
            choices: [
              { id: 'golf', description: { en: 'Golf' } },
              { id: 'tennis', description: { en: 'Tennis' } },
            ],
            extensions: { 'https://example.org/ext': 1 },
          },
        },
      }),
    );
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const region = await details();
    expect(field(region, 'Activity Type')).toHaveTextContent('https://example.org/at/question');
    expect(field(region, 'More Information')).toHaveTextContent('https://example.org/more');
    expect(field(region, 'Interaction Type')).toHaveTextContent('choice');
    expect(field(region, 'Correct Responses Pattern')).toHaveTextContent('golf');
    const choices = within(region).getByRole('table', { name: 'Choices' });
    expect(
      within(choices)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['IdDescription', 'golfGolf', 'tennisTennis']);
    expect(within(region).getByLabelText('Activity extensions').textContent).toBe(
      '{\n  "https://example.org/ext": 1\n}',
    );
  });

  it('lists similar terms with their relation and opens a known one in the side panel', async () => {
    serve(
      conceptView({
        similarTerms: [
          {
            iri: 'https://example.org/verbs/started',
            name: 'started',
            uuid: CONCEPT_2,
            relationType: 'broader',
          },
          {
            iri: 'https://example.org/verbs/other',
            name: null,
            uuid: null,
            relationType: 'related',
          },
        ],
      }),
      {
        [`GET /app/concept/${CONCEPT_2}`]: ok(
          conceptView({ uuid: CONCEPT_2, name: 'started', parentProfile: otherParent }),
        ),
      },
    );
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const terms = within(await details()).getByRole('table', { name: 'Similar terms' });
    expect(
      within(terms)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'ConceptRelation',
      'startedhttps://example.org/verbs/startedbroader',
      'https://example.org/verbs/otherrelated',
    ]);
    await userEvent.click(within(terms).getByRole('button', { name: 'Show details of started' }));
    const panel = await screen.findByRole('dialog', { name: 'Concept details' });
    expect(await within(panel).findByRole('link', { name: 'Quiz Profile' })).toBeVisible();
  });

  it('says when the version does not list the concept', async () => {
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(profile(), version())) }, signedIn(ada));
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    expect(await screen.findByText(CONCEPT_NOT_FOUND)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the concepts' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts'),
    );
  });
});

describe('concept page actions', () => {
  it('gives editors Edit, Deprecate and Delete, and the limited-editing notice once published', async () => {
    serve(conceptView({ publishedInProfile: true }, { edit: true }));
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const toolbar = await screen.findByRole('toolbar', { name: 'Concept actions' });
    expect(within(toolbar).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      versionPath(V1, `concepts/${CONCEPT_ID}/edit`),
    );
    expect(within(toolbar).getByRole('button', { name: 'Deprecate' })).toBeVisible();
    expect(within(toolbar).getByRole('button', { name: 'Delete concept' })).toBeVisible();
    // No button on the page is a bare "Delete": the draft's own says what it destroys.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText(LIMITED_EDIT_MESSAGE)).toBeVisible();
  });

  it('shows who deprecated a concept, when and why', async () => {
    serve(
      conceptView({
        status: 'Deprecated',
        deprecation: {
          reason: 'Use "started" instead.',
          link: 'https://example.org/verbs/started',
          by: 'ada@example.org',
          on: '2025-03-01T12:00:00.000Z',
        },
      }),
    );
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const banner = await screen.findByRole('note', { name: 'Deprecated' });
    expect(banner).toHaveTextContent(
      `This concept was deprecated by ada@example.org on ${new Date('2025-03-01T12:00:00.000Z').toLocaleDateString()}.`,
    );
    expect(banner).toHaveTextContent('Reason: Use "started" instead.');
    expect(within(banner).getByRole('link')).toHaveAttribute(
      'href',
      'https://example.org/verbs/started',
    );
  });

  it('validates the deprecation form, then deprecates under the lock and opens the new draft', async () => {
    const { profile: p, v1 } = publishedOnly();
    const after = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${conceptApi()}`]: ok(conceptView({ status: 'Published' }, { edit: true })),
        [`POST ${conceptApi(V1, '/lock')}`]: ok({
          success: true,
          lock: { resource: 'x', expiresAt: '2030-01-01T00:00:00Z', timeoutSeconds: 600 },
        }),
        [`DELETE ${conceptApi(V1, '/lock')}`]: ok({ success: true }),
        // The server names the concept the change landed in.
        [`POST ${conceptApi(V1, '/deprecate')}`]: ok(change(V2, CONCEPT_2)),
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
        [`GET ${conceptsApi(V2, `/${CONCEPT_2}`)}`]: ok(
          conceptView({ uuid: CONCEPT_2, status: 'Deprecated' }),
        ),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    await userEvent.click(await screen.findByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Concept' });
    const submit = within(dialog).getByRole('button', { name: 'Deprecate' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText(REQUIRED)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Replaced.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Link/ }), 'not an iri');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    expect(within(dialog).queryByText(REQUIRED)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const link = within(dialog).getByRole('textbox', { name: /Link/ });
    await userEvent.clear(link);
    await userEvent.type(link, 'https://example.org/verbs/started');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V2, `concepts/${CONCEPT_2}`)),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(DEPRECATED_MESSAGE);
    const changes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(changes).toEqual([
      `POST ${conceptApi(V1, '/lock')}`,
      `POST ${conceptApi(V1, '/deprecate')}`,
      `DELETE ${conceptApi(V1, '/lock')}`,
    ]);
    expect(calls.find((c) => c.path.endsWith('/deprecate'))?.body).toEqual({
      reason: 'Replaced.',
      link: 'https://example.org/verbs/started',
    });
  });

  it('shows why the lock could not be taken', async () => {
    const held = 'Grace Hopper is editing this. Try again later.';
    serve(conceptView({}, { edit: true }), {
      [`POST ${conceptApi(V1, '/lock')}`]: () => [
        409,
        { success: false, code: 'RESOURCE_LOCKED', message: held },
      ],
    });
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    await userEvent.click(await screen.findByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Concept' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Old.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await within(dialog).findByText(held)).toBeVisible();
  });

  it('offers no Delete on a published concept, and says why', async () => {
    serve(conceptView({ publishedInProfile: true }, { edit: true, delete: false }));
    renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const actions = await screen.findByRole('toolbar', { name: 'Concept actions' });
    expect(within(actions).getByRole('button', { name: 'Deprecate' })).toBeVisible();
    expect(within(actions).queryByRole('button', { name: 'Delete concept' })).toBeNull();
    expect(screen.getByText(noDeleteMessage('concept'))).toBeVisible();
  });

  it('keeps the server’s refusal of a deletion in the dialog', async () => {
    const refusal = 'A published version lists this concept: deprecate it instead.';
    serve(conceptView({}, { edit: true }), {
      [`POST ${conceptApi(V1, '/lock')}`]: ok({
        success: true,
        lock: { resource: 'x', expiresAt: '2030-01-01T00:00:00Z', timeoutSeconds: 600 },
      }),
      [`DELETE ${conceptApi(V1, '/lock')}`]: ok({ success: true }),
      [`DELETE ${conceptApi()}`]: () => [
        409,
        { success: false, code: 'CONFLICT', message: refusal },
      ],
    });
    const router = renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    await userEvent.click(
      within(await screen.findByRole('toolbar', { name: 'Concept actions' })).getByRole('button', {
        name: 'Delete concept',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Delete the concept .+\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete concept' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(router.state.location.pathname).toBe(versionPath(V1, `concepts/${CONCEPT_ID}`));
  });

  it('deletes a concept and returns to the list', async () => {
    const calls = serve(conceptView({}, { edit: true }), {
      [`POST ${conceptApi(V1, '/lock')}`]: ok({
        success: true,
        lock: { resource: 'x', expiresAt: '2030-01-01T00:00:00Z', timeoutSeconds: 600 },
      }),
      [`DELETE ${conceptApi(V1, '/lock')}`]: ok({ success: true }),
      [`DELETE ${conceptApi()}`]: ok(change(V1)),
      [`GET ${conceptsApi()}`]: ok(conceptList([])),
    });
    const router = renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    await userEvent.click(
      within(await screen.findByRole('toolbar', { name: 'Concept actions' })).getByRole('button', {
        name: 'Delete concept',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Delete the concept .+\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete concept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts')));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === conceptApi())).toBe(true);
  });

  it('offers linked concepts Remove Link, which asks first and returns to the list', async () => {
    const calls = serve(
      conceptView({ linked: true, parentProfile: otherParent }, { removeLink: true }),
      {
        [`DELETE ${conceptApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
        [`GET ${conceptsApi()}`]: ok(conceptList([])),
      },
    );
    const router = renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const banner = await screen.findByRole('alert', { name: 'Linked concept' });
    expect(within(banner).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(banner).getByRole('link', { name: 'See it in its profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}/concepts/${CONCEPT_ID}`,
    );
    expect(screen.queryByRole('toolbar', { name: 'Concept actions' })).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Link?' })).getByRole('button', {
        name: 'Remove Link',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts')));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_REMOVED_MESSAGE);
  });

  it('does not ask for a concept again once its link is removed', async () => {
    let removed = false;
    const calls = serve(
      conceptView({ linked: true, parentProfile: otherParent }, { removeLink: true }),
      {
        [`DELETE ${conceptApi(V1, '/link')}`]: () => {
          removed = true;
          return [200, { success: true, versionId: V1 }];
        },
        [`GET ${conceptsApi()}`]: ok(conceptList([])),
      },
    );
    const asked = () => calls.filter((c) => c.method === 'GET' && c.path === conceptApi()).length;
    const router = renderApp(versionPath(V1, `concepts/${CONCEPT_ID}`));
    const banner = await screen.findByRole('alert', { name: 'Linked concept' });
    expect(asked()).toBe(1);
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Link?' })).getByRole('button', {
        name: 'Remove Link',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts')));
    expect(removed).toBe(true);
    // The list the page returns to is asked for afresh, after the change.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === conceptsApi()).length).toBe(1),
    );
    await screen.findByRole('status');
    expect(asked()).toBe(1);
  });
});
