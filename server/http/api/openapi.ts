import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3 document of `/api`, generated from the route schemas (so it cannot drift from
 * what the server checks), and the interactive reference, served from our own files.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'xAPI Profile Server public API',
        version: '1.0.0',
        description:
          "Import, read, edit, publish and validate xAPI Profiles. Errors are `{success:false, message, code}`, plus `findings` for validation. A body over its call's limit gets 413 naming the limit; any call may get 503 `OVERLOADED` with `Retry-After` while the server is too busy to take it. Guides with examples: /api-info.",
      },
      // Relative, so the interactive reference calls the server it was loaded from.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { deepLinking: true, tryItOutEnabled: true },
  });
}
