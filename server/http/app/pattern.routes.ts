import { z } from 'zod';
import { successSchema } from '../../../common/api';
import { deprecateSchema, linkAnswerSchema } from '../../../common/concepts';
import { lockAnswerSchema } from '../../../common/locks';
import {
  componentListSchema,
  componentSearchQuerySchema,
  createPatternSchema,
  editPatternSchema,
  linkPatternsSchema,
  patternChangeSchema,
  patternListQuerySchema,
  patternListSchema,
  patternSearchQuerySchema,
  patternViewSchema,
} from '../../../common/patterns';
import { presentLock } from '../../modules/locks/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const patternParams = versionParams.extend({ patternId: z.uuid('must be a pattern id') });
const patternOnly = z.object({ patternId: z.uuid('must be a pattern id') });
const base = '/profile/:profileId/version/:versionId/patterns';

/** Patterns of profile versions, their components and their write locks. */
export function patternRoutes(app: ZodApp, services: Services): void {
  const patterns = services.patterns;

  app.get(
    base,
    {
      schema: {
        params: versionParams,
        querystring: patternListQuerySchema,
        response: { 200: patternListSchema },
      },
    },
    async (request) =>
      patterns.list(
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
        body: createPatternSchema,
        response: { 200: patternChangeSchema },
      },
    },
    async (request) =>
      patterns.create(
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
        body: linkPatternsSchema,
        response: { 200: linkAnswerSchema },
      },
    },
    async (request) =>
      patterns.link(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body.patternIds,
      ),
  );

  app.get(
    `${base}/:patternId`,
    { schema: { params: patternParams, response: { 200: patternViewSchema } } },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      return patterns.get(request.user, profileId, versionId, patternId);
    },
  );

  app.put(
    `${base}/:patternId`,
    {
      schema: {
        params: patternParams,
        body: editPatternSchema,
        response: { 200: patternChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      return patterns.update(request.user, profileId, versionId, patternId, request.body);
    },
  );

  app.delete(
    `${base}/:patternId`,
    { schema: { params: patternParams, response: { 200: patternChangeSchema } } },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      return patterns.remove(request.user, profileId, versionId, patternId);
    },
  );

  app.post(
    `${base}/:patternId/deprecate`,
    {
      schema: {
        params: patternParams,
        body: deprecateSchema,
        response: { 200: patternChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      return patterns.deprecate(request.user, profileId, versionId, patternId, request.body);
    },
  );

  app.delete(
    `${base}/:patternId/link`,
    { schema: { params: patternParams, response: { 200: linkAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      return patterns.removeLink(request.user, profileId, versionId, patternId);
    },
  );

  app.post(
    `${base}/:patternId/lock`,
    { schema: { params: patternParams, response: { 200: lockAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, patternId } = request.params;
      const lock = await patterns.lock(request.user, profileId, versionId, patternId);
      return { success: true as const, lock: presentLock(lock) };
    },
  );

  app.delete(
    `${base}/:patternId/lock`,
    { schema: { params: patternParams, response: { 200: successSchema } } },
    async (request) => {
      await patterns.unlock(request.user, request.params.patternId);
      return { success: true as const };
    },
  );

  app.get(
    '/pattern/:patternId',
    { schema: { params: patternOnly, response: { 200: patternViewSchema } } },
    async (request) => patterns.getPublic(request.user, request.params.patternId),
  );

  app.get(
    '/patterns/search',
    { schema: { querystring: patternSearchQuerySchema, response: { 200: patternListSchema } } },
    async (request) => patterns.search(request.user, request.query),
  );

  app.get(
    '/pattern-components/search',
    {
      schema: { querystring: componentSearchQuerySchema, response: { 200: componentListSchema } },
    },
    async (request) => patterns.searchComponents(request.user, request.query),
  );
}
