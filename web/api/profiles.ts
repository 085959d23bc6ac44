import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { Finding } from '../../xapi/index';
import type { Success } from '../../common/api';
import type {
  CreateProfileInput,
  Home,
  Profile,
  ProfileList,
  ProfileVersion,
  ProfileView,
  profileSortSchema,
  PublishInput,
  resolveIriSchema,
  rootIriSchema,
  UpdateVersionInput,
} from '../../common/profiles';
import { saveFile } from '../lib/save-file';
import { HttpError, http } from './http';
import { succeeded } from './organizations';

/** Published lists and a group's list are shown 10 to a page. */
export const PROFILE_PAGE_SIZE = 10;

export type ProfileSort = z.infer<typeof profileSortSchema>;

export interface PublishedProfilesParams {
  page: number;
  sort: ProfileSort;
  search?: string;
  verifiedOnly?: boolean;
  limit?: number;
}

/**
 * Every profile query sits under `profiles`, so one invalidation refreshes the version pages,
 * the group lists, home and explore after any change.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  view: (profileId: string, versionId?: string) =>
    ['profiles', 'view', profileId, versionId ?? 'latest'] as const,
  ofProfile: (profileId: string) => ['profiles', 'view', profileId] as const,
  group: (organizationId: string, page: number) =>
    ['profiles', 'group', organizationId, page] as const,
  published: (params: PublishedProfilesParams) => ['profiles', 'published', params] as const,
  home: ['profiles', 'home'] as const,
  rootIri: ['profiles', 'root-iri'] as const,
  resolve: (iri: string) => ['profiles', 'resolve', iri] as const,
};

/** The admin verification queue lists versions, so profile changes refresh it too. */
export const verificationKeys = { requests: ['admin', 'verification'] as const };

/** Group screens count profiles: creating or deleting one refreshes them. */
const organizationKeysPrefix = ['organizations'] as const;

/** One problem the validator found in a document the server refused to publish. */
export type { Finding };

/** The validator findings of a refused publish, or none. */
export function findingsOf(error: unknown): Finding[] {
  if (!(error instanceof HttpError) || error.status !== 400) return [];
  const body = error.body as { findings?: unknown } | null | undefined;
  if (!body || !Array.isArray(body.findings)) return [];
  return body.findings.filter(
    (f): f is Finding =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as Finding).message === 'string' &&
      typeof (f as Finding).path === 'string',
  );
}

const enc = encodeURIComponent;
const profileUrl = (profileId: string, rest = '') => `/app/profile/${enc(profileId)}${rest}`;
const versionUrl = (profileId: string, versionId: string, rest = '') =>
  profileUrl(profileId, `/version/${enc(versionId)}${rest}`);

export function refreshProfiles(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeysPrefix }),
    queryClient.invalidateQueries({ queryKey: verificationKeys.requests }),
  ]);
}

/** Puts a version's answer in the cache under its own key and the profile's latest key. */
function remember(queryClient: QueryClient, view: ProfileView): void {
  queryClient.setQueryData(profileKeys.view(view.profile.uuid, view.version.uuid), view);
}

// --- reads ------------------------------------------------------------------------------------

/** A version's JSON-LD document as its export gives it, read once per visit of a screen that needs it. */
export function useVersionDocument(profileId: string, versionId: string) {
  return useQuery({
    queryKey: [...profileKeys.view(profileId, versionId), 'document'] as const,
    queryFn: () => http.get<unknown>(versionUrl(profileId, versionId, '/document')),
    staleTime: 60_000,
  });
}

/** The root every generated profile IRI starts with. */
export function useRootIri(enabled = true) {
  return useQuery({
    queryKey: profileKeys.rootIri,
    queryFn: () => http.get<z.infer<typeof rootIriSchema>>('/app/profile/root-iri'),
    select: (answer) => answer.iri,
    staleTime: Infinity,
    enabled,
  });
}

/** A version, or without a version id the newest one the viewer may see. */
export function useProfileView(profileId: string, versionId?: string, enabled = true) {
  return useQuery({
    queryKey: profileKeys.view(profileId, versionId),
    queryFn: () =>
      http.get<ProfileView>(
        versionId === undefined ? profileUrl(profileId) : versionUrl(profileId, versionId),
      ),
    enabled,
  });
}

/**
 * The version as it is now, fetched afresh (and kept for the screens showing it): what someone
 * else saved, after a save of Edit Profile Details ran into theirs.
 */
export function useFetchProfileView(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: profileKeys.view(profileId, versionId),
      queryFn: () => http.get<ProfileView>(versionUrl(profileId, versionId)),
      staleTime: 0,
    });
}

/**
 * The profile's current published version when it is not the one on screen: its name confirms a
 * deletion and its tags cannot be removed from later versions.
 */
