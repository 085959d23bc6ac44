import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery, WebhookSubject } from '../../../common/webhooks';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  type Handler,
} from '../../test/stubs/organization';

const HOOK_ID = '33333333-3333-4333-8333-333333333333';
const PROFILE_ID = '44444444-4444-4444-8444-444444444444';

const subjects: WebhookSubject[] = [
  {
    value: 'myGroups',
    parentProfile: null,
    name: 'Any profile of my working groups',
    organization: null,
  },
  { value: PROFILE_ID, parentProfile: PROFILE_ID, name: 'Video Profile', organization: 'Video WG' },
];

const hook: Webhook = {
  id: HOOK_ID,
  target: 'https://mirror.example.org/in',
  description: 'Mirror',
  event: 'profilePublished',
  signatureMethod: 'sha256',
  clientSecret: 'set',
  isEnabled: true,
  subject: PROFILE_ID,
  subjectName: 'Video Profile',
  consecutiveFailures: 0,
  createdOn: '2025-05-06T07:00:00.000Z',
};

const deliveries: WebhookDelivery[] = [
  {
    id: '55555555-5555-4555-8555-555555555555',
    event: 'profilePublished',
    kind: 'event',
    status: 'delivered',
    attempts: 1,
    statusCode: 200,
    error: null,
    durationMs: 42,
    createdOn: '2025-05-06T08:00:00.000Z',
    lastAttemptOn: '2025-05-06T08:00:00.000Z',
    nextAttemptOn: null,
    sentId: '55555555-5555-4555-8555-555555555555',
    body: '{"event":"profilePublished","deliveryId":"55555555-5555-4555-8555-555555555555","occurredAt":"2025-05-06T08:00:00.000Z","profile":{"uuid":"p","iri":"https://example.org/p","name":"Video Profile","version":2,"versionIri":"https://example.org/p/v2","url":"https://profiles.example.org/profile/p"}}',
  },
  {
    id: '66666666-6666-4666-8666-666666666666',
    event: 'profilePublished',
    kind: 'test',
    status: 'failed',
    attempts: 1,
    statusCode: null,
    error: 'Refused: localhost resolves to 127.0.0.1.',
    durationMs: 3,
    createdOn: '2025-05-06T09:00:00.000Z',
    lastAttemptOn: '2025-05-06T09:00:00.000Z',
    nextAttemptOn: null,
    sentId: '66666666-6666-4666-8666-666666666666',
    body: '{"event":"profilePublished","deliveryId":"66666666-6666-4666-8666-666666666666","occurredAt":"2025-05-06T09:00:00.000Z","test":true,"profile":{"uuid":"t","iri":"https://example.org/xapi/test-profile","name":"Test profile","version":1,"versionIri":"https://example.org/xapi/test-profile/v1","url":"https://profiles.example.org/profile/t"}}',
  },
];

