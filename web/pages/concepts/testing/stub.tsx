import type {
  ConceptChange,
  ConceptList,
  ConceptRow,
  ConceptView,
  DeletedItem,
  DeletedItems,
} from '../../../../common/concepts';
import { GROUP_ID, PROFILE_ID, PROFILE_IRI, V1 } from '../../profile/testing/stub';

/** The session, the fake server, the profile and its versions come from the profile tests. */
export {
  ada,
  GROUP_ID,
  ok,
  profile,
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
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from '../../profile/testing/stub';

export const CONCEPT_ID = '66666666-6666-4666-8666-666666666661';
export const CONCEPT_2 = '66666666-6666-4666-8666-666666666662';
export const CONCEPT_3 = '66666666-6666-4666-8666-666666666663';
export const OTHER_PROFILE_ID = '77777777-7777-4777-8777-777777777777';
export const OTHER_GROUP_ID = '88888888-8888-4888-8888-888888888888';

const ownParent: NonNullable<ConceptRow['parentProfile']> = {
  uuid: PROFILE_ID,
  name: 'Video Profile',
  state: 'draft',
  organization: { uuid: GROUP_ID, name: 'Video Working Group' },
};

export const otherParent: NonNullable<ConceptRow['parentProfile']> = {
  uuid: OTHER_PROFILE_ID,
  name: 'Quiz Profile',
  state: 'published',
  organization: { uuid: OTHER_GROUP_ID, name: 'Quiz Working Group' },
};

export function conceptRow(overrides: Partial<ConceptRow> = {}): ConceptRow {
  return {
    uuid: CONCEPT_ID,
    iri: `${PROFILE_IRI}/verbs/played`,
    name: 'played',
    description: 'The actor started the video.',
    conceptType: 'Verb',
    type: 'Verb',
    parentProfile: ownParent,
    updatedOn: '2025-02-04T10:00:00.000Z',
    status: 'Unpublished',
    linked: false,
    ...overrides,
  };
}

export function conceptList(
  concepts: ConceptRow[],
  page: { page?: number; limit?: number; total?: number } = {},
): ConceptList {
  return {
    success: true,
    concepts,
    page: page.page ?? 1,
    limit: page.limit ?? 10,
    total: page.total ?? concepts.length,
  };
}

type ViewConcept = ConceptView['concept'];

export function conceptView(
  overrides: Partial<ViewConcept> = {},
  permissions: Partial<ConceptView['permissions']> = {},
): ConceptView {
  const row = conceptRow(overrides);
  return {
    success: true,
    concept: {
      ...row,
      translations: [],
      deprecation: null,
      updatedBy: 'Ada Lovelace',
      publishedInProfile: false,
      similarTerms: [],
      recommendedTerms: [],
      form: {},
      content: {
        id: row.iri,
        type: row.type,
        inScheme: `${PROFILE_IRI}/v1`,
        prefLabel: { en: row.name },
        definition: { en: row.description },
      },
      ...overrides,
    },
    permissions: { edit: false, removeLink: false, claim: false, ...permissions },
  };
}

export const change = (versionId: string = V1, conceptId: string = CONCEPT_ID): ConceptChange => ({
  success: true,
  concept: { uuid: conceptId },
  versionId,
});

export function deletedItem(overrides: Partial<DeletedItem> = {}): DeletedItem {
  return {
    uuid: CONCEPT_ID,
    iri: `${PROFILE_IRI}/verbs/paused`,
    name: 'paused',
    kind: 'concept',
    type: 'Verb',
    parentProfile: ownParent,
    updatedOn: '2025-02-04T10:00:00.000Z',
    reason: 'deleted',
    deletedOn: '2025-02-05T10:00:00.000Z',
    ...overrides,
  };
}

export const deletedItems = (items: DeletedItem[], total = items.length): DeletedItems => ({
  success: true,
  items,
  page: 1,
  limit: 10,
  total,
});

/** `/app/profile/{p}/version/{v}/concepts{rest}` */
export const conceptsApi = (versionId: string = V1, rest = '') =>
  `/app/profile/${PROFILE_ID}/version/${versionId}/concepts${rest}`;

/** The deleted items page of a version of the test profile. */
export const deletedItemsPagePath = (versionId: string = V1) =>
  `/deleted-items/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${versionId}`;
