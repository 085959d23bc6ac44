import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback-store';
import { resetCsrfToken } from './http';
import {
  componentSearchUrl,
  patternKeys,
  patternLockPath,
  patternSearchUrl,
  useClaimPattern,
  useComponentSearch,
  useCreatePattern,
  useDeletePattern,
  useDeprecatePattern,
  useLinkPatterns,
  usePattern,
  useRemovePatternLink,
  useUpdatePattern,
  useVersionPattern,
  useVersionPatterns,
  versionPatternListUrl,
} from './patterns';
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

const changed = { success: true, pattern: { uuid: 'p9' }, versionId: 'v2' };

beforeEach(() => {
  calls = [];
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pattern addresses', () => {
  it('builds the list, search, component search and lock addresses with encoded parts', () => {
    expect(versionPatternListUrl('p 1', 'v/1', { page: 2, sort: '-updated' })).toBe(
      '/app/profile/p%201/version/v%2F1/patterns?page=2&limit=10&sort=-updated',
    );
    expect(patternSearchUrl({ search: ' quiz ', page: 1 })).toBe(
      '/app/patterns/search?search=quiz&page=1&limit=10',
    );
    expect(patternSearchUrl({ search: 'a&b', page: 3, versionId: 'v1' })).toBe(
      '/app/patterns/search?search=a%26b&page=3&limit=10&versionId=v1',
    );
    expect(
      componentSearchUrl({ search: 'played', page: 1, versionId: 'v1', componentType: 'template' }),
    ).toBe(
      '/app/pattern-components/search?search=played&page=1&limit=10&versionId=v1&componentType=template',
    );
    expect(
      componentSearchUrl({
        search: 'x',
        page: 2,
        versionId: 'v1',
        componentType: 'pattern',
        patternId: 'p#1',
      }),
    ).toBe(
      '/app/pattern-components/search?search=x&page=2&limit=10&versionId=v1&componentType=pattern&patternId=p%231',
    );
    expect(patternLockPath('p1', 'v1', 'x#1')).toBe(
      '/app/profile/p1/version/v1/patterns/x%231/lock',
    );
  });

  it('keeps every pattern query under one key', () => {
    for (const key of [
      patternKeys.versionList('p', 'v', { page: 1, sort: 'name' }),
      patternKeys.versionPattern('p', 'v', 'x'),
      patternKeys.pattern('x'),
      patternKeys.search({ search: 'x', page: 1 }),
      patternKeys.components({
        search: 'x',
        page: 1,
        versionId: 'v',
        componentType: 'template',
      }),
    ])
      expect(key[0]).toBe(patternKeys.all[0]);
  });
});

describe('pattern reads', () => {
  it('asks each read at its own address', async () => {
    serve((call) => [
      200,
      call.url.includes('search')
        ? { success: true, patterns: [], components: [], page: 1, limit: 10, total: 0 }
        : { success: true, patterns: [], page: 1, limit: 10, total: 0 },
    ]);
    const { wrapper } = setup();
    const hooks = [
      renderHook(() => useVersionPatterns('p1', 'v1', { page: 1, sort: 'name' }), { wrapper }),
      renderHook(() => useVersionPattern('p1', 'v1', 'x1'), { wrapper }),
      renderHook(() => usePattern('x1'), { wrapper }),
      renderHook(
        () =>
          useComponentSearch({ search: 'a', page: 1, versionId: 'v1', componentType: 'pattern' }),
        { wrapper },
      ),
    ];
    for (const hook of hooks) await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(calls.map((c) => c.url)).toEqual([
      '/app/profile/p1/version/v1/patterns?page=1&limit=10&sort=name',
      '/app/profile/p1/version/v1/patterns/x1',
      '/app/pattern/x1',
      '/app/pattern-components/search?search=a&page=1&limit=10&versionId=v1&componentType=pattern',
    ]);
  });

  it('asks nothing for an empty id or a disabled search', () => {
    serve(() => [200, {}]);
    const { wrapper } = setup();
    renderHook(() => usePattern(''), { wrapper });
    renderHook(
      () =>
        useComponentSearch(
          { search: '', page: 1, versionId: 'v1', componentType: 'template' },
          false,
        ),
      { wrapper },
    );
    expect(calls).toEqual([]);
  });
});

