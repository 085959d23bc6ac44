import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser, UserStatus } from '../../common/user';
import { request } from '../api/http';
import { feedback, SUCCESS_ALERT_MS } from '../lib/feedback-store';
import { OVERLAY_DELAY_MS } from './Feedback';
import { routes } from './routes';
import { theme } from '../lib/theme';

const member: SessionUser = {
  uuid: 'u-1',
  username: 'ada',
  usernameChosen: true,
  firstname: 'Ada',
  lastname: 'Lovelace',
  fullname: 'Ada Lovelace',
  email: 'ada@example.org',
  publicizeName: false,
  type: 'user',
};

function stubServer(status: UserStatus): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body =
        url === '/app/user/status'
          ? status
          : url === '/app/site'
            ? {
                organizationName: 'Test Org',
                supportPhone: '+1 555 0100',
                helpdeskUrl: 'https://help.example.org',
                publicUrl: 'http://x',
              }
            : url.startsWith('/app/search/')
              ? { success: true, results: [], page: 1, limit: 3, total: 0 }
              : { success: false, message: 'not stubbed' };
      return new Response(JSON.stringify(body), { status: url.startsWith('/app/') ? 200 : 404 });
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => feedback.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('page shell', () => {
  it('stops showing the user once a call answers 401 and the server says the session is gone', async () => {
    let status: UserStatus = { loggedIn: true, user: member };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/app/user/status') return new Response(JSON.stringify(status));
        if (url === '/app/expired')
          return new Response(JSON.stringify({ success: false, message: 'Sign in to do this.' }), {
            status: 401,
          });
        return new Response(JSON.stringify({ success: false, message: 'not stubbed' }), {
          status: 404,
        });
      }),
    );
    renderAt('/');
    expect(await screen.findByRole('button', { name: /^Ada Lovelace/ })).toBeVisible();
    status = { loggedIn: false, user: null };
    await act(async () => {
      await request('GET', '/app/expired').catch(() => undefined);
    });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Ada Lovelace/ })).toBeNull();
  });

  it('shows the public navigation and a Sign in control to visitors', async () => {
    stubServer({ loggedIn: false, user: null });
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual([
      'Home',
      'Profiles',
      'Working Groups',
      'API Info',
      'Getting Started',
      'FAQs',
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    expect(screen.queryByRole('button', { name: /Admin/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Test Org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(screen.getByRole('link', { name: 'Submit a help-desk ticket' })).toHaveAttribute(
      'href',
      'https://help.example.org',
    );
  });

  it('adds Deleted Items and the account menu for signed-in users, and the Admin menu for admins', async () => {
    stubServer({ loggedIn: true, user: member });
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Deleted Items' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it('offers the three admin screens and the backup download to site admins', async () => {
    stubServer({ loggedIn: true, user: { ...member, type: 'admin' } });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: /Admin/ }));
    await screen.findByRole('menuitem', { name: 'Manage Users' });
    // Mantine animates the dropdown in, so the later items may still count as hidden here.
    const items = screen
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Manage Users', '/admin/users'],
      ['Verify Profiles', '/admin/verification'],
      ['Analytics', '/admin/analytics'],
      ['Backup', '/app/admin/backup'],
    ]);
    const backup = screen.getByRole('menuitem', { name: 'Backup', hidden: true });
    expect(backup).toHaveAttribute('download');
  });

  it('sends a signed-out visitor from a login-required route to sign in, keeping the origin', async () => {
    stubServer({ loggedIn: false, user: null });
    const router = renderAt('/organization/create?from=test');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/organization/create', search: '?from=test', hash: '' },
    });
  });

  it('tells non-admins that admin screens are not for them', async () => {
    stubServer({ loggedIn: true, user: member });
    renderAt('/admin/users');
    expect(
      await screen.findByText('You must be an admin to access this page.'),
    ).toBeInTheDocument();
  });

  it('shows the not-found screen for any unknown path', async () => {
    stubServer({ loggedIn: false, user: null });
    renderAt('/no/such/place');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('submits the search box to /search carrying the text', async () => {
    stubServer({ loggedIn: false, user: null });
    const router = renderAt('/');
    const box = await screen.findByPlaceholderText('Search for existing content');
    await userEvent.type(box, 'video completed{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('video completed');
    expect(screen.getByRole('link', { name: 'Browse All Concepts' })).toHaveAttribute(
      'href',
      '/search?types=concepts',
    );
  });

  it('lists reported errors with their type and lets the user dismiss them', async () => {
    stubServer({ loggedIn: false, user: null });
    renderAt('/');
    act(() =>
      feedback.reportError({
        errorType: 'Create Account',
        type: 'user',
        message: 'That did not work.',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Create Account Error');
    expect(alert).toHaveTextContent('user');
    expect(alert).toHaveTextContent('That did not work.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the success banner for three seconds', async () => {
    stubServer({ loggedIn: false, user: null });
    renderAt('/');
    await screen.findByRole('navigation', { name: 'Main' });
    vi.useFakeTimers();
    act(() => feedback.showSuccess({ subject: 'Saved', message: 'Your changes were saved.' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your changes were saved.');
    act(() => {
      vi.advanceTimersByTime(SUCCESS_ALERT_MS - 10);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('covers the page once a request has been in flight for a while, never before', async () => {
    stubServer({ loggedIn: false, user: null });
    renderAt('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument());
    vi.useFakeTimers();
    act(() => feedback.requestStarted());
    act(() => {
      vi.advanceTimersByTime(OVERLAY_DELAY_MS - 10);
    });
    // Nothing over the page yet: a click now reaches what the person sees.
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => feedback.requestFinished());
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    // A request that starts again waits out the delay again.
    act(() => feedback.requestStarted());
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    act(() => feedback.requestFinished());
  });
});
