import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../../common/profiles';
import { RULE_VALID_MESSAGE } from '../../../../common/rule-check';
import { feedback } from '../../../app/feedback-store';
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
} from '../testing/stub';
import { RULE_SAVED_MESSAGE, RULE_VALID_SHOWN_MS } from './RuleEditorPage';
import { SCOPE_NOTE_REMOVED_MESSAGE, SCOPE_NOTE_SAVED_MESSAGE } from './ScopeNotes';

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
});
