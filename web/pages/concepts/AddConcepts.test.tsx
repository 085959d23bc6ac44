import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../common/profiles';
import { feedback } from '../../lib/feedback-store';
import { NO_RESULTS_MESSAGE } from '../../components/items/AddItems';
import { ADDED_MESSAGE } from './AddConceptsPage';
import {
  ada,
  CONCEPT_2,
  CONCEPT_3,
  conceptList,
  conceptRow,
  conceptsApi,
  conceptView,
  ok,
  otherParent,
  profile,
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

const found = [
  conceptRow({
    uuid: CONCEPT_2,
    name: 'answered',
    iri: 'https://example.org/verbs/answered',
    parentProfile: otherParent,
    status: 'Published',
  }),
  conceptRow({
    uuid: CONCEPT_3,
    name: 'asked',
    iri: 'https://example.org/verbs/asked',
    parentProfile: otherParent,
    status: 'Published',
  }),
];

const searchBox = () => screen.getByRole('textbox', { name: /Search concepts/ });

describe('adding existing concepts', () => {
  it('needs search text, searches with the version, and adds the selection', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        'GET /app/concepts/search': (call) => [
          200,
          call.query.get('search') === 'nothing' ? conceptList([]) : conceptList(found),
        ],
        [`POST ${conceptsApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
        [`GET ${conceptsApi()}`]: ok(conceptList(found.map((c) => ({ ...c, linked: true })))),
        [`GET /app/concept/${CONCEPT_3}`]: ok(conceptView(found[1])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'concepts/add'));
    expect(await screen.findByRole('heading', { name: 'Add Existing Concepts' })).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add Selected to Profile' });
    expect(add).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Search Concepts' }));
    expect(await screen.findByText(REQUIRED)).toBeVisible();
    expect(calls.some((c) => c.path === '/app/concepts/search')).toBe(false);

    await userEvent.type(searchBox(), 'nothing{Enter}');
    expect(await screen.findByText(NO_RESULTS_MESSAGE)).toBeVisible();
    expect(screen.queryByText(REQUIRED)).toBeNull();

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), ' ask {Enter}');
    const results = await screen.findByRole('region', { name: 'Search results' });
    await within(results).findByText('answered');
    const search = calls.filter((c) => c.path === '/app/concepts/search').at(-1);
    expect(search?.query.toString()).toBe(`search=ask&page=1&limit=10&versionId=${V1}`);

    // The side panel shows a result without selecting it.
    await userEvent.click(within(results).getByRole('button', { name: 'Show details of asked' }));
    const panel = await screen.findByRole('dialog', { name: 'Concept details' });
    expect(await within(panel).findByRole('heading', { name: 'asked' })).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the concept details' }));
    expect(add).toBeDisabled();

    await userEvent.click(within(results).getByRole('checkbox', { name: 'Select answered' }));
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Select asked' }));
    expect(add).toBeEnabled();
    const selection = screen.getByRole('region', { name: 'Selected concepts' });
    expect(within(selection).getByText('Selected (2)')).toBeVisible();
    await userEvent.click(
      within(selection).getByRole('button', { name: 'Remove asked from the selection' }),
    );
    expect(within(results).getByRole('checkbox', { name: 'Select asked' })).not.toBeChecked();
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Select asked' }));

    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts')));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      conceptIds: [CONCEPT_2, CONCEPT_3],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(ADDED_MESSAGE);
  });

  it('opens the new draft when the concepts were added to a published version', async () => {
    const { profile: p, v1 } = publishedOnly();
    const after = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        'GET /app/concepts/search': ok(conceptList(found)),
        [`POST ${conceptsApi(V1, '/link')}`]: ok({ success: true, versionId: V2 }),
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
        [`GET ${conceptsApi(V2)}`]: ok(conceptList([])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'concepts/add'));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Search concepts/ }),
      'a{Enter}',
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select answered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Selected to Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V2, 'concepts')));
  });

  it('sends non-members and older versions back to the list', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${conceptsApi(V1)}`]: ok(conceptList([])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'concepts/add'));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts')));
    expect(screen.queryByRole('heading', { name: 'Add Existing Concepts' })).toBeNull();
  });

  it('pages through the results', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        'GET /app/concepts/search': (call) => [
          200,
          conceptList(found, { page: Number(call.query.get('page')), total: 30 }),
        ],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'concepts/add'));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Search concepts/ }),
      'a{Enter}',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/app/concepts/search')
          .at(-1)
          ?.query.get('page'),
      ).toBe('2'),
    );
  });
});
