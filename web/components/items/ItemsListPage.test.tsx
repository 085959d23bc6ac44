import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPTY_CONCEPTS_MESSAGE } from '../../../common/concepts';
import { EMPTY_PATTERNS_MESSAGE } from '../../../common/patterns';
import { EMPTY_TEMPLATES_MESSAGE } from '../../../common/templates';
import { CONCEPT_ID, conceptList, conceptRow, conceptsApi } from '../../test/stubs/concepts';
import { PATTERN_ID, patternList, patternRow, patternsApi } from '../../test/stubs/patterns';
import { TEMPLATE_ID, templateList, templateRow, templatesApi } from '../../test/stubs/templates';
import {
  ok,
  PROFILE_ID,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  resetBetweenScreenTests,
  serveDraft,
  serveVersion,
  signedOut,
  type StubCall,
  V1,
  versionPath,
  view,
} from '../../test/items';

resetBetweenScreenTests();

interface Row {
  uuid: string;
  name: string;
  status: 'Deprecated' | 'Unpublished' | 'Published';
}

/** What each kind's list is called and shows; the steps of a sort and page test. */
interface ListUnderTest {
  tab: string;
  table: string;
  api: (versionId?: string) => string;
  list(rows: Row[], page?: { page?: number; total?: number }): unknown;
  row(overrides?: Partial<Row>): Row;
  itemId: string;
  empty: string;
  /** The author's buttons, the first one the main one. */
  buttons: string[];
  /** A header or page button to click, the list query the server is then asked, the address. */
  sortSteps: [button: RegExp | string, query: string, search?: string][];
}

const kinds: ListUnderTest[] = [
  {
    tab: 'concepts',
    table: 'Concepts',
    api: conceptsApi,
    list: conceptList,
    row: conceptRow,
    itemId: CONCEPT_ID,
    empty: EMPTY_CONCEPTS_MESSAGE,
    buttons: ['Create Concept', 'Add Existing Concepts'],
    sortSteps: [
      [/^Type/, 'page=1&limit=10&sort=type'],
      [/^Type/, 'page=1&limit=10&sort=-type'],
      [/^Updated/, 'page=1&limit=10&sort=-updated'],
      ['Page 3', 'page=3&limit=10&sort=-updated', '?sort=-updated&page=3'],
      // A new order starts again at the first page.
      [/^Name/, 'page=1&limit=10&sort=name'],
    ],
  },
  {
    tab: 'templates',
    table: 'Statement templates',
    api: templatesApi,
    list: templateList,
    row: templateRow,
    itemId: TEMPLATE_ID,
    empty: EMPTY_TEMPLATES_MESSAGE,
    buttons: ['Add Statement Template'],
    sortSteps: [
      [/^Name/, 'page=1&limit=10&sort=-name'],
      [/^Updated/, 'page=1&limit=10&sort=-updated'],
      ['Page 2', 'page=2&limit=10&sort=-updated', '?sort=-updated&page=2'],
    ],
  },
  {
    tab: 'patterns',
    table: 'Patterns',
    api: patternsApi,
    list: patternList,
    row: patternRow,
    itemId: PATTERN_ID,
    empty: EMPTY_PATTERNS_MESSAGE,
    buttons: ['Create Pattern', 'Add Existing Patterns'],
    sortSteps: [
      [/^Name/, 'page=1&limit=10&sort=-name'],
      [/^Updated/, 'page=1&limit=10&sort=-updated'],
      [/^Updated/, 'page=1&limit=10&sort=updated'],
      ['Page 3', 'page=3&limit=10&sort=updated', '?sort=updated&page=3'],
    ],
  },
];

describe.each(kinds)('the $tab list', (kind) => {
  const table = () => screen.findByRole('table', { name: kind.table });
  const listPath = versionPath(V1, kind.tab);
  const noButtons = () => {
    for (const name of kind.buttons) expect(screen.queryByRole('link', { name })).toBeNull();
  };

  it('shows non-members the list without the buttons, and the empty text', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    serveVersion({ profile: p, version: v1 }, { [`GET ${kind.api()}`]: ok(kind.list([])) });
    renderApp(listPath);
    expect(await screen.findByText(kind.empty)).toBeVisible();
    noButtons();
  });

  it('hides the buttons from members on an older version and sends its add and create screens to the list', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    serveVersion(
      { profile: p, version: v1 },
      { [`GET ${kind.api(V1)}`]: ok(kind.list([kind.row({ status: 'Published' })])) },
    );
    const router = renderApp(listPath);
    await table();
    noButtons();
    for (const screenPath of ['add', 'create']) {
      await act(() => router.navigate(`${listPath}/${screenPath}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(listPath));
    }
  });

  it('asks the server for another order and page, and keeps both in the address', async () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      kind.row({ uuid: `66666666-6666-4666-8666-0000000000${10 + i}`, name: `item ${i}` }),
    );
    const calls = serveDraft({
      [`GET ${kind.api()}`]: (call) => [
        200,
        kind.list(rows, { page: Number(call.query.get('page')), total: 25 }),
      ],
    });
    const listCalls = (all: StubCall[]) =>
      all.filter((c) => c.method === 'GET' && c.path === kind.api());
    const router = renderApp(listPath);
    await table();
    expect(listCalls(calls)[0]?.query.toString()).toBe('page=1&limit=10&sort=name');
    for (const [button, query, search] of kind.sortSteps) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(listCalls(calls).at(-1)?.query.toString()).toBe(query));
      if (search) expect(router.state.location.search).toBe(search);
    }
  });

  it('filters by name, IRI or type and offers 10, 25, 50 or 100 rows a page, kept in the address', async () => {
    const calls = serveDraft({
      [`GET ${kind.api()}`]: (call) => [
        200,
        kind.list([kind.row()], { page: Number(call.query.get('page')), total: 1 }),
      ],
    });
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === kind.api());
    const router = renderApp(listPath);
    await table();
    const perPage = screen.getByRole('combobox', { name: 'Per page' });
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(perPage, '50');
    await waitFor(() =>
      expect(listCalls().at(-1)?.query.toString()).toBe('page=1&limit=50&sort=name'),
    );
    expect(router.state.location.search).toBe('?size=50');
    await userEvent.type(screen.getByRole('textbox', { name: /^Filter/ }), 'vid');
    await waitFor(() =>
      expect(listCalls().at(-1)?.query.toString()).toBe('page=1&limit=50&sort=name&filter=vid'),
    );
    expect(router.state.location.search).toBe('?size=50&filter=vid');
  });

  it('works on the public page of the newest version and of a chosen one, without the buttons', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    const published = kind.row({ status: 'Published' });
    serveVersion(
      { profile: p, version: v1 },
      {
        [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)),
        [`GET ${kind.api()}`]: ok(kind.list([published])),
      },
      signedOut,
    );
    const router = renderApp(`/profile/${PROFILE_ID}/${kind.tab}`);
    expect(within(await table()).getByRole('link', { name: published.name })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}/${kind.tab}/${kind.itemId}`,
    );
    noButtons();
    await router.navigate(`/profile/${PROFILE_ID}/version/${V1}/${kind.tab}`);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: published.name })).toHaveAttribute(
        'href',
        `/profile/${PROFILE_ID}/version/${V1}/${kind.tab}/${kind.itemId}`,
      ),
    );
    noButtons();
  });
});
