import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED, USERNAME_ALREADY_CHOSEN } from '../../../common/accounts';
import type { UserStatus } from '../../../common/user';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { SOLVED_CAPTCHA } from './testing/captcha-mock';
import { member, renderApp, stubServer } from './testing/server-stub';

vi.mock('../../components/Captcha', () => import('./testing/captcha-mock'));

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

const newcomer = { ...member, username: null, usernameChosen: false };

describe('Select Username', () => {
  it('is for signed-in users only', async () => {
    stubServer({});
    const router = renderApp('/user/username');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('shows Username Already Chosen, without a form, once a username is set', async () => {
    stubServer({}, () => ({ loggedIn: true, user: member }));
    renderApp('/user/username');
    expect(
      await screen.findByRole('heading', { name: USERNAME_ALREADY_CHOSEN }),
    ).toBeInTheDocument();
    expect(screen.getByText(/can only be done once/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Username' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
  });

  it('explains that the username is set once and checks the form', async () => {
    const calls = stubServer({}, () => ({ loggedIn: true, user: newcomer }));
    renderApp('/user/username');
    expect(await screen.findByText(/can be set only once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request Username' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^Username/), 'no spaces');
    await userEvent.click(screen.getByRole('button', { name: 'Request Username' }));
    expect(
      await screen.findByText(
        'Username may contain letters and digits, with - or _ only between them.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sets the username and goes to My Account', async () => {
    let session: UserStatus = { loggedIn: true, user: newcomer };
    const calls = stubServer(
      {
        'POST /app/user/username': () => {
          session = { loggedIn: true, user: { ...member, username: 'ada_l' } };
          return [200, { success: true, user: session.user }];
        },
      },
      () => session,
    );
    const router = renderApp('/user/username');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'ada_l');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request Username' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/account'));
    expect(calls[0]?.body).toEqual({ username: 'ada_l', captcha: SOLVED_CAPTCHA });
    expect(await screen.findByText('ada_l')).toBeInTheDocument();
  });

  it('shows a refusal and resets the captcha', async () => {
    stubServer(
      {
        'POST /app/user/username': () => [
          400,
          { success: false, code: 'USERNAME_TAKEN', message: 'That username is taken.' },
        ],
      },
      () => ({ loggedIn: true, user: newcomer }),
    );
    renderApp('/user/username');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'ada_l');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request Username' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Set Username Error');
    expect(alert).toHaveTextContent('That username is taken.');
    expect(screen.getByTestId('captcha-resets')).toHaveTextContent('1');
    // The refusal was about the name typed then: changing it takes the refusal away.
    await userEvent.type(screen.getByLabelText(/^Username/), 'x');
    expect(screen.queryByText('That username is taken.')).toBeNull();
  });
});
