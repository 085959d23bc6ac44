import {
  createElement,
  lazy,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
} from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy itself puts on a component
type AnyComponent = ComponentType<any>;

const loaders = new Set<() => Promise<unknown>>();

/** How many screens' code is on its way, and who wants to hear when that changes. */
let arriving = 0;
const listeners = new Set<() => void>();
// React asks for a screen's code while it renders: listeners hear of it after that render.
const announce = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

/**
 * Whether a screen's code is on its way. The screen on display stays until it arrives, and
 * anything typed into it then would be dropped with it when the new one draws: the shell makes
 * it inert meanwhile.
 */
export function useScreenArriving(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => arriving > 0,
  );
}

/** Kept in the tab's session: the screen whose code failed and made the page load itself again. */
export const RELOADED_FOR = 'lazy-page-reloaded-for';

/** How the page loads itself again (tests watch it; jsdom cannot navigate). */
export const pageReload = { reload: (): void => window.location.reload() };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): no reload, the error is shown instead.
    return null;
  }
}

/**
 * A screen's code could not be fetched. After a deploy, the chunks a tab opened before it knows
 * of are gone: the page loads itself once, which brings the new build's. The screen's name kept
 * in the tab's session stops a loop when the cause is something else (offline, server down): the
 * same screen failing again after its reload reaches the route's error boundary, saying so.
 */
function reloadOnce(name: string, cause: unknown): Promise<never> {
  const storage = session();
  if (storage && storage.getItem(RELOADED_FOR) !== name) {
    storage.setItem(RELOADED_FOR, name);
    pageReload.reload();
    // The page is going away: the screen on display stays until it does.
    return new Promise<never>(() => {});
  }
  return Promise.reject(
    new Error(
      'This page’s code could not be loaded: the site may have been updated, or the connection lost. Reload the page to try again.',
      { cause },
    ),
  );
}

/**
 * A screen whose code is fetched the first time it is shown, so the home page does not pay for
 * every screen of the site. The nearest `<Suspense>` (around each `<Outlet>`) keeps what was on
 * screen, or nothing on a first visit, while it arrives; once its code is here, the screen draws
 * at once, without suspending again.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  const fetchPage = async () => {
    if (loaded) return loaded;
    arriving += 1;
    announce();
    try {
      loaded = (await load())[name];
    } catch (error) {
      return reloadOnce(name, error);
    } finally {
      arriving -= 1;
      announce();
    }
    // Arrived: a later failure of this screen (after another deploy) may reload again.
    if (session()?.getItem(RELOADED_FOR) === name) session()?.removeItem(RELOADED_FOR);
    return loaded;
  };
  loaders.add(fetchPage);
  const Pending = lazy(async () => ({ default: await fetchPage() }));
  function Page(props: ComponentProps<M[K]>) {
    return createElement(loaded ?? Pending, props);
  }
  Page.displayName = name;
  return Page;
}

/**
 * Fetches the code of every lazy screen declared so far. The component tests call it before their
 * first render, so a screen draws as soon as it is rendered, as it did when the table was eager.
 */
export async function loadAllPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
