import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback-store';
import { conceptKeys } from './concepts';
import { HttpError, resetCsrfToken } from './http';
import { profileKeys } from './profiles';
import {
  problemsOf,
  templateKeys,
  templateLockPath,
  templateSearchUrl,
  useAddRule,
  useClaimTemplate,
  useCreateTemplate,
  useDeleteTemplate,
  useLinkTemplates,
  useRemoveDeterminingProperty,
  useRemoveRule,
  useSetDeterminingProperty,
  useSetExample,
  useSetTemplateRefs,
  useTemplate,
  useUpdateRule,
  useUpdateTemplateDetails,
  useVersionTemplates,
  versionTemplateListUrl,
} from './templates';

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

const changed = { success: true, template: { uuid: 't1' }, versionId: 'v2' };
const target = { profileId: 'p1', versionId: 'v1', templateId: 't1' };
const T = '/app/profile/p1/version/v1/templates/t1';

beforeEach(() => {
  calls = [];
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('template addresses', () => {
  it('builds the list, search and lock addresses with encoded parts', () => {
    expect(versionTemplateListUrl('p 1', 'v/1', { page: 2, sort: '-updated' })).toBe(
      '/app/profile/p%201/version/v%2F1/templates?page=2&limit=10&sort=-updated',
    );
    expect(templateSearchUrl({ search: ' video ', page: 1 })).toBe(
      '/app/templates/search?search=video&page=1&limit=10',
    );
    expect(
      templateSearchUrl({
        search: 'a&b',
        page: 3,
        versionId: 'v1',
        purpose: 'reference',
        templateId: 't1',
      }),
    ).toBe(
      '/app/templates/search?search=a%26b&page=3&limit=10&versionId=v1&purpose=reference&templateId=t1',
    );
    expect(templateLockPath('p1', 'v1', 't#1')).toBe(
      '/app/profile/p1/version/v1/templates/t%231/lock',
    );
  });

  it('keeps every template query under one key', () => {
    for (const key of [
      templateKeys.versionList('p', 'v', { page: 1, sort: 'name' }),
      templateKeys.versionTemplate('p', 'v', 't'),
      templateKeys.template('t'),
      templateKeys.search({ search: 'x', page: 1 }),
    ])
      expect(key[0]).toBe('templates');
  });
});

describe('reading the problems of a refused change', () => {
  it('takes every rule message of a refused rule, else the message alone', () => {
    const refusal = new HttpError(400, 'first', {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'first',
      errors: ['first', 'second'],
    });
    expect(problemsOf(refusal)).toEqual(['first', 'second']);
    expect(problemsOf(new HttpError(404, 'Not here.', { message: 'Not here.' }))).toEqual([
      'Not here.',
    ]);
    expect(problemsOf(null)).toEqual([]);
  });
});

describe('template hooks', () => {
  it('reads a version list and creates with the CSRF token, refreshing templates, concepts and profiles', async () => {
    serve((call) =>
      call.method === 'GET'
        ? [200, { success: true, templates: [], page: 1, limit: 10, total: 0 }]
        : [200, changed],
    );
    const { invalidated, wrapper } = setup();
    const list = renderHook(() => useVersionTemplates('p1', 'v1', { page: 1, sort: 'name' }), {
      wrapper,
    });
    await waitFor(() => expect(list.result.current.data?.total).toBe(0));
    expect(calls[0]?.url).toBe('/app/profile/p1/version/v1/templates?page=1&limit=10&sort=name');

    const create = renderHook(() => useCreateTemplate('p1', 'v1'), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await create.result.current.mutateAsync({
        name: 'Played',
        description: 'Played it.',
        iriType: 'generated-iri',
        geniri: 'played',
      });
    });
    expect(answer).toEqual(changed);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/app/profile/p1/version/v1/templates',
      csrf: 't',
    });
    expect(invalidated).toContainEqual(templateKeys.all);
    expect(invalidated).toContainEqual(conceptKeys.all);
    expect(invalidated).toContainEqual(profileKeys.all);
  });

  it('sends each part of a template to its own address', async () => {
    serve(() => [200, changed]);
    const { wrapper } = setup();
    const hooks = renderHook(
      () => ({
        details: useUpdateTemplateDetails(target),
        property: useSetDeterminingProperty(target),
        removeProperty: useRemoveDeterminingProperty(target),
        addRule: useAddRule(target),
        updateRule: useUpdateRule(target),
        removeRule: useRemoveRule(target),
        example: useSetExample(target),
        refs: useSetTemplateRefs(target),
        link: useLinkTemplates('p1', 'v1'),
      }),
      { wrapper },
    );
    const h = () => hooks.result.current;
    await act(async () => {
      await h().details.mutateAsync({ name: 'N', description: 'D', tags: ['a'] });
      await h().property.mutateAsync({ property: 'verb', conceptIds: ['c1'] });
      await h().removeProperty.mutateAsync('contextCategoryActivityType');
      await h().addRule.mutateAsync({ location: '$.verb.id', presence: 'included' });
      await h().updateRule.mutateAsync({ index: 2, rule: { location: '$.id' } });
      await h().removeRule.mutateAsync(1);
      await h().example.mutateAsync('{"a":1}');
      await h().refs.mutateAsync({ refType: 'context', templateIds: ['t2'] });
      await h().link.mutateAsync(['t3']);
    });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', T, { name: 'N', description: 'D', tags: ['a'] }],
      ['PUT', `${T}/determining-properties/verb`, { conceptIds: ['c1'] }],
      ['DELETE', `${T}/determining-properties/contextCategoryActivityType`, undefined],
      ['POST', `${T}/rules`, { rule: { location: '$.verb.id', presence: 'included' } }],
      ['PUT', `${T}/rules/2`, { rule: { location: '$.id' } }],
      ['DELETE', `${T}/rules/1`, undefined],
      ['PUT', `${T}/example`, { statementExample: '{"a":1}' }],
      ['PUT', `${T}/refs/context`, { templateIds: ['t2'] }],
      ['POST', '/app/profile/p1/version/v1/templates/link', { templateIds: ['t3'] }],
    ]);
  });

  it('turns a refused rule into an error carrying every problem', async () => {
    serve(() => [
      400,
      { success: false, code: 'VALIDATION_FAILED', message: 'one', errors: ['one', 'two'] },
    ]);
    const { wrapper } = setup();
    const add = renderHook(() => useAddRule(target), { wrapper });
    let failure: unknown;
    await act(async () => {
      failure = await add.result.current.mutateAsync({ location: '$.x' }).catch((e: unknown) => e);
    });
    expect(problemsOf(failure)).toEqual(['one', 'two']);
  });

  it('turns a 409 answer into an error carrying the server’s message', async () => {
    serve(() => [409, { success: false, code: 'CONFLICT', message: 'Deprecate it instead.' }]);
    const { wrapper } = setup();
    const remove = renderHook(() => useDeleteTemplate(target), { wrapper });
    await act(async () => {
      await expect(remove.result.current.mutateAsync()).rejects.toThrow('Deprecate it instead.');
    });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: T });
  });

  it('reads a template on its own and claims an orphan for the chosen profile, then reads it again', async () => {
    serve((call) => (call.method === 'GET' ? [200, { success: true }] : [200, changed]));
    const { wrapper } = setup();
    const one = renderHook(() => useTemplate('t1'), { wrapper });
    await waitFor(() => expect(one.result.current.data).toBeDefined());
    const claim = renderHook(() => useClaimTemplate(), { wrapper });
    await act(async () => {
      await claim.result.current.mutateAsync({ templateId: 't1', profileId: 'p2' });
    });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/app/template/t1', undefined],
      ['POST', '/app/template/t1/claim', { profileId: 'p2' }],
      // The claim refreshes what is on screen.
      ['GET', '/app/template/t1', undefined],
    ]);
  });
});
