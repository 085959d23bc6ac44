import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ADMIN_MESSAGE, type MyOrganizations } from '../../../common/organizations';
import { feedback } from '../../lib/feedback-store';
import { MyWorkingGroups, NO_WORKING_GROUPS } from './MyWorkingGroups';
import { ada, renderAlone, signedIn, stubServer } from '../../test/stubs/organization';

const ALPHA = 'aaaaaaaa-0000-4000-8000-000000000001';
const BETA = 'bbbbbbbb-0000-4000-8000-000000000002';
const GAMMA = 'cccccccc-0000-4000-8000-000000000003';

type Mine = MyOrganizations['organizations'];

function serveMine(initial: Mine, refuseLeave = false) {
  let groups = initial;
  const calls = stubServer(
    {
      'GET /app/user/organizations': () => [200, { success: true, organizations: groups }],
      [`DELETE /app/org/${GAMMA}/join`]: () => {
        groups = groups.filter((g) => g.uuid !== GAMMA);
        return [200, { success: true, organization: {} }];
      },
      [`DELETE /app/org/${ALPHA}/member/${ada.uuid}`]: () => {
        if (refuseLeave) {
          return [400, { success: false, code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE }];
        }
        groups = groups.filter((g) => g.uuid !== ALPHA);
        return [200, { success: true }];
      },
    },
    signedIn(ada),
  );
  return calls;
}

const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

const mine: Mine = [
  { uuid: ALPHA, name: 'Alpha', membership: 'admin' },
  { uuid: BETA, name: 'Beta', membership: 'member' },
  { uuid: GAMMA, name: 'Gamma', membership: 'pending' },
];

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('My Working Groups', () => {
  it('lists memberships and requests with their roles', async () => {
    serveMine(mine);
    renderAlone(<MyWorkingGroups />);
    expect(await screen.findByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      `/organization/${ALPHA}`,
    );
    expect(within(rowOf('Alpha')).getByText('Group Admin')).toBeVisible();
    expect(within(rowOf('Beta')).getByText('Member')).toBeVisible();
    expect(within(rowOf('Gamma')).getByText('Pending approval')).toBeVisible();
    expect(
      within(rowOf('Gamma')).getByRole('button', { name: /Cancel Request to Join/ }),
    ).toBeVisible();
    expect(
      within(rowOf('Gamma')).queryByRole('button', { name: 'Leave Working Group' }),
    ).not.toBeInTheDocument();
    expect(
      within(rowOf('Beta')).getByRole('button', { name: 'Leave Working Group' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join Working Group' })).toHaveAttribute(
      'href',
      '/organization',
    );
  });

  it('cancels a pending request', async () => {
    const calls = serveMine(mine);
    renderAlone(<MyWorkingGroups />);
    await screen.findByRole('link', { name: 'Gamma' });
    await userEvent.click(
      within(rowOf('Gamma')).getByRole('button', { name: /Cancel Request to Join/ }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Gamma' })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/app/org/${GAMMA}/join`)).toBe(
      true,
    );
  });

  it('leaves a group only after the confirmation', async () => {
    const calls = serveMine(mine);
    renderAlone(<MyWorkingGroups />);
    await screen.findByRole('link', { name: 'Alpha' });
    await userEvent.click(
      within(rowOf('Alpha')).getByRole('button', { name: 'Leave Working Group' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave Working Group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(
      within(rowOf('Alpha')).getByRole('button', { name: 'Leave Working Group' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Leave Working Group?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave Working Group' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Alpha' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows why the last admin cannot leave', async () => {
    serveMine(mine, true);
    renderAlone(<MyWorkingGroups />);
    await screen.findByRole('link', { name: 'Alpha' });
    await userEvent.click(
      within(rowOf('Alpha')).getByRole('button', { name: 'Leave Working Group' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave Working Group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Working Group' }));
    expect(await within(dialog).findByText(LAST_ADMIN_MESSAGE)).toBeVisible();
  });

  it('says when the user is in no group', async () => {
    serveMine([]);
    renderAlone(<MyWorkingGroups />);
    expect(await screen.findByText(NO_WORKING_GROUPS)).toBeVisible();
    expect(NO_WORKING_GROUPS).toBe('You are not a member of any working groups.');
  });
});
