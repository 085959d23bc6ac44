import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCK_TIMED_OUT_MESSAGE } from '../../../../common/locks';
import { IRI_FORMAT_MESSAGE, REQUIRED } from '../../../../common/profiles';
import { TEMPLATE_LIMITED_EDIT_MESSAGE } from '../../../../common/templates';
import { feedback } from '../../../lib/feedback-store';
import { DISCARD_TITLE } from '../../../components/DiscardChangesDialog';
import { lockAnswer, lockedBy } from '../../../test/locks';
import { KEPT_HINT, REESTABLISH_LABEL, RETRY_LABEL } from '../../../components/WriteLockGate';
import { serveSignedIn, serveTemplate } from '../testing/screens';
import {
  editable,
  ok,
  profile,
  PROFILE_IRI,
  publishedOnly,
  renderApp,
  TEMPLATE_IRI,
  templateApi,
  templateChange,
  templatePath,
  templatesApi,
  templatesPath,
  templateView,
  V1,
  V2,
  version,
  versionApi,
  view,
} from '../../../test/stubs/templates';
import { templateCreatedMessage } from './CreateTemplatePage';
import { TEMPLATE_SAVED_MESSAGE } from './EditTemplatePage';

const textbox = (name: RegExp) => screen.findByRole('textbox', { name });

describe('creating a statement template', () => {
  it('says what is required and what an IRI must look like', async () => {
    const calls = serveSignedIn({ [`GET ${versionApi(V1)}`]: ok(view(profile(), version())) });
    renderApp(templatesPath(V1, '/create'));
    expect(await screen.findByRole('heading', { name: 'Create Statement Template' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create Statement Template' }));
    const name = await textbox(/^Name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription(new RegExp(`^${REQUIRED}`)));
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveAccessibleDescription(
      new RegExp(`^${REQUIRED}`),
    );
    expect(screen.getByRole('textbox', { name: /^IRI Suffix/ })).toHaveAccessibleDescription(
      new RegExp(`^${REQUIRED}`),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Use an IRI I already own' }));
    const external = screen.getByRole('textbox', { name: /^External IRI/ });
    await userEvent.type(external, 'not an iri');
    await userEvent.tab();
    await waitFor(() =>
      expect(external).toHaveAccessibleDescription(new RegExp(IRI_FORMAT_MESSAGE)),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^More Information/ }), 'ftp://x');
    await userEvent.tab();
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /^More Information/ }),
      ).toHaveAccessibleDescription(/URL/),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the generated IRI as it is typed, saves and opens the template in the version returned', async () => {
    const { profile: p, v1 } = publishedOnly();
    const calls = serveSignedIn({
      [`GET ${versionApi(V1)}`]: ok(view(p, v1)),
      [`POST ${templatesApi(V1)}`]: ok(templateChange(V2)),
      [`GET ${versionApi(V2)}`]: ok(view(p, version({ uuid: V2, version: 2 }))),
      [`GET ${templateApi(V2)}`]: ok(editable()),
    });
    const router = renderApp(templatesPath(V1, '/create'));
    expect(await screen.findByText(/goes into the profile's next draft/)).toBeVisible();
    await userEvent.type(await textbox(/^Name/), 'Played a Video');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Played it.');
    expect(screen.getByLabelText('Generated IRI')).toHaveTextContent(
      `${PROFILE_IRI}/templates/played-a-video`,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Tags/ }), 'video, media{Enter}');
    await userEvent.type(
      screen.getByRole('textbox', { name: /^More Information/ }),
      'https://example.org/more',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Statement Template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath(V2)));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Played a Video',
      description: 'Played it.',
      translations: [],
      tags: ['video', 'media'],
      moreInformation: 'https://example.org/more',
      iriType: 'generated-iri',
      extiri: '',
      geniri: 'played-a-video',
    });
    expect(feedback.getState().success?.message).toBe(templateCreatedMessage('Played a Video'));
  });

  it('shows a refusal of the server in the form', async () => {
    serveSignedIn({
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`POST ${templatesApi(V1)}`]: () => [
        409,
        { success: false, code: 'CONFLICT', message: 'This IRI is already used on the server.' },
      ],
    });
    renderApp(templatesPath(V1, '/create'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Use an IRI I already own' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^External IRI/ }), TEMPLATE_IRI);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Played');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Played it.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Statement Template' }));
    expect(await screen.findByText('This IRI is already used on the server.')).toBeVisible();
  });
});

