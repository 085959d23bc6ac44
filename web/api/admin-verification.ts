import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Success } from '../../common/api';
import type { VerificationRequestList, VerifyDecision } from '../../common/profiles';
import { http } from './http';
import { succeeded } from './organizations';
import { refreshProfiles, verificationKeys } from './profiles';

/** Published versions waiting for a site admin's review. */
export function useVerificationRequests() {
  return useQuery({
    queryKey: verificationKeys.requests,
    queryFn: () => http.get<VerificationRequestList>('/app/admin/verificationRequests'),
    select: (answer) => answer.requests,
  });
}

/** Approves or denies a request; the request leaves the queue either way. */
export function useVerifyDecision(versionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: VerifyDecision) =>
      succeeded(
        http.post<Success>(`/app/admin/verify/${encodeURIComponent(versionUuid)}`, decision),
      ),
    onSuccess: () => {
      queryClient.setQueryData<VerificationRequestList>(verificationKeys.requests, (list) =>
        list
          ? { ...list, requests: list.requests.filter((r) => r.versionUuid !== versionUuid) }
          : list,
      );
      return refreshProfiles(queryClient);
    },
  });
}

/** Takes a verified version's badge away, with the reason the owners are told. */
export function useRevokeVerification(versionUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      succeeded(
        http.post<Success>(`/app/admin/revoke/${encodeURIComponent(versionUuid)}`, {
          reason,
        }),
      ),
    onSuccess: () => refreshProfiles(queryClient),
  });
}
