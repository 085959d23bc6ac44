import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../lib/feedback-store';
import { theme } from '../../lib/theme';
import { GroupProfiles, NO_GROUP_PROFILES } from '../../components/GroupProfiles';
import { NO_PUBLISHED_PROFILES } from '../../components/PublishedProfilesTable';
import {
  ada,
  GROUP_ID,
  listItem,
  ok,
  PROFILE_ID,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  versionPath,
} from '../../test/stubs/profile';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const page = (profiles: unknown[], total = profiles.length) =>
  ok({ success: true, profiles, page: 1, limit: 10, total });

describe('Explore Profiles', () => {
  it('reads search, sort and page from the address and keeps them there', async () => {
    const calls = stubServer(
      {
        'GET /app/profiles': (call) => [
          200,
          {
            success: true,
            profiles: [
              listItem({ isVerified: true }),
              listItem({ uuid: 'other', name: 'Orphan Container Profile' }),
            ],
            page: Number(call.query.get('page')),
            limit: 10,
            total: 25,
          },
        ],
      },
      signedOut,
    );
    const router = renderApp('/profiles?search=video&sort=name&page=2');
    const table = await screen.findByRole('table', { name: 'Published profiles' });
    expect(calls[0]?.query.get('search')).toBe('video');
    expect(calls[0]?.query.get('sort')).toBe('name');
    expect(calls[0]?.query.get('page')).toBe('2');
    expect(screen.getByRole('textbox', { name: 'Search profiles' })).toHaveValue('video');
    // The orphan container never shows.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
    expect(within(row).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Video Working Group' })).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(within(table).getByRole('columnheader', { name: /Profiles/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(within(table).getByRole('button', { name: /Profiles/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=video&sort=-name'));
    await userEvent.click(within(table).getByRole('button', { name: /Views/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=video&sort=-views'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=video&sort=-views&page=3'),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Verified Only' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=video&sort=-views&verified=true'),
    );
    await waitFor(() => expect(calls.at(-1)?.query.get('verified')).toBe('true'));

    const search = screen.getByRole('textbox', { name: 'Search profiles' });
    await userEvent.clear(search);
    await userEvent.type(search, 'quiz{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=quiz&sort=-views&verified=true'),
    );
  });

  it('says when nothing is published', async () => {
    stubServer({ 'GET /app/profiles': page([]) }, signedOut);
    renderApp('/profiles');
    expect(await screen.findByText(NO_PUBLISHED_PROFILES)).toBeVisible();
  });
});

describe('IRI look-up', () => {
  it('opens the public page of the profile an IRI names', async () => {
    const calls = stubServer(
      {
        'GET /app/profile/resolve': ok({
          success: true,
          profileUuid: PROFILE_ID,
          versionUuid: V1,
          organizationUuid: GROUP_ID,
        }),
        [`GET /app/profile/${PROFILE_ID}`]: () => [404, { success: false, message: 'x' }],
      },
      signedOut,
    );
    const router = renderApp('/api/iri/https://w3id.org/xapi/video');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${PROFILE_ID}`));
    expect(calls[0]?.query.get('iri')).toBe('https://w3id.org/xapi/video');
    // Replaced, so Back does not return to the look-up.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the version page inside the group for its members, decoding the IRI', async () => {
    const calls = stubServer(
      {
        'GET /app/profile/resolve': ok({
          success: true,
          profileUuid: PROFILE_ID,
          versionUuid: V1,
          organizationUuid: GROUP_ID,
        }),
        'GET /app/user/organizations': ok({
          success: true,
          organizations: [{ uuid: GROUP_ID, name: 'Video Working Group', membership: 'member' }],
        }),
      },
      signedIn(ada),
    );
    const router = renderApp(`/api/iri/${encodeURIComponent('https://w3id.org/xapi/video/v1')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
    expect(calls[0]?.query.get('iri')).toBe('https://w3id.org/xapi/video/v1');
  });

  it('opens the page of the concept, template or pattern an IRI names', async () => {
    const itemId = '5b0e8a37-3c3b-4a43-9d25-0b6a3f5c1a10';
    stubServer(
      {
        'GET /app/profile/resolve': ok({
          success: true,
          profileUuid: PROFILE_ID,
          versionUuid: V1,
          organizationUuid: GROUP_ID,
          item: { uuid: itemId, kind: 'template' },
        }),
        [`GET /app/profile/${PROFILE_ID}`]: () => [404, { success: false, message: 'x' }],
      },
      signedOut,
    );
    const router = renderApp('/api/iri/https://w3id.org/xapi/video/templates/played');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/profile/${PROFILE_ID}/version/${V1}/templates/${itemId}`,
      ),
    );
  });

  it('says when no profile has the IRI', async () => {
    stubServer(
      { 'GET /app/profile/resolve': () => [404, { success: false, message: 'Not found' }] },
      signedOut,
    );
    renderApp('/api/iri/https://example.org/unknown');
    expect(await screen.findByText(/No profile or item has the IRI/)).toHaveTextContent(
      'No profile or item has the IRI https://example.org/unknown.',
    );
    expect(screen.getByRole('link', { name: 'Explore published profiles' })).toHaveAttribute(
      'href',
      '/profiles',
    );
  });
});

function renderGroupProfiles(isMember?: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <GroupProfiles organizationId={GROUP_ID} isMember={isMember} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a working group’s profiles', () => {
  it('lists drafts and published profiles for members, linking into the group', async () => {
    stubServer(
      {
        [`GET /app/org/${GROUP_ID}/profile`]: page([
          listItem({ state: 'draft', version: 2, isVerified: false }),
          listItem({
            uuid: '99999999-9999-4999-8999-999999999999',
            name: 'Verified Profile',
            state: 'published',
            isVerified: true,
          }),
        ]),
        'GET /app/user/organizations': ok({
          success: true,
          organizations: [{ uuid: GROUP_ID, name: 'Video Working Group', membership: 'admin' }],
        }),
      },
      signedIn(ada),
    );
    renderGroupProfiles();
    // Membership comes from the viewer's own groups.
    expect(await screen.findByRole('link', { name: 'Create xAPI Profile' })).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}/profile/create`,
    );
    const table = screen.getByRole('table', { name: 'Profiles of this working group' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Video Profile',
      '2',
      'Draft',
      'No',
      new Date('2025-02-03T10:00:00.000Z').toLocaleDateString(),
    ]);
    expect(within(row).getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      versionPath(V1),
    );
    // Verified reads as a word too, like "No", not as a bare tick.
    const verified = within(table).getAllByRole('row')[2]!;
    expect(within(verified).getAllByRole('cell')[3]).toHaveTextContent(/Yes$/);
    expect(within(verified).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
  });

  it('shows visitors the empty state without a create button', async () => {
    stubServer({ [`GET /app/org/${GROUP_ID}/profile`]: page([]) }, signedOut);
    renderGroupProfiles(false);
    expect(await screen.findByText(NO_GROUP_PROFILES)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create xAPI Profile' })).toBeNull();
  });
});