describe('pattern changes', () => {
  it('sends each change to its address with the CSRF token, refreshing patterns and profiles', async () => {
    serve(() => [200, changed]);
    const { invalidated, wrapper } = setup();
    const create = renderHook(() => useCreatePattern('p1', 'v1'), { wrapper });
    const update = renderHook(() => useUpdatePattern('p1', 'v1', 'x1'), { wrapper });
    const deprecate = renderHook(() => useDeprecatePattern('p1', 'v1', 'x1'), { wrapper });
    const link = renderHook(() => useLinkPatterns('p1', 'v1'), { wrapper });
    const claim = renderHook(() => useClaimPattern(), { wrapper });
    const details = { name: 'N', description: 'D', components: [] };
    let answer: unknown;
    await act(async () => {
      answer = await create.result.current.mutateAsync({
        ...details,
        type: 'sequence',
        iriType: 'generated-iri',
        geniri: 'n',
      });
      await update.result.current.mutateAsync(details);
      await deprecate.result.current.mutateAsync({ reason: 'Old.', link: '' });
      await link.result.current.mutateAsync(['x2', 'x3']);
      await claim.result.current.mutateAsync({ patternId: 'x4', profileId: 'p2' });
    });
    expect(answer).toEqual(changed);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /app/profile/p1/version/v1/patterns',
      'PUT /app/profile/p1/version/v1/patterns/x1',
      'POST /app/profile/p1/version/v1/patterns/x1/deprecate',
      'POST /app/profile/p1/version/v1/patterns/link',
      'POST /app/pattern/x4/claim',
    ]);
    expect(calls.every((c) => c.csrf === 't')).toBe(true);
    expect(calls[3]?.body).toEqual({ patternIds: ['x2', 'x3'] });
    expect(calls[4]?.body).toEqual({ profileId: 'p2' });
    expect(invalidated).toContainEqual(patternKeys.all);
    expect(invalidated).toContainEqual(profileKeys.all);
  });

  it('turns a 409 answer into an error carrying the server’s message', async () => {
    serve(() => [409, { success: false, code: 'CONFLICT', message: 'Deprecate it instead.' }]);
    const { wrapper } = setup();
    const remove = renderHook(() => useDeletePattern('p1', 'v1', 'x1'), { wrapper });
    await act(async () => {
      await expect(remove.result.current.mutateAsync()).rejects.toThrow('Deprecate it instead.');
    });
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: '/app/profile/p1/version/v1/patterns/x1',
    });
  });

  it('forgets a deleted or unlinked pattern and refreshes the lists only on the next tick', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    serve((call) => [
      200,
      call.url.endsWith('/link') ? { success: true, versionId: 'v1' } : changed,
    ]);
    const { client, invalidated, wrapper } = setup();
    client.setQueryData(patternKeys.versionPattern('p1', 'v1', 'x1'), { cached: true });
    client.setQueryData(patternKeys.pattern('x1'), { cached: true });
    const remove = renderHook(() => useDeletePattern('p1', 'v1', 'x1'), { wrapper });
    await act(async () => {
      await remove.result.current.mutateAsync();
    });
    expect(invalidated).toEqual([]);
    expect(client.getQueryData(patternKeys.versionPattern('p1', 'v1', 'x1'))).toEqual({
      cached: true,
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(client.getQueryData(patternKeys.versionPattern('p1', 'v1', 'x1'))).toBeUndefined();
    expect(client.getQueryData(patternKeys.pattern('x1'))).toBeUndefined();
    expect(invalidated).toContainEqual(patternKeys.all);

    const unlink = renderHook(() => useRemovePatternLink('p1', 'v1', 'x2'), { wrapper });
    await act(async () => {
      await unlink.result.current.mutateAsync();
      await vi.runAllTimersAsync();
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      url: '/app/profile/p1/version/v1/patterns/x2/link',
    });
  });
});
