import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_ACCEPTED_TEXT,
  IMPORT_MAX_FILE_BYTES,
  type ImportComparison,
} from '../../../common/harvest';
import { compareVersions } from '../../../xapi/changes/compare';
import { feedback } from '../../lib/feedback-store';
import { fakeUploads } from '../../test/upload';
import {
  ada,
  ok,
  profile,
  PROFILE_IRI,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  signedIn,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';
import { CANCELLED_MESSAGE, NO_IMPORT_PERMISSION, UNKNOWN_PROGRESS_PERCENT } from './ImportPage';
import {
  formatFileSize,
  HARVEST_ERROR_DISMISS,
  problemsHeading,
  tooLargeMessage,
  wrongTypeMessage,
} from './format';
import { DRAFT_CHANGED_NOTICE, REPLACE_DRAFT } from './ReplaceDraftDialog';
import { FILE_ID, fileAnswer, harvestApi, harvestFile, queueOf } from './testing/stub';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const STATEMENTS = JSON.stringify([
  {
    actor: { mbox: 'mailto:ada@example.org' },
    verb: { id: 'http://example.org/verbs/skipped', display: { 'en-US': 'skipped' } },
    object: { id: 'http://example.org/activities/intro' },
  },
]);

const jsonFile = (text = STATEMENTS, name = 'statements.json') =>
  new File([text], name, { type: 'application/json' });

/** The draft version 1 of the test profile, its queue empty, for a member. */
function serveImport(handlers: Parameters<typeof stubServer>[0] = {}) {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${harvestApi()}`]: ok(queueOf([], 20)),
      ...handlers,
    },
    signedIn(ada),
  );
}

const chooser = () => screen.getByLabelText('Choose a file');
const choose = (file: File) => userEvent.upload(chooser(), file, { applyAccept: false });
const dropArea = () => screen.getByRole('group', { name: 'Import a file' });

describe('file sizes', () => {
  it('reads in bytes, KB, MB and GB with steps of 1024', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
  });
});

describe('import screen', () => {
  it('is opened by the Import action and states what it takes and the statement limit', async () => {
    serveImport();
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'import')));
    expect(await screen.findByRole('heading', { name: 'Import' })).toBeVisible();
    expect(screen.getByText(IMPORT_ACCEPTED_TEXT)).toBeVisible();
    expect(
      await screen.findByText(
        /A file of statements may hold up to 20 statements naming up to 1,000 distinct concepts\./,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        /skipped when a display, name or description is over 1,000 characters or in more than 20 languages, or when it carries more than 100 extensions in one place\./,
      ),
    ).toBeVisible();
    expect(screen.getByText(/Files up to 10 MB\./)).toBeVisible();
    expect(chooser()).toHaveAttribute('type', 'file');
  });

  it('is refused to non-members and on an older version', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(p, v1)) }, signedIn(ada));
    renderApp(versionPath(V1, 'import'));
    expect(await screen.findByText(NO_IMPORT_PERMISSION)).toBeVisible();
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
    // The older version offers no Import either.
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('refuses a file of another type, and one too large, without sending it', async () => {
    const uploads = fakeUploads();
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(new File(['a,b'], 'statements.csv', { type: 'text/csv' }));
    expect(await screen.findByText(wrongTypeMessage('statements.csv'))).toBeVisible();

    const big = jsonFile();
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_FILE_BYTES + 1 });
    await choose(big);
    expect(await screen.findByText(tooLargeMessage('statements.json', big.size))).toBeVisible();
    expect(
      screen.getByText(/is 10 MB; the largest file that can be imported is 10 MB/),
    ).toBeVisible();
    expect(uploads.uploads).toHaveLength(0);
  });

  it('refuses a file that is not JSON', async () => {
    const uploads = fakeUploads();
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile('{"actor": ', 'broken.json'));
    expect(await screen.findByText(/“broken.json” is not valid JSON/)).toBeVisible();
    expect(uploads.uploads).toHaveLength(0);
  });

  it('shows the area being dragged over', async () => {
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    fireEvent.dragEnter(dropArea(), { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(screen.getByText('Drop the file to import it')).toBeVisible();
    expect(dropArea()).toHaveAttribute('data-dragging');
    fireEvent.dragLeave(dropArea(), { relatedTarget: document.body });
    expect(screen.getByText('Drag a file here, or')).toBeVisible();
  });

  it('uploads the file with real progress, then opens its queue', async () => {
    const uploads = fakeUploads();
    const file = harvestFile();
    serveImport({ [`GET ${harvestApi(V1, `/${FILE_ID}`)}`]: ok(fileAnswer(file)) });
    const router = renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    // A dropped file is taken like a chosen one.
    fireEvent.drop(dropArea(), { dataTransfer: { files: [jsonFile()] } });
    const upload = await uploads.next();

    expect(upload.method).toBe('POST');
    expect(upload.path).toBe(harvestApi());
    expect(upload.query.get('fileName')).toBe('statements.json');
    expect(upload.headers['content-type']).toBe('application/json');
    expect(upload.headers['x-csrf-token']).toBe('csrf-token');
    expect(upload.body).toBe(STATEMENTS);

    const bar = await screen.findByRole('progressbar', { name: 'Upload of statements.json' });
    expect(screen.getByText(`(${formatFileSize(STATEMENTS.length)})`)).toBeVisible();
    act(() => upload.progress(45, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('Uploading… 45 %')).toBeVisible();

    act(() => upload.respond(200, fileAnswer(file)));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'queue')));
    expect(router.state.location.search).toBe(`?file=${FILE_ID}`);
  });

  it('shows the fixed 60 % when the browser cannot tell the progress', async () => {
    const uploads = fakeUploads();
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile());
    const upload = await uploads.next();
    act(() => upload.progress(10));
    expect(
      await screen.findByRole('progressbar', { name: 'Upload of statements.json' }),
    ).toHaveAttribute('aria-valuenow', String(UNKNOWN_PROGRESS_PERCENT));
  });

  it('cancels an upload: the request is aborted and another file can be chosen', async () => {
    const uploads = fakeUploads();
    serveImport();
    const router = renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile());
    const upload = await uploads.next();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(upload.aborted).toBe(true);
    expect(await screen.findByText(CANCELLED_MESSAGE)).toBeVisible();
    expect(chooser()).toBeEnabled();
    expect(router.state.location.pathname).toBe(versionPath(V1, 'import'));
  });

  it('shows a harvest error until it is dismissed, and then takes a file again', async () => {
    const uploads = fakeUploads();
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile());
    const upload = await uploads.next();
    act(() =>
      upload.respond(400, {
        success: false,
        code: 'BAD_REQUEST',
        message: 'The file holds 25 statements; at most 20 are taken.',
      }),
    );
    const alert = await screen.findByRole('alert', { name: 'Import Error' });
    expect(alert).toHaveTextContent(
      '“statements.json” was not imported: The file holds 25 statements; at most 20 are taken.',
    );
    expect(alert).toHaveTextContent(HARVEST_ERROR_DISMISS);
    expect(alert).not.toHaveTextContent(/Please|Before importing again/);
    expect(chooser()).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss the error' }));
    expect(screen.queryByRole('alert', { name: 'Import Error' })).toBeNull();
    expect(chooser()).toBeEnabled();
    expect(screen.getByText('Drag a file here, or')).toBeVisible();
  });

  it('lists every problem of a refused profile file, not the first alone', async () => {
    const uploads = fakeUploads();
    serveImport();
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    const document_ = JSON.stringify({ '@context': 'https://w3id.org/xapi/profiles/context' });
    await choose(jsonFile(document_, 'profile.jsonld'));
    const compared = await uploads.next();
    act(() =>
      compared.respond(400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The profile needs its IRI in "id" before it can be kept as a draft',
        findings: [
          { ruleId: 'A1', severity: 'error', path: '', message: 'The profile has no "id".' },
          { ruleId: 'B2', severity: 'error', path: '/type', message: 'Missing "type".' },
          { ruleId: 'B5', severity: 'error', path: '/versions', message: 'Missing "versions".' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert', { name: 'Import Error' });
    expect(alert).toHaveTextContent(
      '“profile.jsonld” was not imported: The profile needs its IRI in "id" before it can be kept as a draft.',
    );
    const list = within(alert).getByRole('list', { name: problemsHeading(3) });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The profile has no "id".',
      '/type: Missing "type".',
      '/versions: Missing "versions".',
    ]);
    expect(alert).toHaveTextContent(HARVEST_ERROR_DISMISS);
  });

  it('sends a profile document to import-profile and opens the draft it became', async () => {
    const uploads = fakeUploads();
    const { profile: p, v2 } = publishedWithDraft();
    const document_ = JSON.stringify({
      '@context': 'https://w3id.org/xapi/profiles/context',
      id: 'https://example.org/profiles/video',
      type: 'Profile',
    });
    serveImport({ [`GET ${versionApi(V2)}`]: ok(view(p, v2)) });
    const router = renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile(document_, 'profile.jsonld'));
    // Version 1 is a draft: the file is compared with it, and replaces it once confirmed.
    const compared = await uploads.next();
    act(() => compared.respond(200, importComparison()));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: REPLACE_DRAFT }));
    const upload = await uploads.next();
    expect(upload.path).toBe(versionApi(V1, '/import-profile'));
    expect(upload.query.get('fileName')).toBe('profile.jsonld');
    expect(upload.query.get('replaceDraft')).toBe(REVISION);
    expect(upload.body).toBe(document_);
    act(() => upload.respond(200, { success: true, versionId: V2, findings: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V2)));
  });
});

const VERB = `${PROFILE_IRI}/verbs/paused`;
const TEMPLATE = `${PROFILE_IRI}/templates/paused`;
const REVISION = 'revision-of-draft-1';
const DIALOG_TITLE = 'Replace draft version 1 of “Video Profile”?';

/** Draft version 1 as it stands, and a file of it with the verb deprecated and a rule stricter. */
function documents() {
  const draft = {
    '@context': 'https://w3id.org/xapi/profiles/context',
    id: PROFILE_IRI,
    type: 'Profile',
    prefLabel: { en: 'Video Profile' },
    versions: [{ id: `${PROFILE_IRI}/v1` }],
    concepts: [{ id: VERB, type: 'Verb', prefLabel: { en: 'paused' } }],
    templates: [
      {
        id: TEMPLATE,
        type: 'StatementTemplate',
        prefLabel: { en: 'Paused' },
        verb: VERB,
        rules: [{ location: '$.result.duration', presence: 'recommended' }],
      },
    ],
  };
  const file = structuredClone(draft);
  (file.concepts[0] as Record<string, unknown>).deprecated = true;
  file.templates[0]!.rules[0]!.presence = 'included';
  return { draft, file };
}

function importComparison(revision = REVISION): ImportComparison {
  const { draft, file } = documents();
  return {
    success: true,
    draft: {
      uuid: V1,
      version: 1,
      state: 'draft',
      iri: `${PROFILE_IRI}/v1`,
      updatedOn: '2025-02-03T10:00:00.000Z',
      revision,
    },
    changes: compareVersions(draft, file),
    links: [
      { iri: VERB, kind: 'concept', from: 'c-1', to: null },
      { iri: TEMPLATE, kind: 'template', from: 't-1', to: null },
    ],
  };
}

describe('a profile file that would replace the draft', () => {
  const fileText = () => JSON.stringify(documents().file);

  it('asks first, showing what the file changes in the draft; Cancel keeps the draft', async () => {
    const uploads = fakeUploads();
    serveImport({ [`GET ${versionApi(V1, '/document')}`]: ok(documents().draft) });
    const router = renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile(fileText(), 'profile.jsonld'));

    const compared = await uploads.next();
    expect(compared.path).toBe(versionApi(V1, '/import-profile/compare'));
    expect(compared.query.get('fileName')).toBe('profile.jsonld');
    expect(compared.body).toBe(fileText());
    act(() => compared.progress(100, 100));
    expect(screen.getByText('Uploaded; comparing the file with the draft…')).toBeVisible();
    act(() => compared.respond(200, importComparison()));

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
    // The focus is kept in the dialog, on the answer that changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(
      within(dialog).getByText(
        /“profile.jsonld” would replace the content of draft version 1, edits made on the site included/,
      ),
    ).toBeVisible();
    const summary = within(dialog).getByRole('group', { name: 'Summary' });
    expect(within(summary).getByText('1 breaking')).toBeVisible();
    expect(within(summary).getByText('1 additive')).toBeVisible();
    const deprecated = within(dialog).getByRole('listitem', { name: 'Deprecated: paused' });
    expect(within(deprecated).getByRole('link', { name: 'In version 1' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/c-1'),
    );
    // The file is not stored: it has no page to link to.
    expect(within(deprecated).getAllByRole('link')).toHaveLength(1);

    // The JSON of an item: the draft's from the server, the file's as it was chosen.
    const changed = within(dialog).getByRole('listitem', { name: 'Changed: Paused' });
    await userEvent.click(within(changed).getByRole('button', { name: 'Show JSON side by side' }));
    const both = within(changed).getByRole('group', { name: 'JSON of Paused in both versions' });
    await waitFor(() => expect(within(both).getByText(/"presence": "recommended"/)).toBeVisible());
    expect(within(both).getByText(/"presence": "included"/)).toBeVisible();
    expect(within(both).getByText('Draft version 1')).toBeVisible();
    expect(within(both).getByText('The file “profile.jsonld”')).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing else was sent: the draft is as it was, and another file can be chosen.
    expect(uploads.uploads).toHaveLength(1);
    expect(chooser()).toBeEnabled();
    expect(router.state.location.pathname).toBe(versionPath(V1, 'import'));
  });

  it('compares again when the draft changed before the confirmation, and then replaces it', async () => {
    const uploads = fakeUploads();
    serveImport();
    const router = renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile(fileText(), 'profile.jsonld'));
    const compared = await uploads.next();
    act(() => compared.respond(200, importComparison()));
    let dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: REPLACE_DRAFT }));

    const refused = await uploads.next();
    expect(refused.query.get('replaceDraft')).toBe(REVISION);
    act(() =>
      refused.respond(409, {
        success: false,
        code: 'DRAFT_WOULD_BE_REPLACED',
        message: 'Draft version 1 changed after it was compared with the file.',
      }),
    );
    const again = await uploads.next();
    expect(again.path).toBe(versionApi(V1, '/import-profile/compare'));
    act(() => again.respond(200, importComparison('revision-after-the-edit')));
    dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
    expect(within(dialog).getByText(DRAFT_CHANGED_NOTICE)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: REPLACE_DRAFT }));

    const replaced = await uploads.next();
    expect(replaced.query.get('replaceDraft')).toBe('revision-after-the-edit');
    act(() => replaced.respond(200, { success: true, versionId: V1, findings: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
  });

  it('asks nothing when the version is published: the file becomes a new draft', async () => {
    const uploads = fakeUploads();
    const { profile: p, v1 } = publishedOnly();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${harvestApi()}`]: ok(queueOf([], 20)),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'import'));
    await screen.findByLabelText('Choose a file');
    await choose(jsonFile(fileText(), 'profile.jsonld'));
    const upload = await uploads.next();
    expect(upload.path).toBe(versionApi(V1, '/import-profile'));
    expect(upload.query.get('replaceDraft')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
