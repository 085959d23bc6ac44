import type {
  ComponentList,
  PatternChange,
  PatternComponent,
  PatternList,
  PatternRow,
  PatternView,
} from '../../../../common/patterns';
import type { TemplateView } from '../../../../common/templates';
import { GROUP_ID, PROFILE_ID, PROFILE_IRI, V1 } from '../../profile/testing/stub';

/** The session, the fake server, the profile and its versions come from the profile tests. */
export {
  ada,
  GROUP_ID,
  listItem,
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
export { lockHandlers, lockedBy } from '../../common/testing/locks';

export const PATTERN_ID = '66666666-6666-4666-8666-666666666601';
export const PATTERN_2 = '66666666-6666-4666-8666-666666666602';
export const PATTERN_3 = '66666666-6666-4666-8666-666666666603';
export const TEMPLATE_ID = '77777777-7777-4777-8777-777777777701';
export const TEMPLATE_2 = '77777777-7777-4777-8777-777777777702';
export const TEMPLATE_3 = '77777777-7777-4777-8777-777777777703';
export const OTHER_PROFILE_ID = '88888888-8888-4888-8888-888888888801';
export const OTHER_GROUP_ID = '99999999-9999-4999-8999-999999999901';

export const ownParent: NonNullable<PatternRow['parentProfile']> = {
  uuid: PROFILE_ID,
  name: 'Video Profile',
  state: 'draft',
  organization: { uuid: GROUP_ID, name: 'Video Working Group' },
};

export const otherParent: NonNullable<PatternRow['parentProfile']> = {
  uuid: OTHER_PROFILE_ID,
  name: 'Quiz Profile',
  state: 'published',
  organization: { uuid: OTHER_GROUP_ID, name: 'Quiz Working Group' },
};

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

export function patternList(
  patterns: PatternRow[],
  page: { page?: number; limit?: number; total?: number } = {},
): PatternList {
  return {
    success: true,
    patterns,
    page: page.page ?? 1,
    limit: page.limit ?? 10,
    total: page.total ?? patterns.length,
  };
}

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
      components: [],
      content: { id: row.iri, type: 'Pattern' },
      ...overrides,
    },
    permissions: { edit: false, removeLink: false, claim: false, ...permissions },
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
      statementExample: '',
      determiningProperties: [],
      rules: [],
      objectStatementRefTemplate: [],
      contextStatementRefTemplate: [],
      concepts: [],
      content: {},
      ...overrides,
    },
    permissions: { edit: false, removeRule: false, removeLink: false, claim: false },
  };
}

export const change = (versionId: string = V1, patternId: string = PATTERN_ID): PatternChange => ({
  success: true,
  pattern: { uuid: patternId },
  versionId,
});

/** `/app/profile/{p}/version/{v}/patterns{rest}` */
export const patternsApi = (versionId: string = V1, rest = '') =>
  `/app/profile/${PROFILE_ID}/version/${versionId}/patterns${rest}`;

/** `/app/profile/{p}/version/{v}/patterns/{patternId}{rest}` */
export const patternApi = (versionId: string = V1, rest = '', patternId: string = PATTERN_ID) =>
  patternsApi(versionId, `/${patternId}${rest}`);

export const COMPONENT_SEARCH = '/app/pattern-components/search';
export const PATTERN_SEARCH = '/app/patterns/search';
