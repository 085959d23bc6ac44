import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALTERNATES_MINIMUM_MESSAGE,
  CYCLE_MESSAGE,
  DUPLICATE_COMPONENT_MESSAGE,
  OPTIONAL_IN_ALTERNATES_MESSAGE,
  SEQUENCE_MINIMUM_MESSAGE,
  SINGLE_COMPONENT_MESSAGE,
  type PatternComponent,
} from '../../../../common/patterns';
import { IRI_FORMAT_MESSAGE, REQUIRED } from '../../../../common/profiles';
import { feedback } from '../../../lib/feedback-store';
import {
  change,
  COMPONENT_SEARCH,
  ok,
  PATTERN_3,
  PATTERN_ID,
  patternApi,
  patternList,
  patternsApi,
  patternView,
  profile,
  PROFILE_IRI,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  TEMPLATE_2,
  TEMPLATE_3,
  TEMPLATE_ID,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from '../../../test/stubs/patterns';
import { createdMessage, STEP_ADD, STEP_ARRANGE, STEP_DEFINE } from './CreatePatternPage';
import { CHOOSER_TITLE } from './PatternTypeChooser';
import { ended, paused, played, rewinding, serveForm, skipping } from './testing/screens';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

/** The fake server's component search: templates or patterns whose name has the text. */
function componentSearch(call: StubCall): [number, unknown] {
  const wanted = (call.query.get('search') ?? '').toLowerCase();
  const all: PatternComponent[] =
    call.query.get('componentType') === 'pattern' ? [skipping, rewinding] : [played, paused, ended];
  const found = all.filter((c) => (c.name ?? '').toLowerCase().includes(wanted));
  return [200, { success: true, components: found, page: 1, limit: 10, total: found.length }];
}

function serve(extra = {}, versionView = view(profile(), version())) {
  return serveForm({ [`GET ${COMPONENT_SEARCH}`]: componentSearch, ...extra }, versionView);
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const continueButton = () => button('Continue');
const createButton = () => button('Create Pattern');

async function fillDetails(name = 'Watching') {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), name);
  await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Watched it.');
}

async function findComponents(kind: 'Statement Templates' | 'Patterns', text: string) {
  await userEvent.click(screen.getByRole('radio', { name: kind }));
  const box = screen.getByRole('textbox', {
    name: kind === 'Patterns' ? /Search patterns/ : /Search statement templates/,
  });
  await userEvent.clear(box);
  await userEvent.type(box, text);
  const finder = screen.getByRole('region', { name: 'Find components' });
  await userEvent.click(within(finder).getByRole('button', { name: 'Search' }));
  return screen.findByRole('region', { name: 'Component search results' });
}

async function addComponent(kind: 'Statement Templates' | 'Patterns', name: string) {
  const results = await findComponents(kind, name);
  await userEvent.click(await within(results).findByRole('button', { name: `Add ${name}` }));
}

