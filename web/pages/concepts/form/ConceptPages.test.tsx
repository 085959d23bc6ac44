import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conceptForm } from '../../../../common/concept-content';
import { LIMITED_EDIT_MESSAGE, type ConceptView } from '../../../../common/concepts';
import { feedback } from '../../../lib/feedback-store';
import { noDeleteMessage } from '../../../components/items/ItemDetailFrame';
import { PAGE_DOES_NOT_EXIST } from '../../../components/items/LoadedItem';
import { lockedBy, lockHandlers } from '../../../test/locks';
import { RETRY_LABEL } from '../../../components/WriteLockGate';
import { change, conceptsApi, conceptView } from '../../../test/stubs/concepts';
import { CHOOSER_TITLE } from './ConceptTypeChooser';
import { createdMessage } from './CreateConceptPage';
import { SAVED_MESSAGE } from './EditConceptPage';
import {
  ada,
  CONCEPT_ID,
  GROUP_ID,
  ok,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  publishedOnly,
  renderScreens,
  signedIn,
  stubServer,
  V1,
  V2,
  version,
  type StubCall,
} from './testing/stub';
import { bobSavedFirst } from '../../../test/edit-conflict';

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

const base = (versionId = V1) =>
  `/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${versionId}/concepts`;
const draft = { profile: profile(), version: version() };

describe('choosing the kind of a new concept', () => {
  it('offers the six kinds with a sentence each and opens the form of the one chosen', async () => {
    stubServer({}, signedIn(ada));
    const router = renderScreens(`${base()}/create`, draft);
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
    const kinds = [
      'Verb',
      'Activity Type',
      'Attachment Usage Type',
      'Activity',
      'Document',
      'Extension',
    ];
    for (const kind of kinds) {
      const link = screen.getByRole('link', { name: kind });
      expect(link).toHaveAccessibleDescription(/./);
    }
    await userEvent.click(screen.getByRole('link', { name: 'Attachment Usage Type' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${base()}/create/AttachmentUsageType`),
    );
    expect(
      await screen.findByRole('heading', { name: 'Attachment Usage Type Details' }),
    ).toBeVisible();
  });

  it('goes back to the chooser for any other kind, and to the list for non-authors', async () => {
    stubServer({}, signedIn(ada));
    const router = renderScreens(`${base()}/create/Thing`, draft);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/create`));
    expect(await screen.findByRole('heading', { name: CHOOSER_TITLE })).toBeVisible();
  });

  it('sends people who may not author concepts to the list', async () => {
    stubServer({}, signedIn(ada));
    const router = renderScreens(`${base()}/create/Verb`, { ...draft, canAuthor: false });
    await waitFor(() => expect(router.state.location.pathname).toBe(base()));
  });
});

describe('creating a concept', () => {
  it('accepts the kind in any letter case, saves and opens the concept in the version returned', async () => {
    const calls = stubServer(
      { [`POST ${conceptsApi(V1)}`]: ok(change(V2, CONCEPT_ID)) },
      signedIn(ada),
    );
    const { profile: p, v1 } = publishedOnly();
    const router = renderScreens(`${base()}/create/verb`, { profile: p, version: v1 });
    expect(await screen.findByText(/goes into the profile's next draft/)).toBeVisible();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'Rewound');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Went back.');
    expect(screen.getByLabelText('Generated IRI')).toHaveTextContent(
      `${PROFILE_IRI}/verbs/rewound`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Verb' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base(V2)}/${CONCEPT_ID}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      conceptType: 'Verb',
      iriType: 'generated-iri',
      extiri: '',
      geniri: 'rewound',
      name: 'Rewound',
      description: 'Went back.',
      translations: [],
      similarTerms: [],
    });
    expect(feedback.getState().success?.message).toBe(createdMessage('Rewound'));
  });

  it('explains a refused IRI next to the form, without the global Permission Denied banner', async () => {
    const taken = `A concept with the IRI ${PROFILE_IRI}/verbs/rewound already exists.`;
    stubServer(
      {
        [`POST ${conceptsApi(V1)}`]: () => [
          409,
          { success: false, code: 'CONFLICT', message: taken },
        ],
      },
      signedIn(ada),
    );
    renderScreens(`${base()}/create/Verb`, draft);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Rewound');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Went back.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Verb' }));
    expect(await screen.findByText(taken)).toBeVisible();
    expect(feedback.getState().errors).toEqual([]);
  });
});

const DOCUMENT_IRI = `${PROFILE_IRI}/documents/bookmark`;
const documentContent = {
  id: DOCUMENT_IRI,
  type: 'StateResource',
  inScheme: `${PROFILE_IRI}/v1`,
  prefLabel: { en: 'Bookmark', fr: 'Signet' },
  definition: { en: 'Where the learner stopped.', fr: 'Où en est l’apprenant.' },
  contentType: 'application/json',
  schema: 'https://example.org/bookmark.json',
};

