import { z } from 'zod';
import { basedOnHeadersSchema, IF_MATCH_HEADER } from '../../../common/revisions';
import { successSchema } from '../../../common/api';
import { comparisonQuerySchema, siteComparisonSchema } from '../../../common/changes';
import { versionActivitySchema } from '../../../common/activity';
import {
  harvestUploadQuerySchema,
  IMPORT_MAX_FILE_BYTES,
  importComparisonSchema,
  profileImportAnswerSchema,
  profileImportQuerySchema,
  versionFindingsSchema,
} from '../../../common/harvest';
import { pageQuerySchema } from '../../../common/pagination';
import {
  createProfileSchema,
  deleteProfileSchema,
  removeRevisionOfSchema,
  homeSchema,
  profileListSchema,
  profileViewSchema,
  publishedProfilesQuerySchema,
  publishSchema,
  resolveIriSchema,
  revokeSchema,
  rootIriSchema,
  updateVersionSchema,
  verificationRequestListSchema,
  verifyDecisionSchema,
} from '../../../common/profiles';
import {
  SIMULATION_LIMITS,
  siteSendResultSchema,
  siteSendSchema,
  siteSimulateSchema,
  siteSimulationSchema,
} from '../../../common/simulate';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { visitorOf } from '../visitor';
import { watchClientGone } from '../client-gone';

const profileParams = z.object({ profileId: z.uuid('must be a profile id') });
const versionParams = profileParams.extend({ versionId: z.uuid('must be a version id') });
const orgParams = z.object({ orgId: z.uuid('must be a working group id') });
const documentSchema = z.record(z.string(), z.unknown());

