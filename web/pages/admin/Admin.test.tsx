import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail, AdminUserRow } from '../../../common/admin';
import { LAST_ADMIN_MESSAGE } from '../../../common/organizations';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  renderApp,
  signedIn,
  siteAdmin,
  stubServer,
  type Handler,
} from '../../test/stubs/organization';
import { ADMIN_CHECKBOX_LABEL } from './AdminUserPage';

function row(overrides: Partial<AdminUserRow>): AdminUserRow {
  return {
    uuid: '00000000-0000-4000-8000-000000000000',
    username: null,
    firstname: 'First',
    lastname: 'Last',
    email: 'someone@example.org',
    type: 'user',
    validated: true,
    createdOn: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const users: AdminUserRow[] = [
  row({
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    firstname: 'Charles',
    lastname: 'Babbage',
    email: 'zz@example.org',
    createdOn: '2023-05-01T00:00:00.000Z',
  }),
  row({
    uuid: siteAdmin.uuid,
    firstname: 'Grace',
    lastname: 'Hopper',
    email: 'grace@example.org',
    type: 'admin',
    createdOn: null,
  }),
  row({
    uuid: ada.uuid,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.org',
    createdOn: '2022-02-02T00:00:00.000Z',
  }),
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

const sortBy = (name: RegExp) => within(screen.getByRole('table')).getByRole('button', { name });

function serve(handlers: Record<string, Handler>) {
  return stubServer(handlers, signedIn(siteAdmin));
}

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Manage Users', () => {
  it('lists users by last name and sorts by any column on the client', async () => {
    const calls = serve({
      'GET /app/admin/users': () => [200, { success: true, users, total: users.length }],
    });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeVisible();
    await screen.findByRole('link', { name: 'Babbage, Charles' });
    expect(names()).toEqual(['Babbage, Charles', 'Hopper, Grace', 'Lovelace, Ada']);
    expect(screen.getByRole('link', { name: 'Lovelace, Ada' })).toHaveAttribute(
      'href',
      `/admin/users/${ada.uuid}`,
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(sortBy(/Name/));
    expect(names()).toEqual(['Lovelace, Ada', 'Hopper, Grace', 'Babbage, Charles']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await userEvent.click(sortBy(/Email/));
    expect(names()).toEqual(['Lovelace, Ada', 'Hopper, Grace', 'Babbage, Charles']);
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(sortBy(/Date Added/));
    expect(names()).toEqual(['Hopper, Grace', 'Lovelace, Ada', 'Babbage, Charles']);

    await userEvent.click(sortBy(/Admin/));
    expect(names()[0]).toBe('Hopper, Grace');
    const grace = screen.getByRole('link', { name: 'Hopper, Grace' }).closest('tr');
    if (!grace) throw new Error('no row');
    expect(within(grace).getByText('Yes')).toBeVisible();
    expect(within(grace).getByText('Unknown')).toBeVisible();
    // Sorting happens here, not on the server.
    expect(calls.filter((c) => c.path === '/app/admin/users')).toHaveLength(1);
  });

  it('searches on the server and says when there are no users', async () => {
    const calls = serve({
      'GET /app/admin/users': (call) =>
        call.query.get('search')
          ? [200, { success: true, users: [], total: 0 }]
          : [200, { success: true, users, total: users.length }],
    });
    const router = renderApp('/admin/users');
    await screen.findByRole('link', { name: 'Babbage, Charles' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search Users' }));
    expect(await screen.findByText('There are no users')).toBeVisible();
    expect(router.state.location.search).toBe('?search=nobody');
    expect(calls.at(-1)?.query.get('search')).toBe('nobody');
  });

  it('is refused to users who are not admins', async () => {
    stubServer({}, signedIn(ada));
    renderApp('/admin/users');
    expect(await screen.findByText('You must be an admin to access this page.')).toBeVisible();
  });
});

describe('admin user detail', () => {
  function detail(user: AdminUserRow, organizations: AdminUserDetail['organizations'] = []) {
    return { success: true, user: { ...user, publicizeName: false }, organizations };
  }
  const GROUP = 'dddddddd-0000-4000-8000-000000000004';
  const PENDING = 'eeeeeeee-0000-4000-8000-000000000005';
  const adaRow = users[2] as AdminUserRow;
  const graceRow = users[1] as AdminUserRow;

  it('disables the admin checkbox on the admin’s own account', async () => {
    serve({ [`GET /app/admin/user/${siteAdmin.uuid}`]: () => [200, detail(graceRow)] });
    renderApp(`/admin/users/${siteAdmin.uuid}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Account' }));
    const box = screen.getByRole('checkbox', { name: ADMIN_CHECKBOX_LABEL });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });

  it('grants admin permissions to another user', async () => {
    let current = adaRow;
    const calls = serve({
      [`GET /app/admin/user/${ada.uuid}`]: () => [200, detail(current)],
      [`POST /app/admin/user/${ada.uuid}`]: (call) => {
        current = { ...current, type: call.body?.type === 'admin' ? 'admin' : 'user' };
        return [200, detail(current)];
      },
    });
    renderApp(`/admin/users/${ada.uuid}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Account' }));
    const box = screen.getByRole('checkbox', { name: ADMIN_CHECKBOX_LABEL });
    expect(box).toBeEnabled();
    expect(box).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Show Your Name/ })).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Administrator')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.org',
      publicizeName: false,
      type: 'admin',
    });
  });

  it('lists the user’s groups with Edit and Remove', async () => {
    let groups: AdminUserDetail['organizations'] = [
      { uuid: GROUP, name: 'Video Working Group', membership: 'admin' },
      { uuid: PENDING, name: 'Games Working Group', membership: 'pending' },
    ];
    let refuse = true;
    serve({
      [`GET /app/admin/user/${ada.uuid}`]: () => [200, detail(adaRow, groups)],
      [`DELETE /app/org/${GROUP}/member/${ada.uuid}`]: () => {
        if (refuse) {
          return [400, { success: false, code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE }];
        }
        groups = groups.filter((g) => g.uuid !== GROUP);
        return [200, { success: true }];
      },
    });
    renderApp(`/admin/users/${ada.uuid}`);
    const table = await screen.findByRole('table', { name: 'Working groups of the user' });
    expect(
      await within(table).findByRole('link', { name: 'Edit membership in Video Working Group' }),
    ).toHaveAttribute('href', `/organization/${GROUP}/members/${ada.uuid}/edit`);
    expect(within(table).getByText('Pending approval')).toBeVisible();

    await userEvent.click(
      within(table).getByRole('button', { name: 'Remove from Video Working Group' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from Working Group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(LAST_ADMIN_MESSAGE)).toBeVisible();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(table).queryByText('Video Working Group')).not.toBeInTheDocument(),
    );
  });
});
