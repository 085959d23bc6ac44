import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IRI_FORMAT_MESSAGE, MORE_INFO_MESSAGE } from '../../../common/profiles';
import { feedback } from '../../lib/feedback-store';
import { NOT_A_MEMBER_MESSAGE } from './CreateProfilePage';
import { LANGUAGES } from '../../lib/languages';
import { DISCARD_TITLE } from './ProfileForm';
import {
  ada,
  GROUP_ID,
  ok,
  profile,
  PROFILE_ID,
  renderApp,
  ROOT_IRI,
  signedIn,
  stubServer,
  V1,
  version,
  versionPath,
  view,
} from '../../test/stubs/profile';

const createPath = `/organization/${GROUP_ID}/profile/create`;
const myGroups = (membership: 'member' | 'admin' | 'pending' | null) =>
  ok({
    success: true,
    organizations: [
      { uuid: GROUP_ID, name: 'Video Working Group', membership },
      {
        uuid: '77777777-7777-4777-8777-777777777777',
        name: 'Pending Group',
        membership: 'pending',
      },
    ],
  });

function stubCreate(membership: 'member' | 'admin' | 'pending' | null = 'member') {
  return stubServer(
    {
      'GET /app/user/organizations': myGroups(membership),
      'GET /app/profile/root-iri': ok({ success: true, iri: ROOT_IRI }),
      [`POST /app/org/${GROUP_ID}/profile`]: (call) => [
        200,
        view(
          profile(),
          version({
            name: String(call.body?.name),
            description: String(call.body?.description),
          }),
        ),
      ],
      [`GET /app/profile/${PROFILE_ID}/version/${V1}`]: ok(view(profile(), version())),
    },
    signedIn(ada),
  );
}

const nameBox = () => screen.getByRole('textbox', { name: /^Name/ });
const descriptionBox = () => screen.getByRole('textbox', { name: /^Description/ });
const submitButton = () => screen.getByRole('button', { name: 'Create Profile' });

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Create Profile entry', () => {
  it('offers only the groups the user belongs to, then links to the create form', async () => {
    stubCreate('admin');
    renderApp('/profiles/create');
    expect(await screen.findByRole('heading', { name: 'Create Profile' })).toBeVisible();
    const picker = await screen.findByRole('combobox', { name: 'Working Group' });
    expect(screen.getByRole('link', { name: 'Create Working Group' })).toHaveAttribute(
      'href',
      '/organization/create',
    );
    expect(screen.queryByRole('link', { name: 'Create a new xAPI profile' })).toBeNull();
    await userEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Video Working Group']);
    await userEvent.click(screen.getByRole('option', { name: 'Video Working Group' }));
    expect(await screen.findByRole('link', { name: 'Create a new xAPI profile' })).toHaveAttribute(
      'href',
      createPath,
    );
  });
});