function serve(handlers: Record<string, Handler>, hooks: () => Webhook[] = () => [hook]) {
  return stubServer(
    {
      'GET /app/user/hooks': () => [200, { success: true, hooks: hooks() }],
      'GET /app/user/hooks/subjects': () => [200, { success: true, subjects }],
      [`GET /app/user/hooks/${HOOK_ID}`]: () => [200, { success: true, hook }],
      [`GET /app/user/hooks/${HOOK_ID}/deliveries`]: () => [200, { success: true, deliveries }],
      ...handlers,
    },
    signedIn(ada),
  );
}

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('web hooks list', () => {
  it('shows each hook with its event, target, description and status', async () => {
    serve({}, () => [hook, { ...hook, id: 'h2', description: 'Archive', isEnabled: false }]);
    renderApp('/user/hooks');
    const table = await screen.findByRole('table', { name: 'Web hooks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event', 'Target', 'Description', 'Status', 'Edit', 'Remove']);
    const row = (await within(table).findByText('Mirror')).closest('tr')!;
    expect(within(row).getByText('Profile published')).toBeInTheDocument();
    expect(within(row).getByText('https://mirror.example.org/in')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    const other = within(table).getByText('Archive').closest('tr')!;
    expect(within(other).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Mirror' })).toHaveAttribute(
      'href',
      `/user/hooks/${HOOK_ID}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Create New Webhook' })).toHaveAttribute(
      'href',
      '/user/hooks/create',
    );
  });

  it('says when there are none', async () => {
    serve({}, () => []);
    renderApp('/user/hooks');
    expect(await screen.findByText('You have no Web Hooks.')).toBeVisible();
  });

  it('asks before removing a hook', async () => {
    let removed = false;
    const calls = serve(
      {
        [`DELETE /app/user/hooks/${HOOK_ID}`]: () => {
          removed = true;
          return [200, { success: true }];
        },
      },
      () => (removed ? [] : [hook]),
    );
    renderApp('/user/hooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mirror' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Web Hook?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Web Hook' }));
    expect(await screen.findByText('You have no Web Hooks.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('names the list loader by role, with no prohibited label', async () => {
    serve({ 'GET /app/user/hooks': () => new Promise<never>(() => {}) });
    renderApp('/user/hooks');
    const loader = await screen.findByRole('progressbar', { name: 'Loading your web hooks' });
    expect(loader).toBeInTheDocument();
    // An aria-label on an element without a role is a prohibited use (axe aria-prohibited-attr).
    expect(document.querySelectorAll('span[aria-label]:not([role])')).toHaveLength(0);
  });

  it('writes the Remove button in shade 9 of red, which a subtle button would draw in shade 6', async () => {
    serve({});
    renderApp('/user/hooks');
    const remove = await screen.findByRole('button', { name: 'Remove Mirror' });
    // Mantine's subtle variant caps its text at shade 6 (#fa5252, 3.3:1 on white); shade 9 of the
    // theme's red (#a61e1e) is 7.9:1.
    expect(remove.style.getPropertyValue('color')).toBe('var(--mantine-color-red-9)');
  });

  it('sends a signed-out visitor to sign in', async () => {
    stubServer({}, signedOut);
    const router = renderApp('/user/hooks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });
});

describe('creating a web hook', () => {
  it('starts from the defaults and requires a description', async () => {
    const calls = serve({});
    renderApp('/user/hooks/create');
    const form = await screen.findByRole('form', { name: 'Create Web Hook' });
    expect(within(form).getByLabelText('Event')).toHaveValue('Profile published');
    expect(within(form).getByLabelText('Signature')).toHaveValue('None');
    expect(within(form).getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    expect(within(form).getByText(/HMAC SHA-256 is recommended/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Target URL/), 'https://m.example.org/in');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Web Hook' }));
    expect(await within(form).findByText('Required')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the form and opens the new hook', async () => {
    const calls = serve({
      'POST /app/user/hooks': (call) => [
        200,
        { success: true, hook: { ...hook, ...call.body, clientSecret: null } },
      ],
    });
    const router = renderApp('/user/hooks/create');
    const form = await screen.findByRole('form', { name: 'Create Web Hook' });
    await userEvent.type(within(form).getByLabelText(/Target URL/), 'https://m.example.org/in');
    await userEvent.type(within(form).getByLabelText(/Description/), 'My mirror');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Web Hook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/hooks/${HOOK_ID}/edit`));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      target: 'https://m.example.org/in',
      description: 'My mirror',
      subject: 'myGroups',
      signatureMethod: 'none',
      isEnabled: true,
      event: 'profilePublished',
    });
  });
});

