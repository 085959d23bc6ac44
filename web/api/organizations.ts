import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Success } from '../../common/api';
import type {
  MemberLevel,
  MemberList,
  MyOrganizations,
  OrganizationInput,
  OrganizationList,
  OrganizationResponse,
  UserSearchResult,
} from '../../common/organizations';
import { ErrorCode } from '../../common/errors';
import type { EditConflict } from '../../common/revisions';
import { conflictShownInline, http } from './http';

/** Working groups are shown 10 to a page. */
export const ORGANIZATION_PAGE_SIZE = 10;

export interface OrganizationListParams {
  page: number;
  search?: string;
  /** Only the groups the viewer belongs to or asked to join. */
  mine?: boolean;
  limit?: number;
}

/**
 * Every working group query sits under `organizations`, so one invalidation refreshes lists,
 * details, member lists and the viewer's own groups after any change.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: (params: OrganizationListParams) => ['organizations', 'list', params] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  members: (id: string) => ['organizations', 'members', id] as const,
  userSearch: (id: string, search: string) => ['organizations', 'user-search', id, search] as const,
  mine: ['organizations', 'mine'] as const,
};

/** The admin screens show a user's groups, so membership changes refresh them as well. */
const adminKeysPrefix = ['admin'] as const;

/**
 * A save refused because someone saved in between (409 EDIT_CONFLICT): who, when, and the
 * revision their save made. The screen keeps what was typed and lets its editor choose.
 */
export class EditConflictError extends Error {
  constructor(readonly conflict: EditConflict) {
    super(conflict.message);
    this.name = 'EditConflictError';
  }
}

/** The conflict a failed save ran into, if that is why it failed. */
export const editConflictOf = (error: unknown): EditConflict | null =>
  error instanceof EditConflictError ? error.conflict : null;

/**
 * A 409 comes back as a body rather than an error; a mutation must not treat that body as its
 * result. The refusal becomes the mutation's error, which its screen shows next to the form, so
 * the global 'Permission Denied' banner is not raised for it as well.
 */
export async function succeeded<T extends { success: boolean }>(answer: Promise<T>): Promise<T> {
  const body = await conflictShownInline(answer);
  if ((body as { code?: unknown } | undefined)?.code === ErrorCode.EditConflict)
    throw new EditConflictError(body as unknown as EditConflict);
  if (!body || body.success !== true) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new Error(typeof message === 'string' && message !== '' ? message : 'Permission Denied');
  }
  return body;
}

/** Whether `key` starts with `prefix`. */
const matches = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

const orgUrl = (id: string, rest = '') => `/app/org/${encodeURIComponent(id)}${rest}`;

function refreshGroups(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminKeysPrefix }),
  ]);
}

export function organizationListUrl(params: OrganizationListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit ?? ORGANIZATION_PAGE_SIZE),
    sort: 'name',
  });
  if (params.search) query.set('search', params.search);
  if (params.mine) query.set('mine', 'true');
  return `/app/org?${query.toString()}`;
}

export function useOrganizationList(params: OrganizationListParams) {
  return useQuery({
    queryKey: organizationKeys.list(params),
    queryFn: () => http.get<OrganizationList>(organizationListUrl(params)),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: () => http.get<OrganizationResponse>(orgUrl(id)),
    select: (answer) => answer.organization,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationInput) =>
      succeeded(http.post<OrganizationResponse>('/app/org', input)),
    onSuccess: async ({ organization }) => {
      queryClient.setQueryData(organizationKeys.detail(organization.uuid), {
        success: true,
        organization,
      });
      await refreshGroups(queryClient);
    },
  });
}

export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationInput) =>
      succeeded(http.put<OrganizationResponse>(orgUrl(id), input)),
    onSuccess: () => refreshGroups(queryClient),
  });
}

