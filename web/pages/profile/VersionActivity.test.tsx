import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, VersionActivity } from '../../../common/activity';
import {
  ada,
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

const PAUSED = '66666666-6666-4666-8666-666666666661';
const RESUMED = '66666666-6666-4666-8666-666666666662';
const GONE = '66666666-6666-4666-8666-666666666663';

const concept = (uuid: string, name: string) => ({ uuid, kind: 'concept' as const, name });

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    kind: 'edited',
    at: '2025-03-01T10:00:00.000Z',
    by: null,
    items: [],
    count: 1,
    detail: null,
    ...overrides,
  };
}

const activity = (entries: ActivityEntry[]): VersionActivity => ({
  success: true,
  activity: entries,
});

const list = () =>
  screen.findByRole('list', { name: /^What happened in version \d+, newest first$/ });

describe('the Activity tab of a version', () => {
  it('tells a member what happened in the draft, newest first, with who did it and links to the items', async () => {
    const { profile, v2 } = publishedWithDraft('member');
    stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(profile, v2)),
        [`GET ${versionApi(V2, '/activity')}`]: ok(
          activity([
            entry({
              kind: 'versionCreated',
              at: '2025-03-01T09:00:00.000Z',
              by: 'ada@example.org',
            }),
            entry({
              kind: 'edited',
              at: '2025-03-01T09:10:00.000Z',
              by: 'ada@example.org',
              items: [concept(PAUSED, 'paused'), concept(RESUMED, 'resumed')],
              count: 3,
            }),
            entry({
              kind: 'deprecated',
              at: '2025-03-01T09:20:00.000Z',
              items: [concept(RESUMED, 'resumed')],
              detail: 'Use continued instead.',
            }),
            entry({
              kind: 'deleted',
              at: '2025-03-01T09:30:00.000Z',
              items: [concept(GONE, 'gone')],
            }),
          ]),
        ),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2, 'activity'));
    const entries = within(await list()).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent?.split(/\d{1,2}\/\d{1,2}\//)[0])).toEqual([
      'Deleted gone',
      'Deprecated resumedReason: Use continued instead.',
      'Edited paused, resumed (3 saves)',
      'Version created',
    ]);
    expect(within(entries[2]!).getByRole('link', { name: 'paused' })).toHaveAttribute(
      'href',
      versionPath(V2, `concepts/${PAUSED}`),
    );
    expect(within(entries[2]!).getByText(/ada@example\.org/)).toBeVisible();
    // A deleted item has no page left to open.
    expect(within(entries[0]!).queryByRole('link')).toBeNull();
    expect(within(entries[0]!).getByText('gone')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a visitor a published version’s activity and opens the tab from the others', async () => {
    const { profile, v1 } = publishedWithDraft(null);
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET ${versionApi(V1, '/activity')}`]: ok(
          activity([
            entry({ kind: 'imported', at: '2025-02-01T09:00:00.000Z' }),
            entry({ kind: 'published', at: '2025-02-02T09:00:00.000Z' }),
          ]),
        ),
      },
      signedOut,
    );
    renderApp(`/profile/${PROFILE_ID}/version/${V1}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const entries = within(await list()).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent?.split(/\d{1,2}\/\d{1,2}\//)[0])).toEqual([
      'Published',
      'Imported a profile document',
    ]);
  });

  it('shows the newest first and the older ones on asking', async () => {
    const { profile, v2 } = publishedWithDraft('member');
    const saves = Array.from({ length: 45 }, (_, i) =>
      entry({
        at: new Date(Date.UTC(2025, 2, 1, 9, i)).toISOString(),
        items: [concept(PAUSED, `paused ${i}`)],
      }),
    );
    stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(profile, v2)),
        [`GET ${versionApi(V2, '/activity')}`]: ok(activity(saves)),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2, 'activity'));
    const user = userEvent.setup();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(40);
    expect(within(await list()).getAllByRole('listitem')[0]).toHaveTextContent('Edited paused 44');
    await user.click(screen.getByRole('button', { name: 'Show older (5 more)' }));
    const all = within(await list()).getAllByRole('listitem');
    expect(all).toHaveLength(45);
    expect(all[44]).toHaveTextContent('Edited paused 0');
  });

  it('says so when nothing has happened yet', async () => {
    const { profile, v2 } = publishedWithDraft('member');
    stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(profile, v2)),
        [`GET ${versionApi(V2, '/activity')}`]: ok(activity([])),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2, 'activity'));
    expect(await screen.findByText('Nothing has happened in this version yet.')).toBeVisible();
  });
});
