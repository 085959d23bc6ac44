import type { z } from 'zod';
import type {
  DeterminingProperty,
  TemplateChange,
  TemplateDetailsInput,
  TemplateList,
  TemplateRefType,
  TemplateView,
} from '../../common/templates';
import type { itemSortSchema } from '../../common/items';
import { conceptKeys } from './concepts';
import { HttpError, http } from './http';
import {
  itemApi,
  type Based,
  type ItemSearchParams,
  type ToProfile,
  type VersionItemsParams,
} from './items';

export {
  ITEM_PAGE_SIZE as TEMPLATE_PAGE_SIZE,
  type LinkChange as TemplateLinkChange,
} from './items';

export type TemplateSort = z.infer<typeof itemSortSchema>;
export type VersionTemplatesParams = VersionItemsParams<TemplateSort>;
export type TemplateToProfile = ToProfile<'template'>;

export interface TemplateSearchParams extends ItemSearchParams {
  /**
   * `link`: templates to add to the version (not those it lists, no drafts of other profiles).
   * `reference`: templates the version defines itself, which a StatementRef may point at.
   */
  purpose?: 'link' | 'reference' | undefined;
  /** With `reference`: the template being edited, left out of its own references. */
  templateId?: string | undefined;
}

/** Template changes alter the version's concepts too: determining properties list concepts. */
const templates = itemApi<
  'template',
  {
    sort: TemplateSort;
    list: TemplateList;
    view: TemplateView;
    change: TemplateChange;
    create: TemplateDetailsInput;
    update: Omit<TemplateDetailsInput, 'iriType' | 'extiri' | 'geniri'>;
    search: TemplateSearchParams;
  }
>({
  noun: 'template',
  plural: 'templates',
  alsoRefresh: [conceptKeys.all],
  searchFilters: (params) => ({
    versionId: params.versionId,
    purpose: params.purpose,
    templateId: params.templateId,
  }),
});

export const {
  keys: templateKeys,
  itemUrl: templateUrl,
  lockPath: templateLockPath,
  refresh: refreshTemplates,
  versionListUrl: versionTemplateListUrl,
  searchUrl: templateSearchUrl,
  useVersionItems: useVersionTemplates,
  useVersionItem: useVersionTemplate,
  useFetchVersionItem: useFetchVersionTemplate,
  useItem: useTemplate,
  useSearch: useTemplateSearch,
  useCreate: useCreateTemplate,
  useLink: useLinkTemplates,
  useRestore: useRestoreTemplate,
  useClaim: useClaimTemplate,
} = templates;
const useTemplateMutation = templates.useItemChange;
const enc = encodeURIComponent;

/**
 * The rule problems of a refused save (400 VALIDATION_FAILED with `errors`), else the error's
 * message alone; nothing for no error.
 */
export function problemsOf(error: unknown): string[] {
  if (!error) return [];
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: unknown } | null | undefined)?.errors;
    if (Array.isArray(errors) && errors.length > 0)
      return errors.filter((e): e is string => typeof e === 'string');
  }
  return [error instanceof Error && error.message !== '' ? error.message : 'Not saved.'];
}

/**
 * The parts of a template the hooks below change; the caller holds its write lock, and each
 * change names the revision of the template it is based on (`basedOn`, the loaded `revision`).
 */
interface TemplateTarget {
  profileId: string;
  versionId: string;
  templateId: string;
}

/** Saves name, description, translations, tags and more information. */
export const useUpdateTemplateDetails = ({ profileId, versionId, templateId }: TemplateTarget) =>
  templates.useUpdate(profileId, versionId, templateId);

/** Deprecates a template with a reason and an optional link. */
export const useDeprecateTemplate = ({ profileId, versionId, templateId }: TemplateTarget) =>
  templates.useDeprecate(profileId, versionId, templateId);

/** Deletes a template (refused while a published version or another item uses it). */
export const useDeleteTemplate = ({ profileId, versionId, templateId }: TemplateTarget) =>
  templates.useDelete(profileId, versionId, templateId);

/** Stops listing a linked template in the version. */
export const useRemoveTemplateLink = ({ profileId, versionId, templateId }: TemplateTarget) =>
  templates.useRemoveLink(profileId, versionId, templateId);

/** The revision of the template a change is based on. */
type Basis = Pick<Based<unknown>, 'basedOn'>;

export interface DeterminingChange {
  property: DeterminingProperty;
  conceptIds: string[];
}

/** Sets the concepts of one determining property (verb and objectActivityType take one). */
export function useSetDeterminingProperty({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ property, conceptIds, basedOn }: DeterminingChange & Basis) =>
    http.put<TemplateChange>(
      templateUrl(profileId, versionId, templateId, `/determining-properties/${enc(property)}`),
      { conceptIds },
      { basedOn },
    ),
  );
}

/** Removes one determining property. */
export function useRemoveDeterminingProperty({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ property, basedOn }: { property: DeterminingProperty } & Basis) =>
    http.delete<TemplateChange>(
      templateUrl(profileId, versionId, templateId, `/determining-properties/${enc(property)}`),
      { basedOn },
    ),
  );
}

export type RuleObject = Record<string, unknown>;

/** Adds a rule at the end of the template's rules; the server checks it again. */
export function useAddRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ rule, basedOn }: { rule: RuleObject } & Basis) =>
    http.post<TemplateChange>(
      templateUrl(profileId, versionId, templateId, '/rules'),
      { rule },
      { basedOn },
    ),
  );
}

/** Replaces the rule at `index` (its position in the template's rules). */
export function useUpdateRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(
    ({ index, rule, basedOn }: { index: number; rule: RuleObject } & Basis) =>
      http.put<TemplateChange>(
        templateUrl(profileId, versionId, templateId, `/rules/${index}`),
        { rule },
        { basedOn },
      ),
  );
}

/** Removes the rule at `index` (only while the template is unpublished). */
export function useRemoveRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ index, basedOn }: { index: number } & Basis) =>
    http.delete<TemplateChange>(templateUrl(profileId, versionId, templateId, `/rules/${index}`), {
      basedOn,
    }),
  );
}

/** Saves the example statement (JSON text; the server stores it pretty-printed). */
export function useSetExample({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ input: statementExample, basedOn }: Based<string>) =>
    http.put<TemplateChange>(
      templateUrl(profileId, versionId, templateId, '/example'),
      { statementExample },
      { basedOn },
    ),
  );
}

/** Sets the templates a StatementRef of the object or the context may point at. */
export function useSetTemplateRefs({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(
    ({
      refType,
      templateIds,
      basedOn,
    }: { refType: TemplateRefType; templateIds: string[] } & Basis) =>
      http.put<TemplateChange>(
        templateUrl(profileId, versionId, templateId, `/refs/${enc(refType)}`),
        { templateIds },
        { basedOn },
      ),
  );
}
