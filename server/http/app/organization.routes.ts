import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  addMemberSchema,
  memberLevelInputSchema,
  memberListSchema,
  myOrganizationsSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationResponseSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '../../../common/organizations';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const orgParams = z.object({ id: z.uuid('must be a working group id') });
const memberParams = orgParams.extend({ userId: z.uuid('must be a user id') });

export function organizationRoutes(app: ZodApp, services: Services): void {
  const groups = services.organizations;

  app.get(
    '/org',
    {
      schema: {
        querystring: organizationListQuerySchema,
        response: { 200: organizationListSchema },
      },
    },
    async (request) =>
      groups.list(request.user, { ...request.query, mine: request.query.mine === 'true' }),
  );

  app.post(
    '/org',
    { schema: { body: organizationInputSchema, response: { 200: organizationResponseSchema } } },
    async (request) => ({
      success: true as const,
      organization: await groups.create(request.user, request.body),
    }),
  );

  app.get(
    '/org/:id',
    { schema: { params: orgParams, response: { 200: organizationResponseSchema } } },
    async (request) => ({
      success: true as const,
      organization: await groups.get(request.user, request.params.id),
    }),
  );

  app.put(
    '/org/:id',
    {
      schema: {
        params: orgParams,
        body: organizationInputSchema,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      organization: await groups.update(request.user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/org/:id',
    { schema: { params: orgParams, response: { 200: successSchema } } },
    async (request) => {
      await groups.delete(request.user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/org/:id/member',
    { schema: { params: orgParams, response: { 200: memberListSchema } } },
    async (request) => groups.members(request.user, request.params.id),
  );

  app.post(
    '/org/:id/member',
    { schema: { params: orgParams, body: addMemberSchema, response: { 200: memberListSchema } } },
    async (request) =>
      groups.addMember(request.user, request.params.id, request.body.userId, request.body.level),
  );

  app.put(
    '/org/:id/member/:userId',
    {
      schema: {
        params: memberParams,
        body: memberLevelInputSchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) =>
      groups.setMemberLevel(
        request.user,
        request.params.id,
        request.params.userId,
        request.body.level,
      ),
  );

  app.delete(
    '/org/:id/member/:userId',
    { schema: { params: memberParams, response: { 200: successSchema } } },
    async (request) => {
      await groups.removeMember(request.user, request.params.id, request.params.userId);
      return { success: true as const };
    },
  );

  app.post(
    '/org/:id/join',
    { schema: { params: orgParams, response: { 200: organizationResponseSchema } } },
    async (request) => ({
      success: true as const,
      organization: await groups.requestToJoin(request.user, request.params.id),
    }),
  );

  app.delete(
    '/org/:id/join',
    { schema: { params: orgParams, response: { 200: organizationResponseSchema } } },
    async (request) => ({
      success: true as const,
      organization: await groups.cancelRequest(request.user, request.params.id),
    }),
  );

  app.post(
    '/org/:id/join/member',
    { schema: { params: orgParams, body: addMemberSchema, response: { 200: memberListSchema } } },
    async (request) =>
      groups.approve(request.user, request.params.id, request.body.userId, request.body.level),
  );

  // Two spellings of one refusal: "revoke" and "deny" a pending request.
  for (const path of ['/org/:id/join/member/:userId', '/org/:id/deny/member/:userId']) {
    app.delete(
      path,
      { schema: { params: memberParams, response: { 200: memberListSchema } } },
      async (request) => groups.deny(request.user, request.params.id, request.params.userId),
    );
  }

  app.get(
    '/user',
    { schema: { querystring: userSearchQuerySchema, response: { 200: userSearchResultSchema } } },
    async (request) => ({
      success: true as const,
      users: await groups.searchUsersToAdd(
        request.user,
        request.query.organization,
        request.query.search,
      ),
    }),
  );

  app.get(
    '/user/organizations',
    { schema: { response: { 200: myOrganizationsSchema } } },
    async (request) => ({
      success: true as const,
      organizations: await groups.groupsOf(request.user),
    }),
  );
}
