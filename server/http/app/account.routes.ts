import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  checkResetKeyResponseSchema,
  confirmEmailRequestSchema,
  createAccountRequestSchema,
  emailWithCaptchaSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  resetKeyQuerySchema,
  resetPasswordRequestSchema,
  saltQuerySchema,
  saltResponseSchema,
  updateAccountRequestSchema,
  updateAccountResponseSchema,
  usernameRequestSchema,
  validateRequestSchema,
} from '../../../common/accounts';
import { successSchema } from '../../../common/api';
import type { SignedIn } from '../../modules/accounts/account-service';
import { presentSessionUser } from '../../modules/accounts/presenter';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { requireUser } from './actor';
import { SESSION_COOKIE, setSessionCookie } from './session';

const userResponseSchema = loginResponseSchema;
const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

export function accountRoutes(app: ZodApp, services: Services): void {
  const { accounts, config } = services;
  const signIn = (reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(
      reply,
      signedIn.session.token,
      signedIn.session.expiresAt,
      config.secureCookies,
    );
    return { success: true as const, user: presentSessionUser(signedIn.user) };
  };

  app.get(
    '/captcha/challenge',
    { schema: { response: { 200: challengeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await services.captcha.challenge();
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },
  );

  app.get(
    '/user/salt',
    { schema: { querystring: saltQuerySchema, response: { 200: saltResponseSchema } } },
    async (request) => ({
      success: true as const,
      salt: await accounts.saltFor(request.query.email, request.ip),
    }),
  );

  app.post(
    '/user/login',
    { schema: { body: loginRequestSchema, response: { 200: userResponseSchema } } },
    async (request, reply) =>
      signIn(reply, await accounts.login(request.body.email, request.body.password, request.ip)),
  );

  app.post(
    '/user/create',
    { schema: { body: createAccountRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: await accounts.createAccount(request.body, request.ip),
    }),
  );

  app.post(
    '/user/validate',
    { schema: { body: validateRequestSchema, response: { 200: userResponseSchema } } },
    async (request, reply) =>
      signIn(reply, await accounts.validate(request.body.validationCode, request.ip)),
  );

  app.post(
    '/user/resendValidation',
    { schema: { body: emailWithCaptchaSchema, response: { 200: messageResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: await accounts.resendValidation(
        request.body.email,
        request.body.captcha,
        request.ip,
      ),
    }),
  );

  app.post(
    '/user/username',
    { schema: { body: usernameRequestSchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const updated = await accounts.chooseUsername(
        user,
        request.body.username,
        request.body.captcha,
      );
      return { success: true as const, user: presentSessionUser(updated) };
    },
  );

  app.post(
    '/user/update',
    {
      schema: { body: updateAccountRequestSchema, response: { 200: updateAccountResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await accounts.updateAccount(
        user,
        request.body,
        request.cookies[SESSION_COOKIE],
      );
      return {
        success: true as const,
        user: presentSessionUser(result.user),
        pendingEmail: result.pendingEmail,
      };
    },
  );

  app.post(
    '/user/email/confirm',
    { schema: { body: confirmEmailRequestSchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const updated = await accounts.confirmEmailChange(
        user,
        request.body.code,
        request.body.password,
      );
      return { success: true as const, user: presentSessionUser(updated) };
    },
  );

  app.post(
    '/user/forgot',
    { schema: { body: emailWithCaptchaSchema, response: { 200: messageResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: await accounts.forgotPassword(request.body.email, request.body.captcha, request.ip),
    }),
  );

  app.get(
    '/user/checkResetKey',
    {
      schema: { querystring: resetKeyQuerySchema, response: { 200: checkResetKeyResponseSchema } },
    },
    async (request) => ({ success: await accounts.resetKeyIsValid(request.query.key, request.ip) }),
  );

  app.post(
    '/user/reset',
    { schema: { body: resetPasswordRequestSchema, response: { 200: successSchema } } },
    async (request) => {
      await accounts.resetPassword(request.body, request.ip);
      return { success: true as const };
    },
  );
}
