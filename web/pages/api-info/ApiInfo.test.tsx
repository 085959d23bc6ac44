import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examplesOf, type ApiDocPage } from '../../../common/api-examples';
import { ErrorCode } from '../../../common/errors';
import { sparqlExamples } from '../../../common/sparql-examples';
import type { WebhookPayload } from '../../../common/webhooks';
import { serve } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { API_INFO_MENU } from './menu';
import { apiInfoRoute } from './routes';

function ApiInfo() {
  return useRoutes([apiInfoRoute]);
}

const renderAt = (route: string) => renderWithProviders(<ApiInfo />, { route });

/** The site settings as a server with the given webhook retry schedule sends them. */
function serveSite(webhookRetryDelaysMs: number[]) {
  serve((call) =>
    call.url === '/app/site'
      ? [
          200,
          {
            organizationName: 'Test',
            supportPhone: null,
            helpdeskUrl: null,
            publicUrl: 'http://localhost',
            webhookRetryDelaysMs,
          },
        ]
      : [404, {}],
  );
}

beforeEach(() => serveSite([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]));
afterEach(() => vi.unstubAllGlobals());

const MENU: Array<[label: string, href: string]> = [
  ['Getting Started', '/api-info'],
  ['Import/Create Profile', '/api-info/post'],
  ['Get a Profile', '/api-info/get'],
  ['Single', '/api-info/get/single'],
  ['By IRI', '/api-info/get/by-iri'],
  ['Many', '/api-info/get/many'],
  ['Edit Profile', '/api-info/put'],
  ['Delete Draft Profile', '/api-info/delete'],
  ['Update Profile Status', '/api-info/status'],
  ['Get Profile Metadata', '/api-info/metadata'],
  ['Compare Versions', '/api-info/changes'],
  ['Validate Profile', '/api-info/validate'],
  ['Validate Statement (Templates)', '/api-info/validate-templates'],
  ['Validate Statements (Patterns)', '/api-info/validate-patterns'],
  ['Simulate Statements', '/api-info/simulate'],
  ['SPARQL', '/api-info/sparql'],
  ['Webhooks', '/api-info/webhooks'],
];

const PAGES: Array<[path: string, heading: string, examples: ApiDocPage | null]> = [
  ['/api-info', 'Getting Started', 'getting-started'],
  ['/api-info/post', 'Import/Create Profile', 'post'],
  ['/api-info/get', 'Get a Profile', null],
  ['/api-info/get/single', 'Get a Single Profile', 'get-single'],
  ['/api-info/get/by-iri', 'Get a Profile by IRI', 'get-by-iri'],
  ['/api-info/get/many', 'Get Many Profiles', 'get-many'],
  ['/api-info/put', 'Edit Profile', 'put'],
  ['/api-info/delete', 'Delete Draft Profile', 'delete'],
  ['/api-info/status', 'Update Profile Status', 'status'],
  ['/api-info/metadata', 'Get Profile Metadata', 'metadata'],
  ['/api-info/changes', 'Compare Versions', 'changes'],
  ['/api-info/validate', 'Validate Profile', 'validate'],
  ['/api-info/validate-templates', 'Validate Statement (Templates)', 'validate-templates'],
  ['/api-info/validate-patterns', 'Validate Statements (Patterns)', 'validate-patterns'],
  ['/api-info/simulate', 'Simulate Statements', null],
  ['/api-info/sparql', 'SPARQL', null],
  ['/api-info/webhooks', 'Webhooks', null],
];

const menu = () => screen.getByRole('navigation', { name: 'API Info' });

