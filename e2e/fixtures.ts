import { test as base, expect, type Browser, type Page } from '@playwright/test';

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
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A second person's browser, in a context of its own, whose console errors and uncaught
 * exceptions fail the test like the main page's do (marked as the second browser's).
 */
export async function secondBrowser(browser: Browser, consoleErrors: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`second browser: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`second browser: ${error.message}`));
  return page;
}

export { expect };
