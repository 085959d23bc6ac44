import { z } from 'zod';
import {
  apiKeyCreateSchema,
  apiKeyInputSchema,
  apiKeyListSchema,
  apiKeyResponseSchema,
} from '../../../common/api-keys';
import { successSchema } from '../../../common/api';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const orgParams = z.object({ id: z.uuid('must be a working group id') });
const keyParams = orgParams.extend({ keyId: z.uuid('must be an API key id') });

export function apiKeyRoutes(app: ZodApp, services: Services): void {
  const keys = services.apiKeys;

  app.get(
    '/org/:id/apiKey',
    { schema: { params: orgParams, response: { 200: apiKeyListSchema } } },
    async (request) => ({
      success: true as const,
      apiKeys: await keys.list(request.user, request.params.id),
    }),
  );

  app.post(
    '/org/:id/apiKey',
    {
      schema: {
        params: orgParams,
        body: apiKeyCreateSchema,
        response: { 200: apiKeyResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      apiKey: await keys.create(request.user, request.params.id, request.body),
    }),
  );

  app.get(
    '/org/:id/apiKey/:keyId',
    { schema: { params: keyParams, response: { 200: apiKeyResponseSchema } } },
    async (request) => ({
      success: true as const,
      apiKey: await keys.get(request.user, request.params.id, request.params.keyId),
    }),
  );

  app.put(
    '/org/:id/apiKey/:keyId',
    {
      schema: {
        params: keyParams,
        body: apiKeyInputSchema,
        response: { 200: apiKeyResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      apiKey: await keys.update(
        request.user,
        request.params.id,
        request.params.keyId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/org/:id/apiKey/:keyId',
    { schema: { params: keyParams, response: { 200: successSchema } } },
    async (request) => {
      await keys.delete(request.user, request.params.id, request.params.keyId);
      return { success: true as const };
    },
  );
}
