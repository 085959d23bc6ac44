import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  addressFeedbackSchema,
  answerFeedbackSchema,
  closeFeedbackSchema,
  feedbackAnswerSchema,
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackStatusSchema,
  hideFeedbackSchema,
  leaveFeedbackSchema,
  watchSchema,
} from '../../../common/feedback';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const profileParams = z.object({ profileId: z.uuid('must be a profile id') });
const feedbackParams = z.object({ feedbackId: z.uuid('must be a feedback id') });
const groupParams = z.object({ orgId: z.uuid('must be a working group id') });
const answer = { 200: feedbackAnswerSchema };

/**
 * Feedback on published versions (leave, read, respond, hide, remove), a group's Feedback tab
 * and watching a profile.
 */
export function feedbackRoutes(app: ZodApp, services: Services): void {
  const { feedback, watches } = services;

  app.get(
    '/profile/:profileId/version/:versionId/feedback',
    {
      schema: {
        params: versionParams,
        querystring: feedbackListQuerySchema,
        response: { 200: feedbackListSchema },
      },
    },
    async ({ user, params: p, query }) =>
      feedback.forVersion(user, p.profileId, p.versionId, query),
  );

  app.post(
    '/profile/:profileId/version/:versionId/feedback',
    { schema: { params: versionParams, body: leaveFeedbackSchema, response: answer } },
    async ({ user, params: p, body }) => ({
      success: true as const,
      feedback: await feedback.leave(user, p.profileId, p.versionId, body),
    }),
  );

  app.get(
    '/feedback/:feedbackId',
    { schema: { params: feedbackParams, response: answer } },
    async ({ user, params: p }) => ({
      success: true as const,
      feedback: await feedback.one(user, p.feedbackId),
    }),
  );

  app.post(
    '/feedback/:feedbackId/answer',
    { schema: { params: feedbackParams, body: answerFeedbackSchema, response: answer } },
    async ({ user, params: p, body }) => ({
      success: true as const,
      feedback: await feedback.answer(user, p.feedbackId, body.answer),
    }),
  );

  app.post(
    '/feedback/:feedbackId/addressed',
    { schema: { params: feedbackParams, body: addressFeedbackSchema, response: answer } },
    async ({ user, params: p, body }) => ({
      success: true as const,
      feedback: await feedback.markAddressed(user, p.feedbackId, body.versionId),
    }),
  );

  app.post(
    '/feedback/:feedbackId/close',
    { schema: { params: feedbackParams, body: closeFeedbackSchema, response: answer } },
    async ({ user, params: p, body }) => ({
      success: true as const,
      feedback: await feedback.close(user, p.feedbackId, body.reason),
    }),
  );

  app.post(
    '/feedback/:feedbackId/hide',
    { schema: { params: feedbackParams, body: hideFeedbackSchema, response: answer } },
    async ({ user, params: p, body }) => ({
      success: true as const,
      feedback: await feedback.hide(user, p.feedbackId, body.hidden),
    }),
  );

  app.delete(
    '/feedback/:feedbackId',
    { schema: { params: feedbackParams, response: { 200: successSchema } } },
    async ({ user, params: p }) => {
      await feedback.remove(user, p.feedbackId);
      return { success: true as const };
    },
  );

  app.get(
    '/org/:orgId/feedback',
    {
      schema: {
        params: groupParams,
        querystring: z.object({ status: feedbackStatusSchema.optional() }),
        response: { 200: feedbackListSchema },
      },
    },
    async ({ user, params: p, query }) => feedback.forGroup(user, p.orgId, query.status),
  );

  app.get(
    '/profile/:profileId/watch',
    { schema: { params: profileParams, response: { 200: watchSchema } } },
    async ({ user, params: p }) => watches.get(user, p.profileId),
  );
  app.put(
    '/profile/:profileId/watch',
    { schema: { params: profileParams, response: { 200: watchSchema } } },
    async ({ user, params: p }) => watches.watch(user, p.profileId, true),
  );
  app.delete(
    '/profile/:profileId/watch',
    { schema: { params: profileParams, response: { 200: watchSchema } } },
    async ({ user, params: p }) => watches.watch(user, p.profileId, false),
  );
}
