import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPTY_COMPONENTS_MESSAGE, PATTERN_LIMITED_EDIT_MESSAGE } from '../../../common/patterns';
import { IRI_FORMAT_MESSAGE, REQUIRED } from '../../../common/profiles';
import { DELETED_MESSAGE, DEPRECATED_MESSAGE, LINK_REMOVED_MESSAGE } from './dialogs';
import { PATTERN_NOT_FOUND } from './PatternDetailPage';
import {
  ada,
  change,
  component,
  GROUP_ID,
  lockHandlers,
  ok,
  otherParent,
  PATTERN_2,
  PATTERN_3,
  PATTERN_ID,
  patternApi,
  patternList,
  patternsApi,
  patternView,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  resetBetweenScreenTests,
  signedIn,
  stubServer,
  TEMPLATE_ID,
  templateView,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from '../../test/stubs/patterns';

resetBetweenScreenTests();

const details = () => screen.findByRole('region', { name: 'Pattern details' });
const field = (region: HTMLElement, label: string) => {
  const term = within(region).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
};
const toolbar = () => screen.findByRole('toolbar', { name: 'Pattern actions' });

function serve(pattern: ReturnType<typeof patternView>, extra = {}): StubCall[] {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${patternApi()}`]: ok(pattern),
      ...extra,
    },
    signedIn(ada),
  );
}

const changesOf = (calls: StubCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

describe('pattern page', () => {
  it('shows every field, and the components in order with links and info buttons', async () => {
    serve(
      patternView({
        type: 'sequence',
        primary: false,
        translations: [{ language: 'de', translationName: 'Schauen', translationDesc: 'Sehen.' }],
        tags: ['video', 'watching'],
        moreInformation: 'https://example.org/watching',
        components: [
          component({ name: 'Played', uuid: TEMPLATE_ID }),
          component({
            name: 'Pausing',
            uuid: PATTERN_2,
            componentType: 'pattern',
            patternType: 'zeroOrMore',
          }),
          {
            uuid: null,
            iri: 'https://elsewhere.example.org/templates/unknown',
            name: null,
            description: '',
            componentType: null,
            patternType: null,
            status: null,
            parentProfile: null,
          },
        ],
      }),
      {
        [`GET /app/template/${TEMPLATE_ID}`]: ok(templateView({ name: 'Played' })),
      },
    );
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    const region = await details();
    expect(screen.getByRole('heading', { name: 'Watching' })).toBeVisible();
    expect(field(region, 'Name')).toHaveTextContent('Watching');
    expect(field(region, 'IRI')).toHaveTextContent(`${PROFILE_IRI}/patterns/watching`);
    expect(field(region, 'Type')).toHaveTextContent('Sequence');
    expect(field(region, 'Primary or Secondary')).toHaveTextContent('Secondary');
    expect(field(region, 'Status')).toHaveTextContent('Unpublished');
    expect(field(region, 'Description')).toHaveTextContent('A learner watches a video to the end.');
    expect(within(field(region, 'Translations')).getByText('German (de)')).toBeVisible();
    expect(field(region, 'Tags')).toHaveTextContent('videowatching');
    expect(within(field(region, 'More Information')).getByRole('link')).toHaveAttribute(
      'href',
      'https://example.org/watching',
    );
    expect(within(field(region, 'Parent Profile')).getByRole('link')).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
    expect(within(field(region, 'Working Group')).getByRole('link')).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(field(region, 'Updated')).toHaveTextContent(
      `${new Date('2025-02-04T10:00:00.000Z').toLocaleDateString()} by Ada Lovelace`,
    );

    const components = screen.getByRole('table', { name: 'Components' });
    const rows = within(components).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Played' })).toHaveAttribute(
      'href',
      versionPath(V1, `templates/${TEMPLATE_ID}`),
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Pausing' })).toHaveAttribute(
      'href',
      versionPath(V1, `patterns/${PATTERN_2}`),
    );
    expect(within(rows[1]!).getByText('Pattern (Zero or More)')).toBeVisible();
    // An IRI the server does not know is shown, without a link or panel.
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(
      within(rows[2]!).getByText('https://elsewhere.example.org/templates/unknown'),
    ).toBeVisible();
    // Without the right to edit there is nothing to do.
    expect(screen.queryByRole('toolbar', { name: 'Pattern actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Patterns' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns'),
    );

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Show details of Played' }));
    const panel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(await within(panel).findByRole('heading', { name: 'Played' })).toBeVisible();
  });

  it('says when a pattern has no components, and when the version does not list it', async () => {
    serve(patternView());
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    expect(await screen.findByText(EMPTY_COMPONENTS_MESSAGE)).toBeVisible();
    await act(() => router.navigate(versionPath(V1, `patterns/${PATTERN_3}`)));
    expect(await screen.findByText(PATTERN_NOT_FOUND)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the patterns' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns'),
    );
  });
});

describe('pattern page actions', () => {
  it('gives editors Edit, Deprecate and Delete, and the limited-editing notice once published', async () => {
    serve(patternView({ publishedInProfile: true }, { edit: true }));
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    const actions = await toolbar();
    expect(within(actions).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      versionPath(V1, `patterns/${PATTERN_ID}/edit`),
    );
    expect(within(actions).getByRole('button', { name: 'Deprecate' })).toBeVisible();
    expect(within(actions).getByRole('button', { name: 'Delete pattern' })).toBeVisible();
    expect(screen.getByText(PATTERN_LIMITED_EDIT_MESSAGE)).toBeVisible();
  });

  it('does not show the limited-editing notice to readers', async () => {
    serve(patternView({ publishedInProfile: true, status: 'Published' }));
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    await details();
    expect(screen.queryByText(PATTERN_LIMITED_EDIT_MESSAGE)).toBeNull();
  });

  it('shows who deprecated a pattern, when and why', async () => {
    serve(
      patternView({
        status: 'Deprecated',
        deprecation: {
          reason: 'Use "Viewing" instead.',
          link: 'https://example.org/patterns/viewing',
          by: 'ada@example.org',
          on: '2025-03-01T12:00:00.000Z',
        },
      }),
    );
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    const banner = await screen.findByRole('note', { name: 'Deprecated' });
    expect(banner).toHaveTextContent(
      `This pattern was deprecated by ada@example.org on ${new Date('2025-03-01T12:00:00.000Z').toLocaleDateString()}.`,
    );
    expect(banner).toHaveTextContent('Reason: Use "Viewing" instead.');
  });

  it('validates the deprecation form, then deprecates under the lock and opens the new draft', async () => {
    const { profile: p, v1 } = publishedOnly();
    const after = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${patternApi()}`]: ok(patternView({ status: 'Published' }, { edit: true })),
        ...lockHandlers(patternApi(V1, '/lock')),
        [`POST ${patternApi(V1, '/deprecate')}`]: ok(change(V2, PATTERN_2)),
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
        [`GET ${patternApi(V2, '', PATTERN_2)}`]: ok(
          patternView({ uuid: PATTERN_2, status: 'Deprecated' }),
        ),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    await userEvent.click(within(await toolbar()).getByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Pattern' });
    const submit = within(dialog).getByRole('button', { name: 'Deprecate' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText(REQUIRED)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Replaced.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Link/ }), 'not an iri');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Link/ }));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V2, `patterns/${PATTERN_2}`)),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(DEPRECATED_MESSAGE);
    expect(changesOf(calls)).toEqual([
      `POST ${patternApi(V1, '/lock')}`,
      `POST ${patternApi(V1, '/deprecate')}`,
      `DELETE ${patternApi(V1, '/lock')}`,
    ]);
    expect(calls.find((c) => c.path.endsWith('/deprecate'))?.body).toEqual({
      reason: 'Replaced.',
      link: '',
    });
  });

  it('keeps the server’s refusal of a deletion in the dialog', async () => {
    const refusal = 'Ada Lovelace’s pattern "Viewing" uses this pattern: remove it there first.';
    serve(patternView({}, { edit: true }), {
      ...lockHandlers(patternApi(V1, '/lock')),
      [`DELETE ${patternApi()}`]: () => [
        409,
        { success: false, code: 'CONFLICT', message: refusal },
      ],
    });
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    await userEvent.click(within(await toolbar()).getByRole('button', { name: 'Delete pattern' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete the pattern .+\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete pattern' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(router.state.location.pathname).toBe(versionPath(V1, `patterns/${PATTERN_ID}`));
  });

  it('deletes a pattern under the lock and opens the version page of the answer', async () => {
    const calls = serve(patternView({}, { edit: true }), {
      ...lockHandlers(patternApi(V1, '/lock')),
      [`DELETE ${patternApi()}`]: ok(change(V1)),
      [`GET ${patternsApi()}`]: ok(patternList([])),
    });
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    await userEvent.click(within(await toolbar()).getByRole('button', { name: 'Delete pattern' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete the pattern .+\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete pattern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
    expect(await screen.findByRole('status')).toHaveTextContent(DELETED_MESSAGE);
    expect(changesOf(calls)).toEqual([
      `POST ${patternApi(V1, '/lock')}`,
      `DELETE ${patternApi()}`,
      `DELETE ${patternApi(V1, '/lock')}`,
    ]);
  });

  it('offers linked patterns Remove Link, which asks first and returns to the list', async () => {
    const calls = serve(
      patternView({ linked: true, parentProfile: otherParent }, { removeLink: true }),
      {
        [`DELETE ${patternApi(V1, '/link')}`]: ok({ success: true, versionId: V1 }),
        [`GET ${patternsApi()}`]: ok(patternList([])),
      },
    );
    const router = renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    const banner = await screen.findByRole('alert', { name: 'Linked pattern' });
    expect(within(banner).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(banner).getByRole('link', { name: 'See it in its profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}/patterns/${PATTERN_ID}`,
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(banner).getByRole('button', { name: 'Remove Link' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Link?' })).getByRole('button', {
        name: 'Remove Link',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_REMOVED_MESSAGE);
  });
});
