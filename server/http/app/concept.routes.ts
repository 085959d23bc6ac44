import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  claimSchema,
  conceptChangeSchema,
  conceptInputSchema,
  conceptListQuerySchema,
  conceptListSchema,
  conceptSearchQuerySchema,
  conceptViewSchema,
  deletedItemsSchema,
  deprecateSchema,
  linkAnswerSchema,
  linkConceptsSchema,
} from '../../../common/concepts';
import { lockAnswerSchema } from '../../../common/locks';
import { pageQuerySchema } from '../../../common/pagination';
import { presentLock } from '../../modules/locks/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const conceptParams = versionParams.extend({ conceptId: z.uuid('must be a concept id') });
const conceptOnly = z.object({ conceptId: z.uuid('must be a concept id') });
const base = '/profile/:profileId/version/:versionId/concepts';

export function conceptRoutes(app: ZodApp, services: Services): void {
  const concepts = services.concepts;

  app.get(
    base,
    {
      schema: {
        params: versionParams,
        querystring: conceptListQuerySchema,
        response: { 200: conceptListSchema },
      },
    },
    async (request) =>
      concepts.list(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.query,
      ),
  );

  app.post(
    base,
    {
      schema: {
        params: versionParams,
        body: conceptInputSchema,
        response: { 200: conceptChangeSchema },
      },
    },
    async (request) =>
      concepts.create(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.post(
    `${base}/link`,
    {
      schema: {
        params: versionParams,
        body: linkConceptsSchema,
        response: { 200: linkAnswerSchema },
      },
    },
    async (request) =>
      concepts.link(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body.conceptIds,
      ),
  );

  app.get(
    `${base}/:conceptId`,
    { schema: { params: conceptParams, response: { 200: conceptViewSchema } } },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      return concepts.get(request.user, profileId, versionId, conceptId);
    },
  );

  app.put(
    `${base}/:conceptId`,
    {
      schema: {
        params: conceptParams,
        body: conceptInputSchema,
        response: { 200: conceptChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      return concepts.update(request.user, profileId, versionId, conceptId, request.body);
    },
  );

  app.delete(
    `${base}/:conceptId`,
    { schema: { params: conceptParams, response: { 200: conceptChangeSchema } } },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      return concepts.remove(request.user, profileId, versionId, conceptId);
    },
  );

  app.post(
    `${base}/:conceptId/deprecate`,
    {
      schema: {
        params: conceptParams,
        body: deprecateSchema,
        response: { 200: conceptChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      return concepts.deprecate(request.user, profileId, versionId, conceptId, request.body);
    },
  );

  app.delete(
    `${base}/:conceptId/link`,
    { schema: { params: conceptParams, response: { 200: linkAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      return concepts.removeLink(request.user, profileId, versionId, conceptId);
    },
  );

  app.post(
    `${base}/:conceptId/lock`,
    { schema: { params: conceptParams, response: { 200: lockAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, conceptId } = request.params;
      const lock = await concepts.lock(request.user, profileId, versionId, conceptId);
      return { success: true as const, lock: presentLock(lock) };
    },
  );

  app.delete(
    `${base}/:conceptId/lock`,
    { schema: { params: conceptParams, response: { 200: successSchema } } },
    async (request) => {
      await concepts.unlock(request.user, request.params.conceptId);
      return { success: true as const };
    },
  );

  app.get(
    '/concept/:conceptId',
    { schema: { params: conceptOnly, response: { 200: conceptViewSchema } } },
    async (request) => concepts.getPublic(request.user, request.params.conceptId),
  );

  app.get(
    '/concepts/search',
    { schema: { querystring: conceptSearchQuerySchema, response: { 200: conceptListSchema } } },
    async (request) => concepts.search(request.user, request.query),
  );

  app.get(
    '/deleted-items/profile/:profileId/version/:versionId',
    {
      schema: {
        params: versionParams,
        querystring: pageQuerySchema,
        response: { 200: deletedItemsSchema },
      },
    },
    async (request) => {
      const { profileId, versionId } = request.params;
      const { page, limit } = request.query;
      return concepts.deletedItems(request.user, profileId, versionId, page, limit);
    },
  );

  app.post(
    '/concept/:conceptId/restore',
    { schema: { params: conceptOnly, body: claimSchema, response: { 200: conceptChangeSchema } } },
    async (request) =>
      concepts.restore(request.user, request.params.conceptId, request.body.profileId),
  );

  app.post(
    '/concept/:conceptId/claim',
    { schema: { params: conceptOnly, body: claimSchema, response: { 200: conceptChangeSchema } } },
    async (request) =>
      concepts.claim(request.user, request.params.conceptId, request.body.profileId),
  );
}
