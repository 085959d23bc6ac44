import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { OrganizationInput, OrganizationResponse } from '../common/organizations';
import { IF_MATCH_HEADER } from '../common/revisions';
import type { CreateProfileInput, ProfileView } from '../common/profiles';
import { expect } from './fixtures';

/** A UUID as it stands in an address, to build patterns from. */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The site's own calls (`/app/...`) in the signed-in session of `api`, with the CSRF token every
 * change needs; each must answer 200.
 */
export async function siteApi(api: APIRequestContext) {
  const csrf = ((await (await api.get('/app/csrf')).json()) as { token: string }).token;
  const headers = { 'x-csrf-token': csrf };
  /**
   * The revision a save of an item is based on, as the web app sends it: the one the item's page
   * shows now. Every change to an item names it (If-Match); taking its lock does not.
   */
  const baseOf = async (url: string): Promise<Record<string, string>> => {
    const item =
      /^(\/app\/profile\/[^/]+\/version\/[^/]+\/(concept|template|pattern)s\/[^/]+)(\/.*)?$/.exec(
        url,
      );
    if (!item || item[3] === '/lock') return {};
    const page = await api.get(item[1] as string);
    if (page.status() !== 200) return {};
    const body = (await page.json()) as Record<string, { revision?: unknown } | undefined>;
    const revision = body[item[2] as string]?.revision;
    return typeof revision === 'string' ? { [IF_MATCH_HEADER]: `"${revision}"` } : {};
  };
  const call = async <T>(
    method: 'get' | 'post' | 'put' | 'delete',
    url: string,
    data?: unknown,
  ): Promise<T> => {
    const base = method === 'get' ? {} : await baseOf(url);
    const response = await api[method](url, { headers: { ...headers, ...base }, data });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  return {
    get: <T>(url: string) => call<T>('get', url),
    post: <T>(url: string, data: unknown = {}) => call<T>('post', url, data),
    put: <T>(url: string, data: unknown) => call<T>('put', url, data),
    delete: <T>(url: string) => call<T>('delete', url),
  };
}

export type SiteApi = Awaited<ReturnType<typeof siteApi>>;

/** Makes a working group through `/app/org` and answers its id. */
export async function createGroup(
  api: SiteApi,
  group: Omit<OrganizationInput, 'collaborationLink'> & { collaborationLink?: string },
): Promise<string> {
  const made = await api.post<OrganizationResponse>('/app/org', {
    collaborationLink: 'https://example.org/working-group',
    ...group,
  });
  return made.organization.uuid;
}

/** Adds a person to a group as a member, found by username as the group's Add Member form does. */
export async function addMember(api: SiteApi, orgId: string, username: string): Promise<void> {
  const found = await api.get<{ users: Array<{ _id: string }> }>(
    `/app/user?search=${username}&organization=${orgId}`,
  );
  await api.post(`/app/org/${orgId}/member`, { userId: found.users[0]?._id, level: 'member' });
}

/** A draft profile as made: its ids, its IRI, and where its page and its `/app` calls are. */
export interface DraftProfile {
  profileId: string;
  versionId: string;
  iri: string;
  /** The draft version's page on the site. */
  versionPath: string;
  /** The start of the draft version's `/app` calls. */
  versionApi: string;
}

/**
 * Makes a draft profile in the group `orgId` through `/app/org/{org}/profile`, with a generated
 * IRI unless `profile` names another.
 */
export async function createProfile(
  api: SiteApi,
  orgId: string,
  profile: Omit<CreateProfileInput, 'iriType'> & Partial<Pick<CreateProfileInput, 'iriType'>>,
): Promise<DraftProfile> {
  const made = await api.post<ProfileView>(`/app/org/${orgId}/profile`, {
    iriType: 'generated-iri',
    ...profile,
  });
  const profileId = made.profile.uuid;
  const versionId = made.version.uuid;
  return {
    profileId,
    versionId,
    iri: made.profile.iri,
    versionPath: `/organization/${orgId}/profile/${profileId}/version/${versionId}`,
    versionApi: `/app/profile/${profileId}/version/${versionId}`,
  };
}

/**
 * Makes an API key of the group `orgId` as the Create API Key screen does (the browser picks the
 * key), one that may read and not write unless `key` says otherwise, and answers the key.
 */
export async function createApiKey(
  api: SiteApi,
  orgId: string,
  key: { description: string; readPermission?: boolean; writePermission?: boolean },
): Promise<string> {
  const uuid = randomUUID();
  await api.post(`/app/org/${orgId}/apiKey`, {
    uuid,
    readPermission: true,
    writePermission: false,
    ...key,
  });
  return uuid;
}

/**
 * Publishes the draft from its page, as a member would: the Publish dialog, the acknowledgement
 * that the IRI is permanent, and the message that it worked.
 */
export async function publishFromPage(page: Page, versionPath: string): Promise<void> {
  await page.goto(versionPath);
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Profile' });
  await publish.getByRole('checkbox', { name: /IRI is permanent/ }).check();
  await publish.getByRole('button', { name: 'Publish Now' }).click();
  await expect(publish).toBeHidden();
  await expect(page.getByRole('status')).toContainText('successfully published');
}

/** Where an axe check looks: only inside `include` (a selector), leaving out `exclude`. */
export interface AxeScope {
  include?: string;
  exclude?: string[];
}

/** axe-core's WCAG 2.0/2.1 A and AA violations of any impact, in the scope or the whole page. */
async function axeViolations(page: Page, scope: AxeScope) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  return (await builder.analyze()).violations;
}

