import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IRI_FORMAT_MESSAGE, NO_EDIT_PERMISSION } from '../../../common/profiles';
import { LOCK_TIMED_OUT_MESSAGE } from '../../../common/locks';
import { EMPTY_PATTERNS_MESSAGE } from '../../../common/patterns';
import { PERMISSION_DENIED_MESSAGE } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import { lockAnswer, lockedBy, lockHandlers } from '../../test/locks';
import { RETRY_LABEL } from '../../components/WriteLockGate';
import { ACKNOWLEDGE_LABEL } from './PublishDialog';
import {
  ada,
  GROUP_ID,
  ok,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
  publishedWithDraft,
  renderApp,
  ROOT_IRI,
  signedIn,
  signedOut,
  siteAdmin,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/profile';
import { VERIFICATION_SENT } from './VersionActions';
import { APPROVED_MESSAGE } from '../../components/VerifyDialog';
import { DRAFT_BANNER, OLDER_VERSION_BANNER } from './VersionBanners';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const toolbar = () => screen.getByRole('toolbar', { name: 'Profile actions' });
const actionNames = () =>
  within(toolbar())
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('version page', () => {
  it('shows a draft to its members with the draft banner, details, tabs and member actions', async () => {
    const draft = version({
      tags: ['video'],
      translations: [{ language: 'fr', translationName: 'Vidéo', translationDesc: 'Des vidéos.' }],
      moreInformation: 'https://example.org/docs',
      counts: { templates: 2, patterns: 0, concepts: 5 },
    });
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(profile(), draft)) }, signedIn(ada));
    renderApp(versionPath(V1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Profile' })).toBeVisible();
    expect(screen.getByText(DRAFT_BANNER)).toBeVisible();
    expect(screen.getByLabelText('Profile IRI')).toHaveTextContent(PROFILE_IRI);
    expect(actionNames()).toEqual([
      'Publish',
      'Export to JSON-LD',
      'Copy share link',
      'Import',
      'Edit',
      'Delete profile',
    ]);
    expect(screen.getByRole('link', { name: 'https://example.org/docs' })).toHaveAttribute(
      'href',
      'https://example.org/docs',
    );
    const details = screen.getByRole('region', { name: 'Profile details' });
    expect(within(details).getByText('French (fr)')).toBeVisible();
    expect(within(details).getByRole('link', { name: 'Video Working Group' })).toHaveAttribute(
      'href',
      `/organization/${GROUP_ID}`,
    );
    expect(within(details).getByText(`${PROFILE_IRI}/v1`)).toBeVisible();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' }))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['Details', 'Statement Templates2', 'Patterns0', 'Concepts5']);
  });

  it('shows the empty lists of the tabs and the not-found view for unknown sub-paths', async () => {
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`GET ${versionApi(V1, '/patterns')}`]: ok({
          success: true,
          patterns: [],
          page: 1,
          limit: 10,
          total: 0,
        }),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('tab', { name: /Patterns/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'patterns')));
    expect(await screen.findByText(EMPTY_PATTERNS_MESSAGE)).toBeVisible();
    await router.navigate(versionPath(V1, 'nothing-here'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('gives visitors of the public page only export and share, and no draft', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer({ [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)) }, signedOut);
    renderApp(`/profile/${PROFILE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Video Profile' });
    expect(screen.queryByText(DRAFT_BANNER)).toBeNull();
    expect(actionNames()).toEqual(['Export to JSON-LD', 'Copy share link']);
    // The name leads non-members to the public page.
    expect(screen.getByRole('link', { name: 'Video Profile' })).toHaveAttribute(
      'href',
      `/profile/${PROFILE_ID}`,
    );
  });

  it('shows a published profile its views of the last 30 days, with their total and exports', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    const metrics = Array.from({ length: 30 }, (_, i) => ({
      _id: new Date(Date.UTC(2026, 5, 1 + i)).toISOString().slice(0, 10),
      value: i === 29 ? 4 : 0,
    }));
    stubServer(
      {
        [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)),
        [`GET /app/metrics/profile/${PROFILE_ID}/usageOverTime`]: ok({
          success: true,
          days: 30,
          total: 4,
          metrics,
        }),
        [`GET /app/metrics/profile/${PROFILE_ID}/exportTotal`]: ok({
          success: true,
          days: 30,
          value: 2,
        }),
      },
      signedOut,
    );
    renderApp(`/profile/${PROFILE_ID}`);
    const usage = await screen.findByRole('region', { name: 'Usage' });
    expect(
      await within(usage).findByText(
        (_, el) =>
          el?.tagName === 'P' && el.textContent === '4 views in the last 30 days · 2 exports',
      ),
    ).toBeVisible();
    const table = within(usage).getByRole('table', { name: 'Usage, views in the last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('shows no usage for a profile that has only a draft', async () => {
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(profile(), version())) }, signedIn(ada));
    renderApp(versionPath(V1));
    await screen.findByRole('heading', { level: 1, name: 'Video Profile' });
    expect(screen.getByRole('region', { name: 'Profile details' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Usage' })).toBeNull();
  });

  it('lists versions highest first and navigates to the chosen one', async () => {
    const { profile: p, v1, v2 } = publishedWithDraft();
    stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(p, v2)),
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V2));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Version' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Version 2 · Draft', 'Version 1 · Published']);
    await userEvent.click(screen.getByRole('option', { name: 'Version 1 · Published' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
    // An older version says so and links to the latest.
    expect(await screen.findByText(OLDER_VERSION_BANNER)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the latest version' })).toHaveAttribute(
      'href',
      versionPath(V2),
    );
    // Members cannot edit or publish an older version.
    expect(actionNames()).not.toContain('Edit');
    expect(actionNames()).not.toContain('Publish');
  });
});

describe('publishing', () => {
  it('asks for the IRI of a first version and needs the acknowledgment ticked', async () => {
    const external = profile({ iriType: 'external-iri', iri: 'https://w3id.org/xapi/old' });
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(external, version())),
        'GET /app/profile/root-iri': ok({ success: true, iri: ROOT_IRI }),
        [`POST ${versionApi(V1, '/publish')}`]: () => {
          const { profile: p, v1 } = publishedOnly();
          return [200, view(p, v1)];
        },
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Profile' });
    const publishNow = within(dialog).getByRole('button', { name: 'Publish Now' });
    expect(publishNow).toBeDisabled();

    const iri = within(dialog).getByRole('textbox', { name: /External IRI/ });
    expect(iri).toHaveValue('https://w3id.org/xapi/old');
    await userEvent.clear(iri);
    await userEvent.type(iri, 'not an iri');
    await userEvent.tab();
    expect(within(dialog).getByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: ACKNOWLEDGE_LABEL }));
    expect(publishNow).toBeDisabled();

    await userEvent.clear(iri);
    await userEvent.type(iri, 'https://w3id.org/xapi/video/');
    expect(within(dialog).queryByText(IRI_FORMAT_MESSAGE)).toBeNull();
    expect(publishNow).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: ACKNOWLEDGE_LABEL }));
    expect(publishNow).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: ACKNOWLEDGE_LABEL }));
    await userEvent.click(publishNow);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      confirmed: true,
      iriType: 'external-iri',
      extiri: 'https://w3id.org/xapi/video',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('successfully published');
  });

  it('previews the generated IRI of a first version', async () => {
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(profile(), version())) }, signedIn(ada));
    renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Profile' });
    expect(within(dialog).getByRole('radio', { name: /Generate/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Generated IRI')).toHaveTextContent(PROFILE_IRI);
  });

  it('confirms a later version and lists the findings of a refused document', async () => {
    const { profile: p, v2 } = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(p, v2)),
        [`POST ${versionApi(V2, '/publish')}`]: () => [
          400,
          {
            success: false,
            code: 'VALIDATION_FAILED',
            message: 'The profile has problems that must be fixed before it can be published.',
            findings: [
              {
                ruleId: 'A4',
                severity: 'error',
                path: '/prefLabel',
                message: 'prefLabel must have an English entry.',
              },
              {
                ruleId: 'C2',
                severity: 'error',
                path: '/concepts/0',
                message: 'A concept needs a definition.',
              },
            ],
          },
        ],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Profile' });
    expect(
      within(dialog).getByText('Version 2 of this profile will be published to public.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Now' }));
    const list = await within(dialog).findByRole('list', { name: 'Problems found' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'errorprefLabel must have an English entry. (A4 at /prefLabel)',
      'errorA concept needs a definition. (C2 at /concepts/0)',
    ]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ confirmed: true });
  });
});

describe('editing', () => {
  it('refuses non-members with the permission message and a Go Back link', async () => {
    const { profile: p, v1 } = publishedOnly(null);
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(p, v1)) }, signedIn(ada));
    renderApp(versionPath(V1, 'edit'));
    expect(await screen.findByText(NO_EDIT_PERMISSION)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', versionPath(V1));
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('refuses members on an older version', async () => {
    const { profile: p, v1 } = publishedWithDraft();
    stubServer({ [`GET ${versionApi(V1)}`]: ok(view(p, v1)) }, signedIn(ada));
    renderApp(versionPath(V1, 'edit'));
    expect(await screen.findByText(NO_EDIT_PERMISSION)).toBeVisible();
  });

  it('saves a published version into a new draft and opens it', async () => {
    const { profile: p, v1 } = publishedOnly('member', { tags: ['video'] });
    const after = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        ...lockHandlers(versionApi(V1, '/lock')),
        ...lockHandlers(versionApi(V2, '/lock')),
        [`PUT ${versionApi(V1)}`]: (call) => [
          200,
          view(after.profile, {
            ...after.v2,
            name: String(call.body?.name),
            tags: ['video', 'quiz'],
          }),
        ],
        [`GET ${versionApi(V2)}`]: ok(view(after.profile, after.v2)),
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1, 'edit')));
    // The form opens once the version's write lock is held.
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(versionApi(V1, '/lock'));
    // The IRI of a published profile is fixed, and its tags cannot be removed.
    expect(await screen.findByLabelText('Profile IRI', { selector: 'pre' })).toHaveTextContent(
      PROFILE_IRI,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove tag video' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^Tags/ }), 'quiz{Enter}');
    expect(screen.getByRole('button', { name: 'Remove tag quiz' })).toBeVisible();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Video Profile 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V2)));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Video Profile 2',
      description: 'Statements about watching videos.',
      translations: [],
      moreInformation: '',
      tags: ['video', 'quiz'],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Your changes have been saved.');
    // Leaving gives up the lock; the one the save moved to the new draft goes too.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(
        expect.arrayContaining([versionApi(V1, '/lock'), versionApi(V2, '/lock')]),
      ),
    );
  });

  it('shows who holds the lock instead of the form, and opens the form once it is free', async () => {
    const { profile: p, v1 } = publishedOnly();
    let holder: string | null = 'Grace Hopper';
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        ...lockHandlers(versionApi(V1, '/lock')),
        [`POST ${versionApi(V1, '/lock')}`]: () =>
          holder === null ? [200, lockAnswer(`version:${V1}`)] : [409, lockedBy(holder)],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'edit'));
    expect(await screen.findByText(/^Grace Hopper is editing this\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.queryByText(PERMISSION_DENIED_MESSAGE)).toBeNull();
    holder = null;
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeVisible();
  });

  it('shows a save refused for a lost lock under the form', async () => {
    const [p, v1] = [profile(), version()];
    const message = `${LOCK_TIMED_OUT_MESSAGE}. Take the lock again (reopen the edit screen), then save.`;
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        ...lockHandlers(versionApi(V1, '/lock')),
        [`PUT ${versionApi(V1)}`]: () => [409, { success: false, code: 'LOCK_REQUIRED', message }],
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1, 'edit'));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('shows the conflict message when the server refuses with 409', async () => {
    const { profile: p, v1 } = publishedOnly();
    const conflict = 'This profile already has a draft: publish or delete the draft first.';
    stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        ...lockHandlers(versionApi(V1, '/lock')),
        [`PUT ${versionApi(V1)}`]: () => [
          409,
          { success: false, code: 'CONFLICT', message: conflict },
        ],
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1, 'edit'));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(conflict)).toBeVisible();
    // The form explains the refusal; the global banner would only repeat it.
    expect(screen.queryByText(PERMISSION_DENIED_MESSAGE)).toBeNull();
    expect(router.state.location.pathname).toBe(versionPath(V1, 'edit'));
  });
});

describe('verification', () => {
  it('lets members request verification of a published version', async () => {
    const { profile: p, v1 } = publishedOnly();
    let current = v1;
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: () => [200, view(p, current)],
        [`POST ${versionApi(V1, '/verification')}`]: () => {
          current = {
            ...v1,
            verificationRequest: '2025-03-01T00:00:00Z',
            verificationRequestedBy: 'Ada Lovelace',
          };
          return [200, view(p, current)];
        },
      },
      signedIn(ada),
    );
    renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Request verification' }));
    expect(await screen.findByRole('status')).toHaveTextContent(VERIFICATION_SENT);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Request verification' })).toBeNull(),
    );
    expect(screen.getByText(/Verification requested on/)).toBeVisible();
  });

  it('shows site admins the pending request, and Save only for an approval or a reasoned denial', async () => {
    const { profile: p, v1 } = publishedOnly(null, {
      verificationRequest: '2025-03-01T12:00:00Z',
      verificationRequestedBy: null,
    });
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`POST /app/admin/verify/${V1}`]: ok({ success: true }),
      },
      signedIn(siteAdmin),
    );
    renderApp(versionPath(V1));
    expect(
      await screen.findByText(
        `This version was sent for verification by Unknown User on ${new Date('2025-03-01T12:00:00Z').toLocaleDateString()}.`,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Verify profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Profile' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deny' }));
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Needs work');
    expect(save).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Approve' }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent(APPROVED_MESSAGE);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      approval: 'approve',
      reason: 'Needs work',
    });
  });

  it('shows the requester by name, and lets site admins revoke a verification with a reason', async () => {
    const { profile: p, v1 } = publishedOnly(null, { isVerified: true });
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`POST /app/admin/revoke/${V1}`]: ok({ success: true }),
      },
      signedIn(siteAdmin),
    );
    renderApp(versionPath(V1));
    expect(await screen.findByText('Verified', { selector: '.mantine-Badge-label' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Verification' });
    const revoke = within(dialog).getByRole('button', { name: 'Revoke Verification' });
    expect(revoke).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Out of date ');
    await userEvent.click(revoke);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Out of date' });
  });
});

describe('sharing and deleting', () => {
  it('copies the share link and shows a notice that can be dismissed', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { profile: p, v1 } = publishedOnly(null);
    stubServer({ [`GET /app/profile/${PROFILE_ID}`]: ok(view(p, v1)) }, signedOut);
    renderApp(`/profile/${PROFILE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy share link' }));
    const link = `${window.location.origin}/profile/${PROFILE_ID}`;
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Share link copied')).toBeVisible();
    expect(screen.getByText(link)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Share link copied')).toBeNull();
  });

  it('deletes a never-published profile after its name is typed, then opens the group', async () => {
    const calls = stubServer(
      {
        [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
        [`DELETE /app/profile/${PROFILE_ID}`]: ok({ success: true }),
        [`GET /app/org/${GROUP_ID}`]: () => [404, { success: false, message: 'gone' }],
      },
      signedIn(ada),
    );
    const router = renderApp(versionPath(V1));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the profile Video Profile' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete profile' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Video');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), ' Profile');
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${GROUP_ID}`));
    const deleted = calls.find((c) => c.method === 'DELETE');
    expect(deleted?.query.get('confirmName')).toBe('Video Profile');
  });

  it('deletes only the draft of a published profile', async () => {
    const { profile: p, v1, v2 } = publishedWithDraft();
    const calls = stubServer(
      {
        [`GET ${versionApi(V2)}`]: ok(view(p, v2)),
        [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
        [`DELETE /app/profile/${PROFILE_ID}/draft`]: ok({ success: true }),
      },
      signedIn(ada),
    );
    renderApp(versionPath(V2));
    expect(screen.queryByRole('button', { name: 'Delete profile' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete the draft of / });
    expect(dialog).toHaveTextContent('The published version stays public');
    // Every dialog's close button has a name a screen reader can say.
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/draft'))).toBe(true),
    );
  });
});
