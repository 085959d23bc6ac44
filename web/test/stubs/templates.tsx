import type {
  ConceptRef,
  TemplateChange,
  TemplateList,
  TemplateRow,
  TemplateView,
} from '../../../common/templates';
import type { Handler } from './organization';
import {
  itemChange,
  itemList,
  itemsApi,
  ok,
  ownParent,
  profile,
  PROFILE_IRI,
  V1,
  version,
  versionApi,
  versionPath,
  view,
} from './concepts';

/** The session, the fake server, the profile, its versions and concepts come from the concept tests. */
export * from './concepts';

export const TEMPLATE_ID = '99999999-9999-4999-8999-999999999991';
export const TEMPLATE_2 = '99999999-9999-4999-8999-999999999992';
export const TEMPLATE_3 = '99999999-9999-4999-8999-999999999993';
export const TEMPLATE_IRI = `${PROFILE_IRI}/templates/played-video`;

export function templateRow(overrides: Partial<TemplateRow> = {}): TemplateRow {
  return {
    uuid: TEMPLATE_ID,
    iri: TEMPLATE_IRI,
    name: 'Played a video',
    description: 'A learner played a video.',
    parentProfile: ownParent,
    updatedOn: '2025-02-04T10:00:00.000Z',
    status: 'Unpublished',
    linked: false,
    ...overrides,
  };
}

export const templateList = (
  templates: TemplateRow[],
  page?: { page?: number; limit?: number; total?: number },
): TemplateList => itemList('templates', templates, page);

/** A concept a template names. */
export const conceptRef = (
  name: string,
  uuid: string | null,
  conceptType: ConceptRef['conceptType'] = 'Verb',
): ConceptRef => ({
  iri: `${PROFILE_IRI}/${conceptType === 'Verb' ? 'verbs' : 'activity-types'}/${name}`,
  name,
  uuid,
  conceptType,
});

type ViewTemplate = TemplateView['template'];

export function templateView(
  overrides: Partial<ViewTemplate> = {},
  permissions: Partial<TemplateView['permissions']> = {},
): TemplateView {
  const row = templateRow(overrides);
  return {
    success: true,
    template: {
      ...row,
      translations: [],
      tags: [],
      moreInformation: '',
      deprecation: null,
      updatedBy: 'Ada Lovelace',
      publishedInProfile: false,
      revision: 'rev-1.a',
      statementExample: '',
      determiningProperties: [],
      rules: [],
      objectStatementRefTemplate: [],
      contextStatementRefTemplate: [],
      concepts: [],
      content: { id: row.iri, type: 'StatementTemplate' },
      ...overrides,
    },
    permissions: {
      edit: false,
      delete: permissions.edit ?? false,
      removeRule: false,
      removeLink: false,
      claim: false,
      ...permissions,
    },
  };
}

/** An editor's view of an unpublished template of this profile. */
export const editable = (overrides: Partial<ViewTemplate> = {}) =>
  templateView(overrides, {
    edit: !overrides.publishedInProfile,
    removeRule: !overrides.publishedInProfile,
  });

export const templateChange = (
  versionId: string = V1,
  templateId: string = TEMPLATE_ID,
): TemplateChange => itemChange('template', versionId, templateId);

/** `/app/profile/{p}/version/{v}/templates{rest}` */
export const templatesApi = (versionId: string = V1, rest = '') =>
  itemsApi('templates', versionId, rest);

/** `/app/profile/{p}/version/{v}/templates/{TEMPLATE_ID}{rest}` */
export const templateApi = (versionId: string = V1, rest = '') =>
  templatesApi(versionId, `/${TEMPLATE_ID}${rest}`);

/** The group page of the template tab of a version, or of a screen under it. */
export const templatesPath = (versionId: string = V1, rest = '') =>
  versionPath(versionId, `templates${rest}`);

/** The group page of the test template, or of a screen under it (`rest` e.g. '/edit'). */
export const templatePath = (versionId: string = V1, rest = '') =>
  templatesPath(versionId, `/${TEMPLATE_ID}${rest}`);

/** The answers every template screen needs: the draft version 1 and the template on it. */
export function templateHandlers(
  template: TemplateView,
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
    [`GET ${templateApi()}`]: ok(template),
    [`POST ${templateApi(V1, '/lock')}`]: () => [
      200,
      {
        success: true,
        lock: {
          resource: `component:${TEMPLATE_ID}`,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          timeoutSeconds: 600,
        },
      },
    ],
    [`DELETE ${templateApi(V1, '/lock')}`]: ok({ success: true }),
    ...extra,
  };
}