describe('editing a web hook', () => {
  it('names the deliveries loader by role, with no prohibited label', async () => {
    serve({ [`GET /app/user/hooks/${HOOK_ID}/deliveries`]: () => new Promise<never>(() => {}) });
    renderApp(`/user/hooks/${HOOK_ID}/edit`);
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the deliveries' }),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('span[aria-label]:not([role])')).toHaveLength(0);
  });

  it('shows each delivery with its attempts, last and next try, and details to open', async () => {
    const retrying: WebhookDelivery = {
      ...deliveries[0]!,
      id: '77777777-7777-4777-8777-777777777777',
      sentId: deliveries[0]!.id,
      kind: 'redelivery',
      status: 'pending',
      attempts: 2,
      statusCode: 500,
      durationMs: 12,
      createdOn: '2025-05-06T10:00:00.000Z',
      lastAttemptOn: '2025-05-06T10:05:00.000Z',
      nextAttemptOn: '2025-05-06T10:35:00.000Z',
    };
    serve({
      [`GET /app/user/hooks/${HOOK_ID}/deliveries`]: () => [
        200,
        { success: true, deliveries: [retrying, ...deliveries] },
      ],
    });
    renderApp(`/user/hooks/${HOOK_ID}/edit`);
    const log = await screen.findByRole('table', { name: 'Recent deliveries' });
    expect(
      within(log)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Event', 'Result', 'Attempts', 'Duration', 'Actions']);
    const row = (await within(log).findByText('HTTP 500')).closest('tr')!;
    expect(within(row).getByText('retrying')).toBeInTheDocument();
    expect(within(row).getByText('2 attempts')).toBeInTheDocument();
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(iso),
      );
    expect(within(row).getByText(`Last tried ${shown(retrying.lastAttemptOn!)}`)).toBeVisible();
    expect(within(row).getByText(`Next try ${shown(retrying.nextAttemptOn!)}`)).toBeVisible();

    const details = within(row).getByRole('button', { name: /^Details/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const facts = screen.getByRole('table', { name: 'Delivery details' });
    const fact = (name: string) =>
      within(facts).getByRole('rowheader', { name }).closest('tr')!.querySelector('td')!
        .textContent;
    expect(fact('Status')).toBe('pending');
    expect(fact('HTTP status')).toBe('500');
    expect(fact('Attempts')).toBe('2');
    expect(fact('Next try')).toBe(shown(retrying.nextAttemptOn!));
    // A redelivery sends the first delivery's id.
    expect(fact('X-Webhook-Delivery')).toBe(deliveries[0]!.id);
    const body = screen.getByLabelText('Event body sent');
    expect(JSON.parse(body.textContent)).toEqual(JSON.parse(retrying.body));
    await userEvent.click(details);
    expect(screen.queryByRole('table', { name: 'Delivery details' })).toBeNull();
  });

  it('keeps the stored secret unless a new one is typed', async () => {
    const calls = serve({
      [`PUT /app/user/hooks/${HOOK_ID}`]: () => [200, { success: true, hook }],
    });
    renderApp(`/user/hooks/${HOOK_ID}/edit`);
    const form = await screen.findByRole('form', { name: 'Save Changes' });
    const secret = within(form).getByLabelText(/Client secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'set');
    expect(within(form).getByLabelText(/^Profile/)).toHaveValue('Video Profile — Video WG');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).not.toHaveProperty('clientSecret');
    expect(put.body).toMatchObject({ signatureMethod: 'sha256', subject: PROFILE_ID });
  });

  it('shows the delivery log, redelivers and sends a test event', async () => {
    const calls = serve({
      [`POST /app/user/hooks/${HOOK_ID}/test`]: () => [
        200,
        { success: true, delivery: deliveries[0] },
      ],
      [`POST /app/user/hooks/${HOOK_ID}/deliveries/${deliveries[0]!.id}/redeliver`]: () => [
        200,
        { success: true, delivery: deliveries[0] },
      ],
    });
    renderApp(`/user/hooks/${HOOK_ID}/edit`);
    const log = await screen.findByRole('table', { name: 'Recent deliveries' });
    await within(log).findByText('HTTP 200');
    expect(within(log).getByText('42 ms')).toBeInTheDocument();
    expect(within(log).getByText('Refused: localhost resolves to 127.0.0.1.')).toBeInTheDocument();
    const rows = within(log).getAllByRole('row').slice(1);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /Redeliver/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        `/app/user/hooks/${HOOK_ID}/deliveries/${deliveries[0]!.id}/redeliver`,
        `/app/user/hooks/${HOOK_ID}/test`,
      ]),
    );
  });
});
