import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserUpdateSchema,
} from '../../../common/admin';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const userParams = z.object({ userId: z.uuid('must be a user id') });

export function adminRoutes(app: ZodApp, services: Services): void {
  const admin = services.userAdmin;

  app.get(
    '/admin/users',
    { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema } } },
    async (request) => admin.list(request.user, request.query),
  );

  // A file download, not JSON: the browser saves it (Admin → Backup).
  app.get('/admin/backup', async (request, reply) => {
    const { fileName, stream } = services.backups.download(request.user);
    return reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .type('application/gzip')
      .send(stream);
  });

  app.get(
    '/admin/user/:userId',
    { schema: { params: userParams, response: { 200: adminUserDetailSchema } } },
    async (request) => admin.detail(request.user, request.params.userId),
  );

  app.post(
    '/admin/user/:userId',
    {
      schema: {
        params: userParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => admin.update(request.user, request.params.userId, request.body),
  );
}
