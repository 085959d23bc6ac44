import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Feedback, FeedbackCounts, FeedbackList } from '../../../common/feedback';
import { group } from '../../test/stubs/organization';
import {
  ada,
  GROUP_ID,
  ok,
  PROFILE_ID,
  publishedWithDraft,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  V2,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';

afterEach(() => vi.unstubAllGlobals());

const CONCEPT_ID = '66666666-6666-4666-8666-666666666666';
const FEEDBACK_ID = '77777777-7777-4777-8777-777777777777';

function piece(overrides: Partial<Feedback> = {}): Feedback {
  return {
    uuid: FEEDBACK_ID,
    profileId: PROFILE_ID,
    profileName: 'Video',
    version: { uuid: V1, version: 1 },
    item: {
      uuid: CONCEPT_ID,
      kind: 'concept',
      name: 'paused',
      iri: 'https://example.org/verbs/paused',
    },
    kind: 'problem',
    body: 'The definition of paused says "stopped".',
    public: true,
    status: 'open',
    author: 'Grace Hopper',
    createdAt: '2025-03-01T10:00:00.000Z',
    answer: null,
    answeredAt: null,
    addressedIn: null,
    closedReason: null,
    hidden: false,
    permissions: { respond: false, hide: false, remove: false },
    addressableIn: [],
    ...overrides,
  };
}

const counts = (c: Partial<FeedbackCounts> = {}): FeedbackCounts => ({
  open: 0,
  answered: 0,
  addressed: 0,
  closed: 0,
  ...c,
});

const list = (feedback: Feedback[], canLeave: boolean, c = counts({ open: 1 })): FeedbackList => ({
  success: true,
  feedback,
  counts: c,
  canLeave,
});

const PUBLIC_V1 = `/profile/${PROFILE_ID}/version/${V1}`;
const panel = () => screen.findByRole('region', { name: 'Feedback on this profile' });

describe('feedback on a published version', () => {
  it('shows a visitor the public feedback, the watchers and where to sign in', async () => {
    const { profile, v1 } = publishedWithDraft(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET ${versionApi(V1, '/feedback')}`]: ok(list([piece()], false)),
        [`GET /app/profile/${PROFILE_ID}/watch`]: ok({
          success: true,
          watching: false,
          watchers: 3,
        }),
      },
      signedOut,
    );
    renderApp(PUBLIC_V1);
    const region = await panel();
    const card = within(region).getByRole('article', { name: /Problem on paused/ });
    expect(within(card).getByText('The definition of paused says "stopped".')).toBeVisible();
    expect(within(card).getByText('Open')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'paused' })).toHaveAttribute(
      'href',
      `${PUBLIC_V1}/concepts/${CONCEPT_ID}`,
    );
    expect(within(card).queryByRole('toolbar')).toBeNull();
    expect(within(region).getByText('1 open')).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(within(region).queryByRole('form', { name: 'Leave feedback' })).toBeNull();
    expect(await screen.findByText('3 watchers')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to watch' })).toBeVisible();
  });

  it('lets someone signed in leave feedback, public or only for the group', async () => {
    const { profile, v1 } = publishedWithDraft(null);
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET ${versionApi(V1, '/feedback')}`]: ok(list([], true, counts())),
        [`POST ${versionApi(V1, '/feedback')}`]: ok({ success: true, feedback: piece() }),
        [`GET /app/profile/${PROFILE_ID}/watch`]: ok({
          success: true,
          watching: false,
          watchers: 0,
        }),
        [`PUT /app/profile/${PROFILE_ID}/watch`]: ok({
          success: true,
          watching: true,
          watchers: 1,
        }),
      },
      signedIn(ada),
    );
    renderApp(PUBLIC_V1);
    const user = userEvent.setup();
    const region = await panel();
    expect(within(region).getByText('None yet')).toBeVisible();
    const form = within(region).getByRole('form', { name: 'Leave feedback' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'question');
    await user.type(within(form).getByLabelText(/Your feedback/), 'Is paused the same as stopped?');
    await user.click(within(form).getByRole('checkbox', { name: /Show it to everyone/ }));
    await user.click(within(form).getByRole('button', { name: 'Leave feedback' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/has been told/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'question',
      body: 'Is paused the same as stopped?',
      public: false,
    });

    // Watching, and the count that follows.
    const watch = await screen.findByRole('button', { name: 'Watch' });
    expect(watch).toHaveAttribute('aria-pressed', 'false');
    await user.click(watch);
    expect(await screen.findByRole('button', { name: 'Watching' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('1 watcher')).toBeVisible();
  });

  it('lets the group answer, mark addressed in a later version and close; its admin hides', async () => {
    const { profile, v1 } = publishedWithDraft('admin');
    const mine = piece({
      permissions: { respond: true, hide: true, remove: false },
      addressableIn: [{ uuid: V2, version: 2 }],
    });
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET ${versionApi(V1, '/feedback')}`]: ok(list([mine], true)),
        [`POST /app/feedback/${FEEDBACK_ID}/answer`]: ok({
          success: true,
          feedback: { ...mine, status: 'answered', answer: 'It is fixed in version 2.' },
        }),
        [`POST /app/feedback/${FEEDBACK_ID}/addressed`]: ok({
          success: true,
          feedback: { ...mine, status: 'addressed', addressedIn: { uuid: V2, version: 2 } },
        }),
        [`POST /app/feedback/${FEEDBACK_ID}/close`]: ok({
          success: true,
          feedback: { ...mine, status: 'closed', closedReason: 'Duplicate.' },
        }),
        [`POST /app/feedback/${FEEDBACK_ID}/hide`]: ok({
          success: true,
          feedback: { ...mine, hidden: true },
        }),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const user = userEvent.setup();
    const region = await panel();
    const card = within(region).getByRole('article', { name: /Problem on paused/ });
    const actions = () => within(card).getByRole('toolbar', { name: 'Feedback actions' });

    await user.click(within(actions()).getByRole('button', { name: 'Answer' }));
    await user.type(within(card).getByLabelText(/^Answer/), 'It is fixed in version 2.');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Send answer' })).toBeNull(),
    );

    await user.click(within(actions()).getByRole('button', { name: 'Mark addressed' }));
    expect(within(card).getByLabelText('Addressed in')).toHaveValue(V2);
    await user.click(within(card).getByRole('button', { name: 'Mark addressed' }));
    await waitFor(() => expect(within(card).queryByLabelText('Addressed in')).toBeNull());

    await user.click(within(actions()).getByRole('button', { name: 'Close' }));
    await user.type(within(card).getByLabelText(/Why it is closed/), 'Duplicate.');
    await user.click(within(card).getByRole('button', { name: 'Close it' }));
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Close it' })).toBeNull(),
    );

    await user.click(within(actions()).getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST').map((c) => [c.path.split('/').at(-1), c.body]),
      ).toEqual([
        ['answer', { answer: 'It is fixed in version 2.' }],
        ['addressed', { versionId: V2 }],
        ['close', { reason: 'Duplicate.' }],
        ['hide', { hidden: true }],
      ]),
    );
  });
});

describe("the group's Feedback tab", () => {
  it('counts feedback by status for members and lists the chosen status', async () => {
    const answered = piece({
      uuid: '88888888-8888-4888-8888-888888888888',
      status: 'answered',
      answer: 'Yes.',
      item: null,
      kind: 'question',
      body: 'Is there a version for audio?',
    });
    const open = piece({
      permissions: { respond: true, hide: false, remove: false },
      addressableIn: [{ uuid: V2, version: 2 }],
    });
    const all = list([open, answered], false, counts({ open: 1, answered: 1 }));
    const calls = stubServer(
      {
        [`POST /app/feedback/${FEEDBACK_ID}/addressed`]: ok({
          success: true,
          feedback: { ...open, status: 'addressed', addressedIn: { uuid: V2, version: 2 } },
        }),
        [`GET /app/org/${GROUP_ID}`]: ok({
          success: true,
          organization: group({ membership: 'member' }),
        }),
        [`GET /app/org/${GROUP_ID}/feedback`]: (call) => {
          const status = call.query.get('status');
          return [
            200,
            status ? { ...all, feedback: all.feedback.filter((f) => f.status === status) } : all,
          ];
        },
      },
      signedIn(ada),
    );
    renderApp(`/organization/${GROUP_ID}/feedback`);
    const user = userEvent.setup();
    const tab = await screen.findByRole('tab', { name: /Feedback/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tab).toHaveTextContent('Feedback1'));
    // Each card names the profile and version it is on: the tab lists all of the group's.
    const card = await screen.findByRole('article', {
      name: /Problem on paused · Video, version 1/,
    });
    expect(within(card).getByRole('link', { name: 'paused' })).toHaveAttribute(
      'href',
      versionPath(V1, `concepts/${CONCEPT_ID}`),
    );
    expect(within(card).getByRole('link', { name: 'Video, version 1' })).toHaveAttribute(
      'href',
      versionPath(V1),
    );
    // Marked addressed from the tab, in a later version the server names.
    await user.click(within(card).getByRole('button', { name: 'Mark addressed' }));
    expect(within(card).getByLabelText('Addressed in')).toHaveValue(V2);
    await user.click(within(card).getByRole('button', { name: 'Mark addressed' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ versionId: V2 }),
    );
    await user.click(screen.getByText('Answered (1)'));
    expect(await screen.findByText('Is there a version for audio?')).toBeVisible();
    expect(screen.queryByText(/The definition of paused/)).toBeNull();
    expect(calls.some((c) => c.query.get('status') === 'answered')).toBe(true);
  });
});
