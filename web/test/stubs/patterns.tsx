import type {
  ComponentList,
  PatternChange,
  PatternComponent,
  PatternList,
  PatternRow,
  PatternView,
} from '../../../common/patterns';
import type { TemplateView } from '../../../common/templates';
import { itemChange, itemList, itemsApi, ownParent, PROFILE_IRI, V1 } from '../items';

/** The session, the fake server, the profile, its versions and the parents come from the item tests. */
export * from '../items';

export const PATTERN_ID = '66666666-6666-4666-8666-666666666601';
export const PATTERN_2 = '66666666-6666-4666-8666-666666666602';
export const PATTERN_3 = '66666666-6666-4666-8666-666666666603';
export const TEMPLATE_ID = '77777777-7777-4777-8777-777777777701';
export const TEMPLATE_2 = '77777777-7777-4777-8777-777777777702';
export const TEMPLATE_3 = '77777777-7777-4777-8777-777777777703';
export function patternRow(overrides: Partial<PatternRow> = {}): PatternRow {
  return {
    uuid: PATTERN_ID,
    iri: `${PROFILE_IRI}/patterns/watching`,
    name: 'Watching',
    description: 'A learner watches a video to the end.',
    type: 'sequence',
    primary: true,
    parentProfile: ownParent,
    updatedOn: '2025-02-04T10:00:00.000Z',
    status: 'Unpublished',
    linked: false,
    ...overrides,
  };
}

export const patternList = (
  patterns: PatternRow[],
  page?: { page?: number; limit?: number; total?: number },
): PatternList => itemList('patterns', patterns, page);

/** A component as the server describes it: a template unless said otherwise. */
export function component(
  overrides: Partial<PatternComponent> & { name: string },
): PatternComponent {
  const componentType = overrides.componentType ?? 'template';
  const slug = overrides.name.toLowerCase().replace(/\s+/g, '-');
  return {
    uuid: TEMPLATE_ID,
    iri: `${PROFILE_IRI}/${componentType === 'pattern' ? 'patterns' : 'templates'}/${slug}`,
    description: `About ${overrides.name}.`,
    componentType,
    patternType: null,
    status: 'Unpublished',
    parentProfile: ownParent,
    ...overrides,
  };
}

export const componentList = (components: PatternComponent[], total = components.length) =>
  ({ success: true, components, page: 1, limit: 10, total }) satisfies ComponentList;

type ViewPattern = PatternView['pattern'];

export function patternView(
  overrides: Partial<ViewPattern> = {},
  permissions: Partial<PatternView['permissions']> = {},
): PatternView {
  const row = patternRow(overrides);
  return {
    success: true,
    pattern: {
      ...row,
      translations: [],
      tags: [],
      moreInformation: '',
      deprecation: null,
      updatedBy: 'Ada Lovelace',
      publishedInProfile: false,
      revision: 'rev-1.a',
      components: [],
      content: { id: row.iri, type: 'Pattern' },
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

export function templateView(overrides: Partial<TemplateView['template']> = {}): TemplateView {
  return {
    success: true,
    template: {
      uuid: TEMPLATE_ID,
      iri: `${PROFILE_IRI}/templates/played`,
      name: 'Played a video',
      description: 'The learner started a video.',
      parentProfile: ownParent,
      updatedOn: '2025-02-04T10:00:00.000Z',
      status: 'Unpublished',
      linked: false,
      translations: [],
      tags: [],
      moreInformation: '',
      deprecation: null,
      updatedBy: null,
      publishedInProfile: false,
      revision: 'rev-1.a',
      statementExample: '',
      determiningProperties: [],
      rules: [],
      objectStatementRefTemplate: [],
      contextStatementRefTemplate: [],
      concepts: [],
      content: {},
      ...overrides,
    },
    permissions: { edit: false, delete: false, removeRule: false, removeLink: false, claim: false },
  };
}

export const change = (versionId: string = V1, patternId: string = PATTERN_ID): PatternChange =>
  itemChange('pattern', versionId, patternId);

/** `/app/profile/{p}/version/{v}/patterns{rest}` */
export const patternsApi = (versionId: string = V1, rest = '') =>
  itemsApi('patterns', versionId, rest);

/** `/app/profile/{p}/version/{v}/patterns/{patternId}{rest}` */
export const patternApi = (versionId: string = V1, rest = '', patternId: string = PATTERN_ID) =>
  patternsApi(versionId, `/${patternId}${rest}`);

export const COMPONENT_SEARCH = '/app/pattern-components/search';
export const PATTERN_SEARCH = '/app/patterns/search';