export function useDeleteOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(http.delete<Success>(orgUrl(id))),
    // The deleted group is only marked stale: fetching it again would answer 404.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: organizationKeys.detail(id),
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({
          queryKey: organizationKeys.all,
          predicate: (query) =>
            !matches(query.queryKey, organizationKeys.detail(id)) &&
            !matches(query.queryKey, organizationKeys.members(id)),
        }),
        queryClient.invalidateQueries({ queryKey: adminKeysPrefix }),
      ]),
  });
}

/** The members and, for those who manage the group, the pending requests. */
export function useMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.members(id),
    queryFn: () => http.get<MemberList>(orgUrl(id, '/member')),
    enabled,
  });
}

interface MemberChange {
  userId: string;
  level: MemberLevel;
}

/** The member list answers of add, approve, deny and level changes are the new list. */
function useMemberListMutation<V>(id: string, call: (variables: V) => Promise<MemberList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => succeeded(call(variables)),
    onSuccess: (list) => {
      queryClient.setQueryData(organizationKeys.members(id), list);
      return refreshGroups(queryClient);
    },
  });
}

export function useAddMember(id: string) {
  return useMemberListMutation(id, (change: MemberChange) =>
    http.post<MemberList>(orgUrl(id, '/member'), change),
  );
}

export function useSetMemberLevel(id: string) {
  return useMemberListMutation(id, ({ userId, level }: MemberChange) =>
    http.put<MemberList>(orgUrl(id, `/member/${encodeURIComponent(userId)}`), { level }),
  );
}

export function useApproveRequest(id: string) {
  return useMemberListMutation(id, (change: MemberChange) =>
    http.post<MemberList>(orgUrl(id, '/join/member'), change),
  );
}

export function useDenyRequest(id: string) {
  return useMemberListMutation(id, (userId: string) =>
    http.delete<MemberList>(orgUrl(id, `/deny/member/${encodeURIComponent(userId)}`)),
  );
}

/**
 * Removes a member; `leaving` says it is the viewer's own membership. One who left may no longer
 * read the member list, so that list is only marked stale, never fetched again for them.
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      organizationId,
      userId,
    }: {
      organizationId: string;
      userId: string;
      leaving?: boolean;
    }) =>
      succeeded(
        http.delete<Success>(orgUrl(organizationId, `/member/${encodeURIComponent(userId)}`)),
      ),
    onSuccess: async (_answer, { organizationId, leaving }) => {
      if (!leaving) return refreshGroups(queryClient);
      const members = organizationKeys.members(organizationId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: members, refetchType: 'none' }),
        queryClient.invalidateQueries({
          queryKey: organizationKeys.all,
          predicate: (query) => !matches(query.queryKey, members),
        }),
        queryClient.invalidateQueries({ queryKey: adminKeysPrefix }),
      ]);
    },
  });
}

export function useRequestToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      succeeded(http.post<OrganizationResponse>(orgUrl(organizationId, '/join'))),
    onSuccess: (answer) => {
      queryClient.setQueryData(organizationKeys.detail(answer.organization.uuid), answer);
      return refreshGroups(queryClient);
    },
  });
}

export function useCancelJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      succeeded(http.delete<OrganizationResponse>(orgUrl(organizationId, '/join'))),
    onSuccess: (answer) => {
      queryClient.setQueryData(organizationKeys.detail(answer.organization.uuid), answer);
      return refreshGroups(queryClient);
    },
  });
}

/** People who could be added to the group; nothing is asked for an empty search. */
export function useUserSearch(organizationId: string, search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: organizationKeys.userSearch(organizationId, text),
    queryFn: () =>
      http.get<UserSearchResult>(
        `/app/user?${new URLSearchParams({ search: text, organization: organizationId }).toString()}`,
      ),
    enabled: text !== '',
    select: (answer) => answer.users,
  });
}

/** The signed-in user's groups and pending requests. */
export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: organizationKeys.mine,
    queryFn: () => http.get<MyOrganizations>('/app/user/organizations'),
    select: (answer) => answer.organizations,
    enabled,
  });
}
