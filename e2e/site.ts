import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The site's own calls (`/app/...`) in the signed-in session of `api`, with the CSRF token every
 * change needs; each must answer 200.
 */
export async function siteApi(api: APIRequestContext) {
  const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
  const headers = { 'x-csrf-token': csrf };
  const call = async <T>(method: 'post' | 'put', url: string, data: unknown): Promise<T> => {
    const response = await api[method](url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  return {
    post: <T>(url: string, data: unknown) => call<T>('post', url, data),
    put: <T>(url: string, data: unknown) => call<T>('put', url, data),
  };
}

/** A serious or critical axe-core finding on a page. */
export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The page as it stands checked with axe-core against WCAG 2.0/2.1 A and AA, once its loaders are
 * gone; its serious and critical findings, named by `label`.
 */
export async function seriousAxeFindings(page: Page, label: string): Promise<AxeFinding[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
