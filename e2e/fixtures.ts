import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/**
 * The contexts `secondBrowser` opened for the running test. Playwright closes only the contexts
 * of its own fixtures; one left open goes on polling the server and drawing beside every later
 * test of the same worker.
 */
const secondContexts = new Set<BrowserContext>();

/**
 * Every page must load without console errors or uncaught exceptions; this fixture collects them
 * and fails the test that caused them.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      try {
        expect(errors, 'console errors on the page').toEqual([]);
      } finally {
        const open = [...secondContexts];
        secondContexts.clear();
        await Promise.all(open.map((context) => context.close()));
      }
    },
    { auto: true },
  ],
});

/**
 * A second person's browser, in a context of its own, whose console errors and uncaught
 * exceptions fail the test like the main page's do (marked as the second browser's). It is
 * closed when the test ends.
 */
export async function secondBrowser(browser: Browser, consoleErrors: string[]): Promise<Page> {
  const context = await browser.newContext();
  secondContexts.add(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`second browser: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`second browser: ${error.message}`));
  return page;
}

export { expect };
