import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy itself puts on a component
type AnyComponent = ComponentType<any>;

const loaders = new Set<() => Promise<unknown>>();

/**
 * A screen whose code is fetched the first time it is shown, so the home page does not pay for
 * every screen of the site. The nearest `<Suspense>` (around each `<Outlet>`) keeps what was on
 * screen, or nothing on a first visit, while it arrives.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  loaders.add(load);
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * Fetches the code of every lazy screen declared so far. The component tests call it before their
 * first render, so a screen draws as soon as it is rendered instead of after its modules compile.
 */
export async function loadAllPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
