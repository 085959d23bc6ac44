import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLABORATION_LINK_MESSAGE, type Organization } from '../../../common/organizations';
import { feedback } from '../../lib/feedback-store';
import type { ReturnState } from '../../lib/guards';
import { HEADER_JOIN_NOTICE_MS } from './OrganizationArea';
import {
  ada,
  group,
  GROUP_ID,
  noMembers,
  ok,
  renderApp,
  signedIn,
  signedOut,
  siteAdmin,
  stubServer,
} from '../../test/stubs/organization';

const base = `/organization/${GROUP_ID}`;
const api = `/app/org/${GROUP_ID}`;
const answer = (organization: Organization) => ok({ success: true, organization });
/** The group's profile list, which the Profiles tab loads. */
const noProfiles = ok({ success: true, profiles: [], page: 1, limit: 10, total: 0 });

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Working group sections' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

beforeEach(() => feedback.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Create Working Group', () => {
  it('checks the collaboration link, then creates the group and opens it', async () => {
    const calls = stubServer(
      {
        'POST /app/org': (call) => [
          200,
          {
            success: true,
            organization: group({
              name: String(call.body?.name),
              membership: 'admin',
              apiKeyCount: 0,
            }),
          },
        ],
        [`GET ${api}`]: answer(group({ membership: 'admin', apiKeyCount: 0 })),
      },
      signedIn(ada),
    );
    const router = renderApp('/organization/create');
    expect(await screen.findByRole('heading', { name: 'Create Working Group' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Working Groups' })).toHaveAttribute(
      'href',
      '/organization',
    );
    expect(screen.getByText(/add members and create profiles/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Video Working Group');
    await userEvent.type(screen.getByRole('textbox', { name: /Collaboration Link/ }), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Create Working Group' }));
    expect(await screen.findByText(COLLABORATION_LINK_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const link = screen.getByRole('textbox', { name: /Collaboration Link/ });
    await userEvent.clear(link);
    await userEvent.type(link, 'https://example.org/video');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'For players.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Working Group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Video Working Group',
      collaborationLink: 'https://example.org/video',
      description: 'For players.',
    });
  });

  it('requires a name and a link', async () => {
    stubServer({}, signedIn(ada));
    renderApp('/organization/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Working Group' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
  });
});

describe('working group area', () => {
  it('shows visitors About and Profiles, and sends them to sign in to join', async () => {
    stubServer({ [`GET ${api}`]: answer(group()), [`GET ${api}/profile`]: noProfiles }, signedOut);
    renderApp(base);
    expect(await screen.findByRole('heading', { name: 'Video Working Group' })).toBeVisible();
    expect(tabNames()).toEqual(['About', 'Profiles2']);
    expect(screen.getByRole('tab', { name: /Profiles/ })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText('There are no profiles in this working group yet.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create xAPI Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
      'href',
      '/user/login',
    );
  });

  it('shows members the Members tab, the Feedback tab with what is open and a Create xAPI Profile button', async () => {
    stubServer(
      {
        [`GET ${api}`]: answer(group({ membership: 'member' })),
        [`GET ${api}/profile`]: noProfiles,
        [`GET ${api}/feedback`]: ok({
          success: true,
          feedback: [],
          counts: { open: 2, answered: 1, addressed: 0, closed: 0 },
          canLeave: false,
        }),
      },
      signedIn(ada),
    );
    renderApp(base);
    await screen.findByRole('heading', { name: 'Video Working Group' });
    await waitFor(() =>
      expect(tabNames()).toEqual(['About', 'Profiles2', 'Members3', 'Feedback2']),
    );
    expect(await screen.findByRole('link', { name: 'Create xAPI Profile' })).toHaveAttribute(
      'href',
      `${base}/profile/create`,
    );
    expect(screen.queryByRole('button', { name: 'Join Working Group' })).not.toBeInTheDocument();
  });

  it('shows group admins the API Keys tab with its count', async () => {
    stubServer(
      { [`GET ${api}`]: answer(group({ membership: 'admin', apiKeyCount: 4 })) },
      signedIn(ada),
    );
    const router = renderApp(base);
    await screen.findByRole('heading', { name: 'Video Working Group' });
    expect(tabNames()).toEqual(['About', 'Profiles2', 'Members3', 'Feedback', 'API Keys4']);
    await userEvent.click(screen.getByRole('tab', { name: /About/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/about`));
  });

  it('lets a signed-in non-member ask to join, says so for three seconds, then shows the request', async () => {
    let current = group();
    const calls = stubServer(
      {
        [`GET ${api}`]: () => [200, { success: true, organization: current }],
        [`POST ${api}/join`]: () => {
          current = group({ membership: 'pending' });
          return [200, { success: true, organization: current }];
        },
        [`DELETE ${api}/join`]: () => {
          current = group();
          return [200, { success: true, organization: current }];
        },
      },
      signedIn(ada),
    );
    renderApp(`${base}/about`);
    const join = await screen.findByRole('button', { name: 'Join Working Group' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(join);
    expect(await screen.findByText('Your request to the working group was sent.')).toBeVisible();
    expect(screen.getByText('Membership Requested')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(HEADER_JOIN_NOTICE_MS + 50);
    });
    expect(
      screen.queryByText('Your request to the working group was sent.'),
    ).not.toBeInTheDocument();
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('button', { name: 'Join Working Group' })).toBeVisible();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`DELETE ${api}/join`);
  });

  it('shows the group’s details, linking the collaboration link only when it is a web address', async () => {
    stubServer(
      { [`GET ${api}`]: answer(group({ membership: 'member', createdOn: null })) },
      signedIn(ada),
    );
    renderApp(`${base}/about`);
    expect(await screen.findByText('About this Working Group')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://example.org/video' })).toHaveAttribute(
      'href',
      'https://example.org/video',
    );
    expect(screen.getByText('Unknown')).toBeVisible();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Edit Working Group Details' })).toHaveAttribute(
      'href',
      `${base}/edit`,
    );
  });

  it('shows a link that is not a web address as plain text, and no Edit button to non-members', async () => {
    stubServer(
      { [`GET ${api}`]: answer(group({ collaborationLink: 'ftp://example.org/files' })) },
      signedIn(ada),
    );
    renderApp(`${base}/about`);
    expect(await screen.findByText('ftp://example.org/files')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'ftp://example.org/files' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Edit Working Group Details' }),
    ).not.toBeInTheDocument();
  });

  it('lets members edit the details', async () => {
    let current = group({ membership: 'member' });
    const calls = stubServer(
      {
        [`GET ${api}`]: () => [200, { success: true, organization: current }],
        [`PUT ${api}`]: (call) => {
          current = { ...current, name: String(call.body?.name) };
          return [200, { success: true, organization: current }];
        },
      },
      signedIn(ada),
    );
    const router = renderApp(`${base}/edit`);
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Video Working Group');
    expect(screen.queryByRole('button', { name: 'Delete Working Group' })).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Video Group');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/about`));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Video Group',
      collaborationLink: 'https://example.org/video',
      description: 'Profiles for video players.',
    });
    expect(await screen.findByRole('heading', { name: 'Video Group' })).toBeVisible();
  });

  it('shows a group that does not exist as not found', async () => {
    stubServer({}, signedOut);
    renderApp(base);
    expect(await screen.findByRole('heading', { name: 'Working group not found' })).toBeVisible();
  });
});

describe('who may open which page of a group', () => {
  const cases: Array<
    [who: string, membership: Organization['membership'], from: string, to: string]
  > = [
    ['a non-member', null, 'edit', 'about'],
    ['a non-member', null, 'members', 'about'],
    ['a pending requester', 'pending', 'members', 'about'],
    ['a member', 'member', 'members/add', 'members'],
    ['a member', 'member', `members/${ada.uuid}/edit`, 'members'],
    ['a member', 'member', 'apiKeys', 'about'],
    ['a member', 'member', 'apiKeys/create', 'about'],
    ['a member', 'member', 'apiKeys/key-1/edit', 'about'],
  ];

  it.each(cases)('sends %s from %s… (%s) to %s', async (_who, membership, from, to) => {
    stubServer(
      {
        [`GET ${api}`]: answer(group({ membership })),
        [`GET ${api}/member`]: ok(noMembers),
      },
      signedIn(ada),
    );
    const router = renderApp(`${base}/${from}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${to}`));
  });

  it('lets a site admin manage the members of a group they are not in, but not its keys', async () => {
    stubServer(
      {
        [`GET ${api}`]: answer(group()),
        [`GET ${api}/member`]: ok(noMembers),
      },
      signedIn(siteAdmin),
    );
    const router = renderApp(`${base}/members/add`);
    expect(await screen.findByRole('heading', { name: 'Add Member' })).toBeVisible();
    expect(tabNames()).toEqual(['About', 'Profiles2', 'Members3']);
    await router.navigate(`${base}/apiKeys`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/about`));
  });

  it('sends visitors who open the edit page to sign in', async () => {
    stubServer({ [`GET ${api}`]: answer(group()) }, signedOut);
    const router = renderApp(`${base}/edit`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it.each(['members', 'members/add', 'apiKeys', 'apiKeys/create'])(
    'sends visitors who open %s to sign in, to come back after',
    async (page) => {
      stubServer({ [`GET ${api}`]: answer(group()) }, signedOut);
      const router = renderApp(`${base}/${page}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
      expect((router.state.location.state as ReturnState).from?.pathname).toBe(`${base}/${page}`);
    },
  );
});
