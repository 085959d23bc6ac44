import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_ADMIN_MESSAGE,
  type Member,
  type MemberList,
  type Organization,
} from '../../../common/organizations';
import { feedback } from '../../lib/feedback-store';
import { USER_SEARCH_DEBOUNCE_MS } from './AddMemberPage';
import {
  ada,
  group,
  GROUP_ID,
  ok,
  renderApp,
  signedIn,
  stubServer,
  type Handler,
} from '../../test/stubs/organization';

const base = `/organization/${GROUP_ID}`;
const api = `/app/org/${GROUP_ID}`;

const BOB = '33333333-3333-4333-8333-333333333333';
const CARA = '44444444-4444-4444-8444-444444444444';
const DAN = '55555555-5555-4555-8555-555555555555';

function person(uuid: string, fullname: string, level: Member['level']): Member {
  return {
    user: {
      uuid,
      username: fullname.split(' ')[0]?.toLowerCase() ?? null,
      fullname,
      email: `${fullname.split(' ')[0]?.toLowerCase()}@example.org`,
    },
    level,
    since: '2024-02-01T09:00:00.000Z',
  };
}

const adaAdmin = person(ada.uuid, 'Ada Lovelace', 'admin');
const bobMember = person(BOB, 'Bob Boole', 'member');
const caraRequest = person(CARA, 'Cara Carroll', null);

function members(list: Member[], requests: Member[] = []): MemberList {
  return { success: true, members: list, requests };
}

function serve(
  membership: Organization['membership'],
  list: MemberList,
  more: Record<string, Handler> = {},
) {
  return stubServer(
    {
      [`GET ${api}`]: ok({ success: true, organization: group({ membership, apiKeyCount: 0 }) }),
      [`GET ${api}/member`]: ok(list),
      ...more,
    },
    signedIn(ada),
  );
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

describe('members', () => {
  it('lists members with their levels; plain members see no management actions', async () => {
    serve('member', members([adaAdmin, bobMember]));
    renderApp(`${base}/members`);
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Bob Boole');
    expect(within(rowOf('Ada Lovelace')).getByText('Group Admin')).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText('you')).toBeInTheDocument();
    expect(within(rowOf('Bob Boole')).getByText('Member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Member' })).not.toBeInTheDocument();
    expect(screen.queryByText('Requests to Join')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Working Group' })).toBeVisible();
  });

  it('lets a group admin approve a request with the chosen level, or deny one', async () => {
    const dan = person(DAN, 'Dan Dijkstra', null);
    let list = members([adaAdmin], [caraRequest, dan]);
    const calls = serve('admin', list, {
      [`GET ${api}/member`]: () => [200, list],
      [`POST ${api}/join/member`]: (call) => {
        list = members(
          [adaAdmin, { ...caraRequest, level: call.body?.level as Member['level'] }],
          [dan],
        );
        return [200, list];
      },
      [`DELETE ${api}/deny/member/${DAN}`]: () => {
        list = members(list.members, []);
        return [200, list];
      },
    });
    renderApp(`${base}/members`);
    const requests = await screen.findByRole('table', { name: 'Requests to join' });
    expect(within(requests).getByText('cara@example.org')).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role for Cara Carroll' }),
      'Group Admin',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve Cara Carroll' }));
    const table = screen.getByRole('table', { name: 'Members' });
    await waitFor(() => expect(within(table).getByText('Cara Carroll')).toBeInTheDocument());
    expect(calls.find((c) => c.path === `${api}/join/member`)?.body).toEqual({
      userId: CARA,
      level: 'admin',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Deny Dan Dijkstra' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Requests to join' })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(`/deny/member/${DAN}`))).toBe(
      true,
    );
  });

  it('approves as Member unless told otherwise', async () => {
    const calls = serve('admin', members([adaAdmin], [caraRequest]), {
      [`POST ${api}/join/member`]: () => [
        200,
        members([adaAdmin, { ...caraRequest, level: 'member' }]),
      ],
    });
    renderApp(`${base}/members`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Cara Carroll' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${api}/join/member`)?.body).toEqual({
        userId: CARA,
        level: 'member',
      }),
    );
  });

  it('asks before leaving, and shows the last-admin refusal', async () => {
    const calls = serve('admin', members([adaAdmin, bobMember]), {
      [`DELETE ${api}/member/${ada.uuid}`]: () => [
        400,
        { success: false, code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE },
      ],
    });
    renderApp(`${base}/members`);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Working Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Working Group?' });
    expect(within(dialog).getByText(/Video Working Group/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Working Group' }));
    expect(await within(dialog).findByText(LAST_ADMIN_MESSAGE)).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('leaves the group after the confirmation', async () => {
    let current = group({ membership: 'member' });
    serve('member', members([adaAdmin, bobMember]), {
      [`GET ${api}`]: () => [200, { success: true, organization: current }],
      [`DELETE ${api}/member/${ada.uuid}`]: () => {
        current = group();
        return [200, { success: true }];
      },
    });
    const router = renderApp(`${base}/members`);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Working Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Working Group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Working Group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/about`));
    expect(await screen.findByRole('button', { name: 'Join Working Group' })).toBeVisible();
  });

  it('lets a group admin remove a member after confirming', async () => {
    let list = members([adaAdmin, bobMember]);
    const calls = serve('admin', list, {
      [`GET ${api}/member`]: () => [200, list],
      [`DELETE ${api}/member/${BOB}`]: () => {
        list = members([adaAdmin]);
        return [200, { success: true }];
      },
    });
    renderApp(`${base}/members`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Bob Boole' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Member?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Bob Boole')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(BOB))).toBe(true);
  });
});

describe('editing a member', () => {
  it('shows the last-admin refusal when the only admin is demoted', async () => {
    const calls = serve('admin', members([adaAdmin, bobMember]), {
      [`PUT ${api}/member/${ada.uuid}`]: () => [
        400,
        { success: false, code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE },
      ],
    });
    renderApp(`${base}/members/${ada.uuid}/edit`);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('admin');
    await userEvent.selectOptions(role, 'Member');
    await userEvent.click(screen.getByRole('button', { name: 'Save Role' }));
    expect(await screen.findByText(LAST_ADMIN_MESSAGE)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ level: 'member' });
  });

  it('changes a level and returns to the members', async () => {
    const calls = serve('admin', members([adaAdmin, bobMember]), {
      [`PUT ${api}/member/${BOB}`]: () => [
        200,
        members([adaAdmin, { ...bobMember, level: 'admin' }]),
      ],
    });
    const router = renderApp(`${base}/members/${BOB}/edit`);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role' }),
      'Group Admin',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/members`));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ level: 'admin' });
  });

  it('says so when the user is not a member', async () => {
    serve('admin', members([adaAdmin]));
    renderApp(`${base}/members/${BOB}/edit`);
    expect(
      await screen.findByText('This user is not a member of Video Working Group.'),
    ).toBeVisible();
  });
});

