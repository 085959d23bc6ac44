import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSimulation } from '../../../common/simulate';
import {
  ada,
  ok,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';
import { publicVersionPath } from '../../lib/paths';
import { PREVIEW_COUNT } from './GenerateStatements';
import { fakeUploads } from '../../test/upload';
import { batchText, readHandoff, wholeRegistrations } from './handoff';
import { BATCH_LABEL } from './VersionStatementsTest';

afterEach(() => vi.unstubAllGlobals());

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const STARTED = `${PROFILE_IRI}/templates/started`;
const PLAYED = `${PROFILE_IRI}/templates/played`;
const WATCH = `${PROFILE_IRI}/patterns/watch`;
const BROWSE = `${PROFILE_IRI}/patterns/browse`;
const STARTED_UUID = '66666666-6666-4666-8666-666666666661';
const verb = (name: string) => `${PROFILE_IRI}/verbs/${name}`;

const template = (id: string, name: string, extra: object) => ({
  id,
  type: 'StatementTemplate',
  inScheme: VERSION_IRI,
  prefLabel: { en: name },
  definition: { en: `${name}.` },
  ...extra,
});
const pattern = (id: string, name: string, sequence: string[]) => ({
  id,
  type: 'Pattern',
  primary: true,
  inScheme: VERSION_IRI,
  prefLabel: { en: name },
  definition: { en: `${name}.` },
  sequence,
});

const document = {
  '@context': 'https://w3id.org/xapi/profiles/context',
  id: PROFILE_IRI,
  type: 'Profile',
  conformsTo: 'https://w3id.org/xapi/profiles#1.0',
  prefLabel: { en: 'Video Profile' },
  definition: { en: 'Videos.' },
  author: { type: 'Organization', name: 'Video Group' },
  versions: [{ id: VERSION_IRI, generatedAtTime: '2025-01-01T00:00:00Z' }],
  templates: [
    template(STARTED, 'Started a video', { verb: verb('started') }),
    template(PLAYED, 'Played a video', { verb: verb('played') }),
  ],
  patterns: [
    pattern(WATCH, 'Watch a video', [STARTED, PLAYED]),
    pattern(BROWSE, 'Browse videos', [STARTED]),
  ],
};

const registration = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
const statement = (name: string, n: number, second: number) => ({
  id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n * 10 + second).padStart(12, '0')}`,
  actor: { name: 'Simulated Actor 1', mbox: 'mailto:actor1@example.org' },
  verb: { id: verb(name), display: { en: name } },
  object: { id: 'https://example.org/videos/1' },
  timestamp: `2025-01-01T00:00:${String(second + n * 2).padStart(2, '0')}.000Z`,
  context: {
    registration: registration(n),
    contextActivities: { category: [{ id: VERSION_IRI }] },
  },
});

/** `count` registrations of "Watch a video": started, then played. */
function simulation(count: number): SiteSimulation {
  const statements = [];
  const origins = [];
  for (let n = 1; n <= count; n++) {
    statements.push(statement('started', n, 0), statement('played', n, 1));
    origins.push({ template: STARTED, pattern: WATCH }, { template: PLAYED, pattern: WATCH });
  }
  return { success: true, statements, origins, problems: [], stopped: false };
}

const templateRow = {
  uuid: STARTED_UUID,
  iri: STARTED,
  name: 'Started a video',
  description: '',
  parentProfile: null,
  updatedOn: '2025-02-03T10:00:00.000Z',
  status: 'active',
  linked: false,
};

function serve(
  simulate: () => [number, unknown] = () => [200, simulation(3)],
  more: Record<string, () => [number, unknown]> = {},
) {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${versionApi(V1, '/document')}`]: ok(document),
      [`GET ${versionApi(V1, '/templates')}`]: ok({
        success: true,
        templates: [templateRow],
        total: 1,
        page: 1,
        limit: 100,
      }),
      [`POST ${versionApi(V1, '/simulate')}`]: simulate,
      ...more,
    },
    signedIn(ada),
  );
}