describe('editing the details of a statement template', () => {
  const details = () =>
    editable({
      translations: [{ language: 'fr', translationName: 'Vidéo lue', translationDesc: 'Lue.' }],
      tags: ['video'],
      moreInformation: 'https://example.org/played',
    });

  it('holds the write lock, saves without IRI fields and opens the version returned', async () => {
    const calls = serveTemplate(details(), {
      [`PUT ${templateApi()}`]: ok(templateChange(V1)),
    });
    const router = renderApp(templatePath(V1, '/edit'));
    const name = await textbox(/^Name/);
    expect(calls.some((c) => c.method === 'POST' && c.path === templateApi(V1, '/lock'))).toBe(
      true,
    );
    expect(screen.getByLabelText('Statement Template IRI')).toHaveTextContent(TEMPLATE_IRI);
    expect(
      within(screen.getByRole('table', { name: 'Translations' })).getByText('Vidéo lue'),
    ).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, 'Played the video');
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag video' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Played the video',
      description: 'A learner played a video.',
      translations: [{ language: 'fr', translationName: 'Vidéo lue', translationDesc: 'Lue.' }],
      tags: [],
      moreInformation: 'https://example.org/played',
    });
    expect(feedback.getState().success?.message).toBe(TEMPLATE_SAVED_MESSAGE);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/lock'))).toBe(true),
    );
  });

  it('keeps name and description once published, and says editing is limited', async () => {
    serveTemplate(templateView({ publishedInProfile: true, status: 'Published' }, { edit: true }));
    renderApp(templatePath(V1, '/edit'));
    expect(await screen.findByText(TEMPLATE_LIMITED_EDIT_MESSAGE)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Add Translation' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /^More Information/ })).not.toHaveAttribute(
      'readonly',
    );
  });

  it('asks before discarding changes', async () => {
    serveTemplate(details());
    const router = renderApp(templatePath(V1, '/edit'));
    await userEvent.type(await textbox(/^Description/), ' Again.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    expect(dialog).toHaveTextContent('statement template');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
  });

  it('shows why the lock cannot be had, with Retry', async () => {
    serveTemplate(details(), {
      [`POST ${templateApi(V1, '/lock')}`]: () => [409, lockedBy('Grace Hopper')],
    });
    renderApp(templatePath(V1, '/edit'));
    expect(await screen.findByText(/^Grace Hopper is editing this\./)).toBeVisible();
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Statement Template Details' })).toBeNull();
  });

  /** A lock of 0.3 s until `short` is turned off; refused while `holder` names someone. */
  function shortLock() {
    const lock = { holder: null as string | null, posts: 0, short: true };
    const handler = () => {
      lock.posts += 1;
      if (lock.holder) return [409, lockedBy(lock.holder)] as [number, unknown];
      return [200, lockAnswer('template:test', lock.short ? 0.3 : 600)] as [number, unknown];
    };
    return { lock, handler };
  }
  const lapse = () =>
    act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 450));
    });

  it('keeps what was typed when the lock ran out idle, says so, and saves once it is reestablished', async () => {
    const { lock, handler } = shortLock();
    const calls = serveTemplate(details(), {
      [`POST ${templateApi(V1, '/lock')}`]: handler,
      [`PUT ${templateApi()}`]: ok(templateChange(V1)),
    });
    const router = renderApp(templatePath(V1, '/edit'));
    const description = await textbox(/^Description/);
    await userEvent.type(description, ' Typed before a break.');
    await lapse();
    lock.short = false;
    const before = lock.posts;
    expect(screen.getByRole('form', { name: 'Statement Template Details' })).toBeVisible();
    expect(description).toHaveValue('A learner played a video. Typed before a break.');
    expect(await screen.findByText(LOCK_TIMED_OUT_MESSAGE)).toBeVisible();
    // A save pressed meanwhile is not lost: it waits for the lock, which is not taken quietly.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(lock.posts).toBe(before);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: REESTABLISH_LABEL }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    // Taken again once, by the button; the waiting save went out.
    expect(lock.posts).toBe(before + 1);
    expect(screen.queryByText(/is editing this/)).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      description: 'A learner played a video. Typed before a break.',
    });
  });

  it('says who took a lapsed lock, keeps the text read-only, and Retry goes on once it is free', async () => {
    const { lock, handler } = shortLock();
    const calls = serveTemplate(details(), {
      [`POST ${templateApi(V1, '/lock')}`]: handler,
      [`PUT ${templateApi()}`]: ok(templateChange(V1)),
    });
    const router = renderApp(templatePath(V1, '/edit'));
    const description = await textbox(/^Description/);
    await userEvent.type(description, ' Mine.');
    await lapse();
    lock.short = false;
    lock.holder = 'Grace Hopper';
    await userEvent.click(await screen.findByRole('button', { name: REESTABLISH_LABEL }));
    expect(await screen.findByText(/^Grace Hopper is editing this\./)).toBeVisible();
    expect(screen.getByText(KEPT_HINT)).toBeVisible();
    expect(description).toHaveValue('A learner played a video. Mine.');
    await userEvent.type(description, ' Lost?');
    expect(description).toHaveValue('A learner played a video. Mine.');
    // A save while someone else holds the lock is not sent.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    lock.holder = null;
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    await waitFor(() => expect(screen.queryByText(KEPT_HINT)).toBeNull());
    expect(description).toHaveValue('A learner played a video. Mine.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      description: 'A learner played a video. Mine.',
    });
  });

  it('shows the template page to anyone who may not edit it', async () => {
    serveTemplate(templateView());
    const router = renderApp(templatePath(V1, '/edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(templatePath()));
    expect(
      await screen.findByRole('region', { name: /^Statement Template Details/ }),
    ).toBeVisible();
  });
});
