import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
} from '../../test/stubs/profile';

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
    // A finding at a field of the profile's own details leads to the form that edits them.
    expect(within(rows[1]!).getByRole('link', { name: 'profile details' })).toHaveAttribute(
      'href',
      versionPath(V1, 'edit'),
    );
    expect(within(rows[1]!).getByText('/seeAlso')).toBeVisible();
    expect(calls.some((c) => c.path === versionApi(V1, '/findings'))).toBe(true);
  });

  it('links a template’s rule to the rule editor, and names the control that fixes it', async () => {
    const TEMPLATE_ID = '77777777-7777-4777-8777-777777777777';
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([
          {
            ruleId: 'J7',
            severity: 'error',
            path: '/templates/0/rules/2/location',
            message: '"result.score" is not a valid profile JSONPath.',
            item: {
              kind: 'template',
              id: TEMPLATE_ID,
              iri: 'https://example.org/templates/scored',
              name: 'scored',
            },
          },
          { ...error, ruleId: 'H2', path: '/concepts/0/activityDefinition/@context' },
        ]),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    const rows = within(within(region).getByRole('list', { name: 'Findings' })).getAllByRole(
      'listitem',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'scored' })).toHaveAttribute(
      'href',
      versionPath(V1, `templates/${TEMPLATE_ID}/rule/edit?rule=2`),
    );
    expect(within(rows[0]!).getByText(/Fix with “Rule JSON”/)).toBeVisible();
    expect(within(rows[1]!).getByText(/Fixed when the item is saved/)).toBeVisible();
  });

  it('links no form for a finding at a part of the document no form edits', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([
          { ...warning, ruleId: 'B2', path: '/@context' },
        ]),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    expect(within(region).getByText('/@context')).toBeVisible();
    expect(within(region).queryByRole('link')).toBeNull();
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
  it('removes a value no form manages from beside its finding, after asking', async () => {
    const stray: VersionFinding = {
      ruleId: 'A4',
      severity: 'error',
      path: '/concepts/0/remark',
      message: '"remark" is not a property the specification defines.',
      item: error.item,
    };
    let findings = [stray, error];
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/findings')}`]: () => [200, { success: true, findings }],
        [`GET ${versionApi(V1, `/concepts/${CONCEPT_ID}`)}`]: () => [
          200,
          { success: true, concept: { uuid: CONCEPT_ID, revision: 'r-7' } },
        ],
        [`POST ${versionApi(V1, `/concepts/${CONCEPT_ID}/remove-value`)}`]: () => {
          findings = [error];
          return [200, { success: true, concept: { uuid: CONCEPT_ID }, versionId: V1 }];
        },
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    // Only the finding no form fixes offers it.
    expect(within(region).getAllByRole('button', { name: /^Remove this value/ })).toHaveLength(1);
    await userEvent.click(
      within(region).getByRole('button', {
        name: 'Remove this value: /remark of the concept won',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Value?' });
    expect(within(dialog).getByText('/remark')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove value' }));
    await waitFor(() => expect(within(region).queryByText(stray.message)).toBeNull());
    const removal = calls.find((c) => c.method === 'POST');
    expect(removal?.body).toEqual({ pointer: '/remark' });
    // A removal is a save of the item, based on the revision its page shows.
    expect(removal?.ifMatch).toBe('"r-7"');
  });

  it('takes the profile IRI out of the draft’s wasRevisionOf from beside C6, after asking', async () => {
    const c6: VersionFinding = {
      ruleId: 'C6',
      severity: 'warning',
      path: '/versions/0/wasRevisionOf/0',
      message:
        '"wasRevisionOf" names the profile IRI; it should name the IRI of the earlier version.',
      item: null,
    };
    let findings = [c6];
    const shown = version();
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), shown)),
        [`GET ${versionApi(V1, '/findings')}`]: () => [200, { success: true, findings }],
        [`POST ${versionApi(V1, '/remove-revision-of')}`]: () => {
          findings = [];
          return [200, view(profile(), shown)];
        },
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    const button = within(region).getByRole('button', { name: /^Remove this value/ });
    // The visible words begin its accessible name (WCAG 2.5.3).
    expect(button.getAttribute('aria-label')).toMatch(/^Remove this value/);
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Value?' });
    expect(within(dialog).getByText(profile().iri)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove value' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull());
    const removal = calls.find((c) => c.method === 'POST');
    expect(removal?.body).toEqual({ iri: profile().iri });
    expect(removal?.ifMatch).toBe(`"${shown.revision}"`);
  });

  it('offers no removal on a published version', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version({ state: 'published' }))),
        [`GET ${versionApi(V1, '/findings')}`]: findingsAnswer([
          { ...error, ruleId: 'A4', path: '/concepts/0/remark' },
        ]),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    const region = await panel();
    expect(within(region).getByText('/concepts/0/remark')).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^Remove this value/ })).toBeNull();
  });
});
