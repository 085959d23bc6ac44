import { useMutation } from '@tanstack/react-query';
import type { SparqlAnswer } from '../../common/sparql';
import { HttpError, NetworkError } from './http';

export interface SparqlCall {
  query: string;
  /** An API key with read permission: the endpoint is part of the public API. */
  apiKey: string;
}

/** Runs a query on `POST /api/sparql` as a tool would: the query as text, the key in a header. */
export async function runSparql({ query, apiKey }: SparqlCall): Promise<SparqlAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/sparql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-api-key': apiKey, accept: 'application/json' },
      body: query,
      credentials: 'omit',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status text says what happened.
  }
  if (response.ok) return body as SparqlAnswer;
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : response.statusText;
  throw new HttpError(response.status, message, body);
}

export function useSparqlQuery() {
  return useMutation({ mutationFn: runSparql });
}
