import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../lib/feedback-store';
import { NO_GROUPS_MESSAGE } from '../../components/items/ClaimDialog';
import {
  ada,
  change,
  CONCEPT_2,
  CONCEPT_3,
  CONCEPT_ID,
  deletedItem,
  deletedItems,
  deletedItemsPagePath,
  GROUP_ID,
  ok,
  OTHER_PROFILE_ID,
  profile,
  PROFILE_ID,
  publishedOnly,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  view,
} from '../../test/stubs/concepts';
import { listItem } from '../../test/stubs/profile';
import { NO_DELETED_ITEMS, RESTORED_MESSAGE } from './DeletedItemsPage';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const itemsApi = (versionId = V1) =>
  `/app/deleted-items/profile/${PROFILE_ID}/version/${versionId}`;

const items = [
  deletedItem(),
  deletedItem({
    uuid: CONCEPT_2,
    name: 'skipped',
    reason: 'orphaned',
    parentProfile: null,
    deletedOn: null,
  }),
  deletedItem({
    uuid: CONCEPT_3,
    name: 'Watch a video',
    kind: 'template',
    type: 'StatementTemplate',
  }),
];

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('deleted items', () => {
  it('lists deleted and orphaned items, and lets members restore a concept', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${itemsApi()}`]: ok(deletedItems(items)),
        [`POST /app/concept/${CONCEPT_ID}/restore`]: ok(change(V1)),
        [`POST /app/template/${CONCEPT_3}/restore`]: ok({
          success: true,
          template: { uuid: CONCEPT_3 },
          versionId: V1,
        }),
      },
      signedIn(ada),
    );
    renderApp(deletedItemsPagePath());
    expect(await screen.findByRole('heading', { name: 'Deleted Items' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Deleted items' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(calls.find((c) => c.path === itemsApi())?.query.toString()).toBe('page=1&limit=10');
    expect(within(rowOf('paused')).getByText('Deleted')).toBeVisible();
    expect(within(rowOf('skipped')).getByText('Orphaned')).toBeVisible();
    expect(within(rowOf('skipped')).getByRole('button', { name: 'Claim' })).toBeVisible();
    expect(within(rowOf('Watch a video')).getByText('Statement Template')).toBeVisible();
    expect(
      within(rowOf('Watch a video')).getByRole('button', { name: 'Restore Watch a video' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Video Profile (version 1)' })).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${V1}`,
    );

    await userEvent.click(within(rowOf('paused')).getByRole('button', { name: 'Restore paused' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESTORED_MESSAGE);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ profileId: PROFILE_ID });

    // A statement template is restored through the template call.
    await userEvent.click(
      within(rowOf('Watch a video')).getByRole('button', { name: 'Restore Watch a video' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/app/template/${CONCEPT_3}/restore`)).toBe(true),
    );
  });

  it('offers non-members no Restore, only Claim for orphans', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${itemsApi()}`]: ok(deletedItems([items[1]!])),
      },
      signedIn(ada),
    );
    renderApp(deletedItemsPagePath());
    await screen.findByRole('table', { name: 'Deleted items' });
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeVisible();
  });

  it('says so when there is nothing', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${itemsApi()}`]: ok(deletedItems([])),
      },
      signedIn(ada),
    );
    renderApp(deletedItemsPagePath());
    expect(await screen.findByText(NO_DELETED_ITEMS)).toBeVisible();
  });

  it('sends visitors to sign in', async () => {
    stubServer({}, signedOut);
    const router = renderApp(deletedItemsPagePath());
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });
});

describe('claiming an orphan', () => {
  it('picks a working group, then one of its profiles, claims and opens the new version', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${itemsApi()}`]: ok(deletedItems([items[1]!])),
        'GET /app/user/organizations': ok({
          success: true,
          organizations: [
            { uuid: GROUP_ID, name: 'Video Working Group', membership: 'member' },
            { uuid: 'pending-group', name: 'Pending Group', membership: 'pending' },
          ],
        }),
        [`GET /app/org/${GROUP_ID}/profile`]: ok({
          success: true,
          profiles: [
            listItem(),
            listItem({ uuid: OTHER_PROFILE_ID, name: 'Quiz Profile', state: 'draft', version: 2 }),
          ],
          page: 1,
          limit: 10,
          total: 2,
        }),
        [`GET ${versionApi(V2)}`]: ok(view(profile(), version({ uuid: V2, version: 2 }))),
        [`GET ${itemsApi(V2)}`]: ok(deletedItems([])),
        [`POST /app/concept/${CONCEPT_2}/claim`]: ok(change(V2, CONCEPT_2)),
      },
      signedIn(ada),
    );
    const router = renderApp(deletedItemsPagePath());
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Concept' });
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Working Group/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Video Working Group']);
    await userEvent.click(screen.getByRole('option', { name: 'Video Working Group' }));
    await userEvent.click(next);

    const claim = within(dialog).getByRole('button', { name: 'Claim' });
    expect(claim).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Quiz Profile/ }));
    expect(within(dialog).getByText('Version 2 · Draft')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('combobox', { name: /Working Group/ })).toHaveValue(
      'Video Working Group',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Video Profile/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/deleted-items/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${V2}`,
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ profileId: PROFILE_ID });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a user without a working group how to get one', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${itemsApi()}`]: ok(deletedItems([items[1]!])),
        'GET /app/user/organizations': ok({ success: true, organizations: [] }),
      },
      signedIn(ada),
    );
    renderApp(deletedItemsPagePath());
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText(NO_GROUPS_MESSAGE)).toBeVisible();
  });
});
