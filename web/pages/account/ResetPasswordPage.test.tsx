import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_NOTICE, PASSWORDS_DONT_MATCH, REQUIRED } from '../../../common/accounts';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { RESET_KEY_ERROR } from './ResetPasswordPage';
import { SOLVED_CAPTCHA } from './testing/captcha-mock';
import { renderApp, stubServer } from './testing/server-stub';

vi.mock('../../components/Captcha', () => import('./testing/captcha-mock'));

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('Forgot Password', () => {
  it('requires the e-mail and the captcha', async () => {
    const calls = stubServer({});
    renderApp('/user/forgotpassword');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('always answers with the same notice', async () => {
    const calls = stubServer({
      'POST /app/user/forgot': () => [200, { success: true, message: 'anything' }],
    });
    renderApp('/user/forgotpassword');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_NOTICE)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.org', captcha: SOLVED_CAPTCHA });
  });

  it('resets the captcha when the server refuses', async () => {
    stubServer({
      'POST /app/user/forgot': () => [
        429,
        { success: false, code: 'RATE_LIMITED', message: 'Too many requests; try later.' },
      ],
    });
    renderApp('/user/forgotpassword');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many requests; try later.')).toBeInTheDocument();
    expect(screen.getByTestId('captcha-resets')).toHaveTextContent('1');
  });
});

describe('Reset Password', () => {
  it('blocks the page when the key is no longer valid', async () => {
    const calls = stubServer({
      'GET /app/user/checkResetKey': () => [200, { success: false }],
    });
    renderApp('/user/resetpassword?key=stale-key');
    expect(await screen.findByText(RESET_KEY_ERROR)).toBeInTheDocument();
    expect(RESET_KEY_ERROR).toBe(
      'There was an error with The reset key you provided is no longer valid.',
    );
    expect(calls[0]?.query.get('key')).toBe('stale-key');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('blocks the page when the link carries no key', async () => {
    const calls = stubServer({});
    renderApp('/user/resetpassword');
    expect(await screen.findByText(RESET_KEY_ERROR)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('checks both passwords', async () => {
    stubServer({ 'GET /app/user/checkResetKey': () => [200, { success: true }] });
    renderApp('/user/resetpassword?key=good-key');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a brand new secret');
    await userEvent.type(screen.getByLabelText(/^Re-enter New Password/), 'a brand new secrets');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(PASSWORDS_DONT_MATCH)).toBeInTheDocument();
  });

  it('sets the new password and sends the user to sign in with a banner', async () => {
    const calls = stubServer({
      'GET /app/user/checkResetKey': () => [200, { success: true }],
      'POST /app/user/reset': () => [200, { success: true }],
    });
    const router = renderApp('/user/resetpassword?key=good-key');
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'a brand new secret');
    await userEvent.type(screen.getByLabelText(/^Re-enter New Password/), 'a brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(calls.at(-1)?.body).toEqual({
      key: 'good-key',
      password: 'a brand new secret',
      password2: 'a brand new secret',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sign in with your new password.');
  });

  it('shows the server message when the reset fails', async () => {
    stubServer({
      'GET /app/user/checkResetKey': () => [200, { success: true }],
      'POST /app/user/reset': () => [
        400,
        { success: false, code: 'RESET_KEY_INVALID', message: 'The reset key has expired.' },
      ],
    });
    const router = renderApp('/user/resetpassword?key=good-key');
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'a brand new secret');
    await userEvent.type(screen.getByLabelText(/^Re-enter New Password/), 'a brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset key has expired.');
    expect(router.state.location.pathname).toBe('/user/resetpassword');
  });
});
