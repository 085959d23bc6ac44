import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  messageInputSchema,
  myReviewsSchema,
  reviewDecisionInputSchema,
  reviewRequestInputSchema,
  reviewRuleResponseSchema,
  reviewRuleSchema,
  reviewStateSchema,
  startThreadSchema,
  threadListSchema,
  threadResponseSchema,
  threadsQuerySchema,
} from '../../../common/reviews';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const threadParams = versionParams.extend({ threadId: z.uuid('must be a discussion id') });
const messageParams = threadParams.extend({ messageId: z.uuid('must be a message id') });
const orgParams = z.object({ orgId: z.uuid('must be a working group id') });

const base = '/profile/:profileId/version/:versionId/review';

/**
 * Review of a version: its state, discussion threads, review requests and decisions; the group's
 * rule; and the reviews waiting on the signed-in person. No answer here is cached by anyone.
 */
export function reviewRoutes(app: ZodApp, services: Services): void {
  const { reviews } = services;

  // Review answers name people and quote their words: no cache keeps them.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };

  app.get(
    base,
    { onRequest: noStore, schema: { params: versionParams, response: { 200: reviewStateSchema } } },
    async (request) =>
      reviews.state(request.user, request.params.profileId, request.params.versionId),
  );

  app.get(
    `${base}/threads`,
    {
      onRequest: noStore,
      schema: {
        params: versionParams,
        querystring: threadsQuerySchema,
        response: { 200: threadListSchema },
      },
    },
    async (request) => ({
      success: true as const,
      threads: await reviews.threads(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.query.itemId,
      ),
    }),
  );

  app.post(
    `${base}/threads`,
    {
      onRequest: noStore,
      schema: {
        params: versionParams,
        body: startThreadSchema,
        response: { 200: threadResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      thread: await reviews.startThread(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
    }),
  );

  app.post(
    `${base}/threads/:threadId/messages`,
    {
      onRequest: noStore,
      schema: {
        params: threadParams,
        body: messageInputSchema,
        response: { 200: threadResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      thread: await reviews.reply(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.threadId,
        request.body,
      ),
    }),
  );

  app.put(
    `${base}/threads/:threadId/messages/:messageId`,
    {
      onRequest: noStore,
      schema: {
        params: messageParams,
        body: messageInputSchema,
        response: { 200: threadResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      thread: await reviews.editMessage(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.threadId,
        request.params.messageId,
        request.body,
      ),
    }),
  );

  app.delete(
    `${base}/threads/:threadId/messages/:messageId`,
    {
      onRequest: noStore,
      schema: { params: messageParams, response: { 200: threadResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      thread: await reviews.deleteMessage(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.threadId,
        request.params.messageId,
      ),
    }),
  );

  for (const [action, resolved] of [
    ['resolve', true],
    ['reopen', false],
  ] as const) {
    app.post(
      `${base}/threads/:threadId/${action}`,
      {
        onRequest: noStore,
        schema: { params: threadParams, response: { 200: threadResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        thread: await reviews.setResolved(
          request.user,
          request.params.profileId,
          request.params.versionId,
          request.params.threadId,
          resolved,
        ),
      }),
    );
  }

  app.post(
    `${base}/requests`,
    {
      onRequest: noStore,
      schema: {
        params: versionParams,
        body: reviewRequestInputSchema,
        response: { 200: reviewStateSchema },
      },
    },
    async (request) =>
      reviews.requestReview(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.post(
    `${base}/decision`,
    {
      onRequest: noStore,
      schema: {
        params: versionParams,
        body: reviewDecisionInputSchema,
        response: { 200: reviewStateSchema },
      },
    },
    async (request) =>
      reviews.decide(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.get(
    '/org/:orgId/review-rule',
    {
      onRequest: noStore,
      schema: { params: orgParams, response: { 200: reviewRuleResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      rule: await reviews.rule(request.user, request.params.orgId),
    }),
  );

  app.put(
    '/org/:orgId/review-rule',
    {
      onRequest: noStore,
      schema: {
        params: orgParams,
        body: reviewRuleSchema,
        response: { 200: reviewRuleResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      rule: await reviews.setRule(request.user, request.params.orgId, request.body),
    }),
  );

  app.get(
    '/user/reviews',
    { onRequest: noStore, schema: { response: { 200: myReviewsSchema } } },
    async (request) => ({ success: true as const, reviews: await reviews.myReviews(request.user) }),
  );
}
