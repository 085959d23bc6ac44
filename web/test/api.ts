import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetCsrfToken } from '../api/http';
import { feedback } from '../lib/feedback-store';

/** One request the app sent, as the fake server saw it. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
  csrf: string | undefined;
  /** The revision a change said it was based on (If-Match), if any. */
  ifMatch: string | undefined;
}

/**
 * Answers every request with `reply` (the CSRF token with 't') and records each call in the
 * returned list, in the order they were sent.
 */
export function serve(reply: (call: Call) => [number, unknown]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/app/csrf') return new Response(JSON.stringify({ token: 't' }));
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        csrf: headers['x-csrf-token'],
        ifMatch: headers['if-match'],
      };
      calls.push(call);
      const [status, body] = reply(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

/** A query client for hooks under test, recording the keys it was asked to invalidate. */
export function hookClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: unknown[] = [];
  const original = client.invalidateQueries.bind(client);
  vi.spyOn(client, 'invalidateQueries').mockImplementation((filters, options) => {
    invalidated.push(filters?.queryKey);
    return original(filters, options);
  });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return { client, invalidated, wrapper };
}

/** Every hook test starts without a CSRF token or feedback, and ends with real fetch and timers. */
export function resetBetweenHookTests() {
  beforeEach(() => {
    resetCsrfToken();
    feedback.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
