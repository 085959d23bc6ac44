import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageInput,
  MyReviews,
  ReviewDecisionInput,
  ReviewRequestInput,
  ReviewRule,
  ReviewState,
  StartThread,
  ThreadList,
  ThreadResponse,
} from '../../common/reviews';
import { http } from './http';
import { succeeded } from './organizations';

const enc = encodeURIComponent;

export const reviewKeys = {
  state: (versionId: string) => ['review', versionId, 'state'] as const,
  threads: (versionId: string, itemId?: string) =>
    ['review', versionId, 'threads', itemId ?? 'all'] as const,
  version: (versionId: string) => ['review', versionId] as const,
  rule: (organizationId: string) => ['reviewRule', organizationId] as const,
  mine: ['myReviews'] as const,
};

const base = (profileId: string, versionId: string) =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/review`;

export function useReviewState(profileId: string, versionId: string, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.state(versionId),
    queryFn: () => http.get<ReviewState>(base(profileId, versionId)),
    enabled,
  });
}

export function useThreads(profileId: string, versionId: string, itemId?: string, enabled = true) {
  const query = itemId ? `?itemId=${enc(itemId)}` : '';
  return useQuery({
    queryKey: reviewKeys.threads(versionId, itemId),
    queryFn: () => http.get<ThreadList>(`${base(profileId, versionId)}/threads${query}`),
    select: (answer) => answer.threads,
    enabled,
  });
}

/** Every change to a review refreshes everything shown of that version's review. */
function useReviewMutation<I, O>(versionId: string, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.version(versionId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine }),
      ]),
  });
}

export function useStartThread(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: StartThread) =>
    succeeded(http.post<ThreadResponse>(`${base(profileId, versionId)}/threads`, input)),
  );
}

export function useReply(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: MessageInput & { threadId: string }) =>
    succeeded(
      http.post<ThreadResponse>(
        `${base(profileId, versionId)}/threads/${enc(input.threadId)}/messages`,
        { body: input.body },
      ),
    ),
  );
}

export function useEditMessage(profileId: string, versionId: string) {
  return useReviewMutation(
    versionId,
    (input: MessageInput & { threadId: string; messageId: string }) =>
      succeeded(
        http.put<ThreadResponse>(
          `${base(profileId, versionId)}/threads/${enc(input.threadId)}/messages/${enc(input.messageId)}`,
          { body: input.body },
        ),
      ),
  );
}

export function useDeleteMessage(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: { threadId: string; messageId: string }) =>
    succeeded(
      http.delete<ThreadResponse>(
        `${base(profileId, versionId)}/threads/${enc(input.threadId)}/messages/${enc(input.messageId)}`,
      ),
    ),
  );
}

export function useSetResolved(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: { threadId: string; resolved: boolean }) =>
    succeeded(
      http.post<ThreadResponse>(
        `${base(profileId, versionId)}/threads/${enc(input.threadId)}/${input.resolved ? 'resolve' : 'reopen'}`,
      ),
    ),
  );
}

export function useRequestReview(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: ReviewRequestInput) =>
    succeeded(http.post<ReviewState>(`${base(profileId, versionId)}/requests`, input)),
  );
}

export function useDecide(profileId: string, versionId: string) {
  return useReviewMutation(versionId, (input: ReviewDecisionInput) =>
    succeeded(http.post<ReviewState>(`${base(profileId, versionId)}/decision`, input)),
  );
}

export function useReviewRule(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.rule(organizationId),
    queryFn: () =>
      http.get<{ success: true; rule: ReviewRule }>(`/app/org/${enc(organizationId)}/review-rule`),
    select: (answer) => answer.rule,
    enabled,
  });
}

export function useSetReviewRule(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: ReviewRule) =>
      succeeded(
        http.put<{ success: true; rule: ReviewRule }>(
          `/app/org/${enc(organizationId)}/review-rule`,
          rule,
        ),
      ),
    onSuccess: (answer) => queryClient.setQueryData(reviewKeys.rule(organizationId), answer),
  });
}

export function useMyReviews(enabled = true) {
  return useQuery({
    queryKey: reviewKeys.mine,
    queryFn: () => http.get<MyReviews>('/app/user/reviews'),
    select: (answer) => answer.reviews,
    enabled,
  });
}
