import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Success } from '../../common/api';
import type { ApiKeyCreate, ApiKeyInput, ApiKeyList, ApiKeyResponse } from '../../common/api-keys';
import { http } from './http';
import { organizationKeys, succeeded } from './organizations';

export const apiKeyKeys = {
  list: (organizationId: string) => ['apiKeys', organizationId] as const,
  detail: (organizationId: string, id: string) => ['apiKeys', organizationId, id] as const,
};

const keysUrl = (organizationId: string, id?: string) =>
  `/app/org/${encodeURIComponent(organizationId)}/apiKey${id ? `/${encodeURIComponent(id)}` : ''}`;

/** The key list and the group's key count (in its header) change together. */
function refreshKeys(queryClient: QueryClient, organizationId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(organizationId) }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
  ]);
}

export function useApiKeys(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: () => http.get<ApiKeyList>(keysUrl(organizationId)),
    select: (answer) => answer.apiKeys,
    enabled,
  });
}

export function useApiKey(organizationId: string, id: string, enabled = true) {
  return useQuery({
    queryKey: apiKeyKeys.detail(organizationId, id),
    queryFn: () => http.get<ApiKeyResponse>(keysUrl(organizationId, id)),
    select: (answer) => answer.apiKey,
    enabled,
  });
}

/** The key itself (a UUID made in the browser) travels only in this call. */
export function useCreateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKeyCreate) =>
      succeeded(http.post<ApiKeyResponse>(keysUrl(organizationId), key)),
    onSuccess: () => refreshKeys(queryClient, organizationId),
  });
}

export function useUpdateApiKey(organizationId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) =>
      succeeded(http.put<ApiKeyResponse>(keysUrl(organizationId, id), input)),
    onSuccess: (answer) => {
      queryClient.setQueryData(apiKeyKeys.detail(organizationId, id), answer);
      return refreshKeys(queryClient, organizationId);
    },
  });
}

export function useDeleteApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => succeeded(http.delete<Success>(keysUrl(organizationId, id))),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: apiKeyKeys.detail(organizationId, id) });
      return refreshKeys(queryClient, organizationId);
    },
  });
}