describe('generating statements from a version', () => {
  it('is reached from the version page, and sends the choices made', async () => {
    const calls = serve();
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('link', { name: 'Generate Statements' }));
    expect(router.state.location.pathname).toBe(versionPath(V1, 'generate'));

    const watch = await screen.findByRole('checkbox', { name: 'Watch a video' });
    const browse = screen.getByRole('checkbox', { name: 'Browse videos' });
    expect(watch).toBeChecked();
    expect(browse).toBeChecked();
    expect(screen.getByLabelText(/^Seed/)).not.toHaveValue('');

    await userEvent.click(browse);
    const actors = screen.getByLabelText(/^Actors/);
    await userEvent.clear(actors);
    await userEvent.type(actors, '5');
    const seed = screen.getByLabelText(/^Seed/);
    await userEvent.clear(seed);
    await userEvent.type(seed, 'spring');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    await screen.findByRole('table', { name: 'Generated statements' });
    const sent = calls.find((c) => c.path === versionApi(V1, '/simulate'));
    expect(sent?.body).toEqual({
      seed: 'spring',
      actors: 5,
      registrations: 2,
      max: 1000,
      start: '2025-01-01T00:00:00Z',
      patterns: [WATCH],
    });
  });

  it('sends how the actors learn only when asked: abilities from lowest to highest, pace, dropout and hours', async () => {
    const calls = serve();
    renderApp(versionPath(V1, 'generate'));
    await screen.findByRole('checkbox', { name: 'Watch a video' });
    await userEvent.click(screen.getByText('How the actors learn'));
    await userEvent.type(screen.getByLabelText(/^Lowest ability/), '0.2');
    await userEvent.type(screen.getByLabelText(/^Highest ability/), '0.9');
    await userEvent.type(screen.getByLabelText(/^Pace/), '2');
    await userEvent.type(screen.getByLabelText(/^Dropout/), '0.1');
    await userEvent.type(screen.getByLabelText(/^Starts from hour/), '8');
    expect(screen.getByText('How the actors learn (set)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('table', { name: 'Generated statements' });
    const sent = calls.filter((c) => c.path === versionApi(V1, '/simulate'));
    expect((sent.at(-1)?.body as { learners?: unknown }).learners).toEqual({
      ability: { lowest: 0.2, highest: 0.9 },
      pace: 2,
      dropout: 0.1,
      hours: { from: 8, to: 24 },
    });
  });

  it('sends more of the model written as JSON, and says what is wrong with it before sending', async () => {
    const calls = serve();
    renderApp(versionPath(V1, 'generate'));
    await screen.findByRole('checkbox', { name: 'Watch a video' });
    await userEvent.click(screen.getByText('More of the model, as JSON'));
    const field = screen.getByLabelText('Model (JSON)');
    const sends = () => calls.filter((c) => c.path === versionApi(V1, '/simulate')).length;

    await userEvent.type(field, '{{"bounds": [[');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // The shared JSON reader's message: where the text went wrong, not the engine's wording.
    expect(
      await screen.findByText(/^This is not JSON: Line 1, position \d+: /),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '[[1]');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/^Write one JSON object/)).toBeInTheDocument();
    expect(sends()).toBe(0);

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('{"bounds": [{"hours": [[9, 17]]}]}');
    expect(screen.getByText('More of the model, as JSON (set)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('table', { name: 'Generated statements' });
    expect(screen.queryByText(/^This is not JSON|^Write one JSON object/)).toBeNull();
    const sent = calls.filter((c) => c.path === versionApi(V1, '/simulate'));
    expect((sent.at(-1)?.body as { model?: unknown }).model).toEqual({
      bounds: [{ hours: [[9, 17]] }],
    });
  });

  it('previews the first statements with their template, linked, their pattern and registration, and their JSON', async () => {
    serve(() => [200, simulation(15)]);
    renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '30 statements in 15 registrations of 1 actor',
    );
    // Generate was disabled while it worked: the focus went on to the results, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Generated statements' })).toHaveFocus(),
    );
    // Seven columns scroll sideways on a phone, in a region the keyboard reaches.
    expect(
      screen.getByRole('region', { name: 'Generated statements, scrolling sideways' }),
    ).toHaveAttribute('tabindex', '0');
    const table = screen.getByRole('table', { name: 'Generated statements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PREVIEW_COUNT);
    expect(within(rows[0]!).getByRole('link', { name: 'Started a video' })).toHaveAttribute(
      'href',
      versionPath(V1, `templates/${STARTED_UUID}`),
    );
    expect(rows[1]).toHaveTextContent('Played a video');
    expect(rows[0]).toHaveTextContent('Watch a video');
    expect(rows[0]).toHaveTextContent(registration(1));

    const show = within(rows[0]!).getByRole('button', { name: 'Show the JSON of statement 1' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    const json = screen.getByLabelText('JSON of statement 1');
    expect(json).toHaveTextContent('"registration": "aaaaaaaa-aaaa-4aaa-8aaa-000000000001"');
    expect(screen.getByRole('button', { name: 'Hide the JSON of statement 1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('lists why the version cannot be simulated, linking the template', async () => {
    serve(() => [
      400,
      {
        success: false,
        code: 'SIMULATION_IMPOSSIBLE',
        message: 'The profile cannot be simulated.',
        problems: [
          {
            kind: 'template',
            id: STARTED,
            ruleIndex: 0,
            location: '$.result.response',
            reason: 'no value is allowed by "any", "all" and "none" together',
          },
          { kind: 'pattern', id: WATCH, reason: 'no path of buildable templates' },
        ],
      },
    ]);
    renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));

    const alert = (await screen.findAllByRole('alert')).find((a) =>
      a.textContent?.includes('cannot be simulated'),
    )!;
    expect(alert).toHaveTextContent('This version cannot be simulated');
    expect(alert).toHaveTextContent(
      'Template Started a video, rule 1 ($.result.response): no value is allowed',
    );
    expect(within(alert).getByRole('link', { name: 'Started a video' })).toHaveAttribute(
      'href',
      versionPath(V1, `templates/${STARTED_UUID}`),
    );
    expect(alert).toHaveTextContent('Pattern Watch a video: no path of buildable templates');
    expect(screen.queryByRole('table', { name: 'Generated statements' })).toBeNull();
    // The focus goes to what went wrong, not to the page.
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('opens the statements in Test Statements, filled in, where every registration is followed', async () => {
    serve();
    const router = renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open in Test Statements' }));

    expect(router.state.location.pathname).toBe(versionPath(V1, 'test'));
    expect(await screen.findByText('6 statements generated from this version.')).toBeVisible();
    expect(await screen.findByLabelText(BATCH_LABEL)).toHaveValue(
      batchText(simulation(3).statements),
    );
    for (const n of [1, 2, 3]) {
      const region = await screen.findByRole('region', { name: `Registration ${registration(n)}` });
      expect(within(region).getByText('Follows a primary pattern')).toBeVisible();
    }
  });

  it('adds the statements to the Import Queue as a file, for the group on the current version', async () => {
    const queuePath = versionApi(V1, '/harvest');
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/document')}`]: ok(document),
        [`POST ${versionApi(V1, '/simulate')}`]: () => [200, simulation(2)],
        [`GET ${queuePath}`]: ok({ success: true, files: [], maxStatements: 1000 }),
      },
      signedIn(ada),
    );
    const uploads = fakeUploads();
    const router = renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const add = await screen.findByRole('button', { name: 'Add to Import Queue' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const upload = await uploads.next();
    expect(upload.path).toBe(queuePath);
    expect(upload.query.get('fileName')).toBe('Video-Profile-v1-statements.json');
    expect(JSON.parse(upload.body ?? '')).toEqual(simulation(2).statements);
    upload.respond(200, { success: true, file: { id: 'file-1', fileName: 'x.json' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'queue')));
    expect(router.state.location.search).toBe('?file=file-1');
  });

  it('offers the Import Queue only to the group', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile({ membership: null }), version())),
        [`GET ${versionApi(V1, '/document')}`]: ok(document),
        [`POST ${versionApi(V1, '/simulate')}`]: () => [200, simulation(2)],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('button', { name: 'Open in Test Statements' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add to Import Queue' })).toBeNull();
  });
});

describe('handing statements over', () => {
  const batch = simulation(4).statements;

  it('sends the same choices to an LRS with the credentials typed, and says what it accepted or why not', async () => {
    const statementsUrl = 'https://lrs.example.org/xapi/statements';
    let answer: [number, unknown] = [
      200,
      {
        success: true,
        generated: 6,
        report: { statementsUrl, accepted: 6, sent: 6, batches: 1, retries: 0, failure: null },
      },
    ];
    const calls = serve(undefined, {
      [`POST ${versionApi(V1, '/simulate/send')}`]: () => answer,
    });
    renderApp(versionPath(V1, 'generate'));
    const seed = await screen.findByLabelText(/^Seed/);
    await userEvent.clear(seed);
    await userEvent.type(seed, 'autumn');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const form = await screen.findByRole('form', { name: 'Send to an LRS' });
    await userEvent.type(
      within(form).getByLabelText(/^xAPI endpoint/),
      'https://lrs.example.org/xapi/',
    );
    await userEvent.type(within(form).getByLabelText(/^Key/), 'simulator');
    await userEvent.type(within(form).getByLabelText(/^Secret/), 's3cret');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to the LRS' }));

    expect(await within(form).findByText(/accepted all 6 statements in 1 batch\./)).toBeVisible();
    const sent = calls.find((c) => c.path === versionApi(V1, '/simulate/send'));
    expect(sent?.body).toEqual({
      seed: 'autumn',
      actors: 3,
      registrations: 2,
      max: 1000,
      start: '2025-01-01T00:00:00Z',
      lrs: { endpoint: 'https://lrs.example.org/xapi/', username: 'simulator', password: 's3cret' },
    });

    answer = [
      200,
      {
        success: true,
        generated: 6,
        report: {
          statementsUrl,
          accepted: 0,
          sent: 6,
          batches: 0,
          retries: 0,
          failure: { batch: 1, status: 401, message: 'Unknown credentials.' },
        },
      },
    ];
    await userEvent.click(within(form).getByRole('button', { name: 'Send to the LRS' }));
    expect(
      await within(form).findByText(
        /0 of 6 statements were accepted .* Batch 1 was not \(HTTP 401\): Unknown credentials\./,
      ),
    ).toBeVisible();
    // What was typed stays for another try.
    expect(within(form).getByLabelText(/^Secret/)).toHaveValue('s3cret');
  });

  it('asks a visitor to sign in before sending to an LRS, and shows no form the server would refuse', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/document')}`]: ok(document),
        [`GET ${versionApi(V1, '/templates')}`]: ok({
          success: true,
          templates: [templateRow],
          total: 1,
          page: 1,
          limit: 100,
        }),
        [`POST ${versionApi(V1, '/simulate')}`]: () => [200, simulation(3)],
      },
      signedOut,
    );
    renderApp(publicVersionPath(PROFILE_ID, V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const section = await screen.findByRole('region', { name: 'Send to an LRS' });
    expect(within(section).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(screen.queryByRole('form', { name: 'Send to an LRS' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to the LRS' })).toBeNull();
  });

  it('keeps whole registrations only, the first that fit', () => {
    expect(wholeRegistrations(batch, 5)).toMatchObject({ kept: 2, total: 4 });
    expect(wholeRegistrations(batch, 5).statements).toEqual(batch.slice(0, 4));
    expect(wholeRegistrations(batch, 8).statements).toEqual(batch);
    const oneLine = batchText(batch.slice(0, 2)).length;
    expect(wholeRegistrations(batch, 1000, oneLine).kept).toBe(1);
  });

  it('reads only a well-formed hand-off from the router state', () => {
    expect(readHandoff({ statementsHandoff: { statementsText: '[]', note: 'n' } })).toEqual({
      statementsText: '[]',
      note: 'n',
    });
    for (const state of [null, 'x', {}, { statementsHandoff: { statementsText: 1, note: '' } }]) {
      expect(readHandoff(state)).toBeUndefined();
    }
  });
});
