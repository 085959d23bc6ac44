import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, pageReload, RELOADED_FOR } from './lazy-page';

function Shown() {
  return <h1>The screen</h1>;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'failed'}</p>;
}

/**
 * A screen whose code fails to arrive while `missing` says so, as a chunk a deploy removed does.
 * The loader stays registered for the files after this one, whose set-up loads every screen: it
 * arrives then.
 */
function screenWhoseCode(name: string) {
  const state = { missing: true, asked: 0 };
  const Page = lazyPage(async () => {
    state.asked += 1;
    if (state.missing)
      throw new TypeError('Failed to fetch dynamically imported module: /assets/Gone-1a2b3c.js');
    return { [name]: Shown } as Record<string, typeof Shown>;
  }, name);
  return { Page, state };
}

function show(Page: ReturnType<typeof screenWhoseCode>['Page']) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Suspense fallback={<p>Arriving</p>}>
            <Page />
          </Suspense>
        ),
        errorElement: <Failure />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
beforeEach(() => {
  sessionStorage.clear();
  reload.mockClear();
});
afterEach(() => sessionStorage.clear());
// The files after this one share the module: they get the real reload back.
afterAll(() => reload.mockRestore());

describe('a screen whose code fails to load', () => {
  it('loads the page again once, remembering which screen asked for it', async () => {
    const { Page, state } = screenWhoseCode('FirstGone');
    show(Page);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_FOR)).toBe('FirstGone');
    // Nothing alarming is drawn while the page goes away.
    expect(screen.getByText('Arriving')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    state.missing = false;
  });

  it('says so, instead of loading again, when the same screen fails after its reload', async () => {
    sessionStorage.setItem(RELOADED_FOR, 'SecondGone');
    const { Page, state } = screenWhoseCode('SecondGone');
    show(Page);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /could not be loaded: the site may have been updated.*Reload the page/,
    );
    expect(reload).not.toHaveBeenCalled();
    state.missing = false;
  });

  it('forgets the reload once the screen arrives, so a later deploy may reload again', async () => {
    sessionStorage.setItem(RELOADED_FOR, 'ThirdBack');
    const { Page, state } = screenWhoseCode('ThirdBack');
    state.missing = false;
    show(Page);
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(sessionStorage.getItem(RELOADED_FOR)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads for another screen even while one reload is remembered', async () => {
    sessionStorage.setItem(RELOADED_FOR, 'SomeOtherScreen');
    const { Page, state } = screenWhoseCode('FourthGone');
    show(Page);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_FOR)).toBe('FourthGone');
    state.missing = false;
  });
});
