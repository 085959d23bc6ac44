import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hookClient, resetBetweenHookTests, serve } from '../test/api';
import { HttpError } from './http';
import {
  problemsOf,
  useAddRule,
  useClaimTemplate,
  useLinkTemplates,
  useRemoveDeterminingProperty,
  useRemoveRule,
  useSetDeterminingProperty,
  useSetExample,
  useSetTemplateRefs,
  useTemplate,
  useUpdateRule,
  useUpdateTemplateDetails,
} from './templates';

const changed = { success: true, template: { uuid: 't1' }, versionId: 'v2' };
const target = { profileId: 'p1', versionId: 'v1', templateId: 't1' };
const T = '/app/profile/p1/version/v1/templates/t1';

// What templates share with concepts and patterns is tested in items.test.ts.
resetBetweenHookTests();

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
  it('sends each part of a template to its own address', async () => {
    const calls = serve(() => [200, changed]);
    const { wrapper } = hookClient();
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
      const basedOn = 'r-1';
      await h().details.mutateAsync({
        input: { name: 'N', description: 'D', tags: ['a'] },
        basedOn,
      });
      await h().property.mutateAsync({ property: 'verb', conceptIds: ['c1'], basedOn });
      await h().removeProperty.mutateAsync({ property: 'contextCategoryActivityType', basedOn });
      await h().addRule.mutateAsync({
        rule: { location: '$.verb.id', presence: 'included' },
        basedOn,
      });
      await h().updateRule.mutateAsync({ index: 2, rule: { location: '$.id' }, basedOn });
      await h().removeRule.mutateAsync({ index: 1, basedOn });
      await h().example.mutateAsync({ input: '{"a":1}', basedOn });
      await h().refs.mutateAsync({ refType: 'context', templateIds: ['t2'], basedOn });
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
    // Every change of the template says which revision it is based on; linking changes no item.
    expect(calls.map((c) => c.ifMatch)).toEqual([...Array<string>(8).fill('"r-1"'), undefined]);
  });

  it('turns a refused rule into an error carrying every problem', async () => {
    serve(() => [
      400,
      { success: false, code: 'VALIDATION_FAILED', message: 'one', errors: ['one', 'two'] },
    ]);
    const { wrapper } = hookClient();
    const add = renderHook(() => useAddRule(target), { wrapper });
    let failure: unknown;
    await act(async () => {
      failure = await add.result.current
        .mutateAsync({ rule: { location: '$.x' }, basedOn: 'r-1' })
        .catch((e: unknown) => e);
    });
    expect(problemsOf(failure)).toEqual(['one', 'two']);
  });

  it('reads a template on its own and claims an orphan for the chosen profile, then reads it again', async () => {
    const calls = serve((call) =>
      call.method === 'GET' ? [200, { success: true }] : [200, changed],
    );
    const { wrapper } = hookClient();
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
