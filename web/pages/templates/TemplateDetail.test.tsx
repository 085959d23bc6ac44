import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  TEMPLATE_NOT_POPULATED,
} from '../../../common/templates';
import { feedback } from '../../lib/feedback-store';
import { TEMPLATE_DEPRECATED_MESSAGE, TEMPLATE_LINK_REMOVED_MESSAGE } from './dialogs';
import { PROPERTY_REMOVED_MESSAGE, RULE_REMOVED_MESSAGE } from './TemplateDetailPage';
import { PAGE_DOES_NOT_EXIST } from '../../components/items/LoadedItem';
import { TEMPLATE_NOT_FOUND } from './TemplateScreen';
import { serveTemplate } from './testing/screens';
import {
  CONCEPT_2,
  CONCEPT_ID,
  conceptRef,
  conceptView,
  editable,
  GROUP_ID,
  ok,
  otherParent,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
  renderApp,
  TEMPLATE_2,
  TEMPLATE_IRI,
  templateApi,
  templateChange,
  templateList,
  templatePath,
  templatesApi,
  templatesPath,
  templateView,
  V1,
  V2,
  version,
  versionApi,
  view,
} from '../../test/stubs/templates';
import { bobSavedFirst } from '../../test/edit-conflict';

const region = (name: RegExp) => screen.findByRole('region', { name });
const field = (within_: HTMLElement, label: string) => {
  const term = within(within_).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
};

const full = () =>
  editable({
    translations: [{ language: 'de', translationName: 'Video abgespielt', translationDesc: 'Ja.' }],
    tags: ['video', 'media'],
    moreInformation: 'https://example.org/played',
    statementExample: '{\n  "verb": {\n    "id": "https://example.org/played"\n  }\n}',
    determiningProperties: [
      { property: 'verb', concepts: [conceptRef('played', CONCEPT_ID)] },
      {
        property: 'contextCategoryActivityType',
        concepts: [
          conceptRef('video', CONCEPT_2, 'ActivityType'),
          { iri: 'https://elsewhere.example/at/media', name: null, uuid: null, conceptType: null },
        ],
      },
    ],
    rules: [
      { location: '$.verb.id', presence: 'included', any: [`${PROFILE_IRI}/verbs/played`] },
      { location: '$.result.score.raw', presence: 'recommended' },
    ],
    objectStatementRefTemplate: [
      { iri: `${PROFILE_IRI}/templates/other`, name: 'Other', uuid: TEMPLATE_2 },
    ],
    contextStatementRefTemplate: [],
    concepts: [conceptRef('played', CONCEPT_ID), conceptRef('video', CONCEPT_2, 'ActivityType')],
  });

