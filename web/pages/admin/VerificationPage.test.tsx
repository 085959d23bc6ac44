import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  GROUP_ID,
  ok,
  PROFILE_ID,
  renderApp,
  signedIn,
  siteAdmin,
  stubServer,
  V1,
  V2,
  versionPath,
} from '../../test/stubs/profile';
import { DENIED_MESSAGE } from '../../components/VerifyDialog';
import { NO_VERIFICATION_REQUESTS } from './VerificationPage';

const request = (versionUuid: string, name: string, requestedBy: string | null, date: string) => ({
  versionUuid,
  name,
  version: 1,
  organization: { uuid: GROUP_ID, name: 'Video Working Group' },
  parentProfile: { uuid: PROFILE_ID },
  requestedBy,
  verificationRequest: date,
});

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Verify Profiles', () => {
  it('lists the requests and removes one once it is decided', async () => {
    let requests = [
      request(V1, 'Video Profile', 'Ada Lovelace', '2025-03-01T12:00:00Z'),
      request(V2, 'Quiz Profile', null, '2025-03-02T12:00:00Z'),
    ];
    const calls = stubServer(
      {
        'GET /app/admin/verificationRequests': () => [200, { success: true, requests }],
        [`POST /app/admin/verify/${V2}`]: () => {
          requests = requests.filter((r) => r.versionUuid !== V2);
          return [200, { success: true }];
        },
      },
      signedIn(siteAdmin),
    );
    renderApp('/admin/verification');
    const table = await screen.findByRole('table', { name: 'Verification requests' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      versionPath(V1),
    );
    expect(within(first!).getByRole('link', { name: 'Video Working Group' })).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(within(first!).getByText('Ada Lovelace')).toBeVisible();
    expect(
      within(first!).getByText(new Date('2025-03-01T12:00:00Z').toLocaleDateString()),
    ).toBeVisible();
    expect(within(second!).getByText('Unknown User')).toBeVisible();

    await userEvent.click(within(second!).getByRole('button', { name: 'Review Quiz Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Profile' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deny' }));
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Add examples');
    await userEvent.click(save);

    expect(await screen.findByRole('status')).toHaveTextContent(DENIED_MESSAGE);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(table).queryByText('Quiz Profile')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      approval: 'deny',
      reason: 'Add examples',
    });
  });

  it('says when there are no requests', async () => {
    stubServer(
      { 'GET /app/admin/verificationRequests': ok({ success: true, requests: [] }) },
      signedIn(siteAdmin),
    );
    renderApp('/admin/verification');
    expect(await screen.findByText(NO_VERIFICATION_REQUESTS)).toBeVisible();
  });

  it('is for site admins only', async () => {
    const calls = stubServer({}, signedIn(ada));
    renderApp('/admin/verification');
    expect(await screen.findByText('You must be an admin to access this page.')).toBeVisible();
    expect(calls.filter((c) => c.path === '/app/admin/verificationRequests')).toHaveLength(0);
  });
});
