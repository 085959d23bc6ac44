import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookDeliveryResponseSchema,
  webhookListSchema,
  webhookResponseSchema,
  webhookSubjectsSchema,
  webhookUpdateSchema,
} from '../../../common/webhooks';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const hookParams = z.object({ id: z.uuid('must be a webhook id') });
const deliveryParams = hookParams.extend({ deliveryId: z.uuid('must be a delivery id') });

/** A person's webhooks (spec 1 §7.4), their delivery log, redelivery and test events. */
export function webhookRoutes(app: ZodApp, services: Services): void {
  const hooks = services.webhooks;

  app.get(
    '/user/hooks/subjects',
    { schema: { response: { 200: webhookSubjectsSchema } } },
    async (request) => ({
      success: true as const,
      subjects: await hooks.subjects(request.user),
    }),
  );

  app.get('/user/hooks', { schema: { response: { 200: webhookListSchema } } }, async (request) => ({
    success: true as const,
    hooks: await hooks.list(request.user),
  }));

  app.post(
    '/user/hooks',
    { schema: { body: webhookCreateSchema, response: { 200: webhookResponseSchema } } },
    async (request) => ({
      success: true as const,
      hook: await hooks.create(request.user, request.body),
    }),
  );

  app.get(
    '/user/hooks/:id',
    { schema: { params: hookParams, response: { 200: webhookResponseSchema } } },
    async (request) => ({
      success: true as const,
      hook: await hooks.get(request.user, request.params.id),
    }),
  );

  app.put(
    '/user/hooks/:id',
    {
      schema: {
        params: hookParams,
        body: webhookUpdateSchema,
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      hook: await hooks.update(request.user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/user/hooks/:id',
    { schema: { params: hookParams, response: { 200: successSchema } } },
    async (request) => {
      await hooks.delete(request.user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/user/hooks/:id/deliveries',
    { schema: { params: hookParams, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({
      success: true as const,
      deliveries: await hooks.deliveries(request.user, request.params.id),
    }),
  );

  app.post(
    '/user/hooks/:id/test',
    { schema: { params: hookParams, response: { 200: webhookDeliveryResponseSchema } } },
    async (request) => ({
      success: true as const,
      delivery: await hooks.sendTest(request.user, request.params.id),
    }),
  );

  app.post(
    '/user/hooks/:id/deliveries/:deliveryId/redeliver',
    { schema: { params: deliveryParams, response: { 200: webhookDeliveryResponseSchema } } },
    async (request) => ({
      success: true as const,
      delivery: await hooks.redeliver(request.user, request.params.id, request.params.deliveryId),
    }),
  );
}
