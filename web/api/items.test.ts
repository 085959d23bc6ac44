import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hookClient, resetBetweenHookTests, serve } from '../test/api';
import * as concepts from './concepts';
import * as patterns from './patterns';
import { profileKeys } from './profiles';
import * as templates from './templates';

resetBetweenHookTests();

type Key = readonly unknown[];
interface Loaded {
  isSuccess: boolean;
}

/**
 * What each kind's hooks and addresses are called, and what its tests send. Typed loosely (its
 * hooks are checked against its own types where they are declared): methods compare bivariantly.
 */
interface KindUnderTest {
  plural: string;
  keys: {
    all: Key;
    versionList(profileId: string, versionId: string, params: { page: 1; sort: 'name' }): Key;
    versionItem(profileId: string, versionId: string, id: string): Key;
    item(id: string): Key;
    search(params: { search: string; page: number }): Key;
  };
  lockPath(profileId: string, versionId: string, id: string): string;
  versionListUrl(
    profileId: string,
    versionId: string,
    params: { page: 2; sort: '-updated' },
  ): string;
  searchUrl(params: { search: string; page: number }): string;
  searchWord: string;
  filteredSearch: [{ search: string; page: number } & Record<string, unknown>, string];
  otherKeys: Key[];
  useVersionItems(
    profileId: string,
    versionId: string,
    params: { page: 1; sort: 'name' },
  ): {
    data?: { total: number } | undefined;
  };
  useVersionItem(profileId: string, versionId: string, id: string): Loaded;
  useItem(id: string): Loaded;
  useCreate(
    profileId: string,
    versionId: string,
  ): { mutateAsync(input: unknown): Promise<unknown> };
  created: object;
  changed: object;
  useDelete(
    profileId: string,
    versionId: string,
    id: string,
  ): { mutateAsync(basedOn: string): Promise<unknown> };
  useRemoveLink(
    profileId: string,
    versionId: string,
    id: string,
  ): {
    mutateAsync(): Promise<unknown>;
  };
  useClaim(): (id: string, profileId: string) => Promise<unknown>;
  refreshed: Key[];
}

const kinds: KindUnderTest[] = [
  {
    plural: 'concepts',
    keys: concepts.conceptKeys,
    lockPath: concepts.conceptLockPath,
    versionListUrl: concepts.versionConceptListUrl,
    searchUrl: concepts.conceptSearchUrl,
    searchWord: 'played',
    filteredSearch: [
      { search: 'a&b', page: 3, versionId: 'v1', conceptType: 'ActivityType', scope: 'profile' },
      '/app/concepts/search?search=a%26b&page=3&limit=10&versionId=v1&conceptType=ActivityType&scope=profile',
    ],
    otherKeys: [concepts.conceptKeys.deleted('p', 'v', 1)],
    useVersionItems: concepts.useVersionConcepts,
    useVersionItem: concepts.useVersionConcept,
    useItem: concepts.useConcept,
    useCreate: concepts.useCreateConcept,
    created: { conceptType: 'Verb', name: 'played', description: 'Played it.' },
    changed: { success: true, concept: { uuid: 'c1' }, versionId: 'v2' },
    useDelete: concepts.useDeleteConcept,
    useRemoveLink: concepts.useRemoveConceptLink,
    useClaim: () => {
      const claim = concepts.useClaimConcept();
      return (id: string, profileId: string) => claim.mutateAsync({ conceptId: id, profileId });
    },
    refreshed: [concepts.conceptKeys.all, profileKeys.all],
  },
  {
    plural: 'templates',
    keys: templates.templateKeys,
    lockPath: templates.templateLockPath,
    versionListUrl: templates.versionTemplateListUrl,
    searchUrl: templates.templateSearchUrl,
    searchWord: 'video',
    filteredSearch: [
      { search: 'a&b', page: 3, versionId: 'v1', purpose: 'reference', templateId: 't1' },
      '/app/templates/search?search=a%26b&page=3&limit=10&versionId=v1&purpose=reference&templateId=t1',
    ],
    otherKeys: [],
    useVersionItems: templates.useVersionTemplates,
    useVersionItem: templates.useVersionTemplate,
    useItem: templates.useTemplate,
    useCreate: templates.useCreateTemplate,
    created: {
      name: 'Played',
      description: 'Played it.',
      iriType: 'generated-iri',
      geniri: 'played',
    },
    changed: { success: true, template: { uuid: 't1' }, versionId: 'v2' },
    useDelete: (profileId: string, versionId: string, templateId: string) =>
      templates.useDeleteTemplate({ profileId, versionId, templateId }),
    useRemoveLink: (profileId: string, versionId: string, templateId: string) =>
      templates.useRemoveTemplateLink({ profileId, versionId, templateId }),
    useClaim: () => {
      const claim = templates.useClaimTemplate();
      return (id: string, profileId: string) => claim.mutateAsync({ templateId: id, profileId });
    },
    refreshed: [templates.templateKeys.all, concepts.conceptKeys.all, profileKeys.all],
  },
  {
    plural: 'patterns',
    keys: patterns.patternKeys,
    lockPath: patterns.patternLockPath,
    versionListUrl: patterns.versionPatternListUrl,
    searchUrl: patterns.patternSearchUrl,
    searchWord: 'quiz',
    filteredSearch: [
      { search: 'a&b', page: 3, versionId: 'v1' },
      '/app/patterns/search?search=a%26b&page=3&limit=10&versionId=v1',
    ],
    otherKeys: [
      patterns.patternKeys.components({
        search: 'x',
        page: 1,
        versionId: 'v',
        componentType: 'template',
      }),
    ],
    useVersionItems: patterns.useVersionPatterns,
    useVersionItem: patterns.useVersionPattern,
    useItem: patterns.usePattern,
    useCreate: patterns.useCreatePattern,
    created: {
      name: 'N',
      description: 'D',
      components: [],
      type: 'sequence',
      iriType: 'generated-iri',
      geniri: 'n',
    },
    changed: { success: true, pattern: { uuid: 'p9' }, versionId: 'v2' },
    useDelete: patterns.useDeletePattern,
    useRemoveLink: patterns.useRemovePatternLink,
    useClaim: () => {
      const claim = patterns.useClaimPattern();
      return (id: string, profileId: string) => claim.mutateAsync({ patternId: id, profileId });
    },
    refreshed: [patterns.patternKeys.all, profileKeys.all],
  },
];

