import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ItemResult,
  ItemResults,
  ProfileResult,
  ProfileResults,
} from '../../../common/search';
import { theme } from '../../lib/theme';
import { NO_RESULTS, pagerPages, SearchPage, wordsOf } from './SearchPage';

const profile = (n: number): ProfileResult => ({
  uuid: `p-${n}`,
  versionUuid: `v-${n}`,
  name: `Video profile ${n}`,
  iri: `https://example.org/profiles/${n}`,
  isVerified: n === 1,
  createdOn: '2026-01-02T00:00:00.000Z',
  updatedOn: '2026-01-03T00:00:00.000Z',
  organization: { uuid: 'o-1', name: 'Video Group' },
  description: 'Statements about watching video.',
  tags: ['media'],
  similarProfiles: [{ uuid: 'p-9', name: 'Audio profile' }],
  concepts: 4,
  templates: 2,
  patterns: 1,
  parentProfile: { uuid: `p-${n}`, name: `Video profile ${n}` },
});

const concept = (n: number): ItemResult => ({
  uuid: `c-${n}`,
  iri: `https://example.org/verbs/${n}`,
  name: `played video ${n}`,
  createdOn: '2026-01-02T00:00:00.000Z',
  updatedOn: '2026-01-03T00:00:00.000Z',
  type: 'Verb',
  description: 'Started a video.',
  tags: [],
  isDeprecated: n === 2,
  parentProfile: { uuid: 'p-1', name: 'Video profile 1' },
  organization: { uuid: 'o-1', name: 'Video Group' },
  usedBy: { templates: 3, profiles: 1 },
});

/** Answers every search call; records the query strings per category. */
function stubSearch(totals: Record<string, number>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const category = url.pathname.split('/').pop()!;
      asked.push(new URLSearchParams([...url.searchParams, ['category', category]]));
      const total = totals[category] ?? 0;
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      const numbers = Array.from({ length: count }, (_, i) => (page - 1) * limit + i + 1);
      const body: ProfileResults | ItemResults =
        category === 'profiles'
          ? { success: true, results: numbers.map(profile), page, limit, total }
          : { success: true, results: numbers.map(concept), page, limit, total };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const params = (router: ReturnType<typeof renderAt>) =>
  new URLSearchParams(router.state.location.search);

beforeEach(() => undefined);
afterEach(() => vi.unstubAllGlobals());

describe('SearchPage', () => {
  it('shows three results per category in the All view, with a link to each category', async () => {
    const asked = stubSearch({ profiles: 5, concepts: 2, templates: 0, patterns: 0 });
    const router = renderAt('/search?search=video');
    const profiles = await screen.findByRole('region', { name: 'Profiles' });
    await within(profiles).findByRole('article', { name: 'Video profile 1' });
    expect(within(profiles).getAllByRole('article')).toHaveLength(3);
    expect(
      asked
        .filter((q) => q.get('limit') === '3')
        .map((q) => q.get('category'))
        .sort(),
    ).toEqual(['concepts', 'patterns', 'profiles', 'templates']);
    expect(asked.every((q) => q.get('search') === 'video')).toBe(true);
    const templates = screen.getByRole('region', { name: 'Statement Templates' });
    expect(await within(templates).findByText(NO_RESULTS)).toBeInTheDocument();
    await userEvent.click(within(profiles).getByRole('button', { name: 'See all 5 profiles' }));
    await waitFor(() => expect(params(router).get('types')).toBe('profiles'));
    expect(params(router).get('search')).toBe('video');
  });

  it('shows every field of a result card and marks the words searched for', async () => {
    stubSearch({ profiles: 1, concepts: 2 });
    renderAt('/search?search=video&types=concepts');
    const card = await screen.findByRole('article', { name: 'played video 1' });
    expect(within(card).getByRole('link', { name: 'played video 1' })).toHaveAttribute(
      'href',
      '/profile/p-1/concepts/c-1',
    );
    expect(within(card).getByText('Verb')).toBeInTheDocument();
    expect(card).toHaveTextContent('Started a video.');
    expect(within(card).getByRole('link', { name: 'Video profile 1' })).toHaveAttribute(
      'href',
      '/profile/p-1',
    );
    expect(within(card).getByText('3 statement templates, 1 profile')).toBeInTheDocument();
    expect(within(card).getByText('https://example.org/verbs/1')).toBeInTheDocument();
    const marks = card.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent?.toLowerCase())).toContain('video');
    const deprecated = screen.getByRole('article', { name: 'played video 2' });
    expect(within(deprecated).getByText('Deprecated')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Profiles' }));
    const profileCard = await screen.findByRole('article', { name: 'Video profile 1' });
    expect(within(profileCard).getByText('Verified')).toBeInTheDocument();
    expect(within(profileCard).getByRole('link', { name: 'Video Group' })).toHaveAttribute(
      'href',
      '/organization/o-1',
    );
    expect(within(profileCard).getByText('media')).toBeInTheDocument();
    expect(
      within(profileCard).getByText('4 concepts, 2 statement templates, 1 patterns'),
    ).toBeInTheDocument();
    expect(within(profileCard).getByRole('link', { name: 'Audio profile' })).toHaveAttribute(
      'href',
      '/profile/p-9',
    );
    expect(within(profileCard).getByText('https://example.org/profiles/1')).toBeInTheDocument();
  });

  it('pages ten at a time, keeps query, tab and page in the URL, and goes back', async () => {
    const asked = stubSearch({ concepts: 125 });
    const router = renderAt('/search?search=video&types=concepts');
    await screen.findByRole('article', { name: 'played video 1' });
    expect(screen.getByText('Showing 1 - 10 of 125 concepts')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 6' }));
    await screen.findByRole('article', { name: 'played video 51' });
    expect(params(router).get('page')).toBe('6');
    expect(asked.at(-1)?.get('page')).toBe('6');
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('button', { name: /^Page / })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(params(router).get('page')).toBe('7'));
    await router.navigate(-1);
    await screen.findByRole('article', { name: 'played video 51' });
    expect(params(router).get('page')).toBe('6');
  });

  it('sends the filters and the concept type, and searches the typed text', async () => {
    const asked = stubSearch({ concepts: 1 });
    const router = renderAt('/search?types=concepts');
    await screen.findByRole('article', { name: 'played video 1' });
    expect(asked.at(-1)?.get('search')).toBe('');
    await userEvent.click(screen.getByRole('checkbox', { name: /Deprecated/ }));
    await waitFor(() => expect(asked.at(-1)?.get('deprecated')).toBe('true'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Verified/ }));
    await waitFor(() => expect(asked.at(-1)?.get('verified')).toBe('true'));
    await userEvent.selectOptions(screen.getByLabelText('Concept type'), 'Verb');
    await waitFor(() => expect(asked.at(-1)?.get('conceptType')).toBe('Verb'));
    await userEvent.type(screen.getByLabelText('Search text'), 'launched');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('launched'));
    expect(params(router).get('types')).toBe('concepts');
    expect(params(router).get('verified')).toBe('true');
  });

  it('says there are no results for the chosen category', async () => {
    stubSearch({});
    renderAt('/search?search=nothing&types=patterns');
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('offers up to five pages either side and splits words for marking', () => {
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(10, 30)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pagerPages(30, 30)).toEqual([25, 26, 27, 28, 29, 30]);
    expect(wordsOf('Video, (completed)!')).toEqual(['video', 'completed']);
  });
});
