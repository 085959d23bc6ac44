import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MATCH_ALERTS } from '../../../common/harvest';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  ok,
  profile,
  PROFILE_ID,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';
import { EMPTY_QUEUE_MESSAGE, fileLabel, removedMessage } from './ImportQueuePage';
import {
  candidate,
  FILE_ID,
  fileAnswer,
  harvestApi,
  harvestFile,
  OTHER_FILE_ID,
  queueOf,
  summaryOf,
} from './testing/stub';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const STORED_VERB_PATH = `/profile/77777777-7777-4777-8777-777777777777/concepts/c1`;

const verbYes = candidate({
  key: 'Verb http://example.org/verbs/watched',
  iri: 'http://example.org/verbs/watched',
  name: { 'en-US': 'watched' },
  statementCount: 2,
  match: {
    state: 'yes',
    existing: {
      id: 'c1',
      type: 'Verb',
      iri: 'http://example.org/verbs/watched',
      name: 'watched',
      prefLabel: { 'en-US': 'watched' },
      deprecated: false,
      profile: { id: '77777777-7777-4777-8777-777777777777', name: 'Quiz Profile' },
      path: STORED_VERB_PATH,
    },
  },
});
const verbNo = candidate({
  key: 'Verb http://example.org/verbs/skipped',
  iri: 'http://example.org/verbs/skipped',
  name: { fr: 'sauté', 'en-US': 'skipped' },
});
const activityPartial = candidate({
  key: 'Activity http://example.org/activities/intro',
  type: 'Activity',
  iri: 'http://example.org/activities/intro',
  name: { 'en-US': 'Introduction' },
  description: { 'en-US': 'The first video.' },
  activityType: 'http://adlnet.gov/expapi/activities/media',
  match: {
    state: 'partial',
    existing: {
      id: 'c2',
      type: 'Activity',
      iri: 'http://example.org/activities/intro',
      name: 'Intro',
      prefLabel: { 'en-US': 'Intro' },
      deprecated: false,
      profile: { id: '77777777-7777-4777-8777-777777777777', name: 'Quiz Profile' },
      path: '/profile/77777777-7777-4777-8777-777777777777/concepts/c2',
    },
    differences: [{ field: 'prefLabel.en-US', statements: 'Introduction', server: 'Intro' }],
  },
});
const extensionNo = candidate({
  key: 'ResultExtension http://example.org/extensions/progress',
  type: 'ResultExtension',
  iri: 'http://example.org/extensions/progress',
  name: {},
});
const verbDeprecated = candidate({
  key: 'Verb http://example.org/verbs/old',
  iri: 'http://example.org/verbs/old',
  name: { 'en-US': 'old' },
  match: { state: 'deprecated' },
});

// Deleted from the profile that defined it: the IRI is taken, but nothing holds the concept.
const verbDeleted = candidate({
  key: 'Verb http://example.org/verbs/gone',
  iri: 'http://example.org/verbs/gone',
  name: { 'en-US': 'gone' },
  match: {
    state: 'parentless',
    existing: {
      ...verbYes.match.existing!,
      id: 'c3',
      iri: 'http://example.org/verbs/gone',
      name: 'gone',
    },
  },
});

const mainFile = harvestFile({
  candidates: [verbYes, verbNo, activityPartial, extensionNo, verbDeprecated, verbDeleted],
  problems: [{ index: 2, message: 'The statement has no verb.' }],
});
const olderFile = harvestFile({
  id: OTHER_FILE_ID,
  fileName: 'older.json',
  createdAt: '2026-02-01T10:00:00.000Z',
  statementCount: 1,
  candidates: [candidate({ key: 'k', iri: 'http://example.org/verbs/opened', name: {} })],
});

