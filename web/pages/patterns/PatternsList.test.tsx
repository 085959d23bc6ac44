import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPTY_COMPONENTS_MESSAGE } from '../../../common/patterns';
import { CHOOSER_TITLE } from './form/PatternTypeChooser';
import {
  ok,
  renderApp,
  resetBetweenScreenTests,
  serveDraft,
  V1,
  versionPath,
} from '../../test/items';
import {
  component,
  GROUP_ID,
  listItem,
  otherParent,
  PATTERN_2,
  PATTERN_3,
  PATTERN_ID,
  patternList,
  patternRow,
  patternsApi,
  patternView,
  PROFILE_ID,
  TEMPLATE_ID,
  templateView,
} from '../../test/stubs/patterns';

resetBetweenScreenTests();

const table = () => screen.findByRole('table', { name: 'Patterns' });

describe('pattern list', () => {
  it('shows members on the current version the columns, badges and both buttons', async () => {
    const rows = [
      patternRow(),
      patternRow({
        uuid: PATTERN_2,
        name: 'Answering',
        type: 'oneOrMore',
        primary: false,
        parentProfile: otherParent,
        status: 'Published',
        linked: true,
      }),
    ];
    serveDraft({
      [`GET ${patternsApi()}`]: ok(patternList(rows)),
    });
    renderApp(versionPath(V1, 'patterns'));
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Details',
      'Name▲',
      'Type',
      'Primary/Secondary',
      'Status',
      'Updated↕',
    ]);
    const [, first, second] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Watching' })).toHaveAttribute(
      'href',
      versionPath(V1, `patterns/${PATTERN_ID}`),
    );
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'i',
      'Watching',
      'Sequence',
      'Primary',
      'Unpublished',
      new Date('2025-02-04T10:00:00.000Z').toLocaleDateString(),
    ]);
    expect(within(second!).getByText('One or More')).toBeVisible();
    expect(within(second!).getByText('Secondary')).toBeVisible();
    expect(within(second!).getByText('Linked')).toBeVisible();
    expect(within(second!).getByText('Published')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Pattern' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns/create'),
    );
    expect(screen.getByRole('link', { name: 'Add Existing Patterns' })).toHaveAttribute(
      'href',
      versionPath(V1, 'patterns/add'),
    );
    expect(screen.getByRole('tab', { name: /Patterns/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the side panel with every field of the pattern, and its components in the same panel', async () => {
    const linked = patternRow({
      uuid: PATTERN_2,
      name: 'Answering',
      type: 'alternates',
      primary: false,
      parentProfile: otherParent,
      status: 'Deprecated',
      linked: true,
    });
    serveDraft({
      [`GET ${patternsApi()}`]: ok(patternList([linked])),
      [`GET /app/pattern/${PATTERN_2}`]: ok(
        patternView({
          ...linked,
          translations: [
            { language: 'fr', translationName: 'Répondre', translationDesc: 'Une réponse.' },
          ],
          tags: ['quiz'],
          moreInformation: 'https://example.org/answering',
          deprecation: { reason: 'Use Replying.', link: null, by: null, on: '2025-03-01' },
          components: [
            component({ name: 'Answered', uuid: TEMPLATE_ID }),
            component({
              name: 'Retrying',
              uuid: PATTERN_3,
              componentType: 'pattern',
              patternType: 'zeroOrMore',
            }),
          ],
        }),
      ),
      [`GET /app/template/${TEMPLATE_ID}`]: ok(
        templateView({
          name: 'Answered',
          concepts: [
            {
              iri: 'https://example.org/verbs/answered',
              name: 'answered',
              uuid: null,
              conceptType: 'Verb',
            },
          ],
        }),
      ),
      [`GET /app/pattern/${PATTERN_3}`]: ok(
        patternView({ uuid: PATTERN_3, name: 'Retrying', type: 'zeroOrMore' }),
      ),
    });
    renderApp(versionPath(V1, 'patterns'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Answering' }));
    const panel = await screen.findByRole('dialog', { name: 'Pattern details' });
    expect(await within(panel).findByRole('heading', { name: 'Answering' })).toBeVisible();
    expect(within(panel).getByText('pattern')).toBeVisible();
    expect(within(panel).getByText('deprecated')).toBeVisible();
    expect(within(panel).getByText('Deprecated: Use Replying.')).toBeVisible();
    for (const text of [
      linked.iri,
      linked.description,
      'Alternates',
      'Secondary',
      'French (fr)',
      'quiz',
      'https://example.org/answering',
    ])
      expect(within(panel).getByText(text)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(panel).getByRole('link', { name: 'Quiz Working Group' })).toHaveAttribute(
      'href',
      `/organization/${otherParent.organization.uuid}`,
    );
    const components = within(panel).getByRole('table', { name: 'Components' });
    expect(within(components).getByText('Pattern (Zero or More)')).toBeVisible();
    // A statement template opens in its own panel on top.
    await userEvent.click(
      within(components).getByRole('button', { name: 'Show details of Answered' }),
    );
    const templatePanel = await screen.findByRole('dialog', { name: 'Statement template details' });
    expect(await within(templatePanel).findByRole('heading', { name: 'Answered' })).toBeVisible();
    expect(within(templatePanel).getByText('answered')).toBeVisible();
    await userEvent.click(
      within(templatePanel).getByRole('button', { name: 'Close the statement template details' }),
    );
    // A pattern opens in the same panel, with a way back.
    await userEvent.click(
      within(components).getByRole('button', { name: 'Show details of Retrying' }),
    );
    expect(await within(panel).findByRole('heading', { name: 'Retrying' })).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Back to the first pattern' }));
    expect(await within(panel).findByRole('heading', { name: 'Answering' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the pattern details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a signed-in user claim an orphan from its panel', async () => {
    const orphan = patternRow({ uuid: PATTERN_2, name: 'Lost', parentProfile: null });
    const calls = serveDraft({
      [`GET ${patternsApi()}`]: ok(patternList([orphan])),
      [`GET /app/pattern/${PATTERN_2}`]: ok(patternView(orphan, { claim: true })),
      'GET /app/user/organizations': ok({
        success: true,
        organizations: [{ uuid: GROUP_ID, name: 'Video Working Group', membership: 'member' }],
      }),
      [`GET /app/org/${GROUP_ID}/profile`]: ok({
        success: true,
        profiles: [listItem({ state: 'draft' })],
        page: 1,
        limit: 10,
        total: 1,
      }),
      [`POST /app/pattern/${PATTERN_2}/claim`]: ok({
        success: true,
        pattern: { uuid: PATTERN_2 },
        versionId: V1,
      }),
    });
    const router = renderApp(versionPath(V1, 'patterns'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Lost' }));
    const panel = await screen.findByRole('dialog', { name: 'Pattern details' });
    expect(await within(panel).findByText(EMPTY_COMPONENTS_MESSAGE)).toBeVisible();
    expect(within(panel).getByText('None (orphaned)')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Pattern' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Working Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Video Working Group' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Video Profile/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/deleted-items/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${V1}`,
      ),
    );
    expect(calls.find((c) => c.path.endsWith('/claim'))?.body).toEqual({ profileId: PROFILE_ID });
  });

  it('opens the type chooser from Create Pattern', async () => {
    serveDraft({
      [`GET ${patternsApi()}`]: ok(patternList([])),
    });
    renderApp(versionPath(V1, 'patterns'));
    await userEvent.click(await screen.findByRole('link', { name: 'Create Pattern' }));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
  });
});
