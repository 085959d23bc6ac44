import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALTERNATES_MINIMUM_MESSAGE,
  PATTERN_LIMITED_EDIT_MESSAGE,
  type PatternView,
} from '../../../../common/patterns';
import { MORE_INFO_MESSAGE } from '../../../../common/profiles';
import { feedback } from '../../../lib/feedback-store';
import { RETRY_LABEL } from '../../../components/WriteLockGate';
import {
  change,
  COMPONENT_SEARCH,
  lockedBy,
  lockHandlers,
  ok,
  PATTERN_3,
  PATTERN_ID,
  patternApi,
  patternView,
  PROFILE_IRI,
  publishedWithDraft,
  renderApp,
  TEMPLATE_2,
  TEMPLATE_ID,
  V1,
  V2,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from '../../../test/stubs/patterns';
import { SAVED_MESSAGE, unknownComponentsMessage } from './EditPatternPage';
import { paused, played, rewinding, serveForm } from './testing/screens';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const editPath = versionPath(V1, `patterns/${PATTERN_ID}/edit`);
const lockPath = patternApi(V1, '/lock');

function draftView(overrides: Partial<PatternView['pattern']> = {}, edit = true) {
  return patternView(
    {
      type: 'sequence',
      translations: [{ language: 'fr', translationName: 'Regarder', translationDesc: 'Voir.' }],
      tags: ['video'],
      moreInformation: 'https://example.org/watching',
      components: [played, paused],
      ...overrides,
    },
    { edit },
  );
}

function serve(pattern: PatternView, extra = {}): StubCall[] {
  return serveForm({
    [`GET ${patternApi()}`]: ok(pattern),
    ...lockHandlers(lockPath),
    [`GET ${COMPONENT_SEARCH}`]: ok({
      success: true,
      components: [rewinding],
      page: 1,
      limit: 10,
      total: 1,
    }),
    ...extra,
  });
}

const chosenNames = () =>
  within(screen.getByRole('list', { name: 'Components' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('editing a draft pattern', () => {
  it('holds the lock, edits details and components, and saves in the version answered', async () => {
    const after = publishedWithDraft();
    const calls = serve(draftView(), {
      [`PUT ${patternApi()}`]: ok(change(V2)),
      [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
      [`GET ${patternApi(V2)}`]: ok(patternView()),
    });
    const router = renderApp(editPath);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(lockPath);
    expect(name).toHaveValue('Watching');
    expect(screen.getByLabelText('Pattern IRI')).toHaveTextContent(
      `${PROFILE_IRI}/patterns/watching`,
    );
    expect(screen.queryByLabelText('Generated IRI')).toBeNull();
    expect(screen.getByText('French (fr)')).toBeVisible();
    expect(chosenNames()).toEqual(['1. Played', '2. Paused']);

    await userEvent.clear(name);
    await userEvent.type(name, 'Watching Closely');
    await userEvent.click(screen.getByRole('radio', { name: 'Secondary' }));
    const finder = screen.getByRole('region', { name: 'Find components' });
    await userEvent.click(within(finder).getByRole('radio', { name: 'Patterns' }));
    await userEvent.type(within(finder).getByRole('textbox', { name: /Search patterns/ }), 'rew');
    await userEvent.click(within(finder).getByRole('button', { name: 'Search' }));
    await userEvent.click(await within(finder).findByRole('button', { name: 'Add Rewinding' }));
    expect(
      calls
        .filter((c) => c.path === COMPONENT_SEARCH)
        .at(-1)
        ?.query.toString(),
    ).toBe(
      `search=rew&page=1&limit=10&versionId=${V1}&componentType=pattern&patternId=${PATTERN_ID}`,
    );
    const list = screen.getByRole('list', { name: 'Components' });
    await userEvent.click(
      within(within(list).getByRole('listitem', { name: '3. Rewinding' })).getByRole('button', {
        name: 'Move up',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Played' }));
    expect(chosenNames()).toEqual(['1. Rewinding', '2. Paused']);

    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V2, `patterns/${PATTERN_ID}`)),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Watching Closely',
      description: 'A learner watches a video to the end.',
      translations: [{ language: 'fr', translationName: 'Regarder', translationDesc: 'Voir.' }],
      tags: ['video'],
      moreInformation: 'https://example.org/watching',
      primary: false,
      components: [
        { componentType: 'pattern', componentId: PATTERN_3 },
        { componentType: 'template', componentId: TEMPLATE_2 },
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED_MESSAGE);
    // Leaving the screen gives the lock back.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === lockPath)).toBe(true),
    );
  });

  it('says component problems and keeps Save disabled until they are fixed', async () => {
    serve(draftView({ type: 'alternates', components: [played, paused] }));
    renderApp(editPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    // Alternates are not reordered.
    expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
    expect(saveButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Paused' }));
    expect(screen.getByRole('alert', { name: 'Component problems' })).toHaveTextContent(
      ALTERNATES_MINIMUM_MESSAGE,
    );
    expect(saveButton()).toBeDisabled();
  });

  it('tells of components the server does not know', async () => {
    serve(
      draftView({
        components: [
          played,
          {
            uuid: null,
            iri: 'https://elsewhere.example.org/templates/x',
            name: null,
            description: '',
            componentType: null,
            patternType: null,
            status: null,
            parentProfile: null,
          },
        ],
      }),
    );
    renderApp(editPath);
    expect(await screen.findByText(unknownComponentsMessage(1))).toBeVisible();
    expect(chosenNames()).toEqual(['1. Played']);
  });

  it('shows the server’s refusal in place', async () => {
    const cycle = 'Rewinding contains this pattern, so using it here would make it contain itself.';
    serve(draftView(), {
      [`PUT ${patternApi()}`]: () => [
        400,
        { success: false, code: 'VALIDATION_FAILED', message: cycle, errors: [cycle] },
      ],
    });
    const router = renderApp(editPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.click(saveButton());
    expect(await screen.findByText(cycle)).toBeVisible();
    expect(screen.getByText('Pattern Not Saved')).toBeVisible();
    expect(router.state.location.pathname).toBe(editPath);
  });

  it('deletes from the form with the lock it holds, and opens the version page', async () => {
    const calls = serve(draftView(), { [`DELETE ${patternApi()}`]: ok(change(V1)) });
    const router = renderApp(editPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    const form = screen.getByRole('region', { name: 'Edit Pattern' });
    await userEvent.click(within(form).getByRole('button', { name: 'Delete pattern' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete the pattern .+\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete pattern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
    expect(calls.filter((c) => c.method === 'POST' && c.path === lockPath)).toHaveLength(1);
  });
});

describe('editing a published pattern', () => {
  it('offers only translations, tags and more information, and sends the rest unchanged', async () => {
    const calls = serve(
      draftView({ publishedInProfile: true, status: 'Published', components: [played, paused] }),
      { [`PUT ${patternApi()}`]: ok(change(V1)) },
    );
    const router = renderApp(editPath);
    expect(await screen.findByText(PATTERN_LIMITED_EDIT_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Description/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Find components' })).toBeNull();
    const form = screen.getByRole('region', { name: 'Edit Pattern' });
    expect(within(form).queryByRole('button', { name: 'Delete pattern' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Deprecate' })).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Tags' }), 'player{Enter}');
    const more = screen.getByRole('textbox', { name: /^More Information/ });
    await userEvent.clear(more);
    await userEvent.type(more, 'not a url');
    await userEvent.click(saveButton());
    expect(await screen.findByText(MORE_INFO_MESSAGE)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(more);
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, `patterns/${PATTERN_ID}`)),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Watching',
      description: 'A learner watches a video to the end.',
      translations: [{ language: 'fr', translationName: 'Regarder', translationDesc: 'Voir.' }],
      tags: ['video', 'player'],
      moreInformation: '',
      primary: true,
      components: [
        { componentType: 'template', componentId: TEMPLATE_ID },
        { componentType: 'template', componentId: TEMPLATE_2 },
      ],
    });
  });
});

describe('who may edit', () => {
  it('sends readers to the pattern page', async () => {
    serve(draftView({}, false));
    const router = renderApp(editPath);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, `patterns/${PATTERN_ID}`)),
    );
    expect(await screen.findByRole('region', { name: 'Pattern details' })).toBeVisible();
  });

  it('says who holds the lock, and offers to try again', async () => {
    serve(draftView(), {
      [`POST ${lockPath}`]: () => [409, lockedBy('Grace Hopper')],
    });
    renderApp(editPath);
    expect(await screen.findByText(/Grace Hopper is editing this/)).toBeVisible();
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
  });
});
