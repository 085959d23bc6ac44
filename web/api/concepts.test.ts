import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback-store';
import {
  conceptKeys,
  conceptLockPath,
  conceptSearchUrl,
  deletedItemsUrl,
  useClaimConcept,
  useCreateConcept,
  useDeleteConcept,
  useVersionConcepts,
  versionConceptListUrl,
} from './concepts';
import { resetCsrfToken } from './http';
import { profileKeys } from './profiles';

interface Call {
  method: string;
  url: string;
  body: unknown;
  csrf: string | undefined;
}

let calls: Call[] = [];

function serve(reply: (call: Call) => [number, unknown]) {
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
      };
      calls.push(call);
      const [status, body] = reply(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function setup() {
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

beforeEach(() => {
  calls = [];
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('concept addresses', () => {
  it('builds the list, search, deleted-items and lock addresses with encoded parts', () => {
    expect(versionConceptListUrl('p 1', 'v/1', { page: 2, sort: '-updated' })).toBe(
      '/app/profile/p%201/version/v%2F1/concepts?page=2&limit=10&sort=-updated',
    );
    expect(conceptSearchUrl({ search: ' played ', page: 1 })).toBe(
      '/app/concepts/search?search=played&page=1&limit=10',
    );
    expect(
      conceptSearchUrl({
        search: 'a&b',
        page: 3,
        versionId: 'v1',
        conceptType: 'ActivityType',
        scope: 'profile',
      }),
    ).toBe(
      '/app/concepts/search?search=a%26b&page=3&limit=10&versionId=v1&conceptType=ActivityType&scope=profile',
    );
    expect(deletedItemsUrl('p1', 'v1', 4)).toBe(
      '/app/deleted-items/profile/p1/version/v1?page=4&limit=10',
    );
    expect(conceptLockPath('p1', 'v1', 'c#1')).toBe(
      '/app/profile/p1/version/v1/concepts/c%231/lock',
    );
  });

  it('keeps every concept query under one key', () => {
    for (const key of [
      conceptKeys.versionList('p', 'v', { page: 1, sort: 'name' }),
      conceptKeys.versionConcept('p', 'v', 'c'),
      conceptKeys.concept('c'),
      conceptKeys.search({ search: 'x', page: 1 }),
      conceptKeys.deleted('p', 'v', 1),
    ])
      expect(key[0]).toBe('concepts');
  });
});

describe('concept hooks', () => {
  it('reads a version list and sends changes with the CSRF token, refreshing concepts and profiles', async () => {
    serve((call) =>
      call.method === 'GET'
        ? [200, { success: true, concepts: [], page: 1, limit: 10, total: 0 }]
        : [200, { success: true, concept: { uuid: 'c1' }, versionId: 'v2' }],
    );
    const { invalidated, wrapper } = setup();
    const list = renderHook(() => useVersionConcepts('p1', 'v1', { page: 1, sort: 'name' }), {
      wrapper,
    });
    await waitFor(() => expect(list.result.current.data?.total).toBe(0));

    const create = renderHook(() => useCreateConcept('p1', 'v1'), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await create.result.current.mutateAsync({
        conceptType: 'Verb',
        name: 'played',
        description: 'Played it.',
      });
    });
    expect(answer).toEqual({ success: true, concept: { uuid: 'c1' }, versionId: 'v2' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ url: '/app/profile/p1/version/v1/concepts', csrf: 't' });
    expect(invalidated).toContainEqual(conceptKeys.all);
    expect(invalidated).toContainEqual(profileKeys.all);
  });

  it('turns a 409 answer into an error carrying the server’s message', async () => {
    serve(() => [409, { success: false, code: 'CONFLICT', message: 'Deprecate it instead.' }]);
    const { wrapper } = setup();
    const remove = renderHook(() => useDeleteConcept('p1', 'v1', 'c1'), { wrapper });
    await act(async () => {
      await expect(remove.result.current.mutateAsync()).rejects.toThrow('Deprecate it instead.');
    });
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: '/app/profile/p1/version/v1/concepts/c1',
    });
  });

  it('claims an orphan for the chosen profile', async () => {
    serve(() => [200, { success: true, concept: { uuid: 'c1' }, versionId: 'v9' }]);
    const { wrapper } = setup();
    const claim = renderHook(() => useClaimConcept(), { wrapper });
    await act(async () => {
      await claim.result.current.mutateAsync({ conceptId: 'c1', profileId: 'p2' });
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/app/concept/c1/claim',
      body: { profileId: 'p2' },
    });
  });
});