describe('adding a member', () => {
  const bobFound = { _id: BOB, username: 'bob', fullname: 'Bob Boole' };

  it('searches 300 ms after typing stops, says when nothing is found and clears on empty input', async () => {
    const calls = serve('admin', members([adaAdmin]), {
      'GET /app/user': (call) => [
        200,
        {
          success: true,
          users: (call.query.get('search') ?? '').startsWith('bo') ? [bobFound] : [],
        },
      ],
      [`POST ${api}/member`]: () => [200, members([adaAdmin, bobMember])],
    });
    const router = renderApp(`${base}/members/add`);
    const box = await screen.findByRole('textbox', { name: /Find a user/ });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('member');

    const searches = () => calls.filter((c) => c.path === '/app/user');
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'b' } });
    act(() => {
      vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS - 100);
    });
    fireEvent.change(box, { target: { value: 'bo' } });
    act(() => {
      vi.advanceTimersByTime(USER_SEARCH_DEBOUNCE_MS - 10);
    });
    // Typing restarted the wait: nothing has been asked yet.
    expect(searches()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('radio', { name: /Bob Boole/ })).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.query.get('search')).toBe('bo');
    expect(searches()[0]?.query.get('organization')).toBe(GROUP_ID);

    await userEvent.clear(box);
    expect(screen.queryByRole('radio', { name: /Bob Boole/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();

    await userEvent.type(box, 'zed');
    expect(await screen.findByText('No results found')).toBeVisible();

    await userEvent.clear(box);
    await userEvent.type(box, 'bob');
    await userEvent.click(await screen.findByRole('radio', { name: /Bob Boole/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/members`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: BOB,
      level: 'member',
    });
  });

  it('needs a chosen user', async () => {
    const calls = serve('admin', members([adaAdmin]));
    renderApp(`${base}/members/add`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Choose a user.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
