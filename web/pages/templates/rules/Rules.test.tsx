import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../../common/profiles';
import { RULE_VALID_MESSAGE } from '../../../../common/rule-check';
import { feedback } from '../../../lib/feedback-store';
import {
  ada,
  CONCEPT_ID,
  conceptRef,
  editable,
  PROFILE_ID,
  PROFILE_IRI,
  renderApp,
  signedIn,
  stubServer,
  templateApi,
  templateChange,
  templateHandlers,
  templatePath,
  templateView,
  V1,
  type StubCall,
} from '../../../test/stubs/templates';
import { RULE_SAVED_MESSAGE, RULE_VALID_SHOWN_MS } from './RuleEditorPage';
import { SCOPE_NOTE_REMOVED_MESSAGE, SCOPE_NOTE_SAVED_MESSAGE } from './ScopeNotes';
import { bobSavedFirst, differenceRow } from '../../../test/edit-conflict';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const PLAYED = `${PROFILE_IRI}/verbs/played`;

const withVerb = (overrides = {}) =>
  editable({
    determiningProperties: [{ property: 'verb', concepts: [conceptRef('played', CONCEPT_ID)] }],
    rules: [
      { location: '$.verb.id', presence: 'included', any: [PLAYED] },
      {
        location: '$.result.score.raw',
        selector: '$.value',
        presence: 'recommended',
        none: [0],
        scopeNote: { en: 'Used when the video is scored.' },
      },
    ],
    ...overrides,
  });

function serve(view = withVerb(), extra = {}): StubCall[] {
  return stubServer(
    templateHandlers(view, {
      [`POST ${templateApi(V1, '/rules')}`]: () => [200, templateChange(V1)],
      [`PUT ${templateApi(V1, '/rules/1')}`]: () => [200, templateChange(V1)],
      ...extra,
    }),
    signedIn(ada),
  );
}

/** Replaces the editor's text at once (typing braces through user-event needs escaping). */
const write = (editor: HTMLElement, text: string) =>
  fireEvent.change(editor, { target: { value: text } });

const problems = (name = 'The rule has problems') => screen.findByRole('alert', { name });