const chosenNames = () =>
  within(screen.getByRole('list', { name: /^Component/ }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const problems = () => screen.queryByRole('alert', { name: 'Component problems' });

describe('choosing the type of a new pattern', () => {
  it('offers the five types with a sentence each and opens the steps of the one chosen', async () => {
    serve();
    const router = renderApp(versionPath(V1, 'patterns/create'));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
    for (const label of ['Sequence', 'Alternates', 'Optional', 'One or More', 'Zero or More'])
      expect(screen.getByRole('link', { name: label })).toHaveAccessibleDescription(/Matches/);
    await userEvent.click(screen.getByRole('link', { name: 'Zero or More' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns/create/zeroOrMore')),
    );
    expect(await screen.findByRole('button', { name: new RegExp(STEP_DEFINE) })).toBeVisible();
    expect(screen.getByRole('button', { name: new RegExp(STEP_ADD) })).toBeVisible();
    expect(screen.queryByRole('button', { name: new RegExp(STEP_ARRANGE) })).toBeNull();
  });

  it('goes back to the chooser for any other type', async () => {
    serve();
    const router = renderApp(versionPath(V1, 'patterns/create/loop'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns/create')),
    );
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
  });

  it('sends people who may not author patterns to the list', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    serve({ [`GET ${patternsApi()}`]: ok(patternList([])) }, view(p, v1));
    const router = renderApp(versionPath(V1, 'patterns/create/sequence'));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
  });
});

describe('creating a sequence', () => {
  it('continues from Define Pattern only with valid details, showing the IRI as it is typed', async () => {
    serve();
    renderApp(versionPath(V1, 'patterns/create/sequence'));
    expect(await screen.findByRole('button', { name: new RegExp(STEP_ARRANGE) })).toBeVisible();
    expect(continueButton()).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Primary' })).toBeChecked();
    await userEvent.click(screen.getByRole('textbox', { name: /^Name/ }));
    await userEvent.tab();
    expect(await screen.findByText(REQUIRED)).toBeVisible();
    await fillDetails('Watching Videos');
    expect(screen.getByLabelText('Generated IRI')).toHaveTextContent(
      `${PROFILE_IRI}/patterns/watching-videos`,
    );
    expect(continueButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Use an IRI I already own' }));
    expect(continueButton()).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /External IRI/ }), 'not an iri');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    expect(continueButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Generate an IRI/ }));
    expect(continueButton()).toBeEnabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^More Information/ }), 'nope');
    await userEvent.tab();
    expect(continueButton()).toBeDisabled();
    await userEvent.clear(screen.getByRole('textbox', { name: /^More Information/ }));
    expect(continueButton()).toBeEnabled();
    await userEvent.click(continueButton());
    expect(await screen.findByRole('region', { name: 'Find components' })).toBeVisible();
  });

  it('adds and orders the components, then creates it in the version answered', async () => {
    const { profile: p, v1 } = publishedOnly();
    const after = publishedWithDraft();
    const calls = serve(
      {
        [`POST ${patternsApi(V1)}`]: ok(change(V2, PATTERN_ID)),
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
        [`GET ${patternApi(V2)}`]: ok(patternView()),
      },
      view(p, v1),
    );
    const router = renderApp(versionPath(V1, 'patterns/create/sequence'));
    expect(await screen.findByText(/goes into the profile's next draft/)).toBeVisible();
    await fillDetails('Watching Videos');
    // The IRI not chosen is not sent.
    await userEvent.click(screen.getByRole('radio', { name: 'Use an IRI I already own' }));
    await userEvent.type(screen.getByRole('textbox', { name: /External IRI/ }), 'x');
    await userEvent.click(screen.getByRole('radio', { name: /Generate an IRI/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^More Information/ }), 'https://a.b');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tags' }), 'video, player{Enter}');
    await userEvent.click(continueButton());

    // Add Components: a sequence needs two, unless it is primary with one template.
    expect(await screen.findByRole('radio', { name: 'Statement Templates' })).toBeChecked();
    expect(problems()).toHaveTextContent(SEQUENCE_MINIMUM_MESSAGE);
    expect(continueButton()).toBeDisabled();
    await addComponent('Statement Templates', 'Played');
    expect(problems()).toBeNull();
    const search = calls.filter((c) => c.path === COMPONENT_SEARCH).at(-1);
    expect(search?.query.toString()).toBe(
      `search=Played&page=1&limit=10&versionId=${V1}&componentType=template`,
    );
    await addComponent('Patterns', 'Rewinding');
    expect(
      calls
        .filter((c) => c.path === COMPONENT_SEARCH)
        .at(-1)
        ?.query.get('componentType'),
    ).toBe('pattern');
    await addComponent('Statement Templates', 'Ended');
    expect(chosenNames()).toEqual(['1. Played', '2. Rewinding', '3. Ended']);
    await userEvent.click(button('Remove Rewinding'));
    await addComponent('Patterns', 'Rewinding');
    expect(chosenNames()).toEqual(['1. Played', '2. Ended', '3. Rewinding']);
    await userEvent.click(continueButton());

    // Arrange Order: buttons for keyboards, and drag and drop.
    const order = await screen.findByRole('list', { name: 'Component order' });
    const row = (label: string) => within(order).getByRole('listitem', { name: label });
    expect(within(row('1. Played')).getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(within(row('3. Rewinding')).getByRole('button', { name: 'Move down' })).toBeDisabled();
    await userEvent.click(within(row('3. Rewinding')).getByRole('button', { name: 'Move up' }));
    expect(chosenNames()).toEqual(['1. Played', '2. Rewinding', '3. Ended']);
    // Focus follows the moved row, so the keyboard can go on moving it.
    expect(within(row('2. Rewinding')).getByRole('button', { name: 'Move up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosenNames()).toEqual(['1. Rewinding', '2. Played', '3. Ended']);
    // At the top Move up is disabled: focus goes to the row's Move down.
    expect(within(row('1. Rewinding')).getByRole('button', { name: 'Move down' })).toHaveFocus();
    await userEvent.click(within(row('2. Played')).getByRole('button', { name: 'Move down' }));
    expect(chosenNames()).toEqual(['1. Rewinding', '2. Ended', '3. Played']);
    expect(within(row('3. Played')).getByRole('button', { name: 'Move up' })).toHaveFocus();
    await userEvent.click(within(row('3. Played')).getByRole('button', { name: 'Move up' }));
    expect(chosenNames()).toEqual(['1. Rewinding', '2. Played', '3. Ended']);
    fireEvent.dragStart(row('3. Ended'));
    fireEvent.dragOver(row('1. Rewinding'));
    fireEvent.drop(row('1. Rewinding'));
    expect(chosenNames()).toEqual(['1. Ended', '2. Rewinding', '3. Played']);

    // Back keeps everything; Create sends it in the arranged order.
    await userEvent.click(button('Back'));
    expect(chosenNames()).toEqual(['1. Ended', '2. Rewinding', '3. Played']);
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Create Pattern' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V2, `patterns/${PATTERN_ID}`)),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'sequence',
      name: 'Watching Videos',
      description: 'Watched it.',
      translations: [],
      tags: ['video', 'player'],
      moreInformation: 'https://a.b',
      primary: true,
      iriType: 'generated-iri',
      extiri: '',
      geniri: 'watching-videos',
      components: [
        { componentType: 'template', componentId: TEMPLATE_3 },
        { componentType: 'pattern', componentId: PATTERN_3 },
        { componentType: 'template', componentId: TEMPLATE_ID },
      ],
    });
    expect(feedback.getState().success?.message).toBe(createdMessage('Watching Videos'));
  });

  it('asks a secondary sequence of one template for a second component', async () => {
    serve();
    renderApp(versionPath(V1, 'patterns/create/sequence'));
    await fillDetails();
    await userEvent.click(screen.getByRole('radio', { name: 'Secondary' }));
    await userEvent.click(continueButton());
    await addComponent('Statement Templates', 'Played');
    expect(problems()).toHaveTextContent(SEQUENCE_MINIMUM_MESSAGE);
    expect(continueButton()).toBeDisabled();
    // A primary one may hold one template.
    await userEvent.click(button(new RegExp(STEP_DEFINE)));
    await userEvent.click(await screen.findByRole('radio', { name: 'Primary' }));
    await userEvent.click(continueButton());
    expect(problems()).toBeNull();
    expect(continueButton()).toBeEnabled();
  });
});

describe('creating alternates', () => {
  it('says each component problem before saving, and shows the server’s refusal on the last step', async () => {
    const cycle = CYCLE_MESSAGE('Rewinding');
    const calls = serve({
      [`POST ${patternsApi(V1)}`]: () => [
        400,
        {
          success: false,
          code: 'VALIDATION_FAILED',
          message: cycle,
          errors: [cycle, 'Rewinding is deprecated.'],
        },
      ],
    });
    renderApp(versionPath(V1, 'patterns/create/alternates'));
    await fillDetails('Either');
    await userEvent.click(continueButton());
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(problems()).toHaveTextContent(ALTERNATES_MINIMUM_MESSAGE);
    expect(createButton()).toBeDisabled();

    await addComponent('Statement Templates', 'Played');
    expect(problems()).toHaveTextContent(ALTERNATES_MINIMUM_MESSAGE);
    await addComponent('Statement Templates', 'Played');
    expect(problems()).toHaveTextContent(DUPLICATE_COMPONENT_MESSAGE);
    expect(problems()).not.toHaveTextContent(ALTERNATES_MINIMUM_MESSAGE);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove Played' })[1]!);
    await addComponent('Patterns', 'Skipping');
    expect(problems()).toHaveTextContent(OPTIONAL_IN_ALTERNATES_MESSAGE('Skipping'));
    expect(createButton()).toBeDisabled();
    await userEvent.click(button('Remove Skipping'));
    await addComponent('Patterns', 'Rewinding');
    expect(problems()).toBeNull();
    expect(createButton()).toBeEnabled();

    await userEvent.click(createButton());
    const title = await screen.findByText('Pattern Not Created');
    const refusal = title.closest<HTMLElement>('[role="alert"]');
    expect(refusal).toHaveTextContent(cycle);
    expect(refusal).toHaveTextContent('Rewinding is deprecated.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      type: 'alternates',
      components: [
        { componentType: 'template', componentId: TEMPLATE_ID },
        { componentType: 'pattern', componentId: PATTERN_3 },
      ],
    });
  });
});

describe('creating a single-component pattern', () => {
  it('holds one component: choosing another replaces it', async () => {
    const calls = serve({
      [`POST ${patternsApi(V1)}`]: ok(change(V1, PATTERN_ID)),
      [`GET ${patternApi(V1)}`]: ok(patternView()),
    });
    const router = renderApp(versionPath(V1, 'patterns/create/optional'));
    await fillDetails('Maybe');
    await userEvent.click(continueButton());
    expect(problems()).toHaveTextContent(SINGLE_COMPONENT_MESSAGE('optional'));
    expect(
      screen.getByText('An Optional pattern takes one component: adding another replaces it.'),
    ).toBeVisible();
    await addComponent('Statement Templates', 'Played');
    expect(chosenNames()).toEqual(['1. Played']);
    await addComponent('Patterns', 'Rewinding');
    expect(chosenNames()).toEqual(['1. Rewinding']);
    expect(problems()).toBeNull();
    await userEvent.click(button('Remove Rewinding'));
    expect(problems()).toHaveTextContent(SINGLE_COMPONENT_MESSAGE('optional'));
    await addComponent('Statement Templates', 'Paused');
    await userEvent.click(createButton());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, `patterns/${PATTERN_ID}`)),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      type: 'optional',
      components: [{ componentType: 'template', componentId: TEMPLATE_2 }],
    });
  });
});
