import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Success } from '../../common/api';
import type {
  WebhookCreate,
  WebhookDeliveries,
  WebhookList,
  WebhookResponse,
  WebhookSubjects,
  WebhookUpdate,
  WebhookDelivery,
} from '../../common/webhooks';
import { http } from './http';
import { succeeded } from './organizations';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  subjects: () => ['webhooks', 'subjects'] as const,
  detail: (id: string) => ['webhooks', 'detail', id] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

const hooksUrl = (id?: string, rest = '') =>
  `/app/user/hooks${id ? `/${encodeURIComponent(id)}` : ''}${rest}`;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => http.get<WebhookList>(hooksUrl()),
    select: (answer) => answer.hooks,
  });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: () => http.get<WebhookResponse>(hooksUrl(id)),
    select: (answer) => answer.hook,
  });
}

/** The profiles a hook may follow: published ones and those of the person's groups. */
export function useWebhookSubjects() {
  return useQuery({
    queryKey: webhookKeys.subjects(),
    queryFn: () => http.get<WebhookSubjects>(hooksUrl(undefined, '/subjects')),
    select: (answer) => answer.subjects,
  });
}

/** The newest deliveries, refreshed while any is still under way. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => http.get<WebhookDeliveries>(hooksUrl(id, '/deliveries')),
    select: (answer) => answer.deliveries,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'sending')
        ? 2000
        : false,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookCreate) => succeeded(http.post<WebhookResponse>(hooksUrl(), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export function useUpdateWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookUpdate) => succeeded(http.put<WebhookResponse>(hooksUrl(id), input)),
    onSuccess: (answer) => {
      queryClient.setQueryData(webhookKeys.detail(id), answer);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => succeeded(http.delete<Success>(hooksUrl(id))),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

type DeliveryAnswer = { success: true; delivery: WebhookDelivery };

export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(http.post<DeliveryAnswer>(hooksUrl(id, '/test'))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useRedeliver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      succeeded(
        http.post<DeliveryAnswer>(
          hooksUrl(id, `/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
