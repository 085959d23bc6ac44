import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteComparison } from '../../../common/changes';
import { compareVersions } from '../../../xapi/changes/compare';
import { feedback } from '../../lib/feedback-store';
import {
  ada,
  ok,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
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

beforeEach(() => feedback.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const VERB = `${PROFILE_IRI}/verbs/paused`;
const TEMPLATE = `${PROFILE_IRI}/templates/paused`;

/** Version 1 as published, and the draft with the verb deprecated and a rule made stricter. */
function documents() {
  const older = {
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
        definition: { en: 'Paused a video.' },
        verb: VERB,
        rules: [{ location: '$.result.duration', presence: 'recommended' }],
      },
    ],
  };
  const newer = structuredClone(older);
  newer.versions = [{ id: `${PROFILE_IRI}/v2` }];
  (newer.concepts[0] as Record<string, unknown>).deprecated = true;
  newer.templates[0]!.rules[0]!.presence = 'included';
  newer.templates[0]!.definition = { en: 'Paused the video being watched.' };
  return { older, newer };
}

function comparison(): SiteComparison {
  const { older, newer } = documents();
  return {
    success: true,
    from: { uuid: V1, version: 1, state: 'published', iri: `${PROFILE_IRI}/v1` },
    to: { uuid: V2, version: 2, state: 'draft', iri: `${PROFILE_IRI}/v2` },
    changes: compareVersions(older, newer),
    links: [
      { iri: VERB, kind: 'concept', from: 'c-1', to: 'c-2' },
      { iri: TEMPLATE, kind: 'template', from: 't-1', to: 't-2' },
    ],
  };
}

describe('comparing versions', () => {
  it('shows members what publishing the draft changes, classified, with links and JSON side by side', async () => {
    const { profile, v1, v2 } = publishedWithDraft();
    const { older, newer } = documents();
    const calls = stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(profile, v2)),
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET /app/profile/${PROFILE_ID}/changes`]: ok(comparison()),
        [`GET ${versionApi(V1, '/document')}`]: ok(older),
        [`GET ${versionApi(V2, '/document')}`]: ok(newer),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2));
    await userEvent.click(await screen.findByRole('link', { name: 'What will this publish?' }));

    expect(await screen.findByRole('heading', { name: 'What will this publish?' })).toBeVisible();
    const asked = calls.find((c) => c.path.endsWith('/changes'))!;
    expect([asked.query.get('from'), asked.query.get('to')]).toEqual([V1, V2]);

    const summary = await screen.findByRole('group', { name: 'Summary' });
    // Every change listed below is counted by its own impact: the template's editorial rewording
    // too, although the template as a whole is breaking.
    expect(within(summary).getByText('1 breaking')).toBeVisible();
    expect(within(summary).getByText('1 additive')).toBeVisible();
    expect(within(summary).getByText('1 editorial')).toBeVisible();
    expect(
      screen.getByText(
        /^Suggested version number: 2\.0\.0 \(a new first number: producers must change\)\./,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/MODEL|REVISION\.ADDITION/)).toBeNull();
    expect(screen.getByText('Statement Template “Paused”')).toBeVisible();
    expect(screen.queryByText(/StatementTemplate/)).toBeNull();

    const concepts = screen.getByRole('region', { name: 'Concepts (1)' });
    const deprecated = within(concepts).getByRole('listitem', { name: 'Deprecated: paused' });
    expect(within(deprecated).getAllByText('additive')[0]).toBeVisible();
    expect(within(deprecated).getByRole('link', { name: 'In version 1' })).toHaveAttribute(
      'href',
      versionPath(V1, 'concepts/c-1'),
    );
    expect(within(deprecated).getByRole('link', { name: 'In version 2' })).toHaveAttribute(
      'href',
      versionPath(V2, 'concepts/c-2'),
    );

    const templates = screen.getByRole('region', { name: 'Statement templates (1)' });
    const changed = within(templates).getByRole('listitem', { name: 'Changed: Paused' });
    expect(
      within(changed).getByText(
        'Changes the presence on $.result.duration from recommended to included.',
      ),
    ).toBeVisible();
    expect(within(changed).getAllByText('breaking').length).toBeGreaterThan(0);

    await userEvent.click(within(changed).getByRole('button', { name: 'Show JSON side by side' }));
    const both = await within(changed).findByRole('group', {
      name: 'JSON of Paused in both versions',
    });
    await waitFor(() => expect(within(both).getByText(/"presence": "included"/)).toBeVisible());
    expect(within(both).getByText(/"presence": "recommended"/)).toBeVisible();
    expect(within(both).getByText('Version 1')).toBeVisible();
    expect(within(both).getByText('Version 2')).toBeVisible();
  });

  it('lets members pick another version to compare with', async () => {
    const { profile, v1 } = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile, v1)),
        [`GET /app/profile/${PROFILE_ID}/changes`]: ok(comparison()),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'compare'));
    expect(await screen.findByRole('heading', { name: 'Compare version 1' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveValue('Version 2 · Draft');
    expect(await screen.findByText('Changes from version 1 to version 2.')).toBeVisible();
  });

  it('names each version in the picker by its IRI as well as its number', async () => {
    const { profile, v2 } = publishedWithDraft();
    const named = {
      ...profile,
      versions: profile.versions.map((v) =>
        v.uuid === V1 ? { ...v, iri: 'https://example.org/xapi/video/v1.0.3' } : v,
      ),
    };
    stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(named, v2)),
        [`GET /app/profile/${PROFILE_ID}/changes`]: ok(comparison()),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2, 'compare'));
    expect(await screen.findByRole('combobox', { name: 'Compare with' })).toHaveValue(
      'Version 1 (v1.0.3) · Published',
    );
  });

  it('offers visitors no comparison when the only other version is a draft', async () => {
    const { profile, v1 } = publishedWithDraft(null);
    stubServer({ [`GET /app/profile/${PROFILE_ID}`]: ok(view(profile, v1)) }, signedOut);
    renderApp(`/profile/${PROFILE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Profile' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Compare with…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export changelog' })).toBeNull();
  });

  it('exports the changelog since an earlier version as Markdown', async () => {
    const { profile, v2 } = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(profile, v2)),
        [`GET /app/profile/${PROFILE_ID}/changes`]: ok(comparison()),
      },
      signedIn(ada),
    );
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:changelog';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderApp(versionPath(V2));
    await userEvent.click(await screen.findByRole('button', { name: 'Export changelog' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Changelog since version 1' }),
    );
    await waitFor(() => expect(names).toEqual(['changelog-v1-v2.md']));
    const asked = calls.find((c) => c.path.endsWith('/changes'))!;
    expect([asked.query.get('from'), asked.query.get('to')]).toEqual([V1, V2]);
    const text = await saved[0]!.text();
    expect(text).toContain('# Changes in Video Profile from 1.0.0 to 2.0.0');
    expect(text).toContain(`- **Deprecated** (additive) Verb “paused” — \`${VERB}\``);
  });

  it('says when there is nothing to compare with', async () => {
    const { profile, v1 } = publishedOnly();
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(profile, v1)) }, signedIn(ada));
    renderApp(versionPath(V1, 'compare'));
    expect(
      await screen.findByText('This profile has no other version you can compare with.'),
    ).toBeVisible();
  });
});
