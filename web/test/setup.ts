import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { resetCsrfToken } from '../api/http';
import { feedback } from '../lib/feedback-store';
import { loadAllPages } from '../lib/lazy-page';

// The first render of a test file loads the router and Mantine, and a part a screen loads lazily
// (feedback, history, charts) is compiled on its first showing; on a busy two-core machine that
// took over five seconds. A wait ends as soon as what it waits for shows, so a long limit costs a
// passing test nothing: it only tells a hang from slowness.
configure({ asyncUtilTimeout: 15_000 });

// Screens are lazy in the app; a file that renders the route table loads them all before its
// first test, as the eager table did at import, so no single wait pays for compiling a screen.
// A file that never imports the route table declares no lazy screen and loads nothing here.
beforeAll(loadAllPages, 60_000);

// The files of a worker share their modules (vitest.config.ts), so what the app keeps for the
// life of a page (the CSRF token, the feedback store) would pass from one file to the next: each
// file starts as a fresh page load does.
beforeAll(() => {
  resetCsrfToken();
  feedback.reset();
});

// Mantine reads these browser APIs, which jsdom does not provide.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
});