export function profileRoutes(app: ZodApp, services: Services): void {
  const profiles = services.profiles;

  app.get('/profile/root-iri', { schema: { response: { 200: rootIriSchema } } }, async () => ({
    success: true as const,
    iri: profiles.rootIri(),
  }));

  app.get('/home', { schema: { response: { 200: homeSchema } } }, async () => profiles.home());

  app.get(
    '/profiles',
    { schema: { querystring: publishedProfilesQuerySchema, response: { 200: profileListSchema } } },
    async (request) => profiles.published(request.query),
  );

  app.get(
    '/profile/resolve',
    {
      schema: {
        querystring: z.object({ iri: z.string().min(1).max(2000) }),
        response: { 200: resolveIriSchema },
      },
    },
    async (request) => profiles.resolve(request.user, request.query.iri),
  );

  app.get(
    '/org/:orgId/profile',
    {
      schema: {
        params: orgParams,
        querystring: pageQuerySchema,
        response: { 200: profileListSchema },
      },
    },
    async (request) =>
      profiles.groupProfiles(
        request.user,
        request.params.orgId,
        request.query.page,
        request.query.limit,
      ),
  );

  app.post(
    '/org/:orgId/profile',
    {
      schema: {
        params: orgParams,
        body: createProfileSchema,
        response: { 200: profileViewSchema },
      },
    },
    async (request) => profiles.create(request.user, request.params.orgId, request.body),
  );

  app.get(
    '/profile/:profileId',
    { schema: { params: profileParams, response: { 200: profileViewSchema } } },
    async (request) => profiles.latest(request.user, request.params.profileId, visitorOf(request)),
  );

  app.delete(
    '/profile/:profileId',
    {
      schema: {
        params: profileParams,
        querystring: deleteProfileSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await profiles.deleteProfile(
        request.user,
        request.params.profileId,
        request.query.confirmName,
      );
      return { success: true as const };
    },
  );

  app.delete(
    '/profile/:profileId/draft',
    { schema: { params: profileParams, response: { 200: successSchema } } },
    async (request) => {
      await profiles.deleteDraft(request.user, request.params.profileId);
      return { success: true as const };
    },
  );

  app.get(
    '/profile/:profileId/version/:versionId',
    { schema: { params: versionParams, response: { 200: profileViewSchema } } },
    async (request) =>
      profiles.version(
        request.user,
        request.params.profileId,
        request.params.versionId,
        visitorOf(request),
      ),
  );

  app.put(
    '/profile/:profileId/version/:versionId',
    {
      schema: {
        params: versionParams,
        headers: basedOnHeadersSchema,
        body: updateVersionSchema,
        response: { 200: profileViewSchema },
      },
    },
    async (request) =>
      profiles.update(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
        request.headers[IF_MATCH_HEADER],
      ),
  );

  app.post(
    '/profile/:profileId/version/:versionId/remove-revision-of',
    {
      schema: {
        params: versionParams,
        headers: basedOnHeadersSchema,
        body: removeRevisionOfSchema,
        response: { 200: profileViewSchema },
      },
    },
    async (request) =>
      profiles.removeRevisionOf(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body.iri,
        request.headers[IF_MATCH_HEADER],
      ),
  );

  app.get(
    '/profile/:profileId/version/:versionId/findings',
    { schema: { params: versionParams, response: { 200: versionFindingsSchema } } },
    async (request) => ({
      success: true as const,
      findings: await profiles.findings(
        request.user,
        request.params.profileId,
        request.params.versionId,
      ),
    }),
  );

  app.post(
    '/profile/:profileId/version/:versionId/import-profile',
    {
      bodyLimit: IMPORT_MAX_FILE_BYTES,
      schema: {
        params: versionParams,
        querystring: profileImportQuerySchema,
        body: documentSchema,
        response: { 200: profileImportAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await profiles.importFile(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
        request.query.replaceDraft,
      )),
    }),
  );

  app.post(
    '/profile/:profileId/version/:versionId/import-profile/compare',
    {
      bodyLimit: IMPORT_MAX_FILE_BYTES,
      schema: {
        params: versionParams,
        querystring: harvestUploadQuerySchema,
        body: documentSchema,
        response: { 200: importComparisonSchema },
      },
    },
    async (request) =>
      services.changes.againstFile(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.post(
    '/profile/:profileId/version/:versionId/publish',
    {
      schema: { params: versionParams, body: publishSchema, response: { 200: profileViewSchema } },
    },
    async (request) =>
      profiles.publish(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.post(
    '/profile/:profileId/version/:versionId/verification',
    { schema: { params: versionParams, response: { 200: profileViewSchema } } },
    async (request) =>
      profiles.requestVerification(
        request.user,
        request.params.profileId,
        request.params.versionId,
      ),
  );

  app.get(
    '/profile/:profileId/version/:versionId/export',
    { schema: { params: versionParams, response: { 200: documentSchema } } },
    async (request, reply) => {
      const document = await profiles.exportDocument(
        request.user,
        request.params.profileId,
        request.params.versionId,
      );
      reply.header('content-disposition', 'attachment; filename="profile.jsonld"');
      return document;
    },
  );

  app.get(
    '/profile/:profileId/version/:versionId/document',
    { schema: { params: versionParams, response: { 200: documentSchema } } },
    async (request) =>
      profiles.document(request.user, request.params.profileId, request.params.versionId),
  );

  app.post(
    '/profile/:profileId/version/:versionId/simulate',
    {
      schema: {
        params: versionParams,
        body: siteSimulateSchema,
        response: { 200: siteSimulationSchema },
      },
    },
    async (request, reply) => {
      const deadline = Date.now() + SIMULATION_LIMITS.maxMilliseconds;
      const gone = watchClientGone(reply);
      return services.simulations.simulateVersion(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
        () => gone() || Date.now() > deadline,
      );
    },
  );

  app.post(
    '/profile/:profileId/version/:versionId/simulate/send',
    {
      schema: {
        params: versionParams,
        body: siteSendSchema,
        response: { 200: siteSendResultSchema },
      },
    },
    async (request, reply) => {
      const gone = watchClientGone(reply);
      return services.lrsSends.sendVersion(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
        () => (gone() ? 'The browser went away before the statements were all sent.' : null),
      );
    },
  );

  app.get(
    '/profile/:profileId/changes',
    {
      schema: {
        params: profileParams,
        querystring: comparisonQuerySchema,
        response: { 200: siteComparisonSchema },
      },
    },
    async (request) =>
      services.changes.forViewer(request.user, request.params.profileId, request.query),
  );

  app.get(
    '/profile/:profileId/version/:versionId/activity',
    { schema: { params: versionParams, response: { 200: versionActivitySchema } } },
    async ({ user, params: p }) => services.activity.forVersion(user, p.profileId, p.versionId),
  );

  app.get(
    '/admin/verificationRequests',
    { schema: { response: { 200: verificationRequestListSchema } } },
    async (request) => ({
      success: true as const,
      requests: await profiles.verificationRequests(request.user),
    }),
  );

  app.post(
    '/admin/verify/:versionId',
    {
      schema: {
        params: z.object({ versionId: z.uuid() }),
        body: verifyDecisionSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await profiles.decide(request.user, request.params.versionId, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/admin/revoke/:versionId',
    {
      schema: {
        params: z.object({ versionId: z.uuid() }),
        body: revokeSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await profiles.revoke(request.user, request.params.versionId, request.body.reason);
      return { success: true as const };
    },
  );
}
