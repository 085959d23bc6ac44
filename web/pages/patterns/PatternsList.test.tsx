import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_COMPONENTS_MESSAGE, EMPTY_PATTERNS_MESSAGE } from '../../../common/patterns';
import { feedback } from '../../app/feedback-store';
import { CHOOSER_TITLE } from './form/PatternTypeChooser';
import {
  ada,
  component,
  GROUP_ID,
  listItem,
  ok,
  otherParent,
  PATTERN_2,
  PATTERN_3,
  PATTERN_ID,
  patternList,
  patternRow,
  patternsApi,
  patternView,
  profile,
  PROFILE_ID,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  TEMPLATE_ID,
  templateView,
  V1,
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from './testing/stub';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const table = () => screen.findByRole('table', { name: 'Patterns' });
const listCalls = (calls: StubCall[], versionId = V1) =>
  calls.filter((c) => c.method === 'GET' && c.path === patternsApi(versionId));

describe('pattern list', () => {
  it('shows members on the current version the columns, badges and both buttons', async () => {
    const rows = [
      patternRow(),
      patternRow({
        uuid: PATTERN_2,
        name: 'Answering',
        type: 'oneOrMore',
        primary: false,
        parentProfile: otherParent,
        status: 'Published',
        linked: true,
      }),
    ];
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${patternsApi()}`]: ok(patternList(rows)),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'patterns'));
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Details',
      'Name▲',
      'Type',
      'Primary/Secondary',
      'Status',
      'Updated↕',
    ]);
    const [, first, second] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Watching' })).toHaveAttribute(
      'href',
      versionPath(V1, `patterns/${PATTERN_ID}`),
    );
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'i',
      'Watching',
      'Sequence',
      'Primary',
      'Unpublished',
      new Date('2025-02-04T10:00:00.000Z').toLocaleDateString(),
    ]);
    expect(within(second!).getByText('One or More')).toBeVisible();
    expect(within(second!).getByText('Secondary')).toBeVisible();
    expect(within(second!).getByText('Linked')).toBeVisible();
    expect(within(second!).getByText('Published')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Pattern' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns/create'),
    );
    expect(screen.getByRole('link', { name: 'Add Existing Patterns' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns/add'),
    );
    expect(screen.getByRole('tab', { name: /Patterns/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows non-members the list without the buttons, and the empty text', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${patternsApi()}`]: ok(patternList([])),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'patterns'));
    expect(await screen.findByText(EMPTY_PATTERNS_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create Pattern' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Existing Patterns' })).toBeNull();
  });

  it('hides the buttons from members on an older version and sends its add screen to the list', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${patternsApi(V1)}`]: ok(patternList([patternRow({ status: 'Published' })])),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns'));
    await table();
    expect(screen.queryByRole('link', { name: 'Create Pattern' })).toBeNull();
    await act(() => router.navigate(versionPath(V1, 'patterns/add')));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
    await act(() => router.navigate(versionPath(V1, 'patterns/create')));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
  });

  it('asks the server for another order and page, and keeps both in the address', async () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      patternRow({ uuid: `66666666-6666-4666-8666-0000000000${10 + i}`, name: `pattern ${i}` }),
    );
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${patternsApi()}`]: (call) => [
          200,
          patternList(rows, { page: Number(call.query.get('page')), total: 25 }),
        ],
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns'));
    await table();
    expect(listCalls(calls)[0]?.query.toString()).toBe('page=1&limit=10&sort=name');

    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('-name'));
    await userEvent.click(screen.getByRole('button', { name: /^Updated/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('-updated'));
    await userEvent.click(screen.getByRole('button', { name: /^Updated/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('updated'));

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.query.toString()).toBe('page=3&limit=10&sort=updated'),
    );
    expect(router.state.location.search).toBe('?sort=updated&page=3');
  });

  it('opens the side panel with every field of the pattern, and its components in the same panel', async () => {
    const linked = patternRow({
      uuid: PATTERN_2,
      name: 'Answering',
      type: 'alternates',
      primary: false,
      parentProfile: otherParent,
      status: 'Deprecated',
      linked: true,
    });
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${patternsApi()}`]: ok(patternList([linked])),
        [`GET /app/pattern/${PATTERN_2}`]: ok(
          patternView({
            ...linked,
            translations: [
              { language: 'fr', translationName: 'Répondre', translationDesc: 'Une réponse.' },
            ],
            tags: ['quiz'],
            moreInformation: 'https://example.org/answering',
            deprecation: { reason: 'Use Replying.', link: null, by: null, on: '2025-03-01' },
            components: [
              component({ name: 'Answered', uuid: TEMPLATE_ID }),
              component({
                name: 'Retrying',
                uuid: PATTERN_3,
                componentType: 'pattern',
                patternType: 'zeroOrMore',
              }),
            ],
          }),
        ),
        [`GET /app/template/${TEMPLATE_ID}`]: ok(
          templateView({
            name: 'Answered',
            concepts: [
              {
                iri: 'https://example.org/verbs/answered',
                name: 'answered',
                uuid: null,
                conceptType: 'Verb',
              },
            ],
          }),
        ),
        [`GET /app/pattern/${PATTERN_3}`]: ok(
          patternView({ uuid: PATTERN_3, name: 'Retrying', type: 'zeroOrMore' }),
        ),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'patterns'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Answering' }));
    const panel = await screen.findByRole('dialog', { name: 'Pattern details' });
    expect(await within(panel).findByRole('heading', { name: 'Answering' })).toBeVisible();
    expect(within(panel).getByText('pattern')).toBeVisible();
    expect(within(panel).getByText('deprecated')).toBeVisible();
    expect(within(panel).getByText('Deprecated: Use Replying.')).toBeVisible();
    for (const text of [
      linked.iri,
      linked.description,
      'Alternates',
      'Secondary',
      'French (fr)',
      'quiz',
      'https://example.org/answering',
    ])
      expect(within(panel).getByText(text)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(panel).getByRole('link', { name: 'Quiz Working Group' })).toHaveAttribute(
      'href',
      `/organization/${otherParent.organization.uuid}`,
    );
    const components = within(panel).getByRole('table', { name: 'Components' });
    expect(within(components).getByText('Pattern (Zero or More)')).toBeVisible();
    // A statement template opens in its own panel on top.
    await userEvent.click(
      within(components).getByRole('button', { name: 'Show details of Answered' }),
    );
    const templatePanel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(await within(templatePanel).findByRole('heading', { name: 'Answered' })).toBeVisible();
    expect(within(templatePanel).getByText('answered')).toBeVisible();
    await userEvent.click(
      within(templatePanel).getByRole('button', { name: 'Close the statement template details' }),
    );
    // A pattern opens in the same panel, with a way back.
    await userEvent.click(
      within(components).getByRole('button', { name: 'Show details of Retrying' }),
    );
    expect(await within(panel).findByRole('heading', { name: 'Retrying' })).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Back to the first pattern' }));
    expect(await within(panel).findByRole('heading', { name: 'Answering' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the pattern details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a signed-in user claim an orphan from its panel', async () => {
    const orphan = patternRow({ uuid: PATTERN_2, name: 'Lost', parentProfile: null });
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${patternsApi()}`]: ok(patternList([orphan])),
        [`GET /app/pattern/${PATTERN_2}`]: ok(patternView(orphan, { claim: true })),
        'GET /app/user/organizations': ok({
          success: true,
          organizations: [{ uuid: GROUP_ID, name: 'Video Working Group', membership: 'member' }],
        }),
        [`GET /app/org/${GROUP_ID}/profile`]: ok({
          success: true,
          profiles: [listItem({ state: 'draft' })],
          page: 1,
          limit: 10,
          total: 1,
        }),
        [`POST /app/pattern/${PATTERN_2}/claim`]: ok({
          success: true,
          pattern: { uuid: PATTERN_2 },
          versionId: V1,
        }),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'patterns'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Lost' }));
    const panel = await screen.findByRole('dialog', { name: 'Pattern details' });
    expect(await within(panel).findByText(EMPTY_COMPONENTS_MESSAGE)).toBeVisible();
    expect(within(panel).getByText('None (orphaned)')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Pattern' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Working Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Video Working Group' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Video Profile/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/deleted-items/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${V1}`,
      ),
    );
    expect(calls.find((c) => c.path.endsWith('/claim'))?.body).toEqual({ profileId: PROFILE_ID });
  });

  it('works on the public page, and opens the chooser under the tab', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)),
        [`GET ${patternsApi()}`]: ok(patternList([patternRow({ status: 'Published' })])),
      },
      signedOut,
    );
    renderApp(`/profile/${PROFILE_ID}/patterns`);
    expect(within(await table()).getByRole('link', { name: 'Watching' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}/patterns/${PATTERN_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Create Pattern' })).toBeNull();
  });

  it('opens the type chooser from Create Pattern', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${patternsApi()}`]: ok(patternList([])),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'patterns'));
    await userEvent.click(await screen.findByRole('link', { name: 'Create Pattern' }));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
  });
});