/**
 * Fails unless axe-core finds no WCAG 2.0/2.1 A or AA violation, of any impact, on the page or
 * in `scope`. A scoped check first waits for its scope, so it never passes by checking nothing;
 * the wait is long because some scopes (the charts) come with a library of their own.
 */
export async function expectAccessible(page: Page, scope: AxeScope = {}): Promise<void> {
  if (scope.include) {
    await expect(page.locator(scope.include).first()).toBeVisible({ timeout: 20_000 });
  }
  const violations = await axeViolations(page, scope);
  expect(
    violations.map(
      (v) =>
        `${v.id} (${v.impact ?? 'no impact'}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Waits until the page's own requests are done and the loading overlay is gone. A request running
 * past the overlay's delay rightly covers the page and takes a click: on a loaded machine it took
 * the first click of a test, and the click on an open menu's item, which closed the menu.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
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
  const violations = await axeViolations(page, {});
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/**
 * A primary sequence pattern "Reading session" of two templates, "Opened a page" and "Closed a
 * page", each determining a verb of its own: something to generate statements from. With
 * `examples`, each template also gets an example statement with a long object IRI. Answers the
 * first template's uuid.
 */
export async function readingSessionPattern(
  page: Page,
  api: SiteApi,
  versionApi: string,
  stamp: string,
  options: { examples?: boolean } = {},
): Promise<string> {
  const csrf = ((await (await page.request.get('/app/csrf')).json()) as { token: string }).token;
  /** A template save, based on the template's revision as it is now. */
  const save = async (url: string, path: string, data: unknown) => {
    const { template } = await api.get<{ template: { revision: string } }>(url);
    const answer = await page.request.put(`${url}/${path}`, {
      headers: { 'x-csrf-token': csrf, [IF_MATCH_HEADER]: `"${template.revision}"` },
      data,
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const template = async (name: string, verbName: string) => {
    const verb = await api.post<{ concept: { uuid: string } }>(`${versionApi}/concepts`, {
      conceptType: 'Verb',
      iriType: 'generated-iri',
      geniri: verbName,
      name: `${verbName}-${stamp}`,
      description: `Someone ${verbName} a page.`,
    });
    const made = await api.post<{ template: { uuid: string } }>(`${versionApi}/templates`, {
      iriType: 'generated-iri',
      geniri: verbName,
      name,
      description: `Someone ${verbName} a page.`,
    });
    const url = `${versionApi}/templates/${made.template.uuid}`;
    await api.post(`${url}/lock`);
    await save(url, 'determining-properties/verb', { conceptIds: [verb.concept.uuid] });
    if (options.examples)
      await save(url, 'example', {
        statementExample: JSON.stringify({
          actor: { mbox: 'mailto:reader@example.org' },
          verb: { id: `https://example.org/verbs/${verbName}` },
          object: { id: 'https://example.org/pages/a-page-with-a-rather-long-address/1' },
        }),
      });
    await api.delete(`${url}/lock`);
    return made.template.uuid;
  };
  const opened = await template('Opened a page', 'opened');
  const closed = await template('Closed a page', 'closed');
  await api.post(`${versionApi}/patterns`, {
    type: 'sequence',
    primary: true,
    iriType: 'generated-iri',
    geniri: 'reading',
    name: 'Reading session',
    description: 'Opening, then closing.',
    components: [
      { componentType: 'template', componentId: opened },
      { componentType: 'template', componentId: closed },
    ],
  });
  return opened;
}

/** A phone's window, and a laptop's: the widths screens are checked at. */
export const NARROW = { width: 390, height: 844 };
export const WIDE = { width: 1366, height: 768 };

/** Serious and critical axe findings of the page at 390 px and at full width. */
export async function findingsAtBothWidths(page: Page, label: string): Promise<AxeFinding[]> {
  const found: AxeFinding[] = [];
  for (const size of [NARROW, WIDE]) {
    await page.setViewportSize(size);
    found.push(...(await seriousAxeFindings(page, `${label} at ${size.width} px`)));
  }
  return found;
}

/** Whether the page is wider than the window: something sticks out to the right. */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
