import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ada,
  ok,
  profile,
  PROFILE_IRI,
  renderApp,
  signedIn,
  stubServer,
  V1,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';
import { DIAGRAM_COLORS } from '../../../xapi/docs/diagram-svg';
import { NOT_BOUND, NOT_BOUND_REASON } from './BatchResults';
import { BATCH_LABEL, DRAWN_AT_ONCE } from './VersionStatementsTest';

afterEach(() => vi.unstubAllGlobals());

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const STARTED = `${PROFILE_IRI}/templates/started`;
const PLAYED = `${PROFILE_IRI}/templates/played`;
const WATCH = `${PROFILE_IRI}/patterns/watch`;
const verb = (name: string) => `${PROFILE_IRI}/verbs/${name}`;

const template = (id: string, name: string, extra: object) => ({
  id,
  type: 'StatementTemplate',
  inScheme: VERSION_IRI,
  prefLabel: { en: name },
  definition: { en: `${name}.` },
  ...extra,
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
    template(PLAYED, 'Played a video', {
      verb: verb('played'),
      rules: [{ location: '$.result.score.raw', presence: 'included' }],
    }),
  ],
  patterns: [
    {
      id: WATCH,
      type: 'Pattern',
      primary: true,
      inScheme: VERSION_IRI,
      prefLabel: { en: 'Watch a video' },
      definition: { en: 'Start, then play.' },
      sequence: [STARTED, PLAYED],
    },
  ],
};

const REGISTRATION_1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const REGISTRATION_2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const REGISTRATION_3 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';

const statement = (name: string, registration: string, result?: object) => ({
  actor: { mbox: 'mailto:ada@example.org' },
  verb: { id: verb(name) },
  object: { id: 'https://example.org/videos/1' },
  context: { registration, contextActivities: { category: [{ id: VERSION_IRI }] } },
  ...(result ? { result } : {}),
});

