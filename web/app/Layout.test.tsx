import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from './Layout';
import { lazyPage } from '../lib/lazy-page';
import { theme } from '../lib/theme';

function Form() {
  return (
    <>
      <label>
        Email <input name="email" />
      </label>
      <Link to="/next">Next screen</Link>
    </>
  );
}

function Next() {
  return <h1>The next screen</h1>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the page shell while a screen’s code arrives', () => {
  it('keeps the previous screen out of reach, so nothing typed into it is dropped unseen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ loggedIn: false, user: null }))),
    );
    // One arrival for every call: the screen's loader stays registered for the files after this
    // one, whose set-up loads every screen.
    let arrive: (module: { Next: typeof Next }) => void = () => {};
    const arrival = new Promise<{ Next: typeof Next }>((resolve) => (arrive = resolve));
    const NextPage = lazyPage(() => arrival, 'Next');
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/', element: <Form /> },
            { path: '/next', element: <NextPage /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const main = screen.getByRole('main');
    expect(main).not.toHaveAttribute('inert');

    await userEvent.click(screen.getByRole('link', { name: 'Next screen' }));
    // The address has changed; the previous screen is still drawn, inert and marked busy.
    expect(router.state.location.pathname).toBe('/next');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    await vi.waitFor(() => expect(main).toHaveAttribute('inert'));
    expect(main).toHaveAttribute('aria-busy', 'true');

    await act(async () => arrive({ Next }));
    expect(await screen.findByRole('heading', { name: 'The next screen' })).toBeInTheDocument();
    await vi.waitFor(() => expect(main).not.toHaveAttribute('inert'));
    expect(main).not.toHaveAttribute('aria-busy');
  });
});