function documentView(publishedInProfile = false, edit = true): ConceptView {
  return conceptView(
    {
      uuid: CONCEPT_ID,
      iri: DOCUMENT_IRI,
      name: 'Bookmark',
      conceptType: 'Document',
      type: 'StateResource',
      publishedInProfile,
      content: documentContent,
      form: conceptForm(documentContent) as Record<string, unknown>,
    },
    { edit },
  );
}

function stubEdit(view: ConceptView, lock: 'ok' | 'refused' = 'ok'): StubCall[] {
  return stubServer(
    {
      [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(view),
      ...lockHandlers(conceptsApi(V1, `/${CONCEPT_ID}/lock`)),
      ...(lock === 'refused'
        ? {
            [`POST ${conceptsApi(V1, `/${CONCEPT_ID}/lock`)}`]: () =>
              [409, lockedBy('Grace Hopper')] as [number, unknown],
          }
        : {}),
      [`PUT ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(change(V2, CONCEPT_ID)),
      [`POST ${conceptsApi(V1, `/${CONCEPT_ID}/deprecate`)}`]: ok(change(V1, CONCEPT_ID)),
    },
    signedIn(ada),
  );
}

describe('editing a concept', () => {
  it('opens the sub-route of its kind, in any letter case, from the bare edit address', async () => {
    stubEdit(documentView());
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit`, draft);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}/edit/document`),
    );
    expect(await screen.findByRole('form', { name: 'Document Details' })).toBeVisible();
  });

  it.each(['verb', 'nonsense', 'DOCUMENTS'])(
    'says that edit/%s does not exist for a document, with a way back',
    async (sub) => {
      stubEdit(documentView());
      const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/${sub}`, draft);
      expect(await screen.findByText(PAGE_DOES_NOT_EXIST)).toBeVisible();
      await userEvent.click(screen.getByRole('link', { name: 'Go back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
    },
  );

  it('shows the concept page to anyone who may not edit it', async () => {
    stubEdit(documentView(false, false));
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
    expect(await screen.findByText('Concept page')).toBeVisible();
  });

  it('holds the write lock, saves without the IRI choice and opens the version returned', async () => {
    const calls = stubEdit(documentView());
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/Document`, draft);
    const description = await screen.findByRole('textbox', { name: /^Description/ });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toBe(true);
    expect(screen.getByLabelText('Document IRI')).toHaveTextContent(DOCUMENT_IRI);
    expect(
      within(screen.getByRole('table', { name: 'Translations' })).getByText('Signet'),
    ).toBeVisible();
    await userEvent.type(description, ' Again.');
    await userEvent.click(screen.getByRole('radio', { name: 'Inline JSON Schema' }));
    await userEvent.click(screen.getByRole('textbox', { name: /^Inline Schema/ }));
    await userEvent.paste('{"type":"object"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base(V2)}/${CONCEPT_ID}`));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      conceptType: 'Document',
      name: 'Bookmark',
      description: 'Where the learner stopped. Again.',
      translations: [
        { language: 'fr', translationName: 'Signet', translationDesc: 'Où en est l’apprenant.' },
      ],
      type: 'StateResource',
      mediaType: 'application/json',
      contextIri: '',
      schemaType: 'inlineSchema',
      inlineSchema: '{"type":"object"}',
      schemaString: '',
    });
    expect(feedback.getState().success?.message).toBe(SAVED_MESSAGE);
    // Leaving the form gives the lock back.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/lock'))).toBe(true),
    );
  });

  it('goes on to the new draft even when the refresh after saving closes the form', async () => {
    let saved = false;
    const calls = stubServer(
      {
        [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: () => [
          200,
          // Once the draft exists, the published version's concept is no longer editable there.
          documentView(true, !saved),
        ],
        ...lockHandlers(conceptsApi(V1, `/${CONCEPT_ID}/lock`)),
        [`PUT ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: () => {
          saved = true;
          return [200, change(V2, CONCEPT_ID)];
        },
      },
      signedIn(ada),
    );
    const { profile: p, v1 } = publishedOnly();
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, {
      profile: p,
      version: v1,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base(V2)}/${CONCEPT_ID}`));
    expect(feedback.getState().success?.message).toBe(SAVED_MESSAGE);
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1);
  });

  it('limits the editing of a concept published in the profile', async () => {
    stubEdit(documentView(true));
    renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    expect(await screen.findByText(LIMITED_EDIT_MESSAGE)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^Schema IRI/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Add Translation' })).toBeEnabled();
  });

  it('shows why the lock cannot be had, with Retry', async () => {
    stubEdit(documentView(), 'refused');
    renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    expect(await screen.findByText(/^Grace Hopper is editing this\./)).toBeVisible();
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Document Details' })).toBeNull();
  });

  it('deprecates from the form under the lock it holds', async () => {
    const calls = stubEdit(documentView());
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    await userEvent.click(await screen.findByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Concept' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Replaced.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/lock'))).toHaveLength(1);
    expect(calls.find((c) => c.path.endsWith('/deprecate'))?.body).toEqual({
      reason: 'Replaced.',
      link: '',
    });
  });

  it('bases each save on the revision the form was filled from, and the next one on the fresh revision', async () => {
    let revision = 'rev-1.a';
    const calls = stubServer(
      {
        [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: () => {
          const view = documentView();
          return [200, { ...view, concept: { ...view.concept, revision } }];
        },
        ...lockHandlers(conceptsApi(V1, `/${CONCEPT_ID}/lock`)),
        [`PUT ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: () => {
          revision = revision === 'rev-1.a' ? 'rev-2.b' : 'rev-3.c';
          return [200, change(V1, CONCEPT_ID)];
        },
      },
      signedIn(ada),
    );
    const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
    // Straight back to the form, and a second save: based on the first one's revision.
    await router.navigate(`${base()}/${CONCEPT_ID}/edit/document`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.ifMatch)).toEqual([
      '"rev-1.a"',
      '"rev-2.b"',
    ]);
  });

  describe('when someone else saved meanwhile', () => {
    const conflict = bobSavedFirst('this concept');
    /** Their save: the concept now reads differently, with a new revision. */
    function theirs(): ConceptView {
      const view = documentView();
      return {
        ...view,
        concept: {
          ...view.concept,
          revision: 'rev-2.b',
          description: 'Where they stopped (Bob).',
          form: { ...view.concept.form, description: 'Where they stopped (Bob).' },
        },
      };
    }
    function stubConflict() {
      let saved = false;
      return stubServer(
        {
          [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: () => [
            200,
            saved ? theirs() : documentView(),
          ],
          ...lockHandlers(conceptsApi(V1, `/${CONCEPT_ID}/lock`)),
          [`PUT ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: (call) => {
            saved = true;
            return call.ifMatch === '"rev-2.b"' ? [200, change(V1, CONCEPT_ID)] : [409, conflict];
          },
        },
        signedIn(ada),
      );
    }

    async function saveIntoConflict() {
      const description = await screen.findByRole('textbox', { name: /^Description/ });
      await userEvent.clear(description);
      await userEvent.type(description, 'Where I stopped (mine).');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(conflict.message);
      const differences = await within(alert).findByRole('table');
      const row = within(differences).getByRole('row', { name: /^Description/ });
      expect(row).toHaveTextContent('Where they stopped (Bob).');
      expect(row).toHaveTextContent('Where I stopped (mine).');
      return { description, alert };
    }

    it('keeps what was typed, names who saved, and Keep mine saves it on their revision', async () => {
      const calls = stubConflict();
      const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
      const { description, alert } = await saveIntoConflict();
      expect(description).toHaveValue('Where I stopped (mine).');
      // Explained next to the form: no global 'Permission Denied' as well.
      expect(feedback.getState().errors).toEqual([]);
      await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.map((c) => c.ifMatch)).toEqual(['"rev-1.a"', '"rev-2.b"']);
      expect(puts[1]?.body).toMatchObject({ description: 'Where I stopped (mine).' });
    });

    it('Take theirs fills the form with their saved version, and the next save is based on it', async () => {
      const calls = stubConflict();
      const router = renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
      const { alert } = await saveIntoConflict();
      await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue(
        'Where they stopped (Bob).',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${base()}/${CONCEPT_ID}`));
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.ifMatch)).toEqual([
        '"rev-1.a"',
        '"rev-2.b"',
      ]);
    });
  });

  it('offers no Delete for a concept a published version lists, and says to deprecate it', async () => {
    stubEdit(
      conceptView(
        {
          uuid: CONCEPT_ID,
          iri: DOCUMENT_IRI,
          name: 'Bookmark',
          conceptType: 'Document',
          type: 'StateResource',
          publishedInProfile: true,
          content: documentContent,
          form: conceptForm(documentContent) as Record<string, unknown>,
        },
        { edit: true, delete: false },
      ),
    );
    renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    expect(await screen.findByRole('button', { name: 'Deprecate' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByText(noDeleteMessage('concept'))).toBeVisible();
  });

  it('offers Delete, which asks first', async () => {
    stubEdit(documentView());
    renderScreens(`${base()}/${CONCEPT_ID}/edit/document`, draft);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete concept' }));
    expect(await screen.findByRole('dialog', { name: /^Delete the concept .+\?$/ })).toBeVisible();
  });
});
