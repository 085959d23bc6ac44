import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Feedback,
  FeedbackList,
  FeedbackStatus,
  LeaveFeedback,
  Watch,
} from '../../common/feedback';
import { http } from './http';
import { succeeded } from './organizations';

const enc = encodeURIComponent;

export const feedbackKeys = {
  all: ['feedback'] as const,
  version: (versionId: string, itemId?: string) =>
    ['feedback', 'version', versionId, itemId ?? 'all'] as const,
  group: (organizationId: string, status?: FeedbackStatus) =>
    ['feedback', 'group', organizationId, status ?? 'all'] as const,
  watch: (profileId: string) => ['watch', profileId] as const,
};

const versionBase = (profileId: string, versionId: string) =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}/feedback`;

/** The feedback of a version, or of one of its items, the caller may read, with its counts. */
export function useVersionFeedback(profileId: string, versionId: string, itemId?: string) {
  const query = itemId ? `?itemId=${enc(itemId)}` : '';
  return useQuery({
    queryKey: feedbackKeys.version(versionId, itemId),
    queryFn: () => http.get<FeedbackList>(`${versionBase(profileId, versionId)}${query}`),
  });
}

/** The feedback on all of a group's profiles, for its members' Feedback tab. */
export function useGroupFeedback(organizationId: string, status?: FeedbackStatus, enabled = true) {
  const query = status ? `?status=${enc(status)}` : '';
  return useQuery({
    queryKey: feedbackKeys.group(organizationId, status),
    queryFn: () => http.get<FeedbackList>(`/app/org/${enc(organizationId)}/feedback${query}`),
    enabled,
  });
}

type Answer = { success: boolean; feedback: Feedback };

/** Every change to feedback refreshes every list of it shown. */
function useFeedbackMutation<I>(call: (input: I) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => succeeded(call(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

export function useLeaveFeedback(profileId: string, versionId: string) {
  return useFeedbackMutation((input: LeaveFeedback) =>
    http.post<Answer>(versionBase(profileId, versionId), input),
  );
}

/** The group's responses and an admin's hiding, on one piece of feedback. */
export type FeedbackResponse =
  | { action: 'answer'; answer: string }
  | { action: 'addressed'; versionId: string }
  | { action: 'close'; reason: string }
  | { action: 'hide'; hidden: boolean };

export function useRespondToFeedback() {
  return useFeedbackMutation(
    ({ feedbackId, response }: { feedbackId: string; response: FeedbackResponse }) => {
      const { action, ...body } = response;
      return http.post<Answer>(`/app/feedback/${enc(feedbackId)}/${action}`, body);
    },
  );
}

/** Whether the caller watches a profile, and how many do. */
export function useWatch(profileId: string, enabled = true) {
  return useQuery({
    queryKey: feedbackKeys.watch(profileId),
    queryFn: () => http.get<Watch>(`/app/profile/${enc(profileId)}/watch`),
    enabled,
  });
}

export function useSetWatch(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) => {
      const url = `/app/profile/${enc(profileId)}/watch`;
      return succeeded(watching ? http.put<Watch>(url) : http.delete<Watch>(url));
    },
    onSuccess: (answer) => queryClient.setQueryData(feedbackKeys.watch(profileId), answer),
  });
}
