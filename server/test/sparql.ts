import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { BuiltApp } from '../app';

type Binding = { type: string; value: string; datatype?: string; 'xml:lang'?: string };
export type SparqlRow = Record<string, Binding>;

/** `POST /api/sparql` with a text/plain query, as a tool sends it. */
export function postQuery(
  app: BuiltApp,
  key: string,
  query: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/sparql',
    headers: { 'x-api-key': key, 'content-type': 'text/plain' },
    payload: query,
  });
}

/** The bindings of a query that must succeed. */
export async function sparqlRows(app: BuiltApp, key: string, query: string): Promise<SparqlRow[]> {
  const response = await postQuery(app, key, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: SparqlRow[] }>().results;
}

/** One variable's values over every solution, sorted. */
export async function sparqlValues(
  app: BuiltApp,
  key: string,
  query: string,
  name: string,
): Promise<string[]> {
  return (await sparqlRows(app, key, query)).map((row) => row[name]?.value ?? '').sort();
}

/**
 * A query that keeps a worker busy for as long as any test lasts and holds little memory: a
 * count over the product of every statement with itself five times.
 */
export const ENDLESS_QUERY =
  'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';
