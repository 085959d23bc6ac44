import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { member, renderApp, stubServer, type Reply } from './testing/server-stub';

beforeEach(() => {
  feedback.reset();
  resetCsrfToken();
});
afterEach(() => vi.unstubAllGlobals());

const section = () => screen.findByRole('region', { name: 'Notifications' });

describe('My Account: notifications', () => {
  it('shows the stored choice and saves a new one as it is chosen', async () => {
    let delivery = 'daily';
    const calls = stubServer(
      {
        'GET /app/user/notifications': (): Reply => [
          200,
          { success: true, preferences: { delivery } },
        ],
        'PUT /app/user/notifications': (call): Reply => {
          delivery = String(call.body?.delivery);
          return [200, { success: true, preferences: { delivery } }];
        },
      },
      () => ({ loggedIn: true, user: member }),
    );
    renderApp('/user/account');
    const region = await section();
    const daily = await within(region).findByRole('radio', { name: /A daily digest/ });
    await waitFor(() => expect(daily).toBeChecked());

    await userEvent.click(within(region).getByRole('radio', { name: /None/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/app/user/notifications', body: { delivery: 'none' } }),
      ]),
    );
    await waitFor(() => expect(within(region).getByRole('radio', { name: /None/ })).toBeChecked());
    expect(await screen.findByText('Notifications saved')).toBeInTheDocument();
  });

  it('says so when the choice could not be saved, and keeps the stored one', async () => {
    stubServer(
      {
        'GET /app/user/notifications': (): Reply => [
          200,
          { success: true, preferences: { delivery: 'immediate' } },
        ],
        'PUT /app/user/notifications': (): Reply => [
          400,
          { success: false, code: 'VALIDATION', message: 'That choice is not known.' },
        ],
      },
      () => ({ loggedIn: true, user: member }),
    );
    renderApp('/user/account');
    const region = await section();
    await userEvent.click(await within(region).findByRole('radio', { name: /A daily digest/ }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('That choice is not known.');
    expect(within(region).getByRole('radio', { name: /As they happen/ })).toBeChecked();
  });
});