describe('the rule editor', () => {
  it('keeps Add Rule disabled until the check passed on the text as it is', async () => {
    const calls = serve();
    const router = renderApp(templatePath(V1, '/rule/create'));
    const editor = await screen.findByRole('textbox', { name: 'Rule JSON' });
    expect(editor).toHaveAttribute('rows', '15');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toBe(true);
    const add = screen.getByRole('button', { name: 'Add Rule' });
    const check = screen.getByRole('button', { name: 'Check JSON Format' });
    expect(add).toBeDisabled();

    // The schema: every unknown property is named.
    write(editor, '"location": "$.result.success", "presence": "included", "bogus": 1');
    await userEvent.click(check);
    expect(await problems()).toHaveTextContent('"bogus" is not a rule property');
    expect(add).toBeDisabled();

    // Text without outer braces is read as the rule inside them.
    write(editor, '"location": "$.result.success", "presence": "included"');
    await userEvent.click(check);
    expect(await screen.findByText(RULE_VALID_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('alert', { name: 'The rule has problems' })).toBeNull();
    expect(add).toBeEnabled();

    // Typing again needs another check.
    write(editor, '"location": "$.result.success", "presence": "excluded"');
    expect(add).toBeDisabled();
    await userEvent.click(check);
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/rules'))?.body).toEqual({
      rule: { location: '$.result.success', presence: 'excluded' },
    });
    expect(feedback.getState().success?.message).toBe(RULE_SAVED_MESSAGE);
  });

  it('clears the success message after two seconds', async () => {
    serve();
    renderApp(templatePath(V1, '/rule/create'));
    write(
      await screen.findByRole('textbox', { name: 'Rule JSON' }),
      '{"location": "$.timestamp", "presence": "included"}',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    expect(await screen.findByText(RULE_VALID_MESSAGE)).toBeVisible();
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByText(RULE_VALID_MESSAGE)).toBeNull(), {
      timeout: RULE_VALID_SHOWN_MS + 2000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(RULE_VALID_SHOWN_MS - 200);
    // The check still holds: the rule can be added.
    expect(screen.getByRole('button', { name: 'Add Rule' })).toBeEnabled();
  });

  it('checks the rule against the determining properties and the other rules', async () => {
    serve();
    renderApp(templatePath(V1, '/rule/create'));
    const editor = await screen.findByRole('textbox', { name: 'Rule JSON' });
    const check = screen.getByRole('button', { name: 'Check JSON Format' });

    write(editor, '"location": "$.verb.id", "all": ["https://example.org/other"]');
    await userEvent.click(check);
    expect(await problems()).toHaveTextContent(
      'Not every value in the verb determining property specified for $.verb.id is present in the all condition values.',
    );
    // The template has a rule for this location already.
    expect(screen.getByRole('alert', { name: 'The rule has problems' })).toHaveTextContent(
      'This template already has a rule for location $.verb.id',
    );

    write(
      editor,
      '"location": "$.context.contextActivities.parent[*].definition.type", "any": ["x"]',
    );
    await userEvent.click(check);
    expect(await problems()).toHaveTextContent(
      'There cannot be an any condition for location $.context.contextActivities.parent[*].definition.type because a contextParentActivityType determining property has not been specified for this template.',
    );

    write(editor, '"location": "$.verb", "presence": "excluded"');
    await userEvent.click(check);
    expect(await problems()).toHaveTextContent(
      'The presence cannot be excluded for location $.verb because a verb determining property has been specified for this template.',
    );

    write(editor, '{"location": ');
    await userEvent.click(check);
    expect(await problems()).toHaveTextContent(/JSON/);
    expect(screen.getByRole('button', { name: 'Add Rule' })).toBeDisabled();
  });

  it('edits a rule in place, and shows every problem the server answers in the same alert', async () => {
    const calls = serve(withVerb(), {
      [`PUT ${templateApi(V1, '/rules/1')}`]: () => [
        400,
        {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'First problem.',
          errors: ['First problem.', 'Second problem.'],
        },
      ],
    });
    renderApp(templatePath(V1, '/rule/edit?rule=1'));
    const editor = await screen.findByRole('textbox', { name: 'Rule JSON' });
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual({
      location: '$.result.score.raw',
      selector: '$.value',
      presence: 'recommended',
      none: [0],
      scopeNote: { en: 'Used when the video is scored.' },
    });
    const save = screen.getByRole('button', { name: 'Save Rule' });
    expect(save).toBeDisabled();
    // The rule's own location is not "another rule".
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    expect(await screen.findByText(RULE_VALID_MESSAGE)).toBeVisible();
    await userEvent.click(save);
    const alert = await problems('Rule not saved');
    expect(alert).toHaveTextContent('First problem.');
    expect(alert).toHaveTextContent('Second problem.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      rule: { location: '$.result.score.raw', presence: 'recommended' },
    });
  });

  it('says that a rule the template does not have does not exist', async () => {
    serve();
    renderApp(templatePath(V1, '/rule/edit?rule=7'));
    expect(await screen.findByText('This page does not exist.')).toBeVisible();
  });

  it('sends editors of a published template to its page', async () => {
    serve(templateView({ ...withVerb().template, publishedInProfile: true }, { edit: true }));
    const router = renderApp(templatePath(V1, '/rule/create'));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
  });
});

describe('a rule saved after someone else saved the template', () => {
  const conflict = bobSavedFirst('this statement template');
  const THEIR_RULE = { location: '$.result.score.raw', presence: 'excluded' };
  /** Their version: rule 2 excluded, and a third rule. */
  const theirs = () => {
    const view = withVerb();
    const rules = view.template.rules;
    return withVerb({
      revision: 'rev-2.b',
      rules: [rules[0] ?? {}, THEIR_RULE, { location: '$.result.success', presence: 'included' }],
    });
  };
  /** Their save lands as this one is sent; a save passes on their revision only. */
  function serveConflict(change: string) {
    let saved = false;
    return serve(withVerb(), {
      [`GET ${templateApi()}`]: () => [200, saved ? theirs() : withVerb()],
      [change]: (call: StubCall) => {
        saved = true;
        return call.ifMatch === '"rev-2.b"' ? [200, templateChange(V1)] : [409, conflict];
      },
    });
  }
  const MINE = '"location": "$.result.score.raw", "presence": "included"';

  async function saveIntoConflict(button: string) {
    write(await screen.findByRole('textbox', { name: 'Rule JSON' }), MINE);
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    await userEvent.click(screen.getByRole('button', { name: button }));
    const alert = await screen.findByRole('alert', {
      name: 'Not saved: someone else saved meanwhile',
    });
    expect(alert).toHaveTextContent(conflict.message);
    expect(feedback.getState().errors).toEqual([]);
    return { alert, table: await within(alert).findByRole('table') };
  }

  it('sets their rule at that position beside the one typed; Keep mine saves it on their revision', async () => {
    const calls = serveConflict(`PUT ${templateApi(V1, '/rules/1')}`);
    renderApp(templatePath(V1, '/rule/edit?rule=1'));
    const { alert, table } = await saveIntoConflict('Save Rule');
    const row = within(table).getByRole('row', { name: /^Rule 2/ });
    expect(row).toHaveTextContent('"presence": "excluded"');
    expect(row).toHaveTextContent('"presence": "included"');
    expect(screen.getByRole('textbox', { name: 'Rule JSON' })).toHaveValue(MINE);

    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(feedback.getState().success?.message).toBe(RULE_SAVED_MESSAGE));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
    expect(puts[1]?.body).toEqual({
      rule: { location: '$.result.score.raw', presence: 'included' },
    });
  });

  it('Take theirs puts their rule in the editor, to check and save on their revision', async () => {
    const calls = serveConflict(`PUT ${templateApi(V1, '/rules/1')}`);
    renderApp(templatePath(V1, '/rule/edit?rule=1'));
    const { alert } = await saveIntoConflict('Save Rule');
    await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(alert).not.toBeInTheDocument());
    const editor = screen.getByRole('textbox', { name: 'Rule JSON' });
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual(THEIR_RULE);
    expect(screen.getByRole('button', { name: 'Save Rule' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Rule' }));
    await waitFor(() => expect(feedback.getState().success?.message).toBe(RULE_SAVED_MESSAGE));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.ifMatch)).toEqual([
      '"rev-1.a"',
      '"rev-2.b"',
    ]);
  });

  it('sets their rules beside them with the new one added', async () => {
    const calls = serveConflict(`POST ${templateApi(V1, '/rules')}`);
    renderApp(templatePath(V1, '/rule/create'));
    write(
      await screen.findByRole('textbox', { name: 'Rule JSON' }),
      '"location": "$.result.completion", "presence": "included"',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check JSON Format' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
    const alert = await screen.findByRole('alert', {
      name: 'Not saved: someone else saved meanwhile',
    });
    const row = within(await within(alert).findByRole('table')).getByRole('row', {
      name: /^Rules/,
    });
    expect(row).toHaveTextContent('$.result.success');
    expect(row).toHaveTextContent('$.result.completion');
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(feedback.getState().success?.message).toBe(RULE_SAVED_MESSAGE));
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/rules'))).toHaveLength(2);
  });
});