describe.each(kinds)('$plural addresses', (kind) => {
  const { plural } = kind;
  const noun = plural.slice(0, -1);

  it('builds the list, search and lock addresses with encoded parts', () => {
    expect(kind.versionListUrl('p 1', 'v/1', { page: 2, sort: '-updated' })).toBe(
      `/app/profile/p%201/version/v%2F1/${plural}?page=2&limit=10&sort=-updated`,
    );
    expect(kind.searchUrl({ search: ` ${kind.searchWord} `, page: 1 })).toBe(
      `/app/${plural}/search?search=${kind.searchWord}&page=1&limit=10`,
    );
    const [params, address] = kind.filteredSearch;
    expect(kind.searchUrl(params)).toBe(address);
    expect(kind.lockPath('p1', 'v1', `${noun[0]}#1`)).toBe(
      `/app/profile/p1/version/v1/${plural}/${noun[0]}%231/lock`,
    );
  });

  it(`keeps every ${noun} query under one key`, () => {
    for (const key of [
      kind.keys.versionList('p', 'v', { page: 1, sort: 'name' }),
      kind.keys.versionItem('p', 'v', 'x'),
      kind.keys.item('x'),
      kind.keys.search({ search: 'x', page: 1 }),
      ...kind.otherKeys,
    ])
      expect(key[0]).toBe(plural);
    expect(kind.keys.all).toEqual([plural]);
  });
});

