import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../common/profiles';
import { feedback } from '../../lib/feedback-store';
import { NO_RESULTS_MESSAGE } from '../../components/items/AddItems';
import { ADDED_MESSAGE } from './AddPatternsPage';
import {
  ada,
  component,
  ok,
  otherParent,
  PATTERN_2,
  PATTERN_3,
  PATTERN_SEARCH,
  patternList,
  patternRow,
  patternsApi,
  patternView,
  profile,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  stubServer,
  TEMPLATE_ID,
  templateView,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/patterns';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const quiz = patternRow({
  uuid: PATTERN_2,
  name: 'Answering',
  type: 'alternates',
  primary: false,
  parentProfile: otherParent,
  status: 'Published',
});
const retry = patternRow({
  uuid: PATTERN_3,
  name: 'Retrying',
  type: 'oneOrMore',
  parentProfile: otherParent,
  status: 'Published',
});

const addButton = () => screen.getByRole('button', { name: 'Add Selected to Profile' });

async function search(text: string) {
  const box = await screen.findByRole('textbox', { name: /Search patterns/ });
  await userEvent.clear(box);
  if (text !== '') await userEvent.type(box, text);
  await userEvent.click(screen.getByRole('button', { name: 'Search Patterns' }));
}

describe('adding existing patterns', () => {
  it('needs search text, searches with the version, and adds the selection', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${PATTERN_SEARCH}`]: (call) => [
          200,
          call.query.get('search') === 'nothing' ? patternList([]) : patternList([quiz, retry]),
        ],
        [`POST ${patternsApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
        [`GET ${patternsApi()}`]: ok(patternList([quiz])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns/add'));
    expect(await screen.findByRole('heading', { name: 'Add Existing Patterns' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create New' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns/create'),
    );
    await search('');
    expect(await screen.findByText(REQUIRED)).toBeVisible();
    expect(calls.some((c) => c.path === PATTERN_SEARCH)).toBe(false);

    await search('nothing');
    expect(await screen.findByText(NO_RESULTS_MESSAGE)).toBeVisible();
    await search('quiz');
    const results = await screen.findByRole('region', { name: 'Search results' });
    await within(results).findByText('Answering');
    expect(
      calls
        .filter((c) => c.path === PATTERN_SEARCH)
        .at(-1)
        ?.query.toString(),
    ).toBe(`search=quiz&page=1&limit=10&versionId=${V1}`);
    expect(within(results).getByText('Alternates')).toBeVisible();
    expect(within(results).getByText('Secondary')).toBeVisible();

    expect(addButton()).toBeDisabled();
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Select Answering' }));
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Select Retrying' }));
    const selected = screen.getByRole('region', { name: 'Selected patterns' });
    expect(within(selected).getByText('Selected (2)')).toBeVisible();
    await userEvent.click(
      within(selected).getByRole('button', { name: 'Remove Retrying from the selection' }),
    );
    expect(within(selected).getByText('Selected (1)')).toBeVisible();
    expect(addButton()).toBeEnabled();
    await userEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ patternIds: [PATTERN_2] });
    expect(await screen.findByRole('status')).toHaveTextContent(ADDED_MESSAGE);
  });

  it('opens the new draft when the patterns were added to a published version', async () => {
    const { profile: p, v1 } = publishedOnly();
    const after = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${PATTERN_SEARCH}`]: ok(patternList([quiz])),
        [`POST ${patternsApi(V1, '/link')}`]: ok({ success: true, versionId: V2 }),
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
        [`GET ${patternsApi(V2)}`]: ok(patternList([quiz])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns/add'));
    await search('quiz');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Answering' }));
    await userEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V2, 'patterns')));
  });

  it('shows a refusal where the selection is', async () => {
    const refusal = 'A profile has at most one draft: edit the draft instead.';
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${PATTERN_SEARCH}`]: ok(patternList([quiz])),
        [`POST ${patternsApi(V1, '/link')}`]: () => [
          409,
          { success: false, code: 'CONFLICT', message: refusal },
        ],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'patterns/add'));
    await search('quiz');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Answering' }));
    await userEvent.click(addButton());
    const selected = screen.getByRole('region', { name: 'Selected patterns' });
    expect(await within(selected).findByText(refusal)).toBeVisible();
  });

  it('browses a result’s components read-only and comes back to the search and selection', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${PATTERN_SEARCH}`]: ok(patternList([quiz, retry])),
        [`GET /app/pattern/${PATTERN_2}`]: ok(
          patternView({
            ...quiz,
            components: [
              component({ name: 'Answered', uuid: TEMPLATE_ID, parentProfile: otherParent }),
              component({
                name: 'Retrying',
                uuid: PATTERN_3,
                componentType: 'pattern',
                patternType: 'oneOrMore',
              }),
            ],
          }),
        ),
        [`GET /app/template/${TEMPLATE_ID}`]: ok(
          templateView({ name: 'Answered', parentProfile: otherParent, status: 'Published' }),
        ),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns/add'));
    await search('quiz');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Retrying' }));
    const results = screen.getByRole('region', { name: 'Search results' });
    const links = within(results).getAllByRole('link', { name: 'See its components' });
    await userEvent.click(links[0]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        versionPath(V1, `patterns/add/patterns/${PATTERN_2}`),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Answering' })).toBeVisible();
    const components = screen.getByRole('table', { name: 'Components' });
    expect(within(components).getByRole('link', { name: 'Retrying' })).toHaveAttribute(
      'href',
      versionPath(V1, `patterns/add/patterns/${PATTERN_3}`),
    );
    await userEvent.click(within(components).getByRole('link', { name: 'Answered' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        versionPath(V1, `patterns/add/templates/${TEMPLATE_ID}`),
      ),
    );
    const template = await screen.findByRole('region', { name: 'Template details' });
    expect(within(template).getByText(`${otherParent.name}`)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Answered' })).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Back to the search' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns/add')),
    );
    // The search and the selection waited.
    expect(await screen.findByRole('region', { name: 'Search results' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Selected patterns' })).getByText('Selected (1)'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Search patterns/ })).toHaveValue('quiz');
  });

  it('sends people who may not add to the list', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${patternsApi()}`]: ok(patternList([])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns/add'));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
    await act(() => router.navigate(versionPath(V1, `patterns/add/patterns/${PATTERN_2}`)));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
  });
});