describe('API documentation', () => {
  it('has a side menu with every page, in order', () => {
    renderAt('/api-info');
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => [link.textContent?.replace(/(GET|POST|PUT|DELETE)$/, '')])).toEqual(
      MENU.map(([label]) => [label]),
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual(MENU.map(([, href]) => href));
    expect(API_INFO_MENU.flatMap((item) => [item, ...(item.children ?? [])])).toHaveLength(
      MENU.length,
    );
  });

  it('marks the page being read in the menu', () => {
    renderAt('/api-info/get/by-iri');
    const current = within(menu()).getByRole('link', { current: 'page' });
    expect(current).toHaveAttribute('href', '/api-info/get/by-iri');
  });

  it.each(PAGES)('%s is headed "%s" and shows its examples', (path, heading, page) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${heading} · xAPI Profile Server`);
    if (!page) return;
    const examples = examplesOf(page);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const article = screen.getByRole('article', { name: example.title });
      const request = within(article).getByLabelText('Request');
      expect(request).toHaveTextContent(
        `${example.request.method} ${example.request.path} HTTP/1.1`,
      );
      const response = within(article).getByLabelText('Response');
      expect(response.textContent).toMatch(new RegExp(`^HTTP/1\\.1 ${example.response.status}`));
    }
  });

  it('renders an example with its JSON body, on this server', () => {
    renderAt('/api-info/post');
    const article = screen.getByRole('article', { name: 'Import a new profile' });
    const request = within(article).getByLabelText('Request');
    expect(request.textContent).toContain('x-api-key: {api_key}');
    expect(request.textContent).toContain('"id": "https://example.org/xapi/reading"');
    const curl = within(article).getByLabelText('curl command');
    expect(curl.textContent).toContain(`curl -i -X POST '${window.location.origin}/api/profile'`);
    const response = within(article).getByLabelText('Response');
    expect(response.textContent).toContain('HTTP/1.1 200 OK');
    expect(response.textContent).toContain('Last-Modified: {last_modified}');
    expect(response.textContent).toContain(
      `"profile_url": "${window.location.origin}/profile/{profile_uuid}"`,
    );
  });

  it('shows the curl form of a request on demand', async () => {
    renderAt('/api-info/delete');
    const article = screen.getByRole('article', { name: 'Delete a draft' });
    await userEvent.click(within(article).getByRole('tab', { name: 'curl' }));
    expect(within(article).getByLabelText('curl command')).toBeVisible();
    expect(within(article).getByLabelText('curl command').textContent).toBe(
      `curl -i -X DELETE '${window.location.origin}/api/profile/{draft_uuid}' \\\n  -H 'x-api-key: {api_key}'`,
    );
  });

  it('explains keys, errors, limits, CORS and formats, and links to the reference', () => {
    renderAt('/api-info');
    for (const section of [
      'API keys',
      'Errors',
      'Limits',
      'Formats',
      'Calls from web pages (CORS)',
      'About the examples',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'OpenAPI 3 document' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    expect(screen.getByRole('link', { name: 'interactive API reference' })).toHaveAttribute(
      'href',
      '/api/reference/',
    );
    const codes = screen.getByRole('table', { name: 'Error answers' });
    for (const code of [
      ErrorCode.Unauthorized,
      ErrorCode.Forbidden,
      ErrorCode.NotFound,
      ErrorCode.MethodNotAllowed,
      ErrorCode.Conflict,
      ErrorCode.PreconditionFailed,
      ErrorCode.PayloadTooLarge,
      ErrorCode.PreconditionRequired,
      ErrorCode.RateLimited,
    ]) {
      expect(within(codes).getByText(code)).toBeInTheDocument();
    }
    const limits = screen.getByRole('region', { name: 'Limits' });
    expect(within(limits).getByText('Retry-After')).toBeInTheDocument();
    expect(limits).toHaveTextContent('5 MB');
    expect(
      within(screen.getByRole('table', { name: 'Placeholders' })).getByText('{draft_uuid}'),
    ).toBeInTheDocument();
  });

  it('documents the SPARQL endpoint with the specification’s example queries', () => {
    renderAt('/api-info/sparql');
    expect(screen.getByText('/api/sparql')).toBeInTheDocument();
    for (const example of sparqlExamples()) {
      const article = screen.getByRole('article', { name: example.question });
      expect(within(article).getByLabelText('Query')).toHaveTextContent(
        example.query.split('\n').at(-2)?.trim() ?? '',
      );
    }
    const errors = screen.getAllByRole('table').map((table) => table.textContent ?? '');
    for (const code of [
      ErrorCode.QueryTimeout,
      ErrorCode.ResultTooLarge,
      ErrorCode.QueryTooDeep,
      ErrorCode.QueryTooLarge,
      ErrorCode.SparqlUnavailable,
      ErrorCode.RateLimited,
    ])
      expect(errors.join(' ')).toContain(code);
    expect(screen.getByText(/at most 64 levels deep/)).toBeInTheDocument();
  });

  it('shows how to check a webhook signature in Node.js and Python', async () => {
    renderAt('/api-info/webhooks');
    const node = await screen.findByLabelText('Node.js receiver');
    expect(node).toHaveTextContent("createHmac('sha256', SECRET).update(raw)");
    expect(node).toHaveTextContent('timingSafeEqual');
    const python = screen.getByLabelText('Python receiver');
    expect(python).toHaveTextContent('hmac.new(SECRET, raw, hashlib.sha256)');
    expect(python).toHaveTextContent('hmac.compare_digest');
    expect(screen.getByText('X-Hub-Signature-256')).toBeInTheDocument();
    expect(screen.getByText(/Delivery is at least once/)).toHaveTextContent(
      'keep the ids you handled and ignore a repeat',
    );
  });

  it('states the retry schedule this server is configured with, not a fixed one', async () => {
    serveSite([20, 90_000, 5_400_000, 7_200_000]);
    renderAt('/api-info/webhooks');
    expect(
      await screen.findByText(
        /are retried after 20 ms, 90 seconds, 90 minutes and 2 hours \(so up to 5 attempts\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/12 hours/)).toBeNull();
  });

  it('documents the test event marker and what a concept deprecation names', () => {
    renderAt('/api-info/webhooks');
    expect(screen.getByText('X-Webhook-Test')).toBeInTheDocument();
    expect(screen.getByLabelText('Test event body')).toHaveTextContent('"test": true');
    const concept = screen.getByLabelText('Concept deprecated body');
    for (const field of ['"iri"', '"name"', '"reason"']) expect(concept).toHaveTextContent(field);
  });

  it('documents every field of a delivery’s body, the mirror’s links and the working group', () => {
    // Typed as the server sends it, so a field added to the body must be added here, and then to
    // the page.
    const sample: Required<Omit<WebhookPayload, 'deliveryId'>> & { deliveryId: string } = {
      event: 'profilePublished',
      deliveryId: 'd',
      occurredAt: 't',
      test: true,
      profile: {
        uuid: 'u',
        iri: 'i',
        name: 'n',
        version: 1,
        versionIri: 'v',
        url: 'h',
        documentUrl: 'd',
        etag: null,
        workingGroup: { uuid: 'g', name: 'n', url: 'h' },
      },
      concept: { iri: 'i', name: 'n', reason: null, link: null },
      feedback: { uuid: 'f', kind: 'problem', itemId: null, public: true },
    };
    const paths = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        prefix === '' && key === 'concept'
          ? [key]
          : inner !== null && typeof inner === 'object'
            ? paths(inner as object, `${prefix}${key}.`)
            : [`${prefix}${key}`],
      );
    renderAt('/api-info/webhooks');
    const table = screen.getByRole('table', { name: 'Webhook body fields' });
    const documented = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(documented.sort()).toEqual(paths(sample).sort());
    expect(screen.getByLabelText('Example body')).toHaveTextContent('"documentUrl"');
    expect(screen.getByLabelText('Example body')).toHaveTextContent('"workingGroup"');
  });

  it('shows the not-found page for an unknown page', () => {
    renderAt('/api-info/nothing-here');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'API Info' })).not.toBeInTheDocument();
  });
});