describe('viewing a rule', () => {
  it('shows the rule read-only, with Edit Rule for editors on the group page', async () => {
    serve();
    renderApp(templatePath(V1, '/rule/view?rule=1'));
    const details = await screen.findByRole('region', { name: 'Rule details' });
    expect(within(details).getByText('$.result.score.raw', { selector: 'dd code' })).toBeVisible();
    expect(within(details).getByText('$.value')).toBeVisible();
    expect(within(details).getByText('recommended')).toBeVisible();
    expect(within(details).getByRole('list', { name: 'None values' })).toHaveTextContent('0');
    expect(JSON.parse(within(details).getByLabelText('Rule JSON').textContent ?? '')).toMatchObject(
      {
        location: '$.result.score.raw',
      },
    );
    expect(screen.getByRole('link', { name: 'Edit Rule' })).toHaveAttribute(
      'href',
      templatePath(V1, '/rule/edit?rule=1'),
    );
    const notes = within(details).getByRole('table', { name: 'Scope notes' });
    expect(within(notes).getByText('English')).toBeVisible();
    expect(within(notes).getByText('Used when the video is scored.')).toBeVisible();
  });

  it('offers no Edit Rule on the public page', async () => {
    serve();
    renderApp(
      `/profile/${PROFILE_ID}/version/${V1}/templates/${withVerb().template.uuid}/rule/view?rule=0`,
    );
    expect(await screen.findByRole('region', { name: 'Rule details' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit Rule' })).toBeNull();
  });

  it('offers no Edit Rule once published, but scope notes may still change', async () => {
    serve(templateView({ ...withVerb().template, publishedInProfile: true }, { edit: true }));
    renderApp(templatePath(V1, '/rule/view?rule=0'));
    expect(await screen.findByRole('region', { name: 'Rule details' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit Rule' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Scope Note' })).toBeVisible();
  });

  it('hides the scope note controls from readers', async () => {
    serve(templateView(withVerb().template));
    renderApp(templatePath(V1, '/rule/view?rule=1'));
    await screen.findByRole('region', { name: 'Rule details' });
    expect(screen.queryByRole('button', { name: 'Add Scope Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove English scope note' })).toBeNull();
  });
});

describe('scope notes', () => {
  it('adds one in a language not used yet, saving the rule under a lock', async () => {
    const calls = serve();
    renderApp(templatePath(V1, '/rule/view?rule=1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Scope Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Scope Note' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Scope Note' }));
    await waitFor(() => expect(within(dialog).getAllByText(REQUIRED)).toHaveLength(2));

    const language = within(dialog).getByRole('combobox', { name: /Language/ });
    await userEvent.type(language, 'Engl');
    expect(screen.queryByRole('option', { name: 'English (en)' })).toBeNull();
    await userEvent.clear(language);
    await userEvent.type(language, 'fr');
    await userEvent.click(await screen.findByRole('option', { name: 'French (fr)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Scope Note/ }), 'Noté.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Scope Note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const changes = calls.filter((c) => c.method !== 'GET');
    expect(changes.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${templateApi(V1, '/lock')}`,
      `PUT ${templateApi(V1, '/rules/1')}`,
      `DELETE ${templateApi(V1, '/lock')}`,
    ]);
    expect(changes[1]?.body).toEqual({
      rule: {
        location: '$.result.score.raw',
        selector: '$.value',
        presence: 'recommended',
        none: [0],
        scopeNote: { en: 'Used when the video is scored.', fr: 'Noté.' },
      },
    });
    expect(feedback.getState().success?.message).toBe(SCOPE_NOTE_SAVED_MESSAGE);
  });

  it('removes one after asking; the last one leaves the rule without scope notes', async () => {
    const calls = serve();
    renderApp(templatePath(V1, '/rule/view?rule=1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove English scope note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Scope Note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Scope Note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rule: {
        location: '$.result.score.raw',
        selector: '$.value',
        presence: 'recommended',
        none: [0],
      },
    });
    expect(feedback.getState().success?.message).toBe(SCOPE_NOTE_REMOVED_MESSAGE);
  });

  describe('after someone else saved the template', () => {
    const conflict = bobSavedFirst('this statement template');
    /** Their version: the rule with a French scope note of theirs, and its presence changed. */
    const theirs = () => {
      const view = withVerb();
      const [first] = view.template.rules;
      return withVerb({
        revision: 'rev-2.b',
        rules: [
          first ?? {},
          {
            location: '$.result.score.raw',
            presence: 'included',
            scopeNote: { en: 'Used when the video is scored.', fr: 'Le leur.' },
          },
        ],
      });
    };
    function serveConflict() {
      let saved = false;
      return serve(withVerb(), {
        [`GET ${templateApi()}`]: () => [200, saved ? theirs() : withVerb()],
        [`PUT ${templateApi(V1, '/rules/1')}`]: (call: StubCall) => {
          saved = true;
          return call.ifMatch === '"rev-2.b"' ? [200, templateChange(V1)] : [409, conflict];
        },
      });
    }

    async function addIntoConflict() {
      await userEvent.click(await screen.findByRole('button', { name: 'Add Scope Note' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Scope Note' });
      await userEvent.type(within(dialog).getByRole('combobox', { name: /Language/ }), 'fr');
      await userEvent.click(await screen.findByRole('option', { name: 'French (fr)' }));
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Scope Note/ }), 'Le mien.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Scope Note' }));
      const alert = await within(dialog).findByRole('alert', {
        name: 'Not saved: someone else saved meanwhile',
      });
      expect(alert).toHaveTextContent(conflict.message);
      expect(await differenceRow(alert, /^French scope note/)).toEqual(['Le leur.', 'Le mien.']);
      expect(within(dialog).getByRole('textbox', { name: /Scope Note/ })).toHaveValue('Le mien.');
      expect(feedback.getState().errors).toEqual([]);
      return { dialog, alert };
    }

    it('sets their note beside the one typed; Keep mine adds it to their rule on their revision', async () => {
      const calls = serveConflict();
      renderApp(templatePath(V1, '/rule/view?rule=1'));
      const { alert } = await addIntoConflict();
      await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
      expect(puts[1]?.body).toEqual({
        rule: {
          location: '$.result.score.raw',
          presence: 'included',
          scopeNote: { en: 'Used when the video is scored.', fr: 'Le mien.' },
        },
      });
      expect(feedback.getState().success?.message).toBe(SCOPE_NOTE_SAVED_MESSAGE);
    });

    it('Take theirs leaves their note, which the page then shows', async () => {
      const calls = serveConflict();
      renderApp(templatePath(V1, '/rule/view?rule=1'));
      const { alert } = await addIntoConflict();
      await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const notes = screen.getByRole('table', { name: 'Scope notes' });
      expect(within(notes).getByRole('row', { name: /^French/ })).toHaveTextContent('Le leur.');
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    });

    it('removes a note anyway on their version', async () => {
      const calls = serveConflict();
      renderApp(templatePath(V1, '/rule/view?rule=1'));
      await userEvent.click(
        await screen.findByRole('button', { name: 'Remove English scope note' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Remove Scope Note?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Scope Note' }));
      const alert = await within(dialog).findByRole('alert');
      expect(await within(alert).findByRole('table')).toHaveTextContent('French: Le leur.');
      await userEvent.click(within(alert).getByRole('button', { name: 'Remove anyway' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
      expect(puts[1]?.body).toEqual({
        rule: {
          location: '$.result.score.raw',
          presence: 'included',
          scopeNote: { fr: 'Le leur.' },
        },
      });
    });
  });
});
