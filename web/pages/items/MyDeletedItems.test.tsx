import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeletedItemPlace, MyDeletedItem, MyDeletedItems } from '../../../common/items';
import {
  ada,
  CONCEPT_2,
  CONCEPT_3,
  deletedItem,
  GROUP_ID,
  ok,
  PROFILE_ID,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
} from '../../test/stubs/concepts';
import { NO_DELETED_ITEMS_ANYWHERE } from './MyDeletedItemsPage';

afterEach(() => vi.unstubAllGlobals());

const OTHER_GROUP = '77777777-7777-4777-8777-777777777771';
const OTHER_PROFILE = '77777777-7777-4777-8777-777777777772';
const OTHER_VERSION = '77777777-7777-4777-8777-777777777773';

const videoPlace: DeletedItemPlace = {
  organization: { uuid: GROUP_ID, name: 'Video Group' },
  profile: { uuid: PROFILE_ID, name: 'Video Profile' },
  versionId: V1,
};
const readingPlace: DeletedItemPlace = {
  organization: { uuid: OTHER_GROUP, name: 'Reading Group' },
  profile: { uuid: OTHER_PROFILE, name: 'Reading Profile' },
  versionId: OTHER_VERSION,
};

const mine = (
  items: MyDeletedItem[],
  orphans: MyDeletedItems['orphans'] = { total: 0, place: null },
  total = items.length,
): MyDeletedItems => ({ success: true, items, orphans, page: 1, limit: 10, total });

const pathOf = (place: DeletedItemPlace) =>
  `/deleted-items/organization/${place.organization.uuid}/profile/${place.profile.uuid}/version/${place.versionId}`;

describe('Deleted Items across profiles', () => {
  it('groups the deleted items by working group and profile, each leading to its version', async () => {
    const calls = stubServer(
      {
        'GET /app/deleted-items': ok(
          mine(
            [
              { ...deletedItem(), place: videoPlace },
              {
                ...deletedItem({
                  uuid: CONCEPT_2,
                  name: 'Watch a video',
                  kind: 'template',
                  type: 'StatementTemplate',
                }),
                place: videoPlace,
              },
              { ...deletedItem({ uuid: CONCEPT_3, name: 'turned page' }), place: readingPlace },
            ],
            { total: 2, place: videoPlace },
            13,
          ),
        ),
      },
      signedIn(ada),
    );
    renderApp('/deleted-items');
    expect(await screen.findByRole('heading', { name: 'Deleted Items', level: 1 })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Video Group', level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Reading Group', level: 2 })).toBeVisible();

    const video = screen.getByRole('table', { name: 'Deleted items of Video Profile' });
    expect(within(video).getAllByRole('row')).toHaveLength(3);
    expect(within(video).getByRole('link', { name: 'paused' })).toHaveAttribute(
      'href',
      pathOf(videoPlace),
    );
    expect(within(video).getByText('Statement Template')).toBeVisible();
    const reading = screen.getByRole('table', { name: 'Deleted items of Reading Profile' });
    expect(within(reading).getByRole('link', { name: 'turned page' })).toHaveAttribute(
      'href',
      pathOf(readingPlace),
    );
    expect(
      screen.getByRole('link', { name: 'Open the Deleted Items of Reading Profile' }),
    ).toHaveAttribute('href', pathOf(readingPlace));

    expect(
      screen.getByText('2 orphaned items, left without a profile, may be claimed.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Claim orphaned items' })).toHaveAttribute(
      'href',
      pathOf(videoPlace),
    );
    expect(screen.queryByText(NO_DELETED_ITEMS_ANYWHERE)).toBeNull();
    expect(calls.find((c) => c.path === '/app/deleted-items')?.query.toString()).toBe(
      'page=1&limit=10',
    );

    // Thirteen items make two pages; the second is asked for by number.
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/app/deleted-items' && c.query.get('page') === '2'),
      ).toBe(true),
    );
  });

  it('says so when nothing was deleted, and leads to nothing for orphans with no profile', async () => {
    stubServer(
      { 'GET /app/deleted-items': ok(mine([], { total: 3, place: null })) },
      signedIn(ada),
    );
    renderApp('/deleted-items');
    expect(await screen.findByText(NO_DELETED_ITEMS_ANYWHERE)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Claim orphaned items' })).toBeNull();
  });

  it('shows what went wrong when the list cannot load', async () => {
    stubServer(
      {
        'GET /app/deleted-items': () => [
          500,
          { success: false, code: 'INTERNAL', message: 'The server failed.' },
        ],
      },
      signedIn(ada),
    );
    renderApp('/deleted-items');
    expect(await screen.findByText('Could not load the deleted items')).toBeVisible();
  });

  it('sends visitors to sign in', async () => {
    stubServer({}, signedOut);
    const router = renderApp('/deleted-items');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });
});
