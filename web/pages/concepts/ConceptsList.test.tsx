import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHOOSER_TITLE } from './form/ConceptTypeChooser';
import {
  CONCEPT_2,
  CONCEPT_ID,
  conceptList,
  conceptRow,
  conceptsApi,
  conceptView,
  ok,
  otherParent,
  renderApp,
  resetBetweenScreenTests,
  serveDraft,
  V1,
  V2,
  version,
  versionPath,
} from '../../test/stubs/concepts';

resetBetweenScreenTests();

const table = () => screen.findByRole('table', { name: 'Concepts' });

describe('concept list', () => {
  it('shows members on the current version the columns, badges and both buttons', async () => {
    const rows = [
      conceptRow(),
      conceptRow({
        uuid: CONCEPT_2,
        name: 'Video',
        conceptType: 'ActivityType',
        type: 'ActivityType',
        parentProfile: otherParent,
        status: 'Published',
        linked: true,
      }),
    ];
    serveDraft({
      [`GET ${conceptsApi()}`]: ok(conceptList(rows)),
    });
    renderApp(versionPath(V1, 'concepts'));
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Name▲', 'Type↕', 'Parent Profile', 'Updated↕', 'Status']);
    const [, first, second] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'played' })).toHaveAttribute(
      'href',
      versionPath(V1, `concepts/${CONCEPT_ID}`),
    );
    expect(within(first!).getByText('Verb')).toBeVisible();
    expect(within(first!).getByText('Unpublished')).toBeVisible();
    expect(within(first!).queryByText('Linked')).toBeNull();
    expect(within(second!).getByText('Activity Type')).toBeVisible();
    expect(within(second!).getByText('Linked')).toBeVisible();
    expect(within(second!).getByText('Published')).toBeVisible();
    expect(within(second!).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(screen.getByRole('link', { name: 'Create Concept' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/create'),
    );
    expect(screen.getByRole('link', { name: 'Add Existing Concepts' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/add'),
    );
    expect(screen.getByRole('tab', { name: /Concepts/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the side panel from the info icon, the name opening the concept page', async () => {
    const linked = conceptRow({
      uuid: CONCEPT_2,
      name: 'Video',
      conceptType: 'ActivityType',
      type: 'ActivityType',
      parentProfile: otherParent,
      status: 'Deprecated',
      linked: true,
    });
    serveDraft({
      [`GET ${conceptsApi()}`]: ok(conceptList([linked])),
      [`GET /app/concept/${CONCEPT_2}`]: ok(
        conceptView({
          ...linked,
          translations: [
            { language: 'fr', translationName: 'Vidéo', translationDesc: 'Une vidéo.' },
          ],
        }),
      ),
    });
    renderApp(versionPath(V1, 'concepts'));
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Video' }));
    const panel = await screen.findByRole('dialog', { name: 'Concept details' });
    expect(await within(panel).findByRole('heading', { name: 'Video' })).toBeVisible();
    expect(within(panel).getByText('concept')).toBeVisible();
    expect(within(panel).getByText('deprecated')).toBeVisible();
    expect(within(panel).getByText(linked.iri)).toBeVisible();
    expect(within(panel).getByText(linked.description)).toBeVisible();
    expect(within(panel).getByText('French (fr)')).toBeVisible();
    expect(within(panel).getByText('Activity Type')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Quiz Profile' })).toHaveAttribute(
      'href',
      `/profile/${otherParent.uuid}`,
    );
    expect(within(panel).getByRole('link', { name: 'Quiz Working Group' })).toHaveAttribute(
      'href',
      `/organization/${otherParent.organization.uuid}`,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the concept details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the create and edit screens of the forms under the tab', async () => {
    serveDraft({
      [`GET ${conceptsApi()}`]: ok(conceptList([conceptRow()])),
      [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(conceptView({}, { edit: false })),
    });
    const router = renderApp(versionPath(V1, 'concepts'));
    await userEvent.click(await screen.findByRole('link', { name: 'Create Concept' }));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Activity Type' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/create/ActivityType'),
    );
    // Without the right to edit, the edit address shows the concept page.
    await router.navigate(versionPath(V1, `concepts/${CONCEPT_ID}/edit`));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, `concepts/${CONCEPT_ID}`)),
    );
    expect(await screen.findByRole('region', { name: 'Concept details' })).toBeVisible();
  });

  it('answers unknown screens under the tab with the not-found view', async () => {
    serveDraft({}, version({ uuid: V2 }));
    renderApp(versionPath(V2, 'concepts/abc/nothing'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
