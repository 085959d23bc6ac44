import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_NOT_POPULATED } from '../../../common/templates';
import { feedback } from '../../lib/feedback-store';
import { TEMPLATES_ADDED_MESSAGE } from './AddTemplatesPage';
import {
  ok,
  renderApp,
  resetBetweenScreenTests,
  serveDraft,
  serveVersion,
  V1,
  V2,
  version,
  versionApi,
  view,
} from '../../test/items';
import {
  conceptRef,
  listItem,
  otherParent,
  publishedOnly,
  type StubCall,
  TEMPLATE_2,
  TEMPLATE_3,
  TEMPLATE_ID,
  templateChange,
  templateList,
  templateRow,
  templatesApi,
  templatesPath,
  templateView,
} from '../../test/stubs/templates';

resetBetweenScreenTests();

const table = () => screen.findByRole('table', { name: 'Statement templates' });

describe('statement template list', () => {
  it('shows members on the current version the columns, badges, links and Add Statement Template', async () => {
    const rows = [
      templateRow(),
      templateRow({
        uuid: TEMPLATE_2,
        name: 'Completed a quiz',
        parentProfile: otherParent,
        status: 'Published',
        linked: true,
      }),
      templateRow({ uuid: TEMPLATE_3, name: 'Old one', status: 'Deprecated' }),
    ];
    serveDraft({ [`GET ${templatesApi()}`]: ok(templateList(rows)) });
    renderApp(templatesPath());
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Details', 'Name▲', 'Status', 'Updated↕']);
    const [, first, second, third] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Played a video' })).toHaveAttribute(
      'href',
      templatesPath(V1, `/${TEMPLATE_ID}`),
    );
    expect(within(first!).getByText('Unpublished')).toBeVisible();
    expect(within(first!).queryByText('Linked')).toBeNull();
    expect(
      within(first!).getByText(new Date('2025-02-04T10:00:00.000Z').toLocaleDateString()),
    ).toBeVisible();
    expect(within(second!).getByText('Published')).toBeVisible();
    expect(within(second!).getByText('Linked')).toBeVisible();
    expect(within(third!).getByText('Deprecated')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Statement Template' })).toHaveAttribute(
      'href',
      templatesPath(V1, '/add'),
    );
    expect(screen.getByRole('tab', { name: /Statement Templates/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

describe('statement template side panel', () => {
  it('says Template not populated while the template loads', async () => {
    const row = templateRow({ name: 'Completed a quiz' });
    let answer: (reply: [number, unknown]) => void = () => {};
    serveDraft({
      [`GET ${templatesApi()}`]: ok(templateList([row])),
      [`GET /app/template/${TEMPLATE_ID}`]: () =>
        new Promise<[number, unknown]>((resolve) => (answer = resolve)),
    });
    renderApp(templatesPath());
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Completed a quiz' }));
    const panel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(await within(panel).findByText(TEMPLATE_NOT_POPULATED)).toBeVisible();
    answer([200, templateView(row)]);
    expect(await within(panel).findByRole('heading', { name: 'Completed a quiz' })).toBeVisible();
    expect(within(panel).queryByText(TEMPLATE_NOT_POPULATED)).toBeNull();
  });

  it('shows every field of the template from the info button', async () => {
    const linked = templateRow({
      name: 'Completed a quiz',
      parentProfile: otherParent,
      status: 'Deprecated',
      linked: true,
    });
    serveDraft({
      [`GET ${templatesApi()}`]: ok(templateList([linked])),
      [`GET /app/template/${TEMPLATE_ID}`]: ok(
        templateView({
          ...linked,
          translations: [
            { language: 'fr', translationName: 'Quiz terminé', translationDesc: 'Fini.' },
          ],
          tags: ['quiz', 'assessment'],
          concepts: [conceptRef('completed', null)],
        }),
      ),
    });
    renderApp(templatesPath());
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Completed a quiz' }));
    const panel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(await within(panel).findByRole('heading', { name: 'Completed a quiz' })).toBeVisible();
    expect(within(panel).getByText('template')).toBeVisible();
    expect(within(panel).getByText('deprecated')).toBeVisible();
    expect(within(panel).getByText(linked.iri)).toBeVisible();
    expect(within(panel).getByText(linked.description)).toBeVisible();
    expect(within(panel).getByText('French (fr)')).toBeVisible();
    expect(within(panel).getByText('quiz')).toBeVisible();
    expect(within(panel).getByText('assessment')).toBeVisible();
    expect(within(panel).getByRole('list', { name: 'Linked concepts' })).toHaveTextContent(
      'completed',
    );
    expect(
      within(panel).getByText(new Date('2025-02-04T10:00:00.000Z').toLocaleDateString()),
    ).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(panel).getByRole('link', { name: 'Quiz Working Group' })).toHaveAttribute(
      'href',
      `/organization/${otherParent.organization.uuid}`,
    );
    expect(within(panel).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('lets a signed-in user claim an orphan into a profile of their group', async () => {
    const orphan = templateRow({ parentProfile: null, status: 'Published' });
    const calls = serveDraft({
      [`GET ${templatesApi()}`]: ok(templateList([orphan])),
      [`GET /app/template/${TEMPLATE_ID}`]: ok(templateView(orphan, { claim: true })),
      'GET /app/user/organizations': ok({
        success: true,
        organizations: [
          {
            uuid: otherParent.organization.uuid,
            name: 'Quiz Working Group',
            membership: 'member',
          },
        ],
      }),
      [`GET /app/org/${otherParent.organization.uuid}/profile`]: ok({
        success: true,
        profiles: [
          listItem({ uuid: otherParent.uuid, name: 'Quiz Profile', state: 'draft', version: 2 }),
        ],
        page: 1,
        limit: 10,
        total: 1,
      }),
      [`POST /app/template/${TEMPLATE_ID}/claim`]: ok(templateChange(V2)),
    });
    const router = renderApp(templatesPath());
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Played a video' }));
    const panel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(within(panel).getByText('None (orphaned)')).toBeVisible();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Statement Template' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Working Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quiz Working Group' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Quiz Profile/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/deleted-items/organization/${otherParent.organization.uuid}/profile/${otherParent.uuid}/version/${V2}`,
      ),
    );
    expect(calls.find((c) => c.path.endsWith('/claim'))?.body).toEqual({
      profileId: otherParent.uuid,
    });
    expect(feedback.getState().success?.subject).toBe('Statement Template claimed');
  });
});

describe('adding existing statement templates', () => {
  const search = (calls: StubCall[]) => calls.filter((c) => c.path === '/app/templates/search');

  it('needs search text, searches for the version, and adds the selection', async () => {
    const found = [
      templateRow({ uuid: TEMPLATE_2, name: 'Completed a quiz', parentProfile: otherParent }),
      templateRow({ uuid: TEMPLATE_3, name: 'Passed a quiz', parentProfile: otherParent }),
    ];
    const calls = serveDraft({
      [`GET ${templatesApi()}`]: ok(templateList([])),
      'GET /app/templates/search': (call) => [
        200,
        templateList(call.query.get('search') === 'nothing' ? [] : found),
      ],
      [`POST ${templatesApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
    });
    const router = renderApp(templatesPath(V1, '/add'));
    expect(await screen.findByRole('heading', { name: 'Add Statement Template' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Statement Templates' })).toHaveAttribute(
      'href',
      templatesPath(),
    );
    expect(screen.getByRole('link', { name: 'Create New' })).toHaveAttribute(
      'href',
      templatesPath(V1, '/create'),
    );
    const add = screen.getByRole('button', { name: 'Add Selected to Profile' });
    expect(add).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Search Statement Templates' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(search(calls)).toHaveLength(0);

    const box = screen.getByRole('textbox', { name: /Search statement templates/ });
    await userEvent.type(box, 'nothing{Enter}');
    expect(await screen.findByText('No results found')).toBeVisible();
    await userEvent.clear(box);
    await userEvent.type(box, 'quiz{Enter}');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Completed a quiz' }));
    expect(search(calls).at(-1)?.query.toString()).toBe(
      `search=quiz&page=1&limit=10&versionId=${V1}&purpose=link`,
    );
    const selected = screen.getByRole('region', { name: 'Selected templates' });
    expect(within(selected).getByText('Completed a quiz')).toBeVisible();
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatesPath()));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ templateIds: [TEMPLATE_2] });
    expect(feedback.getState().success?.message).toBe(TEMPLATES_ADDED_MESSAGE);
  });

  it('opens the new draft when templates were added to a published version', async () => {
    const { profile: p, v1 } = publishedOnly();
    serveVersion(
      { profile: p, version: v1 },
      {
        [`GET ${versionApi(V2)}`]: ok(view(p, version({ uuid: V2, version: 2 }))),
        [`GET ${templatesApi(V2)}`]: ok(templateList([])),
        'GET /app/templates/search': ok(templateList([templateRow({ uuid: TEMPLATE_2 })])),
        [`POST ${templatesApi(V1, '/link')}`]: ok({ success: true, versionId: V2 }),
      },
    );
    const router = renderApp(templatesPath(V1, '/add'));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Search statement templates/ }),
      'video{Enter}',
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Played a video' }));
    // Selecting again takes it out; a third click puts it back.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Played a video' }));
    expect(screen.getByRole('button', { name: 'Add Selected to Profile' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Played a video' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Selected to Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatesPath(V2)));
  });

  it('sends people who may not author templates to the list', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    serveVersion(
      { profile: p, version: v1 },
      {
        [`GET ${templatesApi()}`]: ok(templateList([])),
      },
    );
    const router = renderApp(templatesPath(V1, '/add'));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatesPath()));
    const again = renderApp(templatesPath(V1, '/create'));
    await waitFor(() => expect(again.state.location.pathname).toBe(templatesPath()));
  });
});
