import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORDS_DONT_MATCH, REQUIRED } from '../../../common/accounts';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { SOLVED_CAPTCHA } from './testing/captcha-mock';
import { renderApp, stubServer, type Reply } from './testing/server-stub';

vi.mock('../../components/Captcha', () => import('./testing/captcha-mock'));

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) => screen.getByLabelText(label);

async function fillIn(values: Partial<Record<string, string>> = {}) {
  const v = {
    username: 'ada-l',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.org',
    password: 'analytical engine',
    password2: 'analytical engine',
    ...values,
  };
  await screen.findByRole('heading', { name: 'Create Account' });
  if (v.username) await userEvent.type(field(/^Username/), v.username);
  if (v.firstname) await userEvent.type(field(/^First Name/), v.firstname);
  if (v.lastname) await userEvent.type(field(/^Last Name/), v.lastname);
  if (v.email) await userEvent.type(field(/^Email/), v.email);
  if (v.password) await userEvent.type(field(/^Password/), v.password);
  if (v.password2) await userEvent.type(field(/^Re-enter Password/), v.password2);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('Create Account', () => {
  it('marks every empty field, the captcha included, as Required', async () => {
    const calls = stubServer({});
    renderApp('/user/create');
    await screen.findByRole('heading', { name: 'Create Account' });
    await submit();
    // username, first name, last name, email, password, re-entered password and captcha
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(7);
    expect(calls).toEqual([]);
  });

  it.each([
    ['abc', 'Username must be at least 4 characters.'],
    ['bad name', 'Username may contain letters and digits, with - or _ only between them.'],
    ['-ada', 'Username may contain letters and digits, with - or _ only between them.'],
  ])('refuses the username %j', async (username, message) => {
    stubServer({});
    renderApp('/user/create');
    await fillIn({ username });
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("says Passwords don't match when the re-entered password differs", async () => {
    stubServer({});
    renderApp('/user/create');
    await fillIn({ password2: 'analytical engines' });
    await submit();
    expect(await screen.findByText(PASSWORDS_DONT_MATCH)).toBeInTheDocument();
  });

  it('holds every field to the limits the server enforces', async () => {
    stubServer({});
    renderApp('/user/create');
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(field(/^Username/)).toHaveAttribute('maxLength', '24');
    expect(field(/^First Name/)).toHaveAttribute('maxLength', '100');
    expect(field(/^Email/)).toHaveAttribute('maxLength', '254');
    expect(field(/^Password/)).toHaveAttribute('maxLength', '128');
  });

  it('one toggle shows and hides both passwords', async () => {
    stubServer({});
    renderApp('/user/create');
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(field(/^Password/)).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByLabelText('Show password'));
    expect(field(/^Password/)).toHaveAttribute('type', 'text');
    expect(field(/^Re-enter Password/)).toHaveAttribute('type', 'text');
  });

  it('sends the account with the captcha answer and goes on to validation', async () => {
    const calls = stubServer({
      'POST /app/user/create': () => [200, { success: true, message: 'We sent you a code.' }],
    });
    const router = renderApp('/user/create');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/validate'));
    expect(calls[0]?.body).toEqual({
      username: 'ada-l',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.org',
      password: 'analytical engine',
      password2: 'analytical engine',
      captcha: SOLVED_CAPTCHA,
    });
    expect(await screen.findByText('We sent you a code.')).toBeInTheDocument();
  });

  it('disables the form while the request is in flight', async () => {
    let answer: (reply: Reply) => void = () => {};
    stubServer({
      'POST /app/user/create': () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    renderApp('/user/create');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await submit();
    await waitFor(() => expect(field(/^Email/)).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    answer([200, { success: true, message: 'ok' }]);
    await screen.findByRole('heading', { name: 'Validate Account' });
  });

  it('shows a refusal under the form and asks for a fresh captcha', async () => {
    const calls = stubServer({
      'POST /app/user/create': () => [
        400,
        { success: false, code: 'USERNAME_TAKEN', message: 'That username is taken.' },
      ],
    });
    const router = renderApp('/user/create');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Create Account Error');
    expect(alert).toHaveTextContent('That username is taken.');
    expect(screen.getByTestId('captcha-resets')).toHaveTextContent('1');
    expect(router.state.location.pathname).toBe('/user/create');

    await submit();
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