describe('statement template page', () => {
  it('shows every section with its count, the details and the metadata box', async () => {
    serveTemplate(full());
    renderApp(templatePath());
    const details = await region(/^Statement Template Details/);
    expect(screen.getByRole('heading', { name: 'Played a video' })).toBeVisible();
    expect(field(details, 'IRI')).toHaveTextContent(TEMPLATE_IRI);
    expect(field(details, 'Name')).toHaveTextContent('Played a video');
    expect(field(details, 'Description')).toHaveTextContent('A learner played a video.');
    expect(within(details).getByText('German (de)')).toBeVisible();
    expect(field(details, 'Tags')).toHaveTextContent('videomedia');
    expect(field(details, 'More Information')).toHaveTextContent('https://example.org/played');
    const metadata = within(details).getByRole('region', { name: 'Metadata' });
    expect(field(metadata, 'Status')).toHaveTextContent('Unpublished');
    expect(within(field(metadata, 'Parent Profile')).getByRole('link')).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
    expect(within(field(metadata, 'Working Group')).getByRole('link')).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(field(metadata, 'Updated')).toHaveTextContent(
      `${new Date('2025-02-04T10:00:00.000Z').toLocaleDateString()} by Ada Lovelace`,
    );

    expect(
      within(await region(/^Example Statement/)).getByLabelText('Example statement').textContent,
    ).toBe('{\n  "verb": {\n    "id": "https://example.org/played"\n  }\n}');
    const determining = await region(/^Determining Properties\s*2$/);
    const rows = within(within(determining).getByRole('table', { name: 'Determining properties' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Verb');
    expect(within(rows[0]!).getByRole('link', { name: 'played' })).toHaveAttribute(
      'href',
      templatePath(V1, `/determining-properties/${CONCEPT_ID}`),
    );
    expect(rows[1]).toHaveTextContent('Context Category Activity Type');
    // A concept this server does not have shows its IRI, without a link.
    const unknown = within(rows[1]!).getByText('https://elsewhere.example/at/media');
    expect(unknown).toBeVisible();
    expect(unknown.closest('a')).toBeNull();

    const rules = within(await region(/^Statement Rules\s*2$/)).getByRole('table', {
      name: 'Statement rules',
    });
    expect(
      within(rules)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Location', 'Presence', 'Conditions', 'Actions']);
    expect(within(rules).getByRole('link', { name: '$.verb.id' })).toHaveAttribute(
      'href',
      templatePath(V1, '/rule/view?rule=0'),
    );
    expect(
      within(rules).getByRole('link', { name: 'Edit rule $.result.score.raw' }),
    ).toHaveAttribute('href', templatePath(V1, '/rule/edit?rule=1'));
    expect(within(rules).getByText(`any: ${PROFILE_IRI}/verbs/played`)).toBeVisible();

    const concepts = await region(/^Associated Concepts\s*2$/);
    expect(within(concepts).getByRole('link', { name: 'video' })).toHaveAttribute(
      'href',
      templatePath(V1, `/concepts/${CONCEPT_2}`),
    );
    const related = await region(/^Related Statement Templates\s*1$/);
    expect(within(related).getByRole('link', { name: 'Other' })).toHaveAttribute(
      'href',
      templatesPath(V1, `/${TEMPLATE_2}`),
    );
    expect(screen.getByRole('link', { name: 'Statement Templates' })).toHaveAttribute(
      'href',
      templatesPath(),
    );
  });

  it('gives editors of an unpublished template every control, each to its screen', async () => {
    serveTemplate(full());
    renderApp(templatePath());
    await region(/^Statement Template Details/);
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Edit Statement Template Details')).toHaveAttribute(
      'href',
      templatePath(V1, '/edit'),
    );
    expect(link('Edit Example')).toHaveAttribute('href', templatePath(V1, '/example'));
    expect(link('Add Determining Property')).toHaveAttribute(
      'href',
      templatePath(V1, '/determining-properties/create'),
    );
    expect(link('Edit Verb')).toHaveAttribute(
      'href',
      templatePath(V1, '/determining-properties/verb/edit'),
    );
    expect(screen.getByRole('button', { name: 'Remove Verb' })).toBeVisible();
    expect(link('Add Rule')).toHaveAttribute('href', templatePath(V1, '/rule/create'));
    expect(screen.getByRole('button', { name: 'Remove rule $.verb.id' })).toBeVisible();
    expect(link('Edit Object References')).toHaveAttribute(
      'href',
      templatePath(V1, '/related-statement-templates/object/edit'),
    );
    expect(link('Add Context References')).toHaveAttribute(
      'href',
      templatePath(V1, '/related-statement-templates/context/create'),
    );
    expect(screen.queryByRole('link', { name: 'Edit Context References' })).toBeNull();
    const toolbar = screen.getByRole('toolbar', { name: 'Statement template actions' });
    expect(within(toolbar).getByRole('button', { name: 'Deprecate' })).toBeVisible();
    expect(
      within(toolbar).getByRole('button', { name: 'Delete statement template' }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Limited editing')).toBeNull();
  });

  it('hides what publication fixes once published, and says editing is limited', async () => {
    serveTemplate(
      templateView(
        { ...full().template, publishedInProfile: true, status: 'Published' },
        { edit: true, removeRule: false },
      ),
    );
    renderApp(templatePath());
    expect(await screen.findByText(TEMPLATE_LIMITED_EDIT_MESSAGE)).toBeVisible();
    // Translations, tags, more information and the example may still change.
    expect(screen.getByRole('link', { name: 'Edit Statement Template Details' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit Example' })).toBeVisible();
    for (const name of [
      'Add Determining Property',
      'Edit Verb',
      'Add Rule',
      'Edit rule $.verb.id',
      'Edit Object References',
      'Add Context References',
    ])
      expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Verb' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove rule $.verb.id' })).toBeNull();
  });

  it('shows readers no controls at all', async () => {
    serveTemplate(templateView(full().template));
    renderApp(templatePath());
    await region(/^Statement Template Details/);
    expect(screen.queryByRole('toolbar', { name: 'Statement template actions' })).toBeNull();
    for (const name of ['Edit Statement Template Details', 'Edit Example', 'Add Rule'])
      expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('offers Add Example without one, and explains the object exclusivity', async () => {
    serveTemplate(
      editable({
        determiningProperties: [
          {
            property: 'objectActivityType',
            concepts: [conceptRef('video', CONCEPT_2, 'ActivityType')],
          },
        ],
      }),
    );
    renderApp(templatePath());
    expect(await screen.findByRole('link', { name: 'Add Example' })).toBeVisible();
    expect(screen.getByText('No example statement yet.')).toBeVisible();
    expect(screen.getByText(OBJECT_TYPE_EXCLUSIVE_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add Object References' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Context References' })).toBeVisible();
  });

  it('says the template is not populated while it loads, and when the version does not list it', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    serveTemplate(editable(), {
      [`GET ${templateApi()}`]: () =>
        new Promise<[number, unknown]>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp(templatePath());
    expect(await screen.findByText(TEMPLATE_NOT_POPULATED)).toBeVisible();
    answer([404, { success: false, code: 'NOT_FOUND', message: 'Not found.' }]);
    expect(await screen.findByText(TEMPLATE_NOT_FOUND)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the statement templates' })).toHaveAttribute(
      'href',
      templatesPath(),
    );
  });

  it('answers an unknown screen under a template with a way back to it', async () => {
    serveTemplate(editable());
    const router = renderApp(templatePath(V1, '/nothing/here'));
    expect(await screen.findByText(PAGE_DOES_NOT_EXIST)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
  });
});

describe('banners of the template page', () => {
  it('says who deprecated the template, when and why', async () => {
    serveTemplate(
      templateView({
        status: 'Deprecated',
        deprecation: {
          reason: 'Use the new one.',
          link: 'https://example.org/new',
          by: 'ada@example.org',
          on: '2025-03-01T10:00:00.000Z',
        },
      }),
    );
    renderApp(templatePath());
    const banner = await screen.findByRole('note', { name: 'Deprecated' });
    expect(banner).toHaveTextContent(
      `This statement template was deprecated by ada@example.org on ${new Date('2025-03-01T10:00:00.000Z').toLocaleDateString()}.`,
    );
    expect(banner).toHaveTextContent('Use the new one.');
    expect(within(banner).getByRole('link', { name: 'https://example.org/new' })).toBeVisible();
  });

  it('marks a linked template and lets members remove the link', async () => {
    const calls = serveTemplate(
      templateView(
        { linked: true, parentProfile: otherParent, status: 'Published' },
        { removeLink: true },
      ),
      {
        [`DELETE ${templateApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
        [`GET ${templatesApi()}`]: ok(templateList([])),
      },
    );
    const router = renderApp(templatePath());
    const banner = await screen.findByRole('alert', { name: 'Linked statement template' });
    expect(within(banner).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatesPath()));
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/link'))).toBe(true);
    expect(feedback.getState().success?.message).toBe(TEMPLATE_LINK_REMOVED_MESSAGE);
  });
});

describe('one-click changes on the template page', () => {
  it('removes a determining property under a lock taken for it, then opens the version returned', async () => {
    const { profile: p, v1 } = publishedOnly();
    const calls = serveTemplate(full(), {
      [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
      [`GET ${versionApi(V2)}`]: ok(view(p, version({ uuid: V2, version: 2 }))),
      [`GET ${templateApi(V2)}`]: ok(editable()),
      [`DELETE ${templateApi(V1, '/determining-properties/verb')}`]: ok(templateChange(V2)),
    });
    const router = renderApp(templatePath());
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Verb' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Determining Property?' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove Determining Property' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath(V2)));
    const changes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(changes).toEqual([
      `POST ${templateApi(V1, '/lock')}`,
      `DELETE ${templateApi(V1, '/determining-properties/verb')}`,
      `DELETE ${templateApi(V1, '/lock')}`,
    ]);
    expect(feedback.getState().success?.message).toBe(PROPERTY_REMOVED_MESSAGE);
  });

  it('removes a rule after asking, and keeps a refusal in the dialog', async () => {
    let refuse = true;
    const calls = serveTemplate(full(), {
      [`DELETE ${templateApi(V1, '/rules/1')}`]: () =>
        refuse
          ? [
              409,
              {
                success: false,
                code: 'CONFLICT',
                message: 'Rules of a published template stay.',
              },
            ]
          : [200, templateChange(V1)],
    });
    renderApp(templatePath());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove rule $.result.score.raw' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Rule?' });
    expect(dialog).toHaveTextContent('$.result.score.raw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Rule' }));
    expect(await within(dialog).findByText('Rules of a published template stay.')).toBeVisible();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE' && c.path.endsWith('/rules/1'))).toHaveLength(
      2,
    );
    expect(feedback.getState().success?.message).toBe(RULE_REMOVED_MESSAGE);
  });

  it('deprecates with a reason under a lock', async () => {
    const calls = serveTemplate(editable(), {
      [`POST ${templateApi(V1, '/deprecate')}`]: ok(templateChange(V1)),
    });
    renderApp(templatePath());
    const toolbar = await screen.findByRole('toolbar', { name: 'Statement template actions' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Statement Template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await within(dialog).findByText('Required')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Replaced.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/deprecate'))?.body).toEqual({
      reason: 'Replaced.',
      link: '',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toBe(true);
    expect(feedback.getState().success?.message).toBe(TEMPLATE_DEPRECATED_MESSAGE);
  });

  it('keeps a refused delete in its dialog', async () => {
    serveTemplate(editable(), {
      [`DELETE ${templateApi()}`]: () => [
        409,
        {
          success: false,
          code: 'CONFLICT',
          message: 'A published version lists this statement template: deprecate it instead.',
        },
      ],
    });
    renderApp(templatePath());
    const toolbar = await screen.findByRole('toolbar', { name: 'Statement template actions' });
    await userEvent.click(
      within(toolbar).getByRole('button', { name: 'Delete statement template' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /^Delete the statement template .+\?$/,
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete statement template' }),
    );
    expect(
      await within(dialog).findByText(
        'A published version lists this statement template: deprecate it instead.',
      ),
    ).toBeVisible();
  });
});

describe('a one-click change after someone saved the template meanwhile', () => {
  const conflict = bobSavedFirst('this statement template');
  /** Their save lands as the change is sent; a change passes on their revision only. */
  function serveConflict(change: string) {
    let saved = false;
    return serveTemplate(full(), {
      [`GET ${templateApi()}`]: () => [
        200,
        saved
          ? editable({ ...full().template, description: 'Bob rewrote it.', revision: 'rev-2.b' })
          : full(),
      ],
      [change]: (call) => {
        saved = true;
        return call.ifMatch === '"rev-2.b"' ? [200, templateChange(V1)] : [409, conflict];
      },
    });
  }

  it('keeps the reason, shows what they changed, and Deprecate anyway sends it on their version', async () => {
    const calls = serveConflict(`POST ${templateApi(V1, '/deprecate')}`);
    renderApp(templatePath());
    const toolbar = await screen.findByRole('toolbar', { name: 'Statement template actions' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Statement Template' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Replaced.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deprecate' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(conflict.message);
    const row = within(await within(alert).findByRole('table')).getByRole('row', {
      name: /^Description/,
    });
    expect(row).toHaveTextContent('Bob rewrote it.');
    expect(row).toHaveTextContent('A learner played a video.');
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Replaced.');
    expect(within(dialog).queryByRole('button', { name: 'Deprecate' })).toBeNull();
    expect(feedback.getState().errors).toEqual([]);

    await userEvent.click(within(alert).getByRole('button', { name: 'Deprecate anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.path.endsWith('/deprecate'));
    expect(sent.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
    expect(sent[1]?.body).toEqual({ reason: 'Replaced.', link: '' });
    expect(feedback.getState().success?.message).toBe(TEMPLATE_DEPRECATED_MESSAGE);
  });

  it('offers Cancel, which leaves their version as it is', async () => {
    const calls = serveConflict(`DELETE ${templateApi()}`);
    renderApp(templatePath());
    const toolbar = await screen.findByRole('toolbar', { name: 'Statement template actions' });
    await userEvent.click(
      within(toolbar).getByRole('button', { name: 'Delete statement template' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /^Delete the statement template .+\?$/,
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete statement template' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Delete anyway' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === templateApi())).toHaveLength(1);
    expect(feedback.getState().errors).toEqual([]);
  });

  it('removes a rule anyway on their version', async () => {
    const calls = serveConflict(`DELETE ${templateApi(V1, '/rules/1')}`);
    renderApp(templatePath());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove rule $.result.score.raw' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Rule?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Rule' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(conflict.message);
    expect(await within(alert).findByRole('table')).toHaveTextContent('Bob rewrote it.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Remove anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/rules/1')).map((c) => c.ifMatch)).toEqual([
      '"rev-1.a"',
      '"rev-2.b"',
    ]);
    expect(feedback.getState().success?.message).toBe(RULE_REMOVED_MESSAGE);
  });
});

describe('a concept of the template', () => {
  it('shows it read-only with the way back, for the determining-property and concept addresses', async () => {
    serveTemplate(full(), {
      [`GET /app/concept/${CONCEPT_ID}`]: ok(conceptView({ name: 'played' })),
    });
    const router = renderApp(templatePath(V1, `/determining-properties/${CONCEPT_ID}`));
    const concept = await screen.findByRole('region', { name: 'Concept' });
    expect(await within(concept).findByRole('heading', { name: 'played' })).toBeVisible();
    expect(within(concept).getByText('concept')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the statement template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    await router.navigate(templatePath(V1, `/concepts/${CONCEPT_ID}`));
    expect(await screen.findByRole('heading', { name: 'played' })).toBeVisible();
    await router.navigate(templatePath(V1, '/determining-properties/verb'));
    expect(await screen.findByText(PAGE_DOES_NOT_EXIST)).toBeVisible();
  });
});
