import { act, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationList, OrganizationSummary } from '../../../common/organizations';
import { feedback } from '../../lib/feedback-store';
import { JOIN_NOTICE_MS, OrganizationTable } from './OrganizationTable';
import {
  ada,
  renderAlone,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  type StubCall,
} from '../../test/stubs/organization';

function summary(index: number, overrides: Partial<OrganizationSummary> = {}): OrganizationSummary {
  return {
    uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Group ${index}`,
    profiles: index,
    members: index + 1,
    createdOn: '2024-01-02T12:00:00.000Z',
    membership: null,
    ...overrides,
  };
}

/** A server holding `total` groups, answering pages of the size asked for. */
function listOf(total: number, pick: (index: number) => Partial<OrganizationSummary> = () => ({})) {
  return (call: StubCall): [number, OrganizationList] => {
    const page = Number(call.query.get('page'));
    const limit = Number(call.query.get('limit'));
    const search = call.query.get('search') ?? '';
    const all = Array.from({ length: total }, (_, i) => summary(i + 1, pick(i + 1))).filter((o) =>
      o.name.toLowerCase().includes(search.toLowerCase()),
    );
    return [
      200,
      {
        success: true,
        organizations: all.slice((page - 1) * limit, page * limit),
        page,
        limit,
        total: all.length,
      },
    ];
  };
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

beforeEach(() => feedback.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('working groups list', () => {
  it('pages through the groups ten at a time and keeps the page in the address', async () => {
    const calls = stubServer({ 'GET /app/org': listOf(23) }, signedOut);
    const router = renderApp('/organization');
    expect(await screen.findByRole('heading', { name: 'Working Groups' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 - 10 of 23 working groups')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Group 1' })).toHaveAttribute(
      'href',
      `/organization/${summary(1).uuid}`,
    );
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 - 20 of 23 working groups')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)?.query.get('page')).toBe('2');
    expect(calls.at(-1)?.query.get('limit')).toBe('10');

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 - 23 of 23 working groups')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('starts on the page named in the address', async () => {
    stubServer({ 'GET /app/org': listOf(23) }, signedOut);
    renderApp('/organization?page=2');
    expect(await screen.findByText('Showing 11 - 20 of 23 working groups')).toBeInTheDocument();
  });

  it('says there are none, with the two spaces of the original message', async () => {
    stubServer({ 'GET /app/org': listOf(0) }, signedOut);
    renderApp('/organization');
    expect(
      await screen.findByText('There are no organizations.  You need to create one.', {
        normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the viewer’s level, a pending request or a Join button', async () => {
    const levels = { 1: 'admin', 2: 'member', 3: 'pending' } as const;
    stubServer(
      {
        'GET /app/org': listOf(4, (i) => ({
          membership: i in levels ? levels[i as keyof typeof levels] : null,
        })),
      },
      signedIn(ada),
    );
    renderApp('/organization');
    await screen.findByText('Group 4');
    expect(within(rowOf('Group 1')).getByText('(admin)')).toBeInTheDocument();
    expect(within(rowOf('Group 2')).getByText('(member)')).toBeInTheDocument();
    expect(within(rowOf('Group 3')).getByText('Membership Requested')).toBeInTheDocument();
    expect(within(rowOf('Group 3')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Group 4')).getByRole('button', { name: 'Join Group 4' })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /^Join/ })).toHaveLength(1);
  });

  it('sends signed-out visitors who want to join to sign in first', async () => {
    stubServer({ 'GET /app/org': listOf(1) }, signedOut);
    const router = renderApp('/organization');
    await userEvent.click(await screen.findByRole('link', { name: 'Join Group 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/organization', search: '', hash: '' },
    });
  });

  it('asks to join and says so for five seconds', async () => {
    let requested = false;
    const calls = stubServer(
      {
        'GET /app/org': listOf(2, (i) => ({ membership: i === 2 && requested ? 'pending' : null })),
        [`POST /app/org/${summary(2).uuid}/join`]: () => {
          requested = true;
          return [200, { success: true, organization: {} }];
        },
      },
      signedIn(ada),
    );
    renderApp('/organization');
    const join = await screen.findByRole('button', { name: 'Join Group 2' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(join);
    const notice = await screen.findByText('Your request to the working group was sent.');
    expect(notice.closest('[role="alert"]')).toHaveTextContent('Request Sent');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/join'))).toBe(true);
    expect(await within(rowOf('Group 2')).findByText('Membership Requested')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(JOIN_NOTICE_MS - 500);
    });
    expect(screen.getByText('Your request to the working group was sent.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(
      screen.queryByText('Your request to the working group was sent.'),
    ).not.toBeInTheDocument();
  });

  it('requires search text, searches on the server and clears the search', async () => {
    const calls = stubServer({ 'GET /app/org': listOf(12) }, signedOut);
    const router = renderApp('/organization');
    await screen.findByText('Showing 1 - 10 of 12 working groups');
    await userEvent.click(screen.getByRole('button', { name: 'Search Working Groups' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();

    await userEvent.type(
      screen.getByPlaceholderText('Search for an existing working group'),
      'group 1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search Working Groups' }));
    await waitFor(() =>
      expect(screen.getByTestId('organization-count')).toHaveTextContent(
        /^Showing 1 - 4 of 4 working groups for group 1$/,
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('group 1');
    expect(calls.at(-1)?.query.get('search')).toBe('group 1');

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Showing 1 - 10 of 12 working groups')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByPlaceholderText('Search for an existing working group')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('says when a search finds nothing', async () => {
    stubServer({ 'GET /app/org': listOf(3) }, signedOut);
    renderApp('/organization?search=nothing');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search for an existing working group')).toHaveValue(
      'nothing',
    );
  });

  it('offers a Create Working Group button', async () => {
    stubServer({ 'GET /app/org': listOf(1) }, signedIn(ada));
    renderApp('/organization');
    expect(await screen.findByRole('link', { name: 'Create Working Group' })).toHaveAttribute(
      'href',
      '/organization/create',
    );
  });
});

describe('the reusable working groups table', () => {
  function Picker() {
    const [picked, setPicked] = useState<OrganizationSummary | null>(null);
    return (
      <>
        <OrganizationTable mine selection={{ value: picked?.uuid ?? null, onChange: setPicked }} />
        <p>Picked: {picked?.name ?? 'none'}</p>
      </>
    );
  }

  it('picks one group with radios, lists only one’s own groups and hides Create', async () => {
    const calls = stubServer(
      { 'GET /app/org': listOf(3, () => ({ membership: 'member' })) },
      signedIn(ada),
    );
    renderAlone(<Picker />);
    await screen.findByText('Group 3');
    expect(calls[0]?.query.get('mine')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Group 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Working Group' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Select Group 2' }));
    expect(screen.getByText('Picked: Group 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Select Group 2' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Select Group 3' }));
    expect(screen.getByRole('radio', { name: 'Select Group 2' })).not.toBeChecked();
    expect(screen.getByText('Picked: Group 3')).toBeInTheDocument();
  });

  it('keeps its own page when nobody owns it', async () => {
    stubServer({ 'GET /app/org': listOf(15) }, signedIn(ada));
    renderAlone(<OrganizationTable />);
    await screen.findByText('Showing 1 - 10 of 15 working groups');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 - 15 of 15 working groups')).toBeInTheDocument();
  });
});
