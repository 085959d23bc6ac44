import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { MemberList, Organization } from '../../../common/organizations';
import type { SessionUser, UserStatus } from '../../../common/user';
import { routes } from '../../app/routes';
import { theme } from '../../lib/theme';

export const ada: SessionUser = {
  uuid: '11111111-1111-4111-8111-111111111111',
  username: 'ada',
  usernameChosen: true,
  firstname: 'Ada',
  lastname: 'Lovelace',
  fullname: 'Ada Lovelace',
  email: 'ada@example.org',
  publicizeName: true,
  type: 'user',
};

export const siteAdmin: SessionUser = {
  ...ada,
  uuid: '99999999-9999-4999-8999-999999999999',
  username: 'root',
  firstname: 'Grace',
  lastname: 'Hopper',
  fullname: 'Grace Hopper',
  email: 'grace@example.org',
  type: 'admin',
};

export const signedIn = (user: SessionUser): UserStatus => ({ loggedIn: true, user });
export const signedOut: UserStatus = { loggedIn: false, user: null };

export const GROUP_ID = '22222222-2222-4222-8222-222222222222';

export function group(overrides: Partial<Organization> = {}): Organization {
  return {
    uuid: GROUP_ID,
    name: 'Video Working Group',
    description: 'Profiles for video players.',
    collaborationLink: 'https://example.org/video',
    createdOn: '2024-03-05T10:00:00.000Z',
    createdBy: 'Ada Lovelace',
    profileCount: 2,
    memberCount: 3,
    apiKeyCount: null,
    membership: null,
    ...overrides,
  };
}

export const noMembers: MemberList = { success: true, members: [], requests: [] };

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  /** The revision a change said it was based on (If-Match), if any. */
  ifMatch?: string | undefined;
}

/** A reply of the fake server: a status and a JSON body. */
export type Reply = [status: number, body: unknown];
export type Handler = (call: StubCall) => Reply | Promise<Reply>;

export const ok =
  (body: unknown): Handler =>
  () => [200, body];

// The router's scroll restoration calls this; jsdom only logs that it is missing.
window.scrollTo = () => {};
// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no font set.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/**
 * Replaces `fetch` with a fake server answering by "METHOD /path". The session, CSRF token and
 * site details are answered for every test; every other call is recorded in the returned list.
 */
export function stubServer(handlers: Record<string, Handler>, status: UserStatus): StubCall[] {
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
        ifMatch: (init.headers as Record<string, string> | undefined)?.['if-match'],
      };
      let reply: Reply;
      if (call.path === '/app/csrf') reply = [200, { token: 'csrf-token' }];
      else if (call.path === '/app/user/status') reply = [200, status];
      else if (call.path === '/app/site') {
        reply = [
          200,
          {
            organizationName: 'Test Org',
            supportPhone: null,
            helpdeskUrl: null,
            publicUrl: 'http://x',
          },
        ];
      } else {
        calls.push(call);
        const handler = handlers[`${call.method} ${call.path}`];
        reply = handler
          ? await handler(call)
          : [404, { success: false, code: 'NOT_FOUND', message: `not stubbed: ${call.path}` }];
      }
      return new Response(JSON.stringify(reply[1]), {
        status: reply[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders the whole app (shell, route table and guards) at `path`. */
export function renderApp(path: string) {
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

/** Renders one component with the providers and a memory router, without the app's routes. */
export function renderAlone(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
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