describe('Create Profile form', () => {
  it('shows the generated IRI preview under the server root', async () => {
    stubCreate();
    renderApp(createPath);
    const preview = await screen.findByLabelText('Generated IRI');
    await waitFor(() =>
      expect(preview.textContent).toMatch(
        new RegExp(
          `^${ROOT_IRI}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
        ),
      ),
    );
  });

  it('requires a name and a description and keeps Create Profile disabled while errors show', async () => {
    const calls = stubCreate();
    renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.click(submitButton());
    const form = screen.getByRole('form', { name: 'Profile Details' });
    expect(await within(form).findAllByText('Required')).toHaveLength(2);
    expect(submitButton()).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(nameBox(), 'Video Profile');
    await userEvent.type(descriptionBox(), 'About videos.');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(within(form).queryByText('Required')).toBeNull();
  });

  it('checks the external IRI and the More Information URL', async () => {
    const calls = stubCreate();
    renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.click(screen.getByRole('radio', { name: 'Use an IRI I already own' }));
    const external = screen.getByRole('textbox', { name: /External IRI/ });
    await userEvent.type(external, 'not an iri');
    await userEvent.type(screen.getByRole('textbox', { name: /More Information/ }), 'nope');
    await userEvent.tab();
    expect(await screen.findByText(IRI_FORMAT_MESSAGE)).toBeVisible();
    expect(await screen.findByText(MORE_INFO_MESSAGE)).toBeVisible();
    expect(submitButton()).toBeDisabled();

    await userEvent.clear(external);
    await userEvent.type(external, 'javascript:alert(1)');
    await userEvent.tab();
    expect(screen.getByText(IRI_FORMAT_MESSAGE)).toBeVisible();

    await userEvent.clear(external);
    await userEvent.type(external, 'https://w3id.org/xapi/video/');
    const moreInfo = screen.getByRole('textbox', { name: /More Information/ });
    await userEvent.clear(moreInfo);
    await userEvent.type(moreInfo, 'https://example.org/docs');
    await userEvent.type(nameBox(), 'Video Profile');
    await userEvent.type(descriptionBox(), 'About videos.');
    await waitFor(() => expect(screen.queryByText(IRI_FORMAT_MESSAGE)).toBeNull());
    expect(screen.queryByText(MORE_INFO_MESSAGE)).toBeNull();
    await userEvent.click(submitButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      iriType: 'external-iri',
      extiri: 'https://w3id.org/xapi/video',
      moreInformation: 'https://example.org/docs',
    });
  });

  it('adds comma-separated tags with Add or Enter, trimmed and without duplicates', async () => {
    stubCreate();
    renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    const input = screen.getByRole('textbox', { name: /^Tags/ });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(add).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, ' video, , quiz ,video');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    const chips = () =>
      within(screen.getByLabelText('Tags added'))
        .getAllByText(/./)
        .map((el) => el.textContent);
    expect(chips()).toEqual(['video', 'quiz']);
    expect(input).toHaveValue('');

    await userEvent.type(input, 'player, quiz{Enter}');
    expect(chips()).toEqual(['video', 'quiz', 'player']);
    // Enter adds tags; it does not submit the form.
    expect(screen.queryByText('Required')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove tag quiz' }));
    expect(chips()).toEqual(['video', 'player']);
  });

  it('adds a translation; the picker leaves out English and languages already used', async () => {
    const calls = stubCreate();
    renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(170);

    await userEvent.click(screen.getByRole('button', { name: 'Add Translation' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Translation' });
    // Every field is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Translation' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(3);

    const picker = within(dialog).getByRole('combobox', { name: /Language/ });
    await userEvent.type(picker, 'engl');
    expect(await screen.findByText('No results found')).toBeVisible();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'zh-');
    const regional = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(regional).toEqual(
      expect.arrayContaining([
        'Chinese (China, Simplified) (zh-CN)',
        'Chinese (Taiwan, Traditional) (zh-TW)',
        'Chinese (Hong Kong) (zh-HK)',
        'Chinese (Singapore, Simplified) (zh-SG)',
      ]),
    );
    expect(regional.every((label) => label?.includes('(zh-'))).toBe(true);
    // A code typed exactly comes first, then codes starting with it, then names.
    await userEvent.clear(picker);
    await userEvent.type(picker, 'fr');
    const french = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(french[0]).toBe('French (fr)');
    expect(french.indexOf('Afrikaans (af)')).toBeGreaterThan(french.indexOf('French (fr)'));
    await userEvent.clear(picker);
    await userEvent.type(picker, 'es');
    expect((await screen.findAllByRole('option'))[0]).toHaveTextContent('Spanish (es)');
    await userEvent.clear(picker);
    await userEvent.type(picker, 'fren');
    await userEvent.click(await screen.findByRole('option', { name: 'French (fr)' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Translated Name/ }),
      'Profil vidéo',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Translated Description/ }),
      'Des vidéos.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Translation' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Translation' })).toBeNull(),
    );
    const table = screen.getByRole('table', { name: 'Translations' });
    expect(within(table).getByText('French (fr)')).toBeVisible();
    expect(within(table).getByText('Profil vidéo')).toBeVisible();

    // French is taken now.
    await userEvent.click(screen.getByRole('button', { name: 'Add Translation' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Translation' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Language/ }), 'fr');
    const left = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(left).not.toContain('French (fr)');
    expect(left).toContain('French (Canada) (fr-CA)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Remove asks first; Keep Translation keeps it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove French translation' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Translation' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Keep Translation' }));
    expect(within(table).getByText('Profil vidéo')).toBeVisible();

    // View shows it.
    await userEvent.click(screen.getByRole('button', { name: 'View French translation' }));
    const viewDialog = await screen.findByRole('dialog', { name: 'View Translation' });
    expect(within(viewDialog).getByText('Des vidéos.')).toBeVisible();
    await userEvent.click(within(viewDialog).getByRole('button', { name: 'Close' }));

    await userEvent.type(nameBox(), '  Video Profile ');
    await userEvent.type(descriptionBox(), 'About videos.');
    const shown = screen.getByLabelText('Generated IRI').textContent;
    expect(shown).toMatch(new RegExp(`^${ROOT_IRI}/`));
    await userEvent.click(submitButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    // The IRI the form showed is the IRI it asks for.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      iriType: 'generated-iri',
      generatedIri: shown,
      name: 'Video Profile',
      description: 'About videos.',
      translations: [
        { language: 'fr', translationName: 'Profil vidéo', translationDesc: 'Des vidéos.' },
      ],
      moreInformation: '',
      tags: [],
    });
  });

  it('creates the profile and opens its draft version page', async () => {
    stubCreate();
    const router = renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(nameBox(), 'Video Profile');
    await userEvent.type(descriptionBox(), 'About videos.');
    await userEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(versionPath(V1)));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Video Profile was successfully created.',
    );
  });

  it('asks before discarding changes on Cancel', async () => {
    stubCreate();
    const router = renderApp(createPath);
    await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(nameBox(), 'Half done');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Editing' }));
    expect(nameBox()).toHaveValue('Half done');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${GROUP_ID}`));
  });

  it('tells non-members they cannot create profiles in the group', async () => {
    stubCreate('pending');
    renderApp(createPath);
    expect(await screen.findByText(NOT_A_MEMBER_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).toBeNull();
  });
});
