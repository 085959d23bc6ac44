import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { DeprecateInput } from '../../common/concepts';
import type {
  DeterminingProperty,
  TemplateChange,
  TemplateDetailsInput,
  TemplateList,
  TemplateRefType,
  TemplateView,
} from '../../common/templates';
import { conceptKeys } from './concepts';
import { HttpError, http } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

/** Template lists and search results are shown 10 to a page. */
export const TEMPLATE_PAGE_SIZE = 10;

export type TemplateSort = 'name' | '-name' | 'updated' | '-updated';

export interface VersionTemplatesParams {
  page: number;
  sort: TemplateSort;
}

export interface TemplateSearchParams {
  search: string;
  page: number;
  /** The version being edited. */
  versionId?: string | undefined;
  /**
   * `link`: templates to add to the version (not those it lists, no drafts of other profiles).
   * `reference`: templates the version defines itself, which a StatementRef may point at.
   */
  purpose?: 'link' | 'reference' | undefined;
  /** With `reference`: the template being edited, left out of its own references. */
  templateId?: string | undefined;
}

/**
 * Every template query sits under `templates`, so one invalidation refreshes the lists, the
 * detail pages, the side panels and search results after any change.
 */
export const templateKeys = {
  all: ['templates'] as const,
  ofVersion: (profileId: string, versionId: string) =>
    ['templates', 'version', profileId, versionId] as const,
  versionList: (profileId: string, versionId: string, params: VersionTemplatesParams) =>
    ['templates', 'version', profileId, versionId, 'list', params] as const,
  versionTemplate: (profileId: string, versionId: string, templateId: string) =>
    ['templates', 'version', profileId, versionId, 'template', templateId] as const,
  template: (templateId: string) => ['templates', 'template', templateId] as const,
  search: (params: TemplateSearchParams) => ['templates', 'search', params] as const,
};

/** The answer of linking or removing a link: the version the change landed in. */
export interface TemplateLinkChange {
  success: true;
  versionId: string;
}