function serve(doc: object = document) {
  stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${versionApi(V1, '/document')}`]: ok(doc),
    },
    signedIn(ada),
  );
}

describe('testing statements against a version', () => {
  it('is reached from the version page', async () => {
    serve();
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('link', { name: 'Test Statements' }));
    expect(router.state.location.pathname).toBe(versionPath(V1, 'test'));
    expect(await screen.findByLabelText(BATCH_LABEL)).toBeVisible();
  });

  it('reports the templates each statement matched and the pattern of each registration', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const batch = {
      statements: [
        statement('started', REGISTRATION_1),
        statement('played', REGISTRATION_1, { score: { raw: 5 } }),
        statement('started', REGISTRATION_2),
        statement('played', REGISTRATION_2),
        statement('started', REGISTRATION_3),
      ],
    };
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(batch, null, 2) },
    });

    const table = await screen.findByRole('table', { name: 'Statement results' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Statement 1');
    expect(rows[0]).toHaveTextContent('Matched');
    expect(rows[0]).toHaveTextContent('Started a video');
    expect(rows[1]).toHaveTextContent('Played a video');
    expect(rows[3]).toHaveTextContent('Failed a template');
    expect(rows[3]).toHaveTextContent('$.result.score.raw');

    const first = screen.getByRole('region', { name: `Registration ${REGISTRATION_1}` });
    expect(within(first).getByText('Follows a primary pattern')).toBeVisible();
    expect(within(first).getByText('Follows Watch a video.')).toBeVisible();
    const firstPattern = within(first).getAllByRole('row')[1]!;
    expect(firstPattern).toHaveTextContent('Watch a video');
    expect(firstPattern).toHaveTextContent('Matched every statement');

    const second = screen.getByRole('region', { name: `Registration ${REGISTRATION_2}` });
    expect(within(second).getByText('Follows no primary pattern')).toBeVisible();
    expect(
      within(second).getByText(
        'Statement 4 failed the template “Played a video”, so no pattern can be followed.',
      ),
    ).toBeVisible();

    // Where the pattern stopped: it expected a played statement after the start.
    const third = screen.getByRole('region', { name: `Registration ${REGISTRATION_3}` });
    expect(within(third).getByText('Still open: not followed yet')).toBeVisible();
    expect(
      within(third).getByText(
        'Not finished: Watch a video stopped after Statement 5 and expects next Played a video.',
      ),
    ).toBeVisible();
    const thirdPattern = within(third).getAllByRole('row')[1]!;
    expect(thirdPattern).toHaveTextContent('Stopped part way');
    expect(thirdPattern).toHaveTextContent(`the pattern expects more (${PLAYED})`);
  });

  it("draws each registration's path on its primary pattern, and what it expects next", async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const batch = [
      statement('started', REGISTRATION_1),
      statement('played', REGISTRATION_1, { score: { raw: 5 } }),
      statement('started', REGISTRATION_3),
    ];
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(batch) },
    });
    const boxStroke = (diagram: HTMLElement, name: string) =>
      within(diagram).getByRole('link', { name }).querySelector('rect')!.getAttribute('stroke');

    // The diagram's code arrives on its own the first time: give it longer than a screen.
    const first = await screen.findByRole(
      'group',
      { name: `Diagram of Watch a video, with the path of registration ${REGISTRATION_1}` },
      { timeout: 15_000 },
    );
    expect(
      screen.getByText(
        `The path of registration ${REGISTRATION_1} through Watch a video: all 2 statements matched.`,
      ),
    ).toBeVisible();
    expect(boxStroke(first, 'Started a video')).toBe(DIAGRAM_COLORS.taken);
    expect(boxStroke(first, 'Played a video')).toBe(DIAGRAM_COLORS.taken);

    // Stopped after the start: played is what it expects next, dashed.
    const third = await screen.findByRole('group', {
      name: `Diagram of Watch a video, with the path of registration ${REGISTRATION_3}`,
    });
    expect(boxStroke(third, 'Started a video')).toBe(DIAGRAM_COLORS.taken);
    expect(boxStroke(third, 'Played a video')).toBe(DIAGRAM_COLORS.next);
    expect(
      within(third).getByRole('link', { name: 'Played a video' }).querySelector('rect'),
    ).toHaveAttribute('stroke-dasharray');
    expect(
      screen.getByText(/it stopped after 1 statement; dashed: what it expects next/),
    ).toBeVisible();

    // Read as regular expressions, the pattern is drawn without a path.
    await userEvent.click(
      screen.getByLabelText('Read patterns as regular expressions (with backtracking)'),
    );
    expect(
      (
        await screen.findAllByText(
          "Watch a video: the path is drawn for the specification's reading of patterns only.",
        )
      ).length,
    ).toBe(2);
  });

  it('draws the first registrations at once and the others on request', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const registration = (n: number) => `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`;
    const batch = Array.from({ length: DRAWN_AT_ONCE + 2 }, (_, n) => [
      statement('started', registration(n)),
      statement('played', registration(n), { score: { raw: 5 } }),
    ]).flat();
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(batch) },
    });
    const last = registration(DRAWN_AT_ONCE + 1);
    const draw = await screen.findByRole('button', {
      name: `Draw the path of registration ${last}`,
    });
    expect(
      await screen.findAllByRole(
        'group',
        { name: /with the path of registration/ },
        { timeout: 15_000 },
      ),
    ).toHaveLength(DRAWN_AT_ONCE);
    await userEvent.click(draw);
    expect(
      await screen.findByRole('group', {
        name: `Diagram of Watch a video, with the path of registration ${last}`,
      }),
    ).toBeInTheDocument();
  });

  it('never shows a registration left over or with a failed statement as followed', async () => {
    // A second template on the played verb, which asks for a scaled score.
    const scored = template(`${PROFILE_IRI}/templates/scored`, 'Scored a video', {
      verb: verb('played'),
      rules: [{ location: '$.result.score.scaled', presence: 'included' }],
    });
    serve({ ...document, templates: [...document.templates, scored] });
    renderApp(versionPath(V1, 'test'));
    const full = { score: { raw: 5, scaled: 0.5 } };
    const batch = [
      statement('started', REGISTRATION_1),
      statement('played', REGISTRATION_1, full),
      statement('played', REGISTRATION_1, full),
      statement('started', REGISTRATION_2),
      // Matches the played template, fails the scored one.
      statement('played', REGISTRATION_2, { score: { raw: 5 } }),
    ];
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(batch) },
    });

    const leftOver = await screen.findByRole('region', {
      name: `Registration ${REGISTRATION_1}`,
    });
    expect(within(leftOver).getByText('Follows no primary pattern')).toBeVisible();
    expect(
      within(leftOver).getByText(
        'Watch a video ends after Statement 2; 1 statement left over, from Statement 3.',
      ),
    ).toBeVisible();
    const leftOverPattern = within(leftOver).getAllByRole('row')[1]!;
    expect(leftOverPattern).toHaveTextContent('Ended before the statements');
    expect(leftOverPattern).toHaveTextContent('1 statement left over');
    expect(within(leftOver).queryByText(/Followed|Matched every statement/)).toBeNull();

    const failed = screen.getByRole('region', { name: `Registration ${REGISTRATION_2}` });
    expect(within(failed).getByText('Follows no primary pattern')).toBeVisible();
    // The failing template is named: the statement matched one template and failed another.
    expect(
      within(failed).getByText(
        'Statement 5 failed the template “Scored a video”, so no pattern can be followed.',
      ),
    ).toBeVisible();
    expect(within(failed).queryByText(/matches no template/)).toBeNull();
    expect(within(failed).queryByText('Followed')).toBeNull();
    expect(screen.getByText('Patterns not followed')).toBeVisible();
  });

  it('calls a batch with an open registration and none broken still open, not followed', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const batch = [
      statement('started', REGISTRATION_1),
      statement('played', REGISTRATION_1, { score: { raw: 5 } }),
      statement('started', REGISTRATION_2),
    ];
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(batch) },
    });
    expect(await screen.findByText('Patterns still open')).toBeVisible();
    expect(screen.queryByText('Patterns followed')).toBeNull();
  });

  it('claims nothing about patterns when no statement was held to them', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const outside = { ...statement('started', REGISTRATION_1), context: {} };
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify(outside) },
    });
    const status = await screen.findByText(/^1 statement:/);
    expect(status).toHaveTextContent('1 statement: 0 matched');
    expect(status).toHaveTextContent('1 not checked (not bound to this profile)');
    expect(screen.getByText('No pattern checked')).toBeVisible();
    expect(screen.queryByText('Patterns followed')).toBeNull();
  });

  it('says "not checked" for a statement the profile does not bind, never "Matched"', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    const bound = statement('started', REGISTRATION_1);
    const outside = { ...statement('started', REGISTRATION_2), context: {} };
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: JSON.stringify([bound, outside]) },
    });
    const table = await screen.findByRole('table', { name: 'Statement results' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Matched');
    expect(first).toHaveTextContent('Started a video');
    expect(second).toHaveTextContent(NOT_BOUND.label);
    expect(second).toHaveTextContent(NOT_BOUND_REASON);
    expect(second).not.toHaveTextContent(/Matched|Started a video/);
    expect(screen.getByText(/^2 statements:/)).toHaveTextContent(
      '2 statements: 1 matched, 0 failed a template, 0 matched no template, 0 not valid xAPI, 1 not checked (not bound to this profile).',
    );
  });

  it('shows a parse error of the batch plainly', async () => {
    serve();
    renderApp(versionPath(V1, 'test'));
    fireEvent.change(await screen.findByLabelText(BATCH_LABEL), {
      target: { value: '[{"verb": 1},' },
    });
    expect(
      await screen.findByText('Line 1, position 14: unexpected end of text, expected a value.'),
    ).toBeVisible();
  });
});
