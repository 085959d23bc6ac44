import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED, VALIDATION_FAILED } from '../../../common/accounts';
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

describe('Validate Account', () => {
  it('requires the code', async () => {
    const calls = stubServer({});
    renderApp('/user/validate');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Validation Code' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Resend the validation e-mail' })).toHaveAttribute(
      'href',
      '/user/resend',
    );
  });

  it('signs the user in with a correct code and goes home', async () => {
    let session: UserStatus = { loggedIn: false, user: null };
    const calls = stubServer(
      {
        'POST /app/user/validate': () => {
          session = { loggedIn: true, user: member };
          return [200, { success: true, user: member }];
        },
      },
      () => session,
    );
    const router = renderApp('/user/validate');
    await userEvent.type(await screen.findByLabelText(/^Validation Code/), 'ABCD-EFGH');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Validation Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]?.body).toEqual({ validationCode: 'ABCD-EFGH' });
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Account validated');
  });

  it('says Validation unsuccessful. under the form when the code is wrong', async () => {
    stubServer({
      'POST /app/user/validate': () => [400, { success: false, message: VALIDATION_FAILED }],
    });
    const router = renderApp('/user/validate');
    await userEvent.type(await screen.findByLabelText(/^Validation Code/), 'WRONG-CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Validation Code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validate Account Error');
    expect(alert).toHaveTextContent(VALIDATION_FAILED);
    expect(router.state.location.pathname).toBe('/user/validate');
  });
});

describe('Resend Validation', () => {
  it('requires the e-mail and the captcha', async () => {
    const calls = stubServer({});
    renderApp('/user/resend');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Validation Code' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('shows the answer and a way to enter the code', async () => {
    const calls = stubServer({
      'POST /app/user/resendValidation': () => [
        200,
        { success: true, message: 'If that address needs validation, a code is on its way.' },
      ],
    });
    const router = renderApp('/user/resend');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend Validation Code' }));
    expect(
      await screen.findByText('If that address needs validation, a code is on its way.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.org', captcha: SOLVED_CAPTCHA });
    await userEvent.click(screen.getByRole('link', { name: 'Enter validation code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/validate'));
  });

  it('resets the captcha when the server refuses', async () => {
    stubServer({
      'POST /app/user/resendValidation': () => [
        400,
        { success: false, code: 'CAPTCHA_INVALID', message: 'The captcha was not accepted.' },
      ],
    });
    renderApp('/user/resend');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend Validation Code' }));
    expect(await screen.findByText('The captcha was not accepted.')).toBeInTheDocument();
    expect(screen.getByTestId('captcha-resets')).toHaveTextContent('1');
  });
});
