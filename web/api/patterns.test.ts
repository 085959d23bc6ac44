import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hookClient, resetBetweenHookTests, serve } from '../test/api';
import {
  componentSearchUrl,
  patternKeys,
  useClaimPattern,
  useComponentSearch,
  useCreatePattern,
  useDeprecatePattern,
  useLinkPatterns,
  usePattern,
  useUpdatePattern,
  useVersionPattern,
  useVersionPatterns,
} from './patterns';
import { profileKeys } from './profiles';

const changed = { success: true, pattern: { uuid: 'p9' }, versionId: 'v2' };

// What patterns share with concepts and templates is tested in items.test.ts.
resetBetweenHookTests();

describe('pattern addresses', () => {
  it('builds the component search addresses with encoded parts', () => {
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
  });
});

describe('pattern reads', () => {
  it('asks each read at its own address', async () => {
    const calls = serve((call) => [
      200,
      call.url.includes('search')
        ? { success: true, patterns: [], components: [], page: 1, limit: 10, total: 0 }
        : { success: true, patterns: [], page: 1, limit: 10, total: 0 },
    ]);
    const { wrapper } = hookClient();
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
    const calls = serve(() => [200, {}]);
    const { wrapper } = hookClient();
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
    const calls = serve(() => [200, changed]);
    const { invalidated, wrapper } = hookClient();
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
      await update.result.current.mutateAsync({ input: details, basedOn: 'r-1' });
      await deprecate.result.current.mutateAsync({
        input: { reason: 'Old.', link: '' },
        basedOn: 'r-2',
      });
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
    expect(calls.map((c) => c.ifMatch)).toEqual([
      undefined,
      '"r-1"',
      '"r-2"',
      undefined,
      undefined,
    ]);
    expect(calls[3]?.body).toEqual({ patternIds: ['x2', 'x3'] });
    expect(calls[4]?.body).toEqual({ profileId: 'p2' });
    expect(invalidated).toContainEqual(patternKeys.all);
    expect(invalidated).toContainEqual(profileKeys.all);
  });
});