describe.each(kinds)('$plural hooks', (kind) => {
  const { plural } = kind;
  const noun = plural.slice(0, -1);

  it(`reads a version list and creates with the CSRF token, refreshing ${plural} and what they change`, async () => {
    const calls = serve((call) =>
      call.method === 'GET'
        ? [200, { success: true, [plural]: [], page: 1, limit: 10, total: 0 }]
        : [200, kind.changed],
    );
    const { invalidated, wrapper } = hookClient();
    const list = renderHook(() => kind.useVersionItems('p1', 'v1', { page: 1, sort: 'name' }), {
      wrapper,
    });
    await waitFor(() => expect(list.result.current.data?.total).toBe(0));
    expect(calls[0]?.url).toBe(`/app/profile/p1/version/v1/${plural}?page=1&limit=10&sort=name`);

    const create = renderHook(() => kind.useCreate('p1', 'v1'), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await create.result.current.mutateAsync(kind.created);
    });
    expect(answer).toEqual(kind.changed);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/app/profile/p1/version/v1/${plural}`,
      body: kind.created,
      csrf: 't',
    });
    for (const key of kind.refreshed) expect(invalidated).toContainEqual(key);
  });

  it('asks each read at its own address, and nothing for an empty id', async () => {
    const calls = serve(() => [200, { success: true }]);
    const { wrapper } = hookClient();
    renderHook(() => kind.useItem(''), { wrapper });
    const hooks = [
      renderHook(() => kind.useVersionItem('p1', 'v1', 'x1'), { wrapper }),
      renderHook(() => kind.useItem('x1'), { wrapper }),
    ];
    for (const hook of hooks) await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(calls.map((c) => c.url)).toEqual([
      `/app/profile/p1/version/v1/${plural}/x1`,
      `/app/${noun}/x1`,
    ]);
  });

  it('turns a 409 answer into an error carrying the server’s message', async () => {
    const calls = serve(() => [
      409,
      { success: false, code: 'CONFLICT', message: 'Deprecate it instead.' },
    ]);
    const { wrapper } = hookClient();
    const remove = renderHook(() => kind.useDelete('p1', 'v1', 'x1'), { wrapper });
    await act(async () => {
      await expect(remove.result.current.mutateAsync('r-1')).rejects.toThrow(
        'Deprecate it instead.',
      );
    });
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: `/app/profile/p1/version/v1/${plural}/x1`,
    });
  });

  it('claims an orphan for the chosen profile', async () => {
    const calls = serve(() => [200, kind.changed]);
    const { wrapper } = hookClient();
    const claim = renderHook(() => kind.useClaim(), { wrapper });
    await act(async () => {
      await claim.result.current('x1', 'p2');
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/app/${noun}/x1/claim`,
      body: { profileId: 'p2' },
      csrf: 't',
    });
  });

  it(`forgets a deleted or unlinked ${noun} and refreshes the lists only on the next tick`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = serve((call) => [
      200,
      call.url.endsWith('/link') ? { success: true, versionId: 'v1' } : kind.changed,
    ]);
    const { client, invalidated, wrapper } = hookClient();
    client.setQueryData(kind.keys.versionItem('p1', 'v1', 'x1'), { cached: true });
    client.setQueryData(kind.keys.item('x1'), { cached: true });
    const remove = renderHook(() => kind.useDelete('p1', 'v1', 'x1'), { wrapper });
    await act(async () => {
      await remove.result.current.mutateAsync('r-1');
    });
    expect(calls[0]?.ifMatch).toBe('"r-1"');
    expect(invalidated).toEqual([]);
    expect(client.getQueryData(kind.keys.versionItem('p1', 'v1', 'x1'))).toEqual({
      cached: true,
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(client.getQueryData(kind.keys.versionItem('p1', 'v1', 'x1'))).toBeUndefined();
    expect(client.getQueryData(kind.keys.item('x1'))).toBeUndefined();
    expect(invalidated).toContainEqual(kind.keys.all);

    const unlink = renderHook(() => kind.useRemoveLink('p1', 'v1', 'x2'), { wrapper });
    await act(async () => {
      await unlink.result.current.mutateAsync();
      await vi.runAllTimersAsync();
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      url: `/app/profile/p1/version/v1/${plural}/x2/link`,
    });
  });

  it(`does not ask again for a ${noun} whose link was removed while its page is still shown`, async () => {
    const calls = serve((call) =>
      call.method === 'DELETE'
        ? [200, { success: true, versionId: 'v1' }]
        : call.url.endsWith('/x2')
          ? [200, { success: true, shown: true }]
          : [200, { success: true, [plural]: [], page: 1, limit: 10, total: 0 }],
    );
    const { wrapper } = hookClient();
    const asked = () => calls.filter((c) => c.method === 'GET' && c.url.endsWith('/x2')).length;
    const page = renderHook(
      () => ({
        shown: kind.useVersionItem('p1', 'v1', 'x2'),
        list: kind.useVersionItems('p1', 'v1', { page: 1, sort: 'name' }),
        unlink: kind.useRemoveLink('p1', 'v1', 'x2'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(page.result.current.shown.isSuccess).toBe(true));
    await waitFor(() => expect(page.result.current.list.data?.total).toBe(0));
    expect(asked()).toBe(1);
    const listed = () => calls.filter((c) => c.method === 'GET' && c.url.includes('?')).length;
    expect(listed()).toBe(1);
    await act(async () => {
      await page.result.current.unlink.mutateAsync();
    });
    // The lists are asked for again; the page, re-rendered before it is left, is not.
    await waitFor(() => expect(listed()).toBe(2));
    page.rerender();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(asked()).toBe(1);
    expect(page.result.current.shown.isSuccess).toBe(true);
  });
});
