import { z } from 'zod';
import {
  counterRankingSchema,
  groupUsageSchema,
  metricWindowQuerySchema,
  mostViewedSchema,
  profileTotalSchema,
  usageSchema,
} from '../../../common/metrics';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const profileParams = z.object({ profileId: z.uuid('must be a profile id') });
const orgParams = z.object({ orgId: z.uuid('must be a working group id') });
const orgProfileParams = orgParams.extend({ profileId: z.uuid('must be a profile id') });

export function metricsRoutes(app: ZodApp, services: Services): void {
  const metrics = services.metrics;

  app.get(
    '/metrics/mostViewed',
    { schema: { querystring: metricWindowQuerySchema, response: { 200: mostViewedSchema } } },
    async (request) => metrics.mostViewed(request.query.days),
  );

  app.get(
    '/metrics/mostExported',
    { schema: { querystring: metricWindowQuerySchema, response: { 200: counterRankingSchema } } },
    async (request) => metrics.mostExported(request.query.days),
  );

  app.get(
    '/metrics/mostAPIRetrievals',
    { schema: { querystring: metricWindowQuerySchema, response: { 200: counterRankingSchema } } },
    async (request) => metrics.mostApiRetrievals(request.user, request.query.days),
  );

  app.get(
    '/metrics/profile/:profileId/viewTotal',
    { schema: { params: profileParams, response: { 200: profileTotalSchema } } },
    async (request) => metrics.viewTotal(request.user, request.params.profileId),
  );

  app.get(
    '/metrics/profile/:profileId/exportTotal',
    { schema: { params: profileParams, response: { 200: profileTotalSchema } } },
    async (request) => metrics.exportTotal(request.user, request.params.profileId),
  );

  app.get(
    '/metrics/profile/:profileId/usageOverTime',
    { schema: { params: profileParams, response: { 200: usageSchema } } },
    async (request) => metrics.usage(request.user, request.params.profileId),
  );

  app.get(
    '/org/:orgId/profile/:profileId/usage',
    { schema: { params: orgProfileParams, response: { 200: usageSchema } } },
    async (request) => metrics.usage(request.user, request.params.profileId, request.params.orgId),
  );

  app.get(
    '/metrics/org/:orgId',
    { schema: { params: orgParams, response: { 200: groupUsageSchema } } },
    async (request) => metrics.groupUsage(request.user, request.params.orgId),
  );
}