/** The draft version 1 with two files in its queue, for a member. */
function serveQueue(handlers: Parameters<typeof stubServer>[0] = {}) {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${harvestApi()}`]: ok(queueOf([olderFile, mainFile])),
      [`GET ${harvestApi(V1, `/${FILE_ID}`)}`]: ok(fileAnswer(mainFile)),
      [`GET ${harvestApi(V1, `/${OTHER_FILE_ID}`)}`]: ok(fileAnswer(olderFile)),
      ...handlers,
    },
    signedIn(ada),
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Import Queue tab', () => {
  it('is shown to members with the number of files, and leads to the queue', async () => {
    serveQueue();
    const router = renderApp(versionPath(V1));
    const tab = await screen.findByRole('tab', { name: /Import Queue/ });
    expect(tab).toHaveTextContent('Import Queue2');
    await userEvent.click(tab);
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'queue')));
  });

  it('is not shown when the queue is empty', async () => {
    serveQueue({ [`GET ${harvestApi()}`]: ok(queueOf([])) });
    renderApp(versionPath(V1));
    await screen.findByRole('tab', { name: /Concepts/ });
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Import Queue/ })).toBeNull());
  });

  it('is not shown, nor the queue asked for, on an older version', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    const calls = stubServer({ [`GET ${versionApi(V1)}`]: ok(view(p, v1)) }, signedIn(ada));
    renderApp(versionPath(V1));
    await screen.findByRole('tab', { name: /Concepts/ });
    expect(screen.queryByRole('tab', { name: /Import Queue/ })).toBeNull();
    expect(calls.some((c) => c.path.includes('/harvest'))).toBe(false);
  });

  it('is not shown, nor the queue asked for, to visitors', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    const calls = stubServer({ [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)) }, signedOut);
    renderApp(`/profile/${PROFILE_ID}`);
    await screen.findByRole('tab', { name: /Concepts/ });
    expect(screen.queryByRole('tab', { name: /Import Queue/ })).toBeNull();
    expect(calls.some((c) => c.path.includes('/harvest'))).toBe(false);
  });
});

describe('Import Queue', () => {
  it('shows the newest file first, its skipped statements and its concepts by type', async () => {
    serveQueue();
    renderApp(versionPath(V1, 'queue'));
    const select = await screen.findByRole('combobox', { name: 'File' });
    expect(select).toHaveValue(fileLabel(summaryOf(mainFile)));
    expect(fileLabel(summaryOf(mainFile))).toMatch(
      /^statements\.json · .+ · 3 statements, 6 concepts, 1 skipped$/,
    );

    const skipped = await screen.findByRole('table', { name: 'Skipped statements' });
    expect(
      within(skipped).getByRole('row', { name: '2 The statement has no verb.' }),
    ).toBeVisible();

    const headings = screen
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
      .filter((t) => t !== 'Skipped statements');
    expect(headings).toEqual(['Verbs (4)', 'Activities (1)', 'Result Extensions (1)']);

    const yes = card('watched');
    expect(within(yes).getByText('Match found')).toBeVisible();
    expect(within(yes).getByText(MATCH_ALERTS.yes, { exact: false })).toBeVisible();
    expect(within(yes).getByText(/defined in Quiz Profile/)).toBeVisible();
    expect(within(yes).getByRole('link', { name: 'Open watched' })).toHaveAttribute(
      'href',
      STORED_VERB_PATH,
    );

    const deprecated = card('old');
    expect(within(deprecated).getByText('Deprecated')).toBeVisible();
    expect(within(deprecated).getByText(MATCH_ALERTS.deprecated)).toBeVisible();
    expect(within(deprecated).queryByRole('button')).toBeNull();

    // "No parent profile" is not contradicted by "defined in" the profile it was deleted from.
    const deleted = card('gone');
    expect(within(deleted).getByText(MATCH_ALERTS.parentless, { exact: false })).toBeVisible();
    expect(within(deleted).queryByText(/defined in/)).toBeNull();
    expect(within(deleted).getByText(/deleted from Quiz Profile/)).toBeVisible();

    // A candidate without a name in the statements is named by its IRI.
    expect(card('http://example.org/extensions/progress')).toBeVisible();
  });

  it('changes file from the dropdown', async () => {
    serveQueue();
    const router = renderApp(versionPath(V1, 'queue'));
    await userEvent.click(await screen.findByRole('combobox', { name: 'File' }));
    await userEvent.click(screen.getByRole('option', { name: fileLabel(summaryOf(olderFile)) }));
    expect(
      await screen.findByRole('article', { name: 'http://example.org/verbs/opened' }),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Skipped statements' })).toBeNull();
    expect(router.state.location.search).toBe(`?file=${OTHER_FILE_ID}`);
  });

  it('adds a matched concept to the profile', async () => {
    const after = harvestFile({
      ...mainFile,
      candidates: mainFile.candidates.map((c) =>
        c.key === verbYes.key
          ? { ...c, match: { ...c.match, state: 'inProfile', alert: MATCH_ALERTS.inProfile } }
          : c,
      ),
    });
    const calls = serveQueue({
      [`POST ${harvestApi(V1, `/${FILE_ID}/add`)}`]: ok({
        success: true,
        versionId: V1,
        file: after,
      }),
    });
    renderApp(versionPath(V1, 'queue'));
    await screen.findByRole('article', { name: 'watched' });
    await userEvent.click(within(card('watched')).getByRole('button', { name: 'Add to Profile' }));
    expect(await within(card('watched')).findByText('In profile')).toBeVisible();
    expect(within(card('watched')).queryByRole('button', { name: 'Add to Profile' })).toBeNull();
    const add = calls.find((c) => c.method === 'POST');
    expect(add?.body).toEqual({ key: verbYes.key });
    expect(feedback.getState().success?.message).toBe('watched was successfully added.');
  });

  it('goes to the queue of the new draft when adding made one', async () => {
    const { profile: p, v1, v2, withDraft } = publishedOnlyThenDraft();
    serveQueueOf(p, v1, {
      [`POST ${harvestApi(V1, `/${FILE_ID}/add`)}`]: ok({
        success: true,
        versionId: V2,
        file: mainFile,
      }),
      [`GET ${versionApi(V2)}`]: ok(view(withDraft, v2)),
      [`GET ${harvestApi(V2)}`]: ok(queueOf([mainFile])),
      [`GET ${harvestApi(V2, `/${FILE_ID}`)}`]: ok(fileAnswer(mainFile)),
    });
    const router = renderApp(versionPath(V1, 'queue'));
    await screen.findByRole('article', { name: 'watched' });
    await userEvent.click(within(card('watched')).getByRole('button', { name: 'Add to Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V2, 'queue')));
    expect(router.state.location.search).toBe(`?file=${FILE_ID}`);
  });

  it('opens the create form of the concept nobody defined, filled in from the statements', async () => {
    serveQueue();
    const router = renderApp(versionPath(V1, 'queue'));
    await screen.findByRole('article', { name: 'skipped' });
    await userEvent.click(
      within(card('skipped')).getByRole('button', { name: 'Create New Concept' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts/create/Verb')),
    );
    const form = await screen.findByRole('form', { name: 'Verb Details' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('skipped');
    expect(within(form).getByRole('radio', { name: 'Use an IRI I already own' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /External IRI/ })).toHaveValue(
      'http://example.org/verbs/skipped',
    );
  });

  it('opens an extension of the right type with its IRI', async () => {
    serveQueue();
    const router = renderApp(versionPath(V1, 'queue'));
    await screen.findByRole('article', { name: 'http://example.org/extensions/progress' });
    await userEvent.click(
      within(card('http://example.org/extensions/progress')).getByRole('button', {
        name: 'Create New Concept',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(versionPath(V1, 'concepts/create/Extension')),
    );
    const form = await screen.findByRole('form', { name: 'Extension Details' });
    expect(within(form).getByRole('textbox', { name: /External IRI/ })).toHaveValue(
      'http://example.org/extensions/progress',
    );
    expect(within(form).getByRole('combobox', { name: /^Extension Type/ })).toHaveValue(
      'Result Extension',
    );
  });

  it('compares a partial match with the stored concept', async () => {
    serveQueue();
    renderApp(versionPath(V1, 'queue'));
    const partial = await screen.findByRole('article', { name: 'Introduction' });
    expect(within(partial).getByText('Partial match')).toBeVisible();
    expect(within(partial).getByText(MATCH_ALERTS.partial)).toBeVisible();
    const table = within(partial).getByRole('table', { name: 'Differences of Introduction' });
    expect(
      within(table).getByRole('row', { name: 'prefLabel.en-US Introduction Intro' }),
    ).toBeVisible();
    expect(
      within(partial).getByRole('link', { name: /Open the stored concept Intro/ }),
    ).toHaveAttribute('href', '/profile/77777777-7777-4777-8777-777777777777/concepts/c2');
    expect(within(partial).queryByRole('button')).toBeNull();
  });

  it('removes a file only once confirmed, then shows the next', async () => {
    const calls = serveQueue({
      [`DELETE ${harvestApi(V1, `/${FILE_ID}`)}`]: ok({ success: true }),
    });
    renderApp(versionPath(V1, 'queue'));
    await screen.findByRole('article', { name: 'watched' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove file?' });
    expect(dialog).toHaveTextContent('statements.json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove file' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(feedback.getState().success?.message).toBe(removedMessage('statements.json'));
    expect(
      await screen.findByRole('article', { name: 'http://example.org/verbs/opened' }),
    ).toBeVisible();
  });

  it('says so when no file is queued, and offers another import', async () => {
    serveQueue({ [`GET ${harvestApi()}`]: ok(queueOf([])) });
    const router = renderApp(versionPath(V1, 'queue'));
    expect(await screen.findByText(EMPTY_QUEUE_MESSAGE)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Import another file' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'import')));
  });
});

/** A published version 1 shown as current, whose next change makes the draft version 2. */
function publishedOnlyThenDraft() {
  const { profile: p, v1 } = publishedOnly();
  const { profile: withDraft, v2 } = publishedWithDraft();
  return { profile: p, v1, v2, withDraft };
}

function serveQueueOf(
  p: ReturnType<typeof profile>,
  v: ReturnType<typeof version>,
  handlers: Parameters<typeof stubServer>[0],
) {
  return stubServer(
    {
      [`GET ${versionApi(v.uuid)}`]: ok(view(p, v)),
      [`GET ${harvestApi(v.uuid)}`]: ok(queueOf([mainFile])),
      [`GET ${harvestApi(v.uuid, `/${FILE_ID}`)}`]: ok(fileAnswer(mainFile)),
      ...handlers,
    },
    signedIn(ada),
  );
}
