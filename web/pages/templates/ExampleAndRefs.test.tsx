import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../common/profiles';
import { exampleProblem, OBJECT_TYPE_EXCLUSIVE_MESSAGE } from '../../../common/templates';
import { feedback } from '../../lib/feedback-store';
import { EXAMPLE_SAVED_MESSAGE } from './ExamplePage';
import { REFS_SAVED_MESSAGE } from './refs/TemplateRefsPage';
import {
  ada,
  CONCEPT_2,
  conceptRef,
  editable,
  PROFILE_IRI,
  renderApp,
  signedIn,
  stubServer,
  TEMPLATE_2,
  TEMPLATE_3,
  templateApi,
  templateChange,
  templateHandlers,
  templateList,
  templatePath,
  templateRow,
  templateView,
  V1,
  type StubCall,
} from '../../test/stubs/templates';
import { bobSavedFirst, differenceRow } from '../../test/edit-conflict';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('the example statement', () => {
  it('needs JSON, shows the parser’s message, and saves the text under the lock', async () => {
    const calls = stubServer(
      templateHandlers(editable(), {
        [`PUT ${templateApi(V1, '/example')}`]: () => [200, templateChange(V1)],
      }),
      signedIn(ada),
    );
    const router = renderApp(templatePath(V1, '/example'));
    expect(await screen.findByRole('heading', { name: 'Add Example' })).toBeVisible();
    const editor = screen.getByRole('textbox', { name: /^Example Statement/ });
    const save = screen.getByRole('button', { name: 'Save Example' });
    await userEvent.click(save);
    expect(editor).toHaveAccessibleDescription(new RegExp(`^${REQUIRED}`));

    fireEvent.change(editor, { target: { value: '{"verb": ' } });
    await userEvent.click(save);
    const message = exampleProblem('{"verb": ') ?? '';
    expect(message).not.toBe('');
    expect(screen.getByText(message)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(editor, { target: { value: '{"verb": {"id": "https://example.org/v"}}' } });
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      statementExample: '{"verb": {"id": "https://example.org/v"}}',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toBe(true);
    expect(feedback.getState().success?.message).toBe(EXAMPLE_SAVED_MESSAGE);
  });

  it('edits the example there is', async () => {
    stubServer(templateHandlers(editable({ statementExample: '{\n  "a": 1\n}' })), signedIn(ada));
    renderApp(templatePath(V1, '/example'));
    expect(await screen.findByRole('heading', { name: 'Edit Example' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Example Statement/ })).toHaveValue(
      '{\n  "a": 1\n}',
    );
  });

  it('sends readers to the template page', async () => {
    stubServer(templateHandlers(templateView()), signedIn(ada));
    const router = renderApp(templatePath(V1, '/example'));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
  });
});

describe('related statement templates', () => {
  const SEARCH = '/app/templates/search';
  const searches = (calls: StubCall[]) => calls.filter((c) => c.path === SEARCH);
  const own = [
    templateRow({ uuid: TEMPLATE_2, name: 'Watched a video' }),
    templateRow({ uuid: TEMPLATE_3, name: 'Paused a video' }),
  ];

  function serve(view = editable(), refType: 'object' | 'context' = 'context') {
    return stubServer(
      templateHandlers(view, {
        [`GET ${SEARCH}`]: () => [200, templateList(own)],
        [`PUT ${templateApi(V1, `/refs/${refType}`)}`]: () => [200, templateChange(V1)],
      }),
      signedIn(ada),
    );
  }

  it('adds templates this version defines, the button waiting for a selection', async () => {
    const calls = serve();
    const router = renderApp(templatePath(V1, '/related-statement-templates/context/create'));
    expect(
      await screen.findByRole('heading', { name: 'Add Context Statement Reference Templates' }),
    ).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add Selected' });
    expect(add).toBeDisabled();
    await userEvent.type(
      screen.getByRole('textbox', { name: /Search statement templates/ }),
      'video{Enter}',
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Paused a video' }));
    expect(searches(calls).at(-1)?.query.toString()).toBe(
      `search=video&page=1&limit=10&versionId=${V1}&purpose=reference&templateId=${editable().template.uuid}`,
    );
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ templateIds: [TEMPLATE_3] });
    expect(feedback.getState().success?.message).toBe(REFS_SAVED_MESSAGE);
  });

  it('edits the current ones: they are removable and not offered again', async () => {
    const calls = serve(
      editable({
        objectStatementRefTemplate: [
          { iri: `${PROFILE_IRI}/templates/watched`, name: 'Watched a video', uuid: TEMPLATE_2 },
        ],
      }),
      'object',
    );
    const router = renderApp(templatePath(V1, '/related-statement-templates/object/edit'));
    const current = await screen.findByRole('region', { name: 'Current references' });
    expect(within(current).getByText('Watched a video')).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(
      screen.getByRole('textbox', { name: /Search statement templates/ }),
      'video{Enter}',
    );
    expect(await screen.findByRole('checkbox', { name: 'Select Paused a video' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Select Watched a video' })).toBeNull();
    await userEvent.click(
      within(current).getByRole('button', { name: 'Remove Watched a video from the selection' }),
    );
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ templateIds: [] });
  });

  describe('after someone else saved the template', () => {
    const conflict = bobSavedFirst('this statement template');
    const REWOUND = '99999999-9999-4999-8999-999999999994';
    const refsOf = (name: string, uuid: string, revision = 'rev-1.a') =>
      editable({
        revision,
        objectStatementRefTemplate: [{ iri: `${PROFILE_IRI}/templates/${uuid}`, name, uuid }],
      });
    /** Their save (Rewound instead of Watched) lands as this one is sent. */
    function serveConflict() {
      let saved = false;
      return stubServer(
        templateHandlers(refsOf('Watched a video', TEMPLATE_2), {
          [`GET ${templateApi()}`]: () => [
            200,
            saved
              ? refsOf('Rewound a video', REWOUND, 'rev-2.b')
              : refsOf('Watched a video', TEMPLATE_2),
          ],
          [`GET ${SEARCH}`]: () => [200, templateList(own)],
          [`PUT ${templateApi(V1, '/refs/object')}`]: (call) => {
            saved = true;
            return call.ifMatch === '"rev-2.b"' ? [200, templateChange(V1)] : [409, conflict];
          },
        }),
        signedIn(ada),
      );
    }

    async function saveIntoConflict() {
      await screen.findByRole('region', { name: 'Current references' });
      await userEvent.type(
        screen.getByRole('textbox', { name: /Search statement templates/ }),
        'video{Enter}',
      );
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Paused a video' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const alert = await screen.findByRole('alert', {
        name: 'Not saved: someone else saved meanwhile',
      });
      expect(alert).toHaveTextContent(conflict.message);
      expect(await differenceRow(alert, /^Object Statement Reference Templates/)).toEqual([
        'Rewound a video',
        'Watched a video; Paused a video',
      ]);
      expect(feedback.getState().errors).toEqual([]);
      return alert;
    }

    it('sets their templates beside the ones picked; Keep mine saves these on their revision', async () => {
      const calls = serveConflict();
      const router = renderApp(templatePath(V1, '/related-statement-templates/object/edit'));
      const alert = await saveIntoConflict();
      await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
      expect(puts[1]?.body).toEqual({ templateIds: [TEMPLATE_2, TEMPLATE_3] });
    });

    it('Take theirs makes their templates the current ones, the next save based on them', async () => {
      const calls = serveConflict();
      const router = renderApp(templatePath(V1, '/related-statement-templates/object/edit'));
      const alert = await saveIntoConflict();
      await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(alert).not.toBeInTheDocument());
      const current = screen.getByRole('region', { name: 'Current references' });
      expect(within(current).getByText('Rewound a video')).toBeVisible();
      expect(within(current).queryByText('Watched a video')).toBeNull();
      expect(
        within(screen.getByRole('region', { name: 'Selected templates' })).queryByText(
          'Paused a video',
        ),
      ).toBeNull();
      await userEvent.click(
        within(current).getByRole('button', { name: 'Remove Rewound a video from the selection' }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
      expect(puts[1]?.body).toEqual({ templateIds: [] });
    });
  });

  it('offers nothing to add to the object when the template has an object activity type', async () => {
    serve(
      editable({
        determiningProperties: [
          {
            property: 'objectActivityType',
            concepts: [conceptRef('video', CONCEPT_2, 'ActivityType')],
          },
        ],
      }),
      'object',
    );
    renderApp(templatePath(V1, '/related-statement-templates/object/create'));
    expect(await screen.findByText(OBJECT_TYPE_EXCLUSIVE_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Search statement templates/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Selected' })).toBeDisabled();
  });

  it('says that other reference types and modes do not exist', async () => {
    serve();
    renderApp(templatePath(V1, '/related-statement-templates/result/create'));
    expect(await screen.findByText('This page does not exist.')).toBeVisible();
  });
});
