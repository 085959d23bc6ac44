import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveClientKey } from '../../../common/client-key';
import type { SessionUser, UserStatus } from '../../../common/user';
import { COOKIE_NOT_SET } from '../../api/accounts';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { fromProfiles, member, renderApp, stubServer, type Reply } from './testing/server-stub';

vi.mock('../../components/Captcha', () => import('./testing/captcha-mock'));

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

/** A server where `ada@example.org` / `correct horse` signs in as `user`. */
function serverFor(user: SessionUser, options: { cookie?: boolean; login?: Reply } = {}) {
  let session: UserStatus = { loggedIn: false, user: null };
  const calls = stubServer(
    {
      'GET /app/user/salt': () => [200, { success: true, salt: 'salt-1' }],
      'POST /app/user/login': () => {
        if (options.login) return options.login;
        if (options.cookie !== false) session = { loggedIn: true, user };
        return [200, { success: true, user }];
      },
    },
    () => session,
  );
  return calls;
}

async function signIn(email = 'ada@example.org', password = 'correct horse') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign In', () => {
  it('requires both fields and a valid e-mail before calling the server', async () => {
    const calls = serverFor(member);
    renderApp('/user/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('links to create an account, reset the password and resend the validation', async () => {
    serverFor(member);
    renderApp('/user/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/user/create',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/user/forgotpassword',
    );
    expect(screen.getByRole('link', { name: 'Resend e-mail validation' })).toHaveAttribute(
      'href',
      '/user/resend',
    );
  });

  it('sends the PBKDF2 key of the password, never the password itself', async () => {
    const calls = serverFor(member);
    renderApp('/user/login');
    await signIn();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/app/user/login'));
    expect(calls[0]?.query.get('email')).toBe('ada@example.org');
    const login = calls.find((c) => c.path === '/app/user/login');
    expect(login?.body).toEqual({
      email: 'ada@example.org',
      password: await deriveClientKey('correct horse', 'salt-1'),
    });
    expect(JSON.stringify(login?.body)).not.toContain('correct horse');
  });

  it('returns to the page that asked for a sign-in', async () => {
    serverFor(member);
    const router = renderApp('/user/login', fromProfiles);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profiles/create'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('goes home when there is nowhere to return to and the username is chosen', async () => {
    serverFor(member);
    const router = renderApp('/user/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for a username when none is chosen and there is nowhere to return to', async () => {
    serverFor({ ...member, username: null, usernameChosen: false });
    const router = renderApp('/user/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/username'));
    expect(await screen.findByRole('heading', { name: 'Select Username' })).toBeInTheDocument();
  });

  it('still returns to the origin when no username is chosen', async () => {
    serverFor({ ...member, username: null, usernameChosen: false });
    const router = renderApp('/user/login', fromProfiles);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profiles/create'));
  });

  it('counts a sign-in without a session cookie as a failure', async () => {
    serverFor(member, { cookie: false });
    const router = renderApp('/user/login');
    await signIn();
    expect(await screen.findByText(COOKIE_NOT_SET)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('shows the server message under the form and enables the form again', async () => {
    serverFor(member, {
      login: [
        400,
        { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password.' },
      ],
    });
    renderApp('/user/login');
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login Error');
    expect(alert).toHaveTextContent('Wrong e-mail or password.');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByLabelText(/^Email/)).toBeEnabled();
  });

  it('offers the validation steps when the e-mail is not validated yet', async () => {
    serverFor(member, {
      login: [
        403,
        { success: false, code: 'EMAIL_NOT_VALIDATED', message: 'Validate your e-mail first.' },
      ],
    });
    renderApp('/user/login');
    await signIn();
    expect(await screen.findByText('Validate your e-mail first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter your validation code' })).toHaveAttribute(
      'href',
      '/user/validate',
    );
    expect(screen.getByRole('link', { name: 'Send a new code' })).toHaveAttribute(
      'href',
      '/user/resend',
    );
  });

  it.each([
    ['/user/login'],
    ['/user/create'],
    ['/user/forgotpassword'],
    ['/user/resetpassword?key=k'],
    ['/user/validate'],
    ['/user/resend'],
  ])('sends a signed-in user from %s back where they came from, else home', async (path) => {
    stubServer({}, () => ({ loggedIn: true, user: member }));
    const back = renderApp(path, fromProfiles);
    await waitFor(() => expect(back.state.location.pathname).toBe('/profiles/create'));
    back.dispose();
    const home = renderApp(path);
    await waitFor(() => expect(home.state.location.pathname).toBe('/'));
  });
});