const enc = encodeURIComponent;
const versionTemplatesUrl = (profileId: string, versionId: string, rest = '') =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/templates${rest}`;

/** `/app/profile/{p}/version/{v}/templates/{t}{rest}` */
export const templateUrl = (profileId: string, versionId: string, templateId: string, rest = '') =>
  versionTemplatesUrl(profileId, versionId, `/${enc(templateId)}${rest}`);

/** The write lock of a template in a version: POST takes or renews it, DELETE releases it. */
export const templateLockPath = (profileId: string, versionId: string, templateId: string) =>
  templateUrl(profileId, versionId, templateId, '/lock');

/**
 * Template changes alter counts, drafts and the version's concepts (determining properties list
 * concepts of other profiles): refresh templates, concepts and profiles.
 */
export function refreshTemplates(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    queryClient.invalidateQueries({ queryKey: conceptKeys.all }),
    refreshProfiles(queryClient),
  ]);
}

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

// --- reads ------------------------------------------------------------------------------------

export function versionTemplateListUrl(
  profileId: string,
  versionId: string,
  params: VersionTemplatesParams,
): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(TEMPLATE_PAGE_SIZE),
    sort: params.sort,
  });
  return `${versionTemplatesUrl(profileId, versionId)}?${query.toString()}`;
}

/** The version's own and linked templates, sorted and paged on the server. */
export function useVersionTemplates(
  profileId: string,
  versionId: string,
  params: VersionTemplatesParams,
) {
  return useQuery({
    queryKey: templateKeys.versionList(profileId, versionId, params),
    queryFn: () => http.get<TemplateList>(versionTemplateListUrl(profileId, versionId, params)),
    placeholderData: keepPreviousData,
  });
}

/** A template as listed by a version, with what the viewer may do with it there. */
export function useVersionTemplate(profileId: string, versionId: string, templateId: string) {
  return useQuery({
    queryKey: templateKeys.versionTemplate(profileId, versionId, templateId),
    queryFn: () => http.get<TemplateView>(templateUrl(profileId, versionId, templateId)),
  });
}

/** A template on its own (side panels, public reading); claimable orphans say so. */
export function useTemplate(templateId: string, enabled = true) {
  return useQuery({
    queryKey: templateKeys.template(templateId),
    queryFn: () => http.get<TemplateView>(`/app/template/${enc(templateId)}`),
    enabled: enabled && templateId !== '',
  });
}

export function templateSearchUrl(params: TemplateSearchParams): string {
  const query = new URLSearchParams({
    search: params.search.trim(),
    page: String(params.page),
    limit: String(TEMPLATE_PAGE_SIZE),
  });
  if (params.versionId) query.set('versionId', params.versionId);
  if (params.purpose) query.set('purpose', params.purpose);
  if (params.templateId) query.set('templateId', params.templateId);
  return `/app/templates/search?${query.toString()}`;
}

/** Templates to add to a version, or (purpose `reference`) that a template may refer to. */
export function useTemplateSearch(params: TemplateSearchParams, enabled = true) {
  return useQuery({
    queryKey: templateKeys.search(params),
    queryFn: () => http.get<TemplateList>(templateSearchUrl(params)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// --- changes ----------------------------------------------------------------------------------

function useTemplateMutation<V, T extends { success: boolean }>(
  call: (variables: V) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => succeeded(call(variables)),
    onSuccess: () => refreshTemplates(queryClient),
  });
}

/**
 * Creates a template in the version. For a published version the server makes the next draft
 * and adds it there: the answer's `versionId` is where it landed.
 */
export function useCreateTemplate(profileId: string, versionId: string) {
  return useTemplateMutation((input: TemplateDetailsInput) =>
    http.post<TemplateChange>(versionTemplatesUrl(profileId, versionId), input),
  );
}

/** The parts of a template the hooks below change; the caller holds its write lock. */
interface TemplateTarget {
  profileId: string;
  versionId: string;
  templateId: string;
}

/** Saves name, description, translations, tags and more information. */
export function useUpdateTemplateDetails({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((input: Omit<TemplateDetailsInput, 'iriType' | 'extiri' | 'geniri'>) =>
    http.put<TemplateChange>(templateUrl(profileId, versionId, templateId), input),
  );
}

/** Deprecates a template with a reason and an optional link. */
export function useDeprecateTemplate({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((input: DeprecateInput) =>
    http.post<TemplateChange>(templateUrl(profileId, versionId, templateId, '/deprecate'), input),
  );
}

/**
 * Runs a change after which the template's page closes: the lists refresh on the next tick, so
 * the template is not asked for again while its page is still mounted.
 */
function useLeavingMutation<T extends { success: boolean }>(
  { profileId, versionId, templateId }: TemplateTarget,
  call: () => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(call()),
    onSuccess: () => {
      setTimeout(() => {
        queryClient.removeQueries({
          queryKey: templateKeys.versionTemplate(profileId, versionId, templateId),
        });
        void refreshTemplates(queryClient);
      }, 0);
    },
  });
}

/** Deletes a template (refused while a published version or another item uses it). */
export function useDeleteTemplate(target: TemplateTarget) {
  const { profileId, versionId, templateId } = target;
  return useLeavingMutation(target, () =>
    http.delete<TemplateChange>(templateUrl(profileId, versionId, templateId)),
  );
}

/** Stops listing a linked template in the version. */
export function useRemoveTemplateLink(target: TemplateTarget) {
  const { profileId, versionId, templateId } = target;
  return useLeavingMutation(target, () =>
    http.delete<TemplateLinkChange>(templateUrl(profileId, versionId, templateId, '/link')),
  );
}

/** Lists templates of other profiles in the version (a new draft when it was published). */
export function useLinkTemplates(profileId: string, versionId: string) {
  return useTemplateMutation((templateIds: string[]) =>
    http.post<TemplateLinkChange>(versionTemplatesUrl(profileId, versionId, '/link'), {
      templateIds,
    }),
  );
}

export interface DeterminingChange {
  property: DeterminingProperty;
  conceptIds: string[];
}

/** Sets the concepts of one determining property (verb and objectActivityType take one). */
export function useSetDeterminingProperty({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ property, conceptIds }: DeterminingChange) =>
    http.put<TemplateChange>(
      templateUrl(profileId, versionId, templateId, `/determining-properties/${enc(property)}`),
      { conceptIds },
    ),
  );
}

/** Removes one determining property. */
export function useRemoveDeterminingProperty({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((property: DeterminingProperty) =>
    http.delete<TemplateChange>(
      templateUrl(profileId, versionId, templateId, `/determining-properties/${enc(property)}`),
    ),
  );
}

export type RuleObject = Record<string, unknown>;

/** Adds a rule at the end of the template's rules; the server checks it again. */
export function useAddRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((rule: RuleObject) =>
    http.post<TemplateChange>(templateUrl(profileId, versionId, templateId, '/rules'), { rule }),
  );
}

/** Replaces the rule at `index` (its position in the template's rules). */
export function useUpdateRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(({ index, rule }: { index: number; rule: RuleObject }) =>
    http.put<TemplateChange>(templateUrl(profileId, versionId, templateId, `/rules/${index}`), {
      rule,
    }),
  );
}

/** Removes the rule at `index` (only while the template is unpublished). */
export function useRemoveRule({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((index: number) =>
    http.delete<TemplateChange>(templateUrl(profileId, versionId, templateId, `/rules/${index}`)),
  );
}

/** Saves the example statement (JSON text; the server stores it pretty-printed). */
export function useSetExample({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation((statementExample: string) =>
    http.put<TemplateChange>(templateUrl(profileId, versionId, templateId, '/example'), {
      statementExample,
    }),
  );
}

/** Sets the templates a StatementRef of the object or the context may point at. */
export function useSetTemplateRefs({ profileId, versionId, templateId }: TemplateTarget) {
  return useTemplateMutation(
    ({ refType, templateIds }: { refType: TemplateRefType; templateIds: string[] }) =>
      http.put<TemplateChange>(
        templateUrl(profileId, versionId, templateId, `/refs/${enc(refType)}`),
        { templateIds },
      ),
  );
}

export interface TemplateToProfile {
  templateId: string;
  profileId: string;
}

/** Brings a deleted template back into its profile. */
export function useRestoreTemplate() {
  return useTemplateMutation(({ templateId, profileId }: TemplateToProfile) =>
    http.post<TemplateChange>(`/app/template/${enc(templateId)}/restore`, { profileId }),
  );
}

/** Gives an orphaned template a new home: a profile of one of the user's groups. */
export function useClaimTemplate() {
  return useTemplateMutation(({ templateId, profileId }: TemplateToProfile) =>
    http.post<TemplateChange>(`/app/template/${enc(templateId)}/claim`, { profileId }),
  );
}
