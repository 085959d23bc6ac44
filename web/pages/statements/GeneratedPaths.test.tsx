import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSimulation } from '../../../common/simulate';
import { DIAGRAM_COLORS } from '../../../xapi/docs/diagram-svg';
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

afterEach(() => vi.unstubAllGlobals());

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const STARTED = `${PROFILE_IRI}/templates/started`;
const PLAYED = `${PROFILE_IRI}/templates/played`;
const WATCH = `${PROFILE_IRI}/patterns/watch`;
const BROWSE = `${PROFILE_IRI}/patterns/browse`;
const verb = (name: string) => `${PROFILE_IRI}/verbs/${name}`;

const document = {
  id: PROFILE_IRI,
  type: 'Profile',
  prefLabel: { en: 'Video Profile' },
  versions: [{ id: VERSION_IRI }],
  templates: [
    {
      id: STARTED,
      type: 'StatementTemplate',
      prefLabel: { en: 'Started a video' },
      verb: verb('started'),
    },
    {
      id: PLAYED,
      type: 'StatementTemplate',
      prefLabel: { en: 'Played a video' },
      verb: verb('played'),
    },
  ],
  patterns: [
    {
      id: WATCH,
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'Watch a video' },
      sequence: [STARTED, `${PROFILE_IRI}/patterns/plays`],
    },
    {
      id: `${PROFILE_IRI}/patterns/plays`,
      type: 'Pattern',
      prefLabel: { en: 'Plays' },
      oneOrMore: PLAYED,
    },
    {
      id: BROWSE,
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'Browse videos' },
      sequence: [STARTED],
    },
  ],
};

const registration = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
const statement = (name: string, n: number, second: number) => ({
  id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n * 10 + second).padStart(12, '0')}`,
  actor: { name: 'Simulated Actor 1', mbox: 'mailto:actor1@example.org' },
  verb: { id: verb(name), display: { en: name } },
  object: { id: 'https://example.org/videos/1' },
  timestamp: `2025-01-01T00:00:${String(second + n * 5).padStart(2, '0')}.000Z`,
  context: {
    registration: registration(n),
    contextActivities: { category: [{ id: VERSION_IRI }] },
  },
});

/** Registration 1 watches (started, played three times); registration 2 browses. */
const simulation: SiteSimulation = {
  success: true,
  statements: [
    statement('started', 1, 0),
    statement('played', 1, 1),
    statement('played', 1, 2),
    statement('played', 1, 3),
    statement('started', 2, 0),
  ],
  origins: [
    { template: STARTED, pattern: WATCH },
    { template: PLAYED, pattern: WATCH },
    { template: PLAYED, pattern: WATCH },
    { template: PLAYED, pattern: WATCH },
    { template: STARTED, pattern: BROWSE },
  ],
  problems: [],
  stopped: false,
};

describe('the paths of generated registrations', () => {
  it('draws a registration on its pattern with the path it took, one registration at a time', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/document')}`]: ok(document),
        [`POST ${versionApi(V1, '/simulate')}`]: ok(simulation),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'generate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));

    const section = await screen.findByRole('region', { name: 'Paths through the patterns' });
    const choice = within(section).getByLabelText(/^Registration/);
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      `1. Watch a video: 4 statements (aaaaaaaa…)`,
      `2. Browse videos: 1 statement (aaaaaaaa…)`,
    ]);
    // The diagram's code arrives on its own the first time: give it longer than a screen.
    const watch = await within(section).findByRole(
      'group',
      { name: `Diagram of Watch a video, with the path of registration ${registration(1)}` },
      { timeout: 15_000 },
    );
    // Played three times: the loop taken, the count beside the box.
    const played = within(watch).getByRole('link', { name: 'Played a video' });
    expect(played.querySelector('rect')).toHaveAttribute('stroke', DIAGRAM_COLORS.taken);
    expect(within(watch).getByText('×3')).toBeInTheDocument();
    const taken = [...watch.querySelectorAll('path')].filter(
      (p) => p.getAttribute('stroke') === DIAGRAM_COLORS.taken,
    );
    expect(taken.length).toBeGreaterThan(4);

    await userEvent.selectOptions(choice, '1');
    expect(
      await within(section).findByRole('group', {
        name: `Diagram of Browse videos, with the path of registration ${registration(2)}`,
      }),
    ).toBeInTheDocument();
    expect(within(section).getByText(/all 1 statement matched/)).toBeVisible();
  });
});