export function usePublishedVersion(profile: Profile, shownVersion: ProfileVersion) {
  const publishedId = profile.currentPublishedVersion?.uuid;
  const other = publishedId !== undefined && publishedId !== shownVersion.uuid;
  const query = useProfileView(profile.uuid, publishedId, other);
  if (publishedId === undefined) return { version: null, isLoading: false };
  if (!other) return { version: shownVersion, isLoading: false };
  return { version: query.data?.version ?? null, isLoading: query.isLoading };
}

export function groupProfilesUrl(organizationId: string, page: number): string {
  const query = new URLSearchParams({ page: String(page), limit: String(PROFILE_PAGE_SIZE) });
  return `/app/org/${enc(organizationId)}/profile?${query.toString()}`;
}

/** A group's profiles; its members also see drafts. */
export function useGroupProfiles(organizationId: string, page: number) {
  return useQuery({
    queryKey: profileKeys.group(organizationId, page),
    queryFn: () => http.get<ProfileList>(groupProfilesUrl(organizationId, page)),
    placeholderData: keepPreviousData,
  });
}

export function publishedProfilesUrl(params: PublishedProfilesParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit ?? PROFILE_PAGE_SIZE),
    sort: params.sort,
  });
  if (params.search) query.set('search', params.search);
  if (params.verifiedOnly) query.set('verified', 'true');
  return `/app/profiles?${query.toString()}`;
}

/** Published profiles, sorted and paged on the server. */
export function usePublishedProfiles(params: PublishedProfilesParams) {
  return useQuery({
    queryKey: profileKeys.published(params),
    queryFn: () => http.get<ProfileList>(publishedProfilesUrl(params)),
    placeholderData: keepPreviousData,
  });
}

/** The newest published profiles and concepts for the home page. */
export function useHomeData() {
  return useQuery({ queryKey: profileKeys.home, queryFn: () => http.get<Home>('/app/home') });
}

export type ResolvedIri = z.infer<typeof resolveIriSchema>;

/** The profile and version an IRI names; a 404 when none does. */
export function useResolveIri(iri: string) {
  return useQuery({
    queryKey: profileKeys.resolve(iri),
    queryFn: () =>
      http.get<ResolvedIri>(`/app/profile/resolve?${new URLSearchParams({ iri }).toString()}`),
    enabled: iri !== '',
  });
}

// --- changes ----------------------------------------------------------------------------------

export function useCreateProfile(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProfileInput) =>
      succeeded(http.post<ProfileView>(`/app/org/${enc(organizationId)}/profile`, input)),
    onSuccess: (view) => {
      remember(queryClient, view);
      return refreshProfiles(queryClient);
    },
  });
}

/**
 * Saves a version's details. For a published version the server makes the next draft and saves
 * the change there: the answer is that draft.
 */
export function useUpdateVersion(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, basedOn }: { input: UpdateVersionInput; basedOn: string }) =>
      succeeded(http.put<ProfileView>(versionUrl(profileId, versionId), input, { basedOn })),
    onSuccess: (view) => {
      remember(queryClient, view);
      return refreshProfiles(queryClient);
    },
  });
}

export function usePublishVersion(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) =>
      succeeded(http.post<ProfileView>(versionUrl(profileId, versionId, '/publish'), input)),
    onSuccess: (view) => {
      remember(queryClient, view);
      return refreshProfiles(queryClient);
    },
  });
}

export function useRequestVerification(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      succeeded(http.post<ProfileView>(versionUrl(profileId, versionId, '/verification'))),
    onSuccess: (view) => {
      remember(queryClient, view);
      return refreshProfiles(queryClient);
    },
  });
}

/**
 * Deletes the current draft, or with `confirmName` the whole profile. The caller leaves the page
 * first; the lists refresh on the next tick, so the deleted version is not asked for again while
 * its page is still mounted.
 */
export function useDeleteProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { draftOnly: true } | { draftOnly: false; confirmName: string }) =>
      succeeded(
        http.delete<Success>(
          what.draftOnly
            ? profileUrl(profileId, '/draft')
            : `${profileUrl(profileId)}?${new URLSearchParams({ confirmName: what.confirmName }).toString()}`,
        ),
      ),
    onSuccess: () => {
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: profileKeys.ofProfile(profileId) });
        void refreshProfiles(queryClient);
      }, 0);
    },
  });
}

/** The file name every export is saved under. */
export const EXPORT_FILE_NAME = 'profile.jsonld';

/** Fetches a version's JSON-LD document and saves it, indented by four spaces. */
export async function exportVersion(profileId: string, versionId: string): Promise<void> {
  const document_ = await http.get<unknown>(versionUrl(profileId, versionId, '/export'));
  saveFile(
    EXPORT_FILE_NAME,
    new Blob([JSON.stringify(document_, null, 4)], { type: 'application/ld+json' }),
  );
}
