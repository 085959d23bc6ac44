import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Home, ProfileList } from '../../../common/profiles';
import { renderWithProviders } from '../../test/render';
import { listItem, PROFILE_ID } from '../../test/stubs/profile';
import { NO_CONCEPTS_YET, NO_PROFILES_YET } from './HomeData';
import { HomePage } from './HomePage';

const emptyHome: Home = { success: true, latestProfiles: [], latestConcepts: [] };
const emptyList: ProfileList = { success: true, profiles: [], page: 1, limit: 10, total: 0 };

/** Answers the home calls; records the published-list queries asked for. */
function stubHome(home: Home = emptyHome, list: ProfileList = emptyList): URLSearchParams[] {
  const listQueries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/app/profiles') listQueries.push(url.searchParams);
      const body =
        url.pathname === '/app/home'
          ? home
          : url.pathname === '/app/profiles'
            ? list
            : { success: false, message: 'not stubbed' };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return listQueries;
}

beforeEach(() => {
  stubHome();
});
afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the banner and the guideline heading', () => {
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'xAPI Profile Server' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'xAPI PROFILE GUIDELINES' }),
    ).toBeInTheDocument();
  });

  it('shows the four guideline steps in order', () => {
    renderWithProviders(<HomePage />);
    const list = screen.getByRole('list', { name: 'xAPI Profile guideline steps' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Define Use Cases',
      'Author and Reuse',
      'Prototype and Refine',
      'Publish and Share',
    ]);
  });

  it.each([
    ['Explore profiles', '/profiles'],
    ['View working groups', '/organization'],
    ['Create xAPI Profile', '/profiles/create'],
  ])('links "%s" to %s', (name, href) => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('says when nothing is published yet', async () => {
    renderWithProviders(<HomePage />);
    expect(await screen.findByText(NO_PROFILES_YET)).toBeVisible();
    expect(screen.getByText(NO_CONCEPTS_YET)).toBeVisible();
    expect(await screen.findByText('There are no published profiles')).toBeVisible();
  });

  it('shows the latest profiles with author and badge, and the latest concepts', async () => {
    stubHome({
      success: true,
      latestProfiles: [listItem({ isVerified: true, author: 'Video Working Group' })],
      latestConcepts: [
        {
          uuid: 'c-1',
          name: 'paused',
          type: 'Verb',
          parentProfile: { uuid: PROFILE_ID, name: 'Video Profile' },
        },
      ],
    });
    renderWithProviders(<HomePage />);
    const latest = await screen.findByRole('region', { name: 'Latest Profiles' });
    await within(latest).findByRole('link', { name: 'Video Profile' });
    expect(within(latest).getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
    expect(within(latest).getByText('Verified')).toBeVisible();
    // The group is the author: named once, as a link.
    expect(within(latest).getByText(/^by/)).toHaveTextContent(/^by Video Working Group · \S+$/);
    expect(within(latest).getByRole('link', { name: 'Video Working Group' })).toBeVisible();
    const concepts = screen.getByRole('region', { name: 'Latest Concepts' });
    expect(within(concepts).getByText('paused')).toBeVisible();
    expect(within(concepts).getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
  });

  it('sorts and filters All Published Profiles on the server', async () => {
    const queries = stubHome(emptyHome, {
      success: true,
      profiles: [listItem({ updatedOn: null })],
      page: 1,
      limit: 10,
      total: 1,
    });
    renderWithProviders(<HomePage />);
    const table = await screen.findByRole('table', { name: 'All published profiles' });
    expect(await within(table).findByText('Unknown')).toBeVisible();
    expect(queries[0]?.get('sort')).toBe('-updated');
    await userEvent.click(within(table).getByRole('button', { name: /Working Group/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('organization'));
    await userEvent.click(within(table).getByRole('button', { name: /Exports/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('-exports'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Verified Only' }));
    await waitFor(() => expect(queries.at(-1)?.get('verified')).toBe('true'));
  });
});
