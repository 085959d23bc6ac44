import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DETERMINING_PROPERTY_EXISTS } from '../../../../common/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ada,
  CONCEPT_2,
  CONCEPT_3,
  CONCEPT_ID,
  conceptList,
  conceptRef,
  conceptRow,
  editable,
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
import { PROPERTY_SAVED_MESSAGE } from './DeterminingPropertyPages';
import { bobSavedFirst, differenceRow } from '../../../test/edit-conflict';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const SEARCH = '/app/concepts/search';
const searches = (calls: StubCall[]) => calls.filter((c) => c.path === SEARCH);

const verbs = [
  conceptRow({ uuid: CONCEPT_ID, name: 'played' }),
  conceptRow({ uuid: CONCEPT_2, name: 'paused' }),
];
const activityTypes = [
  conceptRow({ uuid: CONCEPT_2, name: 'video', conceptType: 'ActivityType', type: 'ActivityType' }),
  conceptRow({ uuid: CONCEPT_3, name: 'audio', conceptType: 'ActivityType', type: 'ActivityType' }),
];

function serve(view = editable(), extra = {}) {
  return stubServer(
    templateHandlers(view, {
      [`GET ${SEARCH}`]: (call) => [
        200,
        conceptList(call.query.get('conceptType') === 'Verb' ? verbs : activityTypes),
      ],
      [`PUT ${templateApi(V1, '/determining-properties/verb')}`]: () => [200, templateChange(V1)],
      [`PUT ${templateApi(V1, '/determining-properties/contextCategoryActivityType')}`]: () => [
        200,
        templateChange(V1),
      ],
      ...extra,
    }),
    signedIn(ada),
  );
}

