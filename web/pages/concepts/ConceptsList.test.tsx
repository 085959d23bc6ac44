import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CONCEPTS_MESSAGE } from '../../../common/concepts';
import { feedback } from '../../app/feedback-store';
import { CHOOSER_TITLE } from './form/ConceptTypeChooser';
import {
  ada,
  CONCEPT_2,
  CONCEPT_ID,
  conceptList,
  conceptRow,
  conceptsApi,
  conceptView,
  ok,
  otherParent,
  profile,
  PROFILE_ID,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from './testing/stub';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const table = () => screen.findByRole('table', { name: 'Concepts' });
const listCalls = (calls: StubCall[], versionId = V1) =>
  calls.filter((c) => c.method === 'GET' && c.path === conceptsApi(versionId));

describe('concept list', () => {
  it('shows members on the current version the columns, badges and both buttons', async () => {
    const rows = [
      conceptRow(),
      conceptRow({
        uuid: CONCEPT_2,
        name: 'Video',
        conceptType: 'ActivityType',
        type: 'ActivityType',
        parentProfile: otherParent,
        status: 'Published',
        linked: true,
      }),
    ];
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${conceptsApi()}`]: ok(conceptList(rows)),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'concepts'));
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Name▲', 'Type↕', 'Parent Profile', 'Updated↕', 'Status']);
    const [, first, second] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'played' })).toHaveAttribute(
      'href',
      versionPath(V1, `concepts/${CONCEPT_ID}`),
    );
    expect(within(first!).getByText('Verb')).toBeVisible();
    expect(within(first!).getByText('Unpublished')).toBeVisible();
    expect(within(first!).queryByText('Linked')).toBeNull();
    expect(within(second!).getByText('Activity Type')).toBeVisible();
    expect(within(second!).getByText('Linked')).toBeVisible();
    expect(within(second!).getByText('Published')).toBeVisible();
    expect(within(second!).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(screen.getByRole('link', { name: 'Create Concept' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/create'),
    );
    expect(screen.getByRole('link', { name: 'Add Existing Concepts' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/add'),
    );
    expect(screen.getByRole('tab', { name: /Concepts/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows non-members the list without the buttons, and the empty text', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${conceptsApi()}`]: ok(conceptList([])),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'concepts'));
    expect(await screen.findByText(EMPTY_CONCEPTS_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create Concept' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Existing Concepts' })).toBeNull();
  });

  it('hides the buttons from members on an older version', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${conceptsApi(V1)}`]: ok(conceptList([conceptRow({ status: 'Published' })])),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'concepts'));
    await table();
    expect(screen.queryByRole('link', { name: 'Create Concept' })).toBeNull();
  });

  it('asks the server for another order and page, and keeps both in the address', async () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      conceptRow({ uuid: `66666666-6666-4666-8666-0000000000${10 + i}`, name: `verb ${i}` }),
    );
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${conceptsApi()}`]: (call) => [
          200,
          conceptList(rows, { page: Number(call.query.get('page')), total: 25 }),
        ],
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'concepts'));
    await table();
    expect(listCalls(calls)[0]?.query.toString()).toBe('page=1&limit=10&sort=name');

    await userEvent.click(screen.getByRole('button', { name: /^Type/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('type'));
    await userEvent.click(screen.getByRole('button', { name: /^Type/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('-type'));
    await userEvent.click(screen.getByRole('button', { name: /^Updated/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('-updated'));

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.query.toString()).toBe('page=3&limit=10&sort=-updated'),
    );
    expect(router.state.location.search).toBe('?sort=-updated&page=3');
    // A new order starts again at the first page.
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.query.toString()).toBe('page=1&limit=10&sort=name'),
    );
  });

  it('opens the side panel from the info icon, the name opening the concept page', async () => {
    const linked = conceptRow({
      uuid: CONCEPT_2,
      name: 'Video',
      conceptType: 'ActivityType',
      type: 'ActivityType',
      parentProfile: otherParent,
      status: 'Deprecated',
      linked: true,
    });
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${conceptsApi()}`]: ok(conceptList([linked])),
        [`GET /app/concept/${CONCEPT_2}`]: ok(
          conceptView({
            ...linked,
            translations: [
              { language: 'fr', translationName: 'Vidéo', translationDesc: 'Une vidéo.' },
            ],
          }),
        ),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'concepts'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Video' }));
    const panel = await screen.findByRole('dialog', { name: 'Concept details' });
    expect(await within(panel).findByRole('heading', { name: 'Video' })).toBeVisible();
    expect(within(panel).getByText('concept')).toBeVisible();
    expect(within(panel).getByText('deprecated')).toBeVisible();
    expect(within(panel).getByText(linked.iri)).toBeVisible();
    expect(within(panel).getByText(linked.description)).toBeVisible();
    expect(within(panel).getByText('French (fr)')).toBeVisible();
    expect(within(panel).getByText('Activity Type')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(panel).getByRole('link', { name: 'Quiz Working Group' })).toHaveAttribute(
      'href',
      `/organization/${otherParent.organization.uuid}`,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the concept details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('works on the public page of the newest version and of a chosen one', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)),
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${conceptsApi()}`]: ok(conceptList([conceptRow({ status: 'Published' })])),
      },
      signedOut,
    );
    const router = renderApp(`/profile/${PROFILE_ID}/concepts`);
    expect(within(await table()).getByRole('link', { name: 'played' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}/concepts/${CONCEPT_ID}`,
    );
    await router.navigate(`/profile/${PROFILE_ID}/version/${V1}/concepts`);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'played' })).toHaveAttribute(
        'href',
        `/profile/${PROFILE_ID}/version/${V1}/concepts/${CONCEPT_ID}`,
      ),
    );
    expect(screen.queryByRole('link', { name: 'Create Concept' })).toBeNull();
  });

  it('opens the create and edit screens of the forms under the tab', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${conceptsApi()}`]: ok(conceptList([conceptRow()])),
        [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(conceptView({}, { edit: false })),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'concepts'));
    await userEvent.click(await screen.findByRole('link', { name: 'Create Concept' }));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Activity Type' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/create/ActivityType'),
    );
    // Without the right to edit, the edit address shows the concept page.
    await router.navigate(versionPath(V1, `concepts/${CONCEPT_ID}/edit`));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, `concepts/${CONCEPT_ID}`)),
    );
    expect(await screen.findByRole('region', { name: 'Concept details' })).toBeVisible();
  });

  it('answers unknown screens under the tab with the not-found view', async () => {
    stubServer(
      { [`GET ${versionApi(V2)}`]: ok(view(profile(), version({ uuid: V2 }))) },
      signedIn(ada),
    );
    renderApp(versionPath(V2, 'concepts/abc/nothing'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
