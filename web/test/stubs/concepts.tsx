import type { ConceptChange, ConceptList, ConceptRow, ConceptView } from '../../../common/concepts';
import type { DeletedItem, DeletedItems } from '../../../common/items';
import {
  GROUP_ID,
  itemChange,
  itemList,
  itemsApi,
  ownParent,
  PROFILE_ID,
  PROFILE_IRI,
  V1,
} from '../items';

/** The session, the fake server, the profile, its versions and the parents come from the item tests. */
export * from '../items';

export const CONCEPT_ID = '66666666-6666-4666-8666-666666666661';
export const CONCEPT_2 = '66666666-6666-4666-8666-666666666662';
export const CONCEPT_3 = '66666666-6666-4666-8666-666666666663';
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

export const conceptList = (
  concepts: ConceptRow[],
  page?: { page?: number; limit?: number; total?: number },
): ConceptList => itemList('concepts', concepts, page);

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
      revision: 'rev-1.a',
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
    permissions: {
      edit: false,
      delete: permissions.edit ?? false,
      removeLink: false,
      claim: false,
      ...permissions,
    },
  };
}

export const change = (versionId: string = V1, conceptId: string = CONCEPT_ID): ConceptChange =>
  itemChange('concept', versionId, conceptId);

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
  itemsApi('concepts', versionId, rest);

/** The deleted items page of a version of the test profile. */
export const deletedItemsPagePath = (versionId: string = V1) =>
  `/deleted-items/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${versionId}`;
