import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sparqlExamples } from '../../../common/sparql-examples';
import { renderWithProviders } from '../../test/render';
import { apiInfoRoute } from './routes';

function ApiInfo() {
  return useRoutes([apiInfoRoute]);
}

interface Sent {
  url: string;
  body: string;
  headers: Record<string, string>;
}

function serveSparql(status: number, answer: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        body: typeof init.body === 'string' ? init.body : '',
        headers: init.headers as Record<string, string>,
      });
      return new Response(JSON.stringify(answer), { status });
    }),
  );
  return sent;
}

beforeAll(() => {
  // jsdom lays nothing out, and has no geometry for text ranges, which CodeMirror measures.
  const range = Range.prototype as unknown as Record<string, unknown>;
  range.getClientRects ??= () => [];
  range.getBoundingClientRect ??= () => new DOMRect();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const editorText = () => screen.getByRole('textbox', { name: 'SPARQL query' }).textContent ?? '';

it('runs an example query with the key and shows the results, with a CSV download', async () => {
  const sent = serveSparql(200, {
    success: true,
    results: [
      {
        profile: { type: 'uri', value: 'https://w3id.org/xapi/video' },
        prefLabel: { type: 'literal', value: 'Video, "the" profile', 'xml:lang': 'en' },
      },
      { profile: { type: 'uri', value: 'https://w3id.org/xapi/cmi5' } },
    ],
  });
  renderWithProviders(<ApiInfo />, { route: '/api-info/sparql/query' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'SPARQL Query' }),
  ).toBeInTheDocument();

  const iri = screen.getByRole('textbox', { name: 'Profile IRI for the examples' });
  await userEvent.clear(iri);
  await userEvent.type(iri, 'https://w3id.org/xapi/video');
  const templates = sparqlExamples('https://w3id.org/xapi/video')[2]!;
  await userEvent.click(screen.getByRole('button', { name: templates.question }));
  await waitFor(() => expect(editorText()).toContain('<https://w3id.org/xapi/video>'));

  const run = screen.getByRole('button', { name: 'Run query' });
  expect(run).toBeDisabled();
  await userEvent.type(screen.getByLabelText('API key'), 'key-1');
  await userEvent.click(run);

  const table = await screen.findByRole('table', { name: 'Query results' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['profile', 'prefLabel']);
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByText('2 results')).toBeInTheDocument();
  expect(sent[0]).toMatchObject({ url: '/api/sparql', body: templates.query });
  expect(sent[0]?.headers).toMatchObject({ 'x-api-key': 'key-1', 'content-type': 'text/plain' });

  const csv = screen.getByRole('link', { name: 'Download CSV' });
  expect(csv).toHaveAttribute('download', 'sparql-results.csv');
  expect(decodeURIComponent(csv.getAttribute('href')?.split(',').slice(1).join(',') ?? '')).toBe(
    'profile,prefLabel\r\nhttps://w3id.org/xapi/video,"Video, ""the"" profile"\r\nhttps://w3id.org/xapi/cmi5,\r\n',
  );
});

it('says why a query was refused', async () => {
  serveSparql(400, {
    success: false,
    code: 'QUERY_INVALID',
    message: 'This endpoint is read-only: SPARQL updates are refused.',
  });
  renderWithProviders(<ApiInfo />, { route: '/api-info/sparql/query' });
  await userEvent.type(await screen.findByLabelText('API key'), 'key-1');
  await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
  expect(await screen.findByText(/read-only/)).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Query results' })).not.toBeInTheDocument();
});
