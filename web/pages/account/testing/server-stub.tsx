import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser, UserStatus } from '../../../../common/user';
import type { ReturnState } from '../../../lib/guards';
import { routes } from '../../../app/routes';
import { theme } from '../../../lib/theme';

export const member: SessionUser = {
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

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

/** One answer of the stubbed server: a status and a JSON body. */
export type Reply = [status: number, body: unknown];
type Handler = (call: StubCall) => Reply | Promise<Reply>;

// The router's scroll restoration calls this; jsdom only logs that it is missing.
window.scrollTo = () => {};

/**
 * Replaces `fetch` with a small fake of the server: `handlers` answers by "METHOD /path", the
 * session status comes from `status()` so a test can sign the user in mid-way, and every call is
 * recorded.
 */
export function stubServer(
  handlers: Record<string, Handler>,
  status: () => UserStatus = () => ({ loggedIn: false, user: null }),
): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: StubCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body:
          typeof init.body === 'string'
            ? (JSON.parse(init.body) as Record<string, unknown>)
            : undefined,
      };
      let reply: Reply;
      if (call.path === '/app/csrf') reply = [200, { token: 'csrf-token' }];
      else if (call.path === '/app/user/status') reply = [200, status()];
      // My Account also lists the user's working groups; account tests do not look at it.
      else if (call.path === '/app/user/organizations')
        reply = [200, { success: true, organizations: [] }];
      // …and the notification settings, unless the test answers them itself.
      else if (
        call.path === '/app/user/notifications' &&
        call.method === 'GET' &&
        !handlers['GET /app/user/notifications']
      )
        reply = [200, { success: true, preferences: { delivery: 'immediate' } }];
      else if (call.path === '/app/user/reviews' && !handlers['GET /app/user/reviews'])
        reply = [200, { success: true, reviews: [] }];
      else if (call.path === '/app/site') {
        reply = [
          200,
          { organizationName: 'Test Org', supportPhone: null, helpdeskUrl: null, publicUrl: 'x' },
        ];
      } else {
        calls.push(call);
        const handler = handlers[`${call.method} ${call.path}`];
        reply = handler
          ? await handler(call)
          : [404, { success: false, code: 'NOT_FOUND', message: 'not stubbed' }];
      }
      return new Response(JSON.stringify(reply[1]), {
        status: reply[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders the whole app at `path` (guards included), optionally arriving from a login-required page. */
export function renderApp(path: string, state?: ReturnState | Record<string, unknown>) {
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, state: state ?? null }],
  });
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

export const fromProfiles: ReturnState = {
  from: { pathname: '/profiles/create', search: '?x=1', hash: '' },
};
