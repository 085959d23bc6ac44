import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORDS_DONT_MATCH, REQUIRED } from '../../../common/accounts';
import type { SessionUser, UserStatus } from '../../../common/user';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { member, renderApp, stubServer, type Reply } from './testing/server-stub';

vi.mock('../../components/Captcha', () => import('./testing/captcha-mock'));

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

function signedInAs(user: SessionUser, handlers: Record<string, () => Reply> = {}) {
  let session: UserStatus = { loggedIn: true, user };
  const calls = stubServer(
    Object.fromEntries(
      Object.entries(handlers).map(([route, handler]) => [
        route,
        () => {
          const reply = handler();
          const body = reply[1] as { user?: SessionUser };
          if (reply[0] === 200 && body.user) session = { loggedIn: true, user: body.user };
          return reply;
        },
      ]),
    ),
    () => session,
  );
  return calls;
}

const openEditor = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Edit Account' }));
const details = () => screen.getByRole('region', { name: 'Account Details' });

describe('My Account', () => {
  it('is for signed-in users only', async () => {
    stubServer({});
    const router = renderApp('/user/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('shows the account details', async () => {
    signedInAs(member);
    renderApp('/user/account');
    await screen.findByRole('heading', { name: 'Account Details' });
    const view = details();
    for (const text of ['Ada', 'Lovelace', 'ada', 'ada@example.org']) {
      expect(within(view).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Select Username' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('You are not a member of any working groups.'),
    ).toBeInTheDocument();
  });

  it('labels a site admin as Administrator', async () => {
    signedInAs({ ...member, type: 'admin' });
    renderApp('/user/account');
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
  });

  it('offers Select Username while none is chosen', async () => {
    signedInAs({ ...member, username: null, usernameChosen: false });
    renderApp('/user/account');
    expect(await screen.findByRole('link', { name: 'Select Username' })).toHaveAttribute(
      'href',
      '/user/username',
    );
    expect(screen.getByText('Not chosen yet')).toBeInTheDocument();
  });

  it('edits with the username disabled and first and last name required', async () => {
    const calls = signedInAs(member);
    renderApp('/user/account');
    await openEditor();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    await userEvent.clear(screen.getByLabelText(/^First Name/));
    await userEvent.clear(screen.getByLabelText(/^Last Name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('explains what Show Your Name does', async () => {
    signedInAs(member);
    renderApp('/user/account');
    await openEditor();
    const box = screen.getByRole('checkbox', { name: 'Show Your Name' });
    expect(box).not.toBeChecked();
    expect(screen.getByText(/only your username is visible/i)).toBeInTheDocument();
  });

  it('saves the details without touching the password', async () => {
    const calls = signedInAs(member, {
      'POST /app/user/update': () => [
        200,
        {
          success: true,
          user: {
            ...member,
            firstname: 'Augusta',
            fullname: 'Augusta Lovelace',
            publicizeName: true,
          },
          pendingEmail: null,
        },
      ],
    });
    renderApp('/user/account');
    await openEditor();
    await userEvent.clear(screen.getByLabelText(/^First Name/));
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Augusta');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Your Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    expect(calls[0]?.body).toEqual({
      firstname: 'Augusta',
      lastname: 'Lovelace',
      email: 'ada@example.org',
      publicizeName: true,
    });
    expect(within(details()).getByText('Augusta')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your changes were saved.');
  });

  it('reveals the new password fields on Edit Password and checks they match', async () => {
    const calls = signedInAs(member, {
      'POST /app/user/update': () => [200, { success: true, user: member, pendingEmail: null }],
    });
    renderApp('/user/account');
    await openEditor();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Password' }));
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a much longer secret');
    await userEvent.type(screen.getByLabelText(/^Re-enter New Password/), 'a much longer secreT');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PASSWORDS_DONT_MATCH)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByLabelText('Show password'));
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('type', 'text');
    await userEvent.clear(screen.getByLabelText(/^Re-enter New Password/));
    await userEvent.type(screen.getByLabelText(/^Re-enter New Password/), 'a much longer secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    expect(calls[0]?.body).toMatchObject({
      password: 'a much longer secret',
      password2: 'a much longer secret',
    });
  });

  it('asks before discarding: Continue editing keeps the changes, Discard changes drops them', async () => {
    signedInAs(member);
    renderApp('/user/account');
    await openEditor();
    await userEvent.clear(screen.getByLabelText(/^Last Name/));
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Byron');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Byron');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    expect(within(details()).getByText('Lovelace')).toBeInTheDocument();
    expect(screen.queryByText('Byron')).not.toBeInTheDocument();
  });

  it('shows the server message when the save fails', async () => {
    signedInAs(member, {
      'POST /app/user/update': () => [
        400,
        { success: false, code: 'VALIDATION_FAILED', message: 'That e-mail cannot be used.' },
      ],
    });
    renderApp('/user/account');
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail cannot be used.');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('confirms a changed e-mail address with the mailed code', async () => {
    const calls = signedInAs(member, {
      'POST /app/user/update': () => [
        200,
        { success: true, user: member, pendingEmail: 'countess@example.org' },
      ],
      'POST /app/user/email/confirm': () => [
        200,
        { success: true, user: { ...member, email: 'countess@example.org' } },
      ],
    });
    renderApp('/user/account');
    await openEditor();
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'countess@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('countess@example.org')).toBeInTheDocument();
    expect(screen.getByText(/We sent a code to/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm E-mail' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Confirmation code'), 'WXYZ-2345');
    await userEvent.type(screen.getByLabelText('Current password'), 'my password 1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm E-mail' }));
    await waitFor(() => expect(screen.queryByText(/We sent a code to/)).not.toBeInTheDocument());
    expect(calls.at(-1)?.body).toEqual({ code: 'WXYZ-2345', password: 'my password 1' });
    expect(within(details()).getByText('countess@example.org')).toBeInTheDocument();
  });
});