async function choose(property: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: /Determining Property Type/ }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${property}`) }));
}

async function search(text: string) {
  const box = screen.getByRole('textbox', { name: /^Search .* concepts/ });
  await userEvent.clear(box);
  await userEvent.type(box, `${text}{Enter}`);
}

describe('adding a determining property', () => {
  it('continues only once a type is chosen, then searches concepts of its kind under the lock', async () => {
    const calls = serve();
    const router = renderApp(templatePath(V1, '/determining-properties/create'));
    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toBe(true);
    await choose('Context Category Activity Type');
    expect(next).toBeEnabled();
    await userEvent.click(next);

    const add = await screen.findByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await search('video');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select video' }));
    expect(searches(calls).at(-1)?.query.toString()).toBe(
      `search=video&page=1&limit=10&versionId=${V1}&conceptType=ActivityType&scope=all&listed=include`,
    );
    // Several concepts for the other properties.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select audio' }));
    const selected = screen.getByRole('region', { name: 'Selected concepts' });
    expect(within(selected).getByText('video')).toBeVisible();
    expect(within(selected).getByText('audio')).toBeVisible();

    // In this profile only.
    await userEvent.click(screen.getByRole('radio', { name: 'In this profile only' }));
    await search('video');
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('scope')).toBe('profile'));

    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      conceptIds: [CONCEPT_2, CONCEPT_3],
    });
    expect(feedback.getState().success?.message).toBe(PROPERTY_SAVED_MESSAGE);
  });

  it('takes one verb only: choosing another replaces it', async () => {
    const calls = serve();
    renderApp(templatePath(V1, '/determining-properties/create'));
    await choose('Verb');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await search('p');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select played' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select paused' }));
    const selected = screen.getByRole('region', { name: 'Selected concepts' });
    expect(within(selected).queryByText('played')).toBeNull();
    expect(within(selected).getByText('paused')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select played' })).not.toBeChecked();
    expect(searches(calls).at(-1)?.query.get('conceptType')).toBe('Verb');
    // Taking it out of the selection leaves nothing to add.
    await userEvent.click(
      within(selected).getByRole('button', { name: 'Remove paused from the selection' }),
    );
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('offers to edit a property the template has already, or to choose again', async () => {
    serve(
      editable({
        determiningProperties: [{ property: 'verb', concepts: [conceptRef('played', CONCEPT_ID)] }],
      }),
    );
    const router = renderApp(templatePath(V1, '/determining-properties/create'));
    await choose('Verb');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    let dialog = await screen.findByRole('dialog', { name: DETERMINING_PROPERTY_EXISTS });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Still on step 1.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: DETERMINING_PROPERTY_EXISTS });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit existing' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        templatePath(V1, '/determining-properties/verb/edit'),
      ),
    );
  });

  it('shows a refusal of the server in place', async () => {
    serve(editable(), {
      [`PUT ${templateApi(V1, '/determining-properties/verb')}`]: () => [
        400,
        {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'paused is an Activity Type, not a Verb.',
        },
      ],
    });
    renderApp(templatePath(V1, '/determining-properties/create'));
    await choose('Verb');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await search('p');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select paused' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('paused is an Activity Type, not a Verb.')).toBeVisible();
  });

  it('sends anyone to the template page once publication fixed the properties', async () => {
    serve(templateView({ publishedInProfile: true }, { edit: true }));
    const router = renderApp(templatePath(V1, '/determining-properties/create'));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
  });
});

describe('editing a determining property', () => {
  it('opens step 2 with its concepts chosen, and saves them', async () => {
    const calls = serve(
      editable({
        determiningProperties: [{ property: 'verb', concepts: [conceptRef('played', CONCEPT_ID)] }],
      }),
    );
    const router = renderApp(templatePath(V1, '/determining-properties/verb/edit'));
    expect(await screen.findByRole('heading', { name: 'Edit Verb' })).toBeVisible();
    const selected = screen.getByRole('region', { name: 'Selected concepts' });
    expect(within(selected).getByText('played')).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await search('p');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select paused' }));
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ conceptIds: [CONCEPT_2] });
  });

  it('says that another property name does not exist', async () => {
    serve();
    renderApp(templatePath(V1, '/determining-properties/objectType/edit'));
    expect(await screen.findByText('This page does not exist.')).toBeVisible();
  });
});

describe('a determining property saved after someone else saved the template', () => {
  const conflict = bobSavedFirst('this statement template');
  const withVerb = (name: string, uuid: string, revision = 'rev-1.a') =>
    editable({
      revision,
      determiningProperties: [{ property: 'verb', concepts: [conceptRef(name, uuid)] }],
    });
  /** Their save (the verb "watched") lands as this one is sent; a save passes on their revision. */
  function serveConflict() {
    let saved = false;
    return serve(withVerb('played', CONCEPT_ID), {
      [`GET ${templateApi()}`]: () => [
        200,
        saved ? withVerb('watched', CONCEPT_3, 'rev-2.b') : withVerb('played', CONCEPT_ID),
      ],
      [`PUT ${templateApi(V1, '/determining-properties/verb')}`]: (call: StubCall) => {
        saved = true;
        return call.ifMatch === '"rev-2.b"' ? [200, templateChange(V1)] : [409, conflict];
      },
    });
  }

  async function saveIntoConflict() {
    expect(await screen.findByRole('heading', { name: 'Edit Verb' })).toBeVisible();
    await search('p');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select paused' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', {
      name: 'Not saved: someone else saved meanwhile',
    });
    expect(alert).toHaveTextContent(conflict.message);
    expect(await differenceRow(alert, /^Verb/)).toEqual(['watched', 'paused']);
    expect(feedback.getState().errors).toEqual([]);
    return alert;
  }

  it('sets their concepts beside the ones chosen; Keep mine saves these on their revision', async () => {
    const calls = serveConflict();
    const router = renderApp(templatePath(V1, '/determining-properties/verb/edit'));
    const alert = await saveIntoConflict();
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
    expect(puts[1]?.body).toEqual({ conceptIds: [CONCEPT_2] });
  });

  it('Take theirs chooses their concepts, and the next save is based on their revision', async () => {
    const calls = serveConflict();
    const router = renderApp(templatePath(V1, '/determining-properties/verb/edit'));
    const alert = await saveIntoConflict();
    await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(alert).not.toBeInTheDocument());
    const selected = screen.getByRole('region', { name: 'Selected concepts' });
    expect(within(selected).getByText('watched')).toBeVisible();
    expect(within(selected).queryByText('paused')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
    expect(puts[1]?.body).toEqual({ conceptIds: [CONCEPT_3] });
  });
});
