import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionFinding } from '../../../common/harvest';
import {
  ada,
  ok,
  profile,
  publishedOnly,
  renderApp,
  signedIn,
  signedOut,
  stubServer,
  V1,
  version,
  versionApi,
  versionPath,
  view,
} from './testing/stub';

afterEach(() => vi.unstubAllGlobals());

const CONCEPT_ID = '66666666-6666-4666-8666-666666666666';

const warning: VersionFinding = {
  ruleId: 'C5',
  severity: 'warning',
  path: '/seeAlso',
  message: 'seeAlso should name a page about the profile.',
  item: null,
};
const error: VersionFinding = {
  ruleId: 'L2',
  severity: 'error',
  path: '/concepts/0/inScheme',
  message: '"inScheme" is not one of this profile\'s version ids.',
  item: { kind: 'concept', id: CONCEPT_ID, iri: 'https://example.org/verbs/won', name: 'won' },
};

const findingsAnswer = (findings: VersionFinding[]) => ok({ success: true, findings });
const panel = () => screen.findByRole('region', { name: 'Findings' });

describe('version findings', () => {
  it('shows members the count, errors first, and links each finding to the item to fix', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([warning, error]),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    expect(within(region).getByText('1 error, 1 warning')).toBeVisible();
    const rows = within(within(region).getByRole('list', { name: 'Findings' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((r) => within(r).getByLabelText('Rule').textContent)).toEqual(['L2', 'C5']);
    expect(within(rows[0]!).getByText(error.message)).toBeVisible();
    expect(within(rows[0]!).getByRole('link', { name: 'won' })).toHaveAttribute(
      'href',
      versionPath(V1, `concepts/${CONCEPT_ID}`),
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByText('/seeAlso')).toBeVisible();
    expect(calls.some((c) => c.path === versionApi(V1, '/findings'))).toBe(true);
  });

  it('shows nothing when the version has no findings', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([]),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    expect(await screen.findByRole('region', { name: 'Profile details' })).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.path === versionApi(V1, '/findings'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull();
  });

  it('is not shown to visitors outside the group', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    const calls = stubServer(
      {
        [`GET /app/profile/${p.uuid}`]: ok(view(p, v1)),
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([error]),
      },
      signedOut,
    );
    renderApp(`/profile/${p.uuid}`);
    expect(await screen.findByRole('region', { name: 'Profile details' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull();
    expect(calls.some((c) => c.path === versionApi(V1, '/findings'))).toBe(false);
  });
});
