import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_AT_LEAST_ONE, type ApiKey } from '../../../common/api-keys';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  group,
  GROUP_ID,
  renderApp,
  signedIn,
  stubServer,
  type Handler,
} from '../../test/stubs/organization';

const base = `/organization/${GROUP_ID}`;
const api = `/app/org/${GROUP_ID}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function stored(secret: string, input: Record<string, unknown>): ApiKey {
  return {
    id: 'key-1',
    lastFour: secret.slice(-4),
    description: String(input.description),
    readPermission: Boolean(input.readPermission),
    writePermission: Boolean(input.writePermission),
    isEnabled: Boolean(input.isEnabled),
    createdOn: '2024-05-06T07:00:00.000Z',
    createdBy: 'Ada Lovelace',
    lastUsedOn: null,
  };
}

const existing: ApiKey = stored('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaa1234', {
  description: 'Build server',
  readPermission: true,
  writePermission: false,
  isEnabled: true,
});

function serve(handlers: Record<string, Handler>, keys: () => ApiKey[] = () => [existing]) {
  return stubServer(
    {
      [`GET ${api}`]: () => [
        200,
        {
          success: true,
          organization: group({ membership: 'admin', apiKeyCount: keys().length }),
        },
      ],
      [`GET ${api}/apiKey`]: () => [200, { success: true, apiKeys: keys() }],
      ...handlers,
    },
    signedIn(ada),
  );
}

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('API keys', () => {
  it('lists keys by their last four characters only', async () => {
    serve({});
    renderApp(`${base}/apiKeys`);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = (await within(table).findByText('Build server')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('…1234')).toBeInTheDocument();
    expect(within(row).getByText('Read')).toBeInTheDocument();
    expect(within(row).queryByText('Write')).not.toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /API Keys/ })).toHaveTextContent('API Keys1');
  });

  it('says when there are no keys', async () => {
    serve({}, () => []);
    renderApp(`${base}/apiKeys`);
    expect(await screen.findByText('This working group has no API keys yet.')).toBeVisible();
  });

  it('starts enabled with no permission, insists on one, and shows the new key once', async () => {
    let keys: ApiKey[] = [];
    const calls = serve(
      {
        [`POST ${api}/apiKey`]: (call) => {
          const key = stored(String(call.body?.uuid), call.body ?? {});
          keys = [key];
          return [200, { success: true, apiKey: key }];
        },
      },
      () => keys,
    );
    const router = renderApp(`${base}/apiKeys`);
    await userEvent.click(await screen.findByRole('link', { name: 'Create API Key' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/apiKeys/create`));

    const read = await screen.findByRole('checkbox', { name: 'Read' });
    const write = screen.getByRole('checkbox', { name: 'Write' });
    const enabled = screen.getByRole('checkbox', { name: /Enabled/ });
    expect(read).not.toBeChecked();
    expect(write).not.toBeChecked();
    expect(enabled).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(screen.getByText(CHECK_AT_LEAST_ONE)).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Nightly import');
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText(CHECK_AT_LEAST_ONE)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(write);
    await waitFor(() => expect(screen.queryByText(CHECK_AT_LEAST_ONE)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));

    const shown = await screen.findByTestId('new-api-key');
    const post = calls.find((c) => c.method === 'POST');
    const secret = String(post?.body?.uuid);
    expect(secret).toMatch(UUID);
    expect(post?.body).toEqual({
      uuid: secret,
      description: 'Nightly import',
      readPermission: false,
      writePermission: true,
      isEnabled: true,
    });
    expect(shown).toHaveTextContent(secret);
    expect(screen.getByText(/only time the full key is shown/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(await within(table).findByText(`…${secret.slice(-4)}`)).toBeVisible();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('edits a key and deletes one after confirming', async () => {
    let keys = [existing];
    const calls = serve(
      {
        [`GET ${api}/apiKey/key-1`]: () => [200, { success: true, apiKey: keys[0] }],
        [`PUT ${api}/apiKey/key-1`]: (call) => {
          keys = [{ ...existing, ...call.body }];
          return [200, { success: true, apiKey: keys[0] }];
        },
        [`DELETE ${api}/apiKey/key-1`]: () => {
          keys = [];
          return [200, { success: true }];
        },
      },
      () => keys,
    );
    const router = renderApp(`${base}/apiKeys/key-1/edit`);
    const description = await screen.findByRole('textbox', { name: /Description/ });
    expect(description).toHaveValue('Build server');
    expect(screen.getByRole('checkbox', { name: 'Read' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /Enabled/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/apiKeys`));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      description: 'Build server',
      readPermission: true,
      writePermission: false,
      isEnabled: false,
    });
    expect(await screen.findByText('Disabled')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Build server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete API Key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete API Key' }));
    expect(await screen.findByText('This working group has no API keys yet.')).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
