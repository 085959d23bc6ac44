import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conceptContent, conceptForm } from '../../../../common/concept-content';
import type { ConceptType, ConceptValues, ConceptView } from '../../../../common/concepts';
import type { VersionFinding } from '../../../../common/harvest';
import { PROFILE_CONTEXT_IRI, validate } from '../../../../xapi/index';
import { feedback } from '../../../lib/feedback-store';
import { lockHandlers } from '../../../test/locks';
import { change, conceptsApi, conceptView } from '../../../test/stubs/concepts';
import { fieldOf } from '../../../lib/finding-fields';
import {
  ada,
  CONCEPT_ID,
  GROUP_ID,
  ok,
  profile,
  PROFILE_ID,
  PROFILE_IRI,
  renderScreens,
  signedIn,
  stubServer,
  V1,
  V2,
  version,
} from './testing/stub';

/**
 * A finding inside a concept links to the concept, whose form holds the control the table of
 * finding-fields.ts names for the finding's field; saving there leaves the finding behind. The
 * saved content is what the server writes from the form (`conceptContent`), checked by the
 * validator inside a profile document as the findings are.
 */

beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

type Json = Record<string, unknown>;

const VERSION_IRI = `${PROFILE_IRI}/v1`;
const base = `/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${V1}/concepts`;
const draft = { profile: profile(), version: version() };
/** A verb of the same version, which relations may name. */
const LOST = {
  id: `${PROFILE_IRI}/verbs/lost`,
  type: 'Verb',
  inScheme: VERSION_IRI,
  prefLabel: { en: 'lost' },
  definition: { en: 'Did not win.' },
};

/** The findings inside the concept when a profile document holds it beside LOST. */
function findingsOf(content: Json): VersionFinding[] {
  const document = {
    '@context': PROFILE_CONTEXT_IRI,
    id: PROFILE_IRI,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Profile' },
    definition: { en: 'A profile.' },
    versions: [{ id: VERSION_IRI, generatedAtTime: '2024-01-01T00:00:00Z' }],
    author: { type: 'Organization', name: 'Group' },
    concepts: [content, LOST],
  };
  return validate(document, { mode: 'authoring' })
    .filter((f) => f.path === '/concepts/0' || f.path.startsWith('/concepts/0/'))
    .map((f) => ({
      ...f,
      item: { kind: 'concept', id: CONCEPT_ID, iri: String(content.id), name: 'item' },
    }));
}

function viewOf(
  conceptType: ConceptType,
  content: Json,
  terms: ConceptView['concept']['similarTerms'] = [],
) {
  return conceptView(
    {
      uuid: CONCEPT_ID,
      iri: String(content.id),
      name: 'item',
      conceptType,
      type: String(content.type),
      content,
      similarTerms: terms,
      form: conceptForm(content, () => 'lost') as Json,
    },
    { edit: true },
  );
}

/** Opens the concept's form, finds the finding's control, lets `fix` use it and saves. */
async function fixedBySaving(
  view: ConceptView,
  ruleId: string,
  sub: string,
  fix: (control: HTMLElement) => Promise<void>,
) {
  const content = view.concept.content;
  const before = findingsOf(content).filter((f) => f.ruleId === ruleId);
  expect(before.length, `${ruleId} before the save`).toBeGreaterThan(0);
  const entry = fieldOf(before[0]!);
  expect(entry?.fix === 'control' || entry?.fix === 'on-save').toBe(true);
  const calls = stubServer(
    {
      [`GET ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(view),
      ...lockHandlers(conceptsApi(V1, `/${CONCEPT_ID}/lock`)),
      [`PUT ${conceptsApi(V1, `/${CONCEPT_ID}`)}`]: ok(change(V2, CONCEPT_ID)),
    },
    signedIn(ada),
  );
  const router = renderScreens(`${base}/${CONCEPT_ID}/edit/${sub}`, draft);
  // A choice of the same name (the Schema IRI radio beside the Schema IRI field) is not it.
  const labelled = await screen.findAllByLabelText(new RegExp(`^${entry?.control ?? ''}`));
  const control = labelled.find((el) => el.getAttribute('type') !== 'radio') ?? labelled[0]!;
  await fix(control);
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() =>
    expect(router.state.location.pathname).toBe(`${base.replace(V1, V2)}/${CONCEPT_ID}`),
  );
  const sent = calls.find((c) => c.method === 'PUT')?.body as ConceptValues;
  const saved = conceptContent(sent, {
    iri: String(content.id),
    inScheme: VERSION_IRI,
    isLocal: (iri) => iri === LOST.id,
    previous: content,
  });
  expect(findingsOf(saved).filter((f) => f.ruleId === ruleId)).toEqual([]);
  return saved;
}

describe('a finding inside a concept is fixed in the concept’s form', () => {
  it('E4: exactMatch naming a concept of this version, under Similar Terms', async () => {
    const content = {
      id: `${PROFILE_IRI}/verbs/won`,
      type: 'Verb',
      inScheme: VERSION_IRI,
      prefLabel: { en: 'won' },
      definition: { en: 'Did win.' },
      exactMatch: [LOST.id],
    };
    const view = viewOf('Verb', content, [
      { iri: LOST.id, name: 'lost', uuid: null, relationType: 'exact' },
    ]);
    const saved = await fixedBySaving(view, 'E4', 'verb', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Remove lost' }));
    });
    expect(saved.exactMatch).toBeUndefined();
  });

  it('H2: an activity definition without its @context, shown and written on save', async () => {
    const content = {
      id: `${PROFILE_IRI}/activities/course`,
      type: 'Activity',
      inScheme: VERSION_IRI,
      activityDefinition: {
        type: 'http://adlnet.gov/expapi/activities/course',
        name: { en: 'Course' },
        description: { en: 'A course.' },
      },
    };
    const saved = await fixedBySaving(
      viewOf('Activity', content),
      'H2',
      'activity',
      async (control) => {
        expect(control).toHaveValue('https://w3id.org/xapi/profiles/activity-context');
        expect(control).toHaveAttribute('readonly');
      },
    );
    expect((saved.activityDefinition as Json)['@context']).toBe(
      'https://w3id.org/xapi/profiles/activity-context',
    );
  });

  it('F4: an extension’s schema that is no IRI, under Schema IRI', async () => {
    const content = {
      id: `${PROFILE_IRI}/extensions/score`,
      type: 'ResultExtension',
      inScheme: VERSION_IRI,
      prefLabel: { en: 'score' },
      definition: { en: 'The score.' },
      schema: 'score.json',
    };
    const saved = await fixedBySaving(
      viewOf('Extension', content),
      'F4',
      'extension',
      async (control) => {
        await userEvent.clear(control);
        await userEvent.type(control, 'https://example.org/score.json');
      },
    );
    expect(saved.schema).toBe('https://example.org/score.json');
  });
});
